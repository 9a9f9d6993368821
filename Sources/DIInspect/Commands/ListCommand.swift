import ArgumentParser
import Injection
import InjectionGraph

/// `di-inspect list FILE [services|layers|scopes|cycles|overrides|missing]`.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List services, layers, scopes, cycles, overrides or missing registrations as aligned text.",
        discussion: """
              $ di-inspect list trace.ndjson services
              SERVICE              CONTAINER  SCOPE      RESOLVES  NEW  CACHED  ALIVE  SELF µs  REGISTERED
              XYZService           app        singleton         3    1       2      1       12  App.swift:3
            """)

    enum Subject: String, ExpressibleByArgument, CaseIterable {
        case services, layers, scopes, cycles, overrides, missing
    }

    @Argument(help: "The trace file.")
    var file: String

    @Argument(help: "What to list.")
    var subject: Subject = .services

    func run() throws {
        let graph = try loadGraph(file)
        printText(Self.render(subject, graph))
    }

    static func render(_ subject: Subject, _ graph: DependencyGraph) -> String {
        switch subject {
        case .services: services(graph)
        case .layers: layers(graph)
        case .scopes: scopes(graph)
        case .cycles: cycles(graph)
        case .overrides: overrides(graph)
        case .missing: missing(graph)
        }
    }

    static func services(_ graph: DependencyGraph) -> String {
        var table = TextTable(
            ["SERVICE", "CONTAINER", "SCOPE", "RESOLVES", "NEW", "CACHED", "ALIVE", "SELF µs", "REGISTERED"],
            rightAligned: [3, 4, 5, 6, 7])
        for node in graph.nodes {
            table.add([
                node.identity.description, node.identity.container, node.scope?.name ?? "-",
                "\(node.resolveCount)", "\(node.createdCount)", "\(node.cachedCount)",
                node.aliveInstances.map { "\($0)" } ?? "-", "\(node.selfNanoseconds / 1_000)",
                node.registeredAt?.description ?? "-",
            ])
        }
        return table.text
    }

    static func layers(_ graph: DependencyGraph) -> String {
        var table = TextTable(["LAYER", "SERVICES", "RESOLVES"], rightAligned: [1, 2])
        for layer in graph.layers {
            table.add([layer.id.description, "\(layer.nodes.count)", "\(layer.nodes.reduce(UInt64(0)) { $0.addingSaturated(graph.nodes[$1].resolveCount) })"])
        }
        var crossings = TextTable(["FROM", "TO", "EDGES", "RESOLVES", "BREACH"], rightAligned: [2, 3])
        for crossing in graph.layerCrossings() {
            crossings.add([crossing.from.description, crossing.to.description, "\(crossing.edgeCount)",
                           "\(crossing.resolveCount)", crossing.isBreach ? "yes (layers loop)" : "no"])
        }
        return table.text + "\n" + crossings.text
    }

    static func scopes(_ graph: DependencyGraph) -> String {
        var byScope: [String: (services: Int, resolves: UInt64, created: UInt64, cached: UInt64)] = [:]
        for node in graph.nodes {
            let name = node.scope?.name ?? "-"
            var row = byScope[name] ?? (0, 0, 0, 0)
            row.services += 1
            row.resolves += node.resolveCount
            row.created += node.createdCount
            row.cached += node.cachedCount
            byScope[name] = row
        }
        var table = TextTable(["SCOPE", "SERVICES", "RESOLVES", "NEW", "CACHED"], rightAligned: [1, 2, 3, 4])
        for (name, row) in byScope.sorted(by: { $0.key < $1.key }) {
            table.add([name, "\(row.services)", "\(row.resolves)", "\(row.created)", "\(row.cached)"])
        }
        return table.text
    }

    static func cycles(_ graph: DependencyGraph) -> String {
        var table = TextTable(["KIND", "COUNT", "PATH"], rightAligned: [1])
        for cycle in graph.cycles {
            table.add(["caught", "\(cycle.count)", cycle.cycle.pathDescription])
        }
        for loop in graph.dependencyLoops() {
            table.add(["loop", "\(loop.nodes.count) services", DependencyCycle(path: loop.path).pathDescription])
        }
        return table.text
    }

    static func overrides(_ graph: DependencyGraph) -> String {
        var table = TextTable(["KIND", "FROM", "TO", "CONTAINER", "SET AT", "STATE", "STALE"])
        for record in graph.overrides {
            let state = switch record.state {
            case .active: "active"
            case .replaced: "replaced"
            case .reset(let at, _): "reset at \(at)"
            }
            table.add([record.kind.rawValue, record.from.description, record.to.description, record.container,
                       record.location.description, state, record.isStale ? record.staleness?.rawValue ?? "-" : "-"])
        }
        return table.text
    }

    static func missing(_ graph: DependencyGraph) -> String {
        var table = TextTable(["REQUESTED", "COUNT", "REQUESTED BY", "FIX"], rightAligned: [1])
        for item in graph.missing {
            let chain = item.chain.isEmpty ? "app code" : item.chain.map(\.description).joined(separator: " → ")
            table.add([item.requested.qualifiedDescription, "\(item.count)", chain, item.fix])
        }
        return table.text
    }
}
