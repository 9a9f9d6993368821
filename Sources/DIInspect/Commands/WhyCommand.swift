import ArgumentParser
import Injection
import InjectionGraph

/// `di-inspect why FILE SERVICE`: the shortest chain from a root to a service.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show why a service is resolved: the shortest chain from app code down to it.",
        discussion: """
              $ di-inspect why trace.ndjson Repository.users
              Repository.users: UserRepository in 'app' is resolved through:
                ViewModel.profile: ProfileViewModel in 'app'  from app code ×16
                → UseCase.loadProfile: LoadProfileUseCase in 'app'  ×16
                → Repository.users: UserRepository in 'app'  ×16
            """)

    @Argument(help: "The trace file.")
    var file: String

    @Argument(help: "The service: its type, 'Layer.member', or its description (case-insensitive).")
    var service: String

    func run() throws {
        let graph = try loadGraph(file)
        // One matcher for the services and the requests that found none: a name that means
        // several of them is an error that lists them, never a silent pick.
        let identity: ServiceIdentity
        do {
            identity = try graph.lookupIdentity(service, among: graph.namedIdentities)
        } catch {
            PosixIO.printError("error: \(error.description)")
            throw ExitCode(2)
        }
        let unanswered = Self.unanswered(identity, in: graph)
        guard let target = graph.nodeID(for: identity) else {
            printText(unanswered)
            return
        }
        printText(Self.explain(target, in: graph) + Self.shadowing(target, in: graph) + Self.lifetime(target, in: graph)
            + unanswered)
    }

    /// What the lifetime rules say about the service: an instance of it replaced while others
    /// held it (or one it holds), a dependency it got from another container, a scope of its
    /// that never kept an instance. The same messages `check` prints.
    static func lifetime(_ target: NodeID, in graph: DependencyGraph) -> String {
        let identity = graph.nodes[target].identity
        var text = ""
        for replaced in graph.heldReplacedInstances()
        where replaced.service == identity || replaced.holders.contains(where: { $0.service == identity }) {
            text += replaced.message + "\n"
        }
        for reach in graph.crossContainerResolves() where reach.requester == identity || reach.service == identity || reach.expected == identity {
            text += reach.message + "\n"
        }
        for unkept in graph.unkeptScopes() where unkept.service == identity {
            text += unkept.message + "\n"
        }
        return text
    }

    /// Which registration of the key answered and which were passed over, when the service's
    /// key is registered in more than one container of a search order (a shadow).
    static func shadowing(_ target: NodeID, in graph: DependencyGraph) -> String {
        let identity = graph.nodes[target].identity
        return graph.shadowedRegistrations()
            .filter { $0.answering.service == identity || $0.passedOver.contains { $0.service == identity } }
            .map { $0.message + "\n" }.joined()
    }

    /// What `why` says about requests for `identity` that got nothing: optional ones that gave
    /// nil, and failed ones, each with its requester, site and the chain that led there.
    static func unanswered(_ identity: ServiceIdentity, in graph: DependencyGraph) -> String {
        func matches(_ requested: ServiceIdentity) -> Bool { requested == identity }
        var text = ""
        let groups: [(verb: String, list: [MissingDependency])] = [
            ("resolved to nil (an optional request; nothing is registered)", graph.resolvedToNil),
            ("was missing (the request failed)", graph.missing),
        ]
        for group in groups {
            for request in group.list where matches(request.requested) {
                let times = request.count == 1 ? "once" : "\(request.count) times"
                text += "\(request.requested.qualifiedDescription) \(group.verb), \(times):\n"
                let site = request.location.map { " at \($0)" } ?? ""
                if let requester = request.requester {
                    text += "  requested\(site) by \(requester.qualifiedDescription)\n"
                    if let node = graph.nodeID(for: requester), let path = graph.why(node) {
                        let chain = path.map { graph.nodes[$0].identity.description }.joined(separator: " → ")
                        text += "  which is resolved through: \(chain)\n"
                    }
                } else {
                    text += "  requested\(site) by app code\n"
                }
                text += "  Fix: \(request.fix)\n"
            }
        }
        return text
    }

    static func explain(_ target: NodeID, in graph: DependencyGraph) -> String {
        let name = graph.nodes[target].identity.qualifiedDescription.escapingControlCharacters
        let node = graph.nodes[target]
        if node.resolveCount == 0, graph.incoming[target].isEmpty {
            let site = node.registeredAt.map { " at \($0.description)" } ?? ""
            if node.provenance == .declared {
                let asked = graph.appCodeSites(requesting: node.identity)
                guard let first = asked.first else {
                    return "\(name) is registered\(site); no request for it was read from the sources.\n"
                }
                let more = asked.count > 1 ? " (and \(asked.count - 1) more)" : ""
                return "\(name) is asked for by app code at \(first.location.sourceLocation)\(more), not by another service's factory.\n"
            }
            return node.registeredAt == nil
                ? "\(name) was never resolved in this trace.\n"
                : "\(name) is registered\(site) but was never resolved in this trace: nothing asked for it.\n"
        }
        guard let path = graph.why(target) else {
            return "\(name) is only requested by services on a loop; no root reaches it. See 'di-inspect list FILE cycles'.\n"
        }
        var table = TextTable(["", ""])
        for (index, node) in path.enumerated() {
            let identity = graph.nodes[node].identity.qualifiedDescription
            if index == 0 {
                table.add([identity, rootNote(graph.nodes[node], in: graph)])
            } else {
                let edge = graph.edges[graph.edgeID(from: path[index - 1], to: node)!]
                if edge.provenance == .declared {
                    // From the sources alone: where they ask, not how often a run did.
                    let at = edge.declaredAt.map { "at \($0.sourceLocation)" } ?? "in the sources"
                    table.add([(edge.isLazy ? "⇢ " : "→ ") + identity, (edge.isLazy ? "lazily, " : "") + "declared \(at)"])
                } else if edge.isLazy {
                    table.add(["⇢ " + identity, "lazily (@LazyInjected) ×\(edge.lazyCount)"])
                } else {
                    table.add(["→ " + identity, edge.count > 0 ? "×\(edge.count)" : "(failed)"])
                }
            }
        }
        let lines = table.text.split(separator: "\n").dropFirst().map { "  " + $0.trimmingTrailingSpaces }
        return "\(name) is resolved through:\n" + lines.joined(separator: "\n") + "\n"
    }

    /// What a chain's first service says of who asks for it: the run's app code, the sources'
    /// app code, or nobody.
    static func rootNote(_ root: ServiceNode, in graph: DependencyGraph) -> String {
        switch graph.chainStart(root.id) {
        case .resolvedByAppCode(let count): "from app code ×\(count)"
        case .askedByAppCode(let location): "from app code at \(location)"
        case .unrequested: root.provenance == .declared ? "(no request for it was read from the sources)" : "(nothing requested it)"
        }
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
