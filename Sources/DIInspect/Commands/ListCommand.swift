import ArgumentParser
import Injection
import InjectionGraph

/// `di-inspect list FILE [services|layers|scopes|cycles|overrides|missing]`.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List services, layers, scopes, cycles, overrides or missing registrations as aligned text.",
        // The cycles, overrides and missing lists are the inspector's tabs of the same names, from
        // the one problem list `check` prints: they never disagree.
        discussion: """
              $ di-inspect list trace.ndjson services
              SERVICE   CONTAINER  SCOPE      RESOLVES  NEW  CACHED  ALIVE  SELF µs  REGISTERED
              Database  app        singleton        75    1      74      1       14  SampleApp/Registrations.swift:21
              $ di-inspect list trace.ndjson missing
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
        if graph.isScanOnly { return declaredServices(graph) }
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

    /// A scan alone has no resolves, instances or times: what the sources say of each service,
    /// how many services it asks for and how many ask for it.
    static func declaredServices(_ graph: DependencyGraph) -> String {
        var table = TextTable(["SERVICE", "CONTAINER", "SCOPE", "NEEDS", "NEEDED BY", "REGISTERED"], rightAligned: [3, 4])
        for node in graph.nodes {
            table.add([
                node.identity.description, node.identity.container, node.scope?.name ?? "-",
                "\(graph.outgoing[node.id].count)", "\(graph.incoming[node.id].count)", node.registeredAt?.description ?? "-",
            ])
        }
        return table.text
    }

    static func layers(_ graph: DependencyGraph) -> String {
        if graph.isScanOnly { return declaredLayers(graph) }
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

    /// Layers and their crossings, without the resolve counts a scan alone has not.
    static func declaredLayers(_ graph: DependencyGraph) -> String {
        var table = TextTable(["LAYER", "SERVICES"], rightAligned: [1])
        for layer in graph.layers { table.add([layer.id.description, "\(layer.nodes.count)"]) }
        var crossings = TextTable(["FROM", "TO", "EDGES", "BREACH"], rightAligned: [2])
        for crossing in graph.layerCrossings() {
            crossings.add([crossing.from.description, crossing.to.description, "\(crossing.edgeCount)",
                           crossing.isBreach ? "yes (layers loop)" : "no"])
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
        if graph.isScanOnly {
            var table = TextTable(["SCOPE", "SERVICES"], rightAligned: [1])
            for (name, row) in byScope.sorted(by: { $0.key < $1.key }) { table.add([name, "\(row.services)"]) }
            return table.text
        }
        var table = TextTable(["SCOPE", "SERVICES", "RESOLVES", "NEW", "CACHED"], rightAligned: [1, 2, 3, 4])
        for (name, row) in byScope.sorted(by: { $0.key < $1.key }) {
            table.add([name, "\(row.services)", "\(row.resolves)", "\(row.created)", "\(row.cached)"])
        }
        return table.text
    }

    /// What the Cycles screen lists, from the same problem list (`check`): cycles the app hit
    /// (↻, with how often), loops in the recorded graph (↻) and cycles broken lazily (⇢, a note).
    static func cycles(_ graph: DependencyGraph) -> String {
        var table = TextTable(["", "KIND", "COUNT", "PATH"], rightAligned: [2])
        for problem in graph.check().all where problem.area == .cycles {
            switch problem {
            case .cycle(let cycle): table.add(["↻", "cycle", "×\(cycle.count)", cycle.cycle.pathDescription])
            case .dependencyLoop(let loop): table.add(["↻", "loop", "-", loop.pathDescription])
            case .lazyLoop(let loop): table.add(["⇢", "broken lazily (note)", "-", loop.pathDescription])
            default: continue
            }
        }
        return table.text
    }

    /// Every override and mapping, as the Overrides screen lists them: active first.
    static func overrides(_ graph: DependencyGraph) -> String {
        var table = TextTable(["KIND", "FROM", "TO", "CONTAINER", "SET AT", "STATE", "PROBLEM"])
        let ordered = graph.overrides.filter(\.isActive) + graph.overrides.filter { !$0.isActive }
        for record in ordered {
            let state = switch record.state {
            case .active: "active"
            case .replaced: "replaced"
            case .reset(let at, _): "reset at \(at)"
            }
            table.add([record.kind == .registration ? "register" : "mapping", record.from.description, record.to.description,
                       record.container, record.location.description, state, problem(of: record)])
        }
        return table.text
    }

    /// The PROBLEM column: why `check` reports an override, in the words of its message.
    static func problem(of record: OverrideRecord) -> String {
        if record.isStale {
            switch record.staleness {
            case .heldByLongLived?:
                let holders = record.holders.map(\.service.description)
                let shown = holders.prefix(3).joined(separator: ", ") + (holders.count > 3 ? ", …" : "")
                return "stale: \(shown) kept the old instance"
            case .reported?, nil:
                return "stale: the runtime reported services built with the old instance"
            }
        }
        if record.kind == .mapping, record.isActive { return "still active at the end of the trace" }
        return "-"
    }

    /// What the Missing screen lists, from the same problem list (`check`): requests that failed
    /// (✗) and optional requests that gave nil (∅, a note unless `check --strict`).
    static func missing(_ graph: DependencyGraph) -> String {
        var table = TextTable(["", "REQUESTED", "COUNT", "REQUESTED BY", "FIX"], rightAligned: [2])
        for problem in graph.check().all where problem.area == .missing {
            let (mark, item): (String, MissingDependency)
            switch problem {
            case .missing(let missing): (mark, item) = ("✗", missing)
            case .resolvedToNil(let missing): (mark, item) = ("∅", missing)
            default: continue
            }
            let chain = item.chain.isEmpty ? "app code" : item.chain.map(\.description).joined(separator: " → ")
            table.add([mark, item.requested.qualifiedDescription, "\(item.count)", chain, item.fix])
        }
        return table.text
    }
}
