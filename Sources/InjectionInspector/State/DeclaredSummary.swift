import InjectionGraph

/// What the Services title says when the graph has a scan: "declared, not run" for a scan on its
/// own; beside a run, how many declared services the run resolved (coverage).
///
/// ```
/// Services  sorted by service ▲  coverage 30/42 declared resolved (71%)
/// ```
struct DeclaredSummary {
    /// The one line a view or column only a run can fill shows for a scan.
    static let notRun = "declared, not run"

    let declared: Int
    let resolved: Int
    let isScanOnly: Bool

    /// Nil when the graph has no scan.
    init?(_ graph: DependencyGraph) {
        guard graph.declarations != nil else { return nil }
        isScanOnly = graph.isScanOnly
        var declared = 0, resolved = 0
        for node in graph.nodes where node.isDeclared {
            declared += 1
            if node.resolveCount > 0 { resolved += 1 }
        }
        self.declared = declared
        self.resolved = resolved
    }

    var title: String {
        if isScanOnly { return Self.notRun }
        let percent = declared == 0 ? 100 : resolved * 100 / declared
        return "coverage \(resolved)/\(declared) declared resolved (\(percent)%)"
    }
}
