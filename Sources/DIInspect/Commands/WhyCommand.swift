import ArgumentParser
import InjectionTrace
import InjectionGraph

/// `di-inspect why FILE SERVICE`: the shortest chain from a root to a service.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show why a service is resolved: the shortest chain from app code down to it.",
        discussion: """
              $ di-inspect why trace.ndjson XYZFetching
              XYZFetching in 'app' is resolved through:
                XYZViewModel in 'app'     from app code ×1
                → XYZService in 'app'     ×1
                → XYZFetching in 'app'    ×2
            """)

    @Argument(help: "The trace file.")
    var file: String

    @Argument(help: "The service: its type, 'Layer.member', or its description (case-insensitive).")
    var service: String

    func run() throws {
        let graph = try loadGraph(file)
        let target = try lookUp(service, in: graph)
        printText(Self.explain(target, in: graph))
    }

    static func explain(_ target: NodeID, in graph: DependencyGraph) -> String {
        let name = graph.nodes[target].identity.qualifiedDescription.escapingControlCharacters
        guard let path = graph.why(target) else {
            return "\(name) is only requested by services on a loop; no root reaches it. See 'di-inspect list FILE cycles'.\n"
        }
        var table = TextTable(["", ""])
        for (index, node) in path.enumerated() {
            let identity = graph.nodes[node].identity.qualifiedDescription
            if index == 0 {
                let root = graph.nodes[node]
                table.add([identity, root.isRoot ? "from app code ×\(root.appResolveCount)" : "(nothing requested it)"])
            } else {
                let edge = graph.edges[graph.edgeID(from: path[index - 1], to: node)!]
                table.add(["→ " + identity, edge.count > 0 ? "×\(edge.count)" : "(failed)"])
            }
        }
        let lines = table.text.split(separator: "\n").dropFirst().map { "  " + $0.trimmingTrailingSpaces }
        return "\(name) is resolved through:\n" + lines.joined(separator: "\n") + "\n"
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
