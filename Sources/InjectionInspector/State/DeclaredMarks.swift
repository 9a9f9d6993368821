import InjectionGraph

/// How the views show what only a run can count when a scan filled the graph: on a scan alone
/// they say "declared, not run" (``DeclaredSummary/notRun``) once and leave the counts out, never
/// a zero; beside a run, an edge only the sources have is tagged `declared`, so what no run took
/// is seen at a glance.
///
/// ```
/// Cart.viewModel: CartViewModel  unique
/// ├─ Cart.store: CartStore  cached  ×4
/// └─ Network.http: HTTPClient  singleton  declared
/// ```
enum DeclaredMarks {
    /// The tag of an edge the sources declare and the run beside them never took.
    static let declaredTag = "declared"

    /// Whether only the sources have the edge: no run took it, nor failed on it.
    static func isDeclaredOnly(_ edge: DependencyEdge) -> Bool {
        edge.provenance == .declared
    }

    /// What stands for an edge's count: `×4` when a run took it; for an edge only the sources
    /// have, nothing on a scan alone and ``declaredTag`` beside a run.
    static func count(_ edge: DependencyEdge, in graph: DependencyGraph, lazy: Bool = false) -> String {
        guard isDeclaredOnly(edge) else { return "×\(lazy ? edge.lazyCount : edge.count)" }
        return graph.isScanOnly ? "" : declaredTag
    }
}

extension LayerCrossing {
    /// `2 edges, 14 resolves`; on a scan alone, which resolved nothing, `2 edges`.
    func summary(in graph: DependencyGraph) -> String {
        let edges = Format.counted(edgeCount, "edge")
        return graph.isScanOnly ? edges : edges + ", " + Format.counted(resolveCount, "resolve")
    }
}
