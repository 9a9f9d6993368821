import InjectionGraph

/// The counts and warning badges of the tab row, computed once per graph revision rather than
/// per frame (layers and crossings walk the whole graph).
///
/// ```swift
/// let counts = TabCounts(graph, flags: ServiceFlags.Index(graph))
/// counts.layerBreaches  // loops between layers, as `check` reports them
/// ```
struct TabCounts: Sendable, Hashable {
    var services = 0
    var flaggedServices = 0
    var layers = 0
    var layerBreaches = 0
    /// Problems of `check` shown on the Scopes tab (captive dependencies).
    var scopeMismatches = 0
    /// Cycles and loops listed on the Cycles tab (loops broken lazily included).
    var cycles = 0
    /// Problems of `check` on the Cycles tab (caught cycles and eager loops).
    var cycleProblems = 0
    var activeOverrides = 0
    /// Problems of `check` on the Overrides tab (stale overrides, mappings left active).
    var staleOverrides = 0
    /// Requests listed on the Missing tab (failed ones and optional ones that gave nil).
    var missing = 0
    /// Problems of `check` on the Missing tab (failed requests).
    var missingProblems = 0

    init() {}

    /// Badges come from the same problem list `di-inspect check` prints
    /// (``DependencyGraph/check(strict:)``): each problem is counted on the tab that shows it.
    init(_ graph: DependencyGraph, flags: ServiceFlags.Index) {
        self.init(graph, flags: flags, report: graph.check())
    }

    /// `layers`, when known (``ServiceOrder/layerCount``), spares hashing every service's layer.
    init(_ graph: DependencyGraph, flags: ServiceFlags.Index, report: DiagnosticsReport, layers: Int? = nil) {
        services = graph.nodes.count
        flaggedServices = (0..<graph.nodes.count).reduce(0) { $0 + (flags.flags(of: $1).isEmpty ? 0 : 1) }
        self.layers = layers ?? Set(graph.nodes.map { LayerID($0.identity) }).count
        func problems(in area: GraphProblem.Area) -> Int { report.problems.count { $0.area == area } }
        layerBreaches = problems(in: .layers)
        scopeMismatches = problems(in: .scopes)
        cycleProblems = problems(in: .cycles)
        cycles = report.all.count { $0.area == .cycles }
        activeOverrides = graph.overrides.filter(\.isActive).count
        staleOverrides = problems(in: .overrides)
        missing = graph.missing.count + graph.resolvedToNil.count
        missingProblems = problems(in: .missing)
    }
}
