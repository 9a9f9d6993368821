import InjectionGraph

/// The counts and warning badges of the tab row, computed once per graph revision rather than
/// per frame (layers and crossings walk the whole graph).
///
/// ```swift
/// let counts = TabCounts(graph, flags: ServiceFlags.Index(graph))
/// counts.layerBreaches  // pairs of layers that depend on each other
/// ```
public struct TabCounts: Sendable, Hashable {
    public var services = 0
    public var flaggedServices = 0
    public var layers = 0
    public var layerBreaches = 0
    public var scopeMismatches = 0
    public var cycles = 0
    public var activeOverrides = 0
    public var staleOverrides = 0
    public var missing = 0

    public init() {}

    public init(_ graph: DependencyGraph, flags: ServiceFlags.Index) {
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
