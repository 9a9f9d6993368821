import InjectionTrace
import InjectionGraph

/// What is wrong with a service, as the Services screen's flag column shows it.
///
/// ```swift
/// let index = ServiceFlags.Index(graph)
/// index.flags(of: id).labels  // ["missing", "cycle"]
/// ```
struct ServiceFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The service asked for something that was not registered.
    static let missing = ServiceFlags(rawValue: 1 << 0)
    /// The service is on a dependency cycle.
    static let cycle = ServiceFlags(rawValue: 1 << 1)
    /// The service captured a shorter-lived dependency, or was captured.
    static let mismatch = ServiceFlags(rawValue: 1 << 2)
    /// An override of the service came after an instance was kept.
    static let staleOverride = ServiceFlags(rawValue: 1 << 3)

    /// Short words for the flag column, most serious first.
    var labels: [String] {
        var result: [String] = []
        if contains(.missing) { result.append("missing") }
        if contains(.cycle) { result.append("cycle") }
        if contains(.mismatch) { result.append("captive") }
        if contains(.staleOverride) { result.append("stale") }
        return result
    }

    /// The flags of every node of a graph, computed once per graph revision.
    struct Index: Sendable {
        private var byNode: [ServiceFlags]
        /// How many services carry each flag.
        private(set) var counts: [ServiceFlags: Int] = [:]

        init(_ graph: DependencyGraph) {
            byNode = Array(repeating: [], count: graph.nodes.count)
            for item in graph.missing {
                if let requester = item.requester, let id = graph.nodeID(for: requester) { byNode[id].insert(.missing) }
            }
            for cycle in graph.cycles { for id in cycle.nodes { byNode[id].insert(.cycle) } }
            for record in graph.scopeMismatches {
                if let id = graph.nodeID(for: record.mismatch.holder) { byNode[id].insert(.mismatch) }
                if let id = graph.nodeID(for: record.mismatch.captive) { byNode[id].insert(.mismatch) }
            }
            for record in graph.overrides where record.staleness != nil && record.isActive {
                if let id = graph.nodeID(for: record.from) { byNode[id].insert(.staleOverride) }
                if let id = graph.nodeID(for: record.to) { byNode[id].insert(.staleOverride) }
            }
            for flags in byNode {
                for flag in [ServiceFlags.missing, .cycle, .mismatch, .staleOverride] where flags.contains(flag) {
                    counts[flag, default: 0] += 1
                }
            }
        }

        func flags(of node: NodeID) -> ServiceFlags {
            node < byNode.count ? byNode[node] : []
        }
    }
}
