import Injection

/// ``DependencyGraph/check(strict:stillRunning:)`` kept from one graph revision to the next, for
/// a viewer of a live graph.
///
/// A live graph changes with every record, but nearly every record only counts: a resolve of a
/// service and an edge already seen. Checking the whole graph again for each batch costs time in
/// proportion to its services and edges (at a live session's service limit, every batch). The
/// cache checks from scratch only when the graph's ``DependencyGraph/structureRevision``
/// changed (or the check's options did); otherwise it keeps what the last check found and
/// takes only the counts from the graph (the resolves of layer breaches and shadowed
/// registrations, the session), in time that depends on those problems alone. When it does
/// check again, the loops and layer crossings (what walks every edge) are taken from the last
/// check if the graph only gained edges that close no loop since (``loopSearches``). The report
/// is always the one `check` gives for the same graph.
///
/// ```swift
/// var problems = DiagnosticsCache()
/// var graph = DependencyGraph()
/// for record in records {
///     graph.apply(record)
///     let report = problems.report(for: graph)   // checks again only when more than counts changed
///     print(report.problems.count, problems.fullChecks)
/// }
/// ```
public struct DiagnosticsCache: Sendable {
    /// The latest report (``report(for:strict:stillRunning:)``).
    public private(set) var report: DiagnosticsReport
    /// How many times a graph's structure was checked again (every problem but its loops and
    /// layer crossings from scratch; those too when ``loopSearches`` says so).
    public private(set) var fullChecks = 0
    /// Changes whenever the problems may name other services than the report before (a check
    /// from scratch, or a layer breach judged again that now names other edges), and not when
    /// only their counts changed: what a viewer's per-service flags depend on.
    public private(set) var problemsRevision: UInt64 = 0

    private var structure = CheckedStructure()
    private var topology = CheckedTopology()

    /// How many of the ``fullChecks`` found the graph's loops (strongly connected components)
    /// from scratch. The others took them from the check before: the graph had only gained
    /// services and edges that close no loop (as an app whose services keep appearing does),
    /// and its layer crossings were brought up to date from the new edges alone.
    public var loopSearches: Int { topology.loopSearches }
    private var checked: Inputs?

    /// What the kept structure was checked for.
    private struct Inputs: Hashable {
        var structureRevision: UInt64
        var strict: Bool
        var stillRunning: Bool
    }

    /// An empty cache; the first report checks from scratch.
    public init() {
        report = DependencyGraph().check()
    }

    /// The report of `graph`: equal to `graph.check(strict: strict, stillRunning: stillRunning)`,
    /// from scratch only when the graph's structure or the options changed since the last call.
    public mutating func report(for graph: DependencyGraph, strict: Bool = false, stillRunning: Bool = false) -> DiagnosticsReport {
        let inputs = Inputs(structureRevision: graph.structureRevision, strict: strict, stillRunning: stillRunning)
        if inputs != checked {
            topology.update(for: graph)
            structure = graph.checkedStructure(
                stillRunning: stillRunning, loops: topology.loops, crossings: topology.crossings)
            checked = inputs
            fullChecks += 1
            problemsRevision &+= 1
            report = graph.report(from: structure, strict: strict)
            return report
        }
        let previous = report
        report = graph.report(from: structure, strict: strict)
        if Self.servicesNamed(by: previous) != Self.servicesNamed(by: report) {
            problemsRevision &+= 1
        }
        return report
    }

    /// The services the problems whose choice can change with counts name, in order: the
    /// requesters and services of the layer breaches' crossings, the shadowed registrations'.
    private static func servicesNamed(by report: DiagnosticsReport) -> [ServiceIdentity] {
        var named: [ServiceIdentity] = []
        for problem in report.problems {
            switch problem {
            case .layerBreach(let breach):
                for step in breach.against.flatMap(\.steps) { named += [step.requester, step.service] }
            case .shadowed(let shadow):
                named.append(shadow.answering.service)
            default:
                continue
            }
        }
        return named
    }
}
