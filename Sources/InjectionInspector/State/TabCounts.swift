import InjectionGraph

/// The counts and warning badges of the tab row, one per ``Screen``, computed once per
/// revision of the problems rather than per frame (layers and crossings walk the whole graph).
///
/// ```swift
/// let counts = TabCounts(graph, flags: ServiceFlags.Index(graph))
/// counts[.layers].warnings  // loops between layers, as `check` reports them
/// ```
struct TabCounts: Sendable, Hashable {
    /// What a screen's badge is worked out from.
    struct Source {
        var graph: DependencyGraph
        var flags: ServiceFlags.Index
        var report: DiagnosticsReport
        /// The number of layers, when known (``ServiceOrder/layerCount``): spares hashing every
        /// service's layer.
        var layers: Int?

        /// How many of `check`'s problems are shown on the screen of `area`.
        func problems(in area: GraphProblem.Area) -> Int {
            report.problems.count { $0.area == area }
        }
    }

    private var badges: [Screen: TabBadge] = [:]

    init() {}

    /// Badges come from the same problem list `di-inspect check` prints
    /// (``DependencyGraph/check(strict:)``): each problem is counted on the tab that shows it.
    init(_ graph: DependencyGraph, flags: ServiceFlags.Index) {
        self.init(graph, flags: flags, report: graph.check())
    }

    init(_ graph: DependencyGraph, flags: ServiceFlags.Index, report: DiagnosticsReport, layers: Int? = nil) {
        let source = Source(graph: graph, flags: flags, report: report, layers: layers)
        for screen in Screen.allCases { badges[screen] = screen.view.badge(source) }
    }

    /// The badge counted for `screen` (empty before the first count).
    subscript(screen: Screen) -> TabBadge {
        badges[screen] ?? TabBadge()
    }
}
