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
    /// Whether the service that opens the cycle is long-lived (set by
    /// ``DependencyGraph/check(strict:)``, which knows the scopes): then the alternative fix,
    /// holding the closing service in `.graph` scope, would make it that service's captive.
    public internal(set) var opensLongLived = false

    /// The cycle's message, without an alternative fix that would make a captive dependency.
    public var message: String {
        let text = cycle.message
        guard opensLongLived, let or = text.firstRange(of: " Or set it once both are built:") else { return text }
        // The alternative is the rest of the fix line.
        let end = text[or.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        return String(text[..<or.lowerBound] + text[end...])
    }

    init(cycle: DependencyCycle, nodes: [NodeID], time: UInt64) {
        self.cycle = cycle
        self.nodes = nodes
        self.firstSeen = time
    }
}
