import InjectionGraph

/// The counts and warning badges of the tab row, computed once per graph revision rather than
/// per frame (layers and crossings walk the whole graph).
///
/// ```swift
/// let counts = TabCounts(graph, flags: ServiceFlags.Index(graph))
/// counts.layerBreaches  // pairs of layers that depend on each other
/// ```
struct TabCounts: Sendable, Hashable {
    var services = 0
    var flaggedServices = 0
    var layers = 0
    var layerBreaches = 0
    var scopeMismatches = 0
    var cycles = 0
    var activeOverrides = 0
    var staleOverrides = 0
    var missing = 0

    init() {}

    init(_ graph: DependencyGraph, flags: ServiceFlags.Index) {
        services = graph.nodes.count
        flaggedServices = (0..<graph.nodes.count).reduce(0) { $0 + (flags.flags(of: $1).isEmpty ? 0 : 1) }
        layers = Set(graph.nodes.map { LayerID($0.identity) }).count
        layerBreaches = graph.layerCrossings().filter(\.isBreach).count / 2
        scopeMismatches = graph.scopeMismatches.count
        cycles = graph.cycles.count
        activeOverrides = graph.overrides.filter(\.isActive).count
        staleOverrides = graph.overrides.filter { $0.staleness != nil && $0.isActive }.count
        missing = graph.missing.count
    }
}
