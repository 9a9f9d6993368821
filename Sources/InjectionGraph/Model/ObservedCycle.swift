import Injection

/// A dependency cycle the runtime caught, deduplicated: the same loop entered at another service
/// (`B → A → B` after `A → B → A`) counts as the same cycle.
///
/// ```swift
/// for cycle in graph.cycles { print(cycle.cycle.message) }
/// ```
public struct ObservedCycle: Sendable, Hashable {
    /// The first occurrence: path (first service repeated at the end) and the services that
    /// entered it.
    public let cycle: DependencyCycle
    /// The nodes on the path, in order, without the repeated last one.
    public let nodes: [NodeID]
    /// How many times the loop was hit.
    public internal(set) var count = 1
    public internal(set) var firstSeen: UInt64

    init(cycle: DependencyCycle, nodes: [NodeID], time: UInt64) {
        self.cycle = cycle
        self.nodes = nodes
        self.firstSeen = time
    }
}
