import Injection
import InjectionGraph

/// What is wrong with a service, as the Services screen's flag column shows it.
///
/// ```swift
/// let index = ServiceFlags.Index(graph)
/// index.flags(of: id).labels  // ["missing", "cycle"]
/// ```
struct ServiceFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt16
    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The service asked for something that was not registered.
    static let missing = ServiceFlags(rawValue: 1 << 0)
    /// The service is on a dependency cycle.
    static let cycle = ServiceFlags(rawValue: 1 << 1)
    /// The service captured a shorter-lived dependency, or was captured.
    static let mismatch = ServiceFlags(rawValue: 1 << 2)
    /// An override of the service came after services built from it were kept.
    static let staleOverride = ServiceFlags(rawValue: 1 << 3)
    /// A mapping of the service was still in effect at the end.
    static let mapped = ServiceFlags(rawValue: 1 << 4)
    /// The service resolves from a layer above its own (a layer breach).
    static let breach = ServiceFlags(rawValue: 1 << 5)
    /// Another registration of the same key, as near, is passed over when this one answers.
    static let shadowed = ServiceFlags(rawValue: 1 << 6)
    /// Registered in the sources (a scan beside the run) and never registered or resolved in
    /// the run.
    static let neverRan = ServiceFlags(rawValue: 1 << 7)
    /// Two instances of the service lived at once: one was replaced (a newSingleton, a reset)
    /// while long-lived services kept it, or it came from a container outside its requester's
    /// search order.
    static let twoInstances = ServiceFlags(rawValue: 1 << 10)
    /// The service's build reached a container outside its own container's search order.
    static let otherContainer = ServiceFlags(rawValue: 1 << 8)
    /// Its scope keeps instances, yet none was ever handed out again (a note).
    static let unkept = ServiceFlags(rawValue: 1 << 9)

    /// Short words for the flag column, most serious first.
    var labels: [String] {
        var result: [String] = []
        if contains(.missing) { result.append("missing") }
        if contains(.cycle) { result.append("cycle") }
        if contains(.mismatch) { result.append("captive") }
        if contains(.staleOverride) { result.append("stale") }
        if contains(.mapped) { result.append("mapped") }
        if contains(.breach) { result.append("breach") }
        if contains(.shadowed) { result.append("shadows") }
        if contains(.neverRan) { result.append("never-ran") }
        if contains(.twoInstances) { result.append("2 live") }
        if contains(.otherContainer) { result.append("other ctr") }
        if contains(.unkept) { result.append("unkept") }
        return result
    }

    /// The flags of every node of a graph, computed once per graph revision.
    struct Index: Sendable {
        private var byNode: [ServiceFlags]
        /// How many services carry each flag.
        private(set) var counts: [ServiceFlags: Int] = [:]

        init(_ graph: DependencyGraph) {
            self.init(graph, report: graph.check())
        }

        /// Flags from the problems `check` reports (notes carry none): the Services screen marks
        /// exactly the services those problems are about.
        init(_ graph: DependencyGraph, report: DiagnosticsReport) {
            byNode = Array(repeating: [], count: graph.nodes.count)
            func mark(_ identity: ServiceIdentity?, _ flag: ServiceFlags) {
                if let identity, let id = graph.nodeID(for: identity) { byNode[id].insert(flag) }
            }
            for problem in report.problems {
                switch problem {
                case .missing(let item): mark(item.requester, .missing)
                case .resolvedToNil(let item): mark(item.requester, .missing)
                case .cycle, .dependencyLoop, .lazyLoop: for identity in problem.services { mark(identity, .cycle) }
                case .scopeMismatch: for identity in problem.services { mark(identity, .mismatch) }
                case .staleOverride: for identity in problem.services { mark(identity, .staleOverride) }
                case .activeMapping(let record): mark(record.from, .mapped)
                case .shadowed(let shadow): mark(shadow.answering.service, .shadowed)
                case .layerBreach(let breach):
                    for crossing in breach.against { for step in crossing.steps { mark(step.requester, .breach) } }
                case .overridden, .scanNote: break  // a scan's: about a line, not a service's health
                case .replacedInstance(let replaced):
                    mark(replaced.service, .twoInstances)
                    for holder in replaced.holders { mark(holder.service, .staleOverride) }
                case .crossContainer(let reach):
                    mark(reach.service, .twoInstances)
                    mark(reach.requester, .otherContainer)
                case .unkeptScope(let unkept): mark(unkept.service, .unkept)
                }
            }
            // A scope that never keeps is a note unless --strict; its service is still marked.
            for case .unkeptScope(let unkept) in report.notes { mark(unkept.service, .unkept) }
            // With the sources beside a run, what the sources declare and the run never touched.
            if graph.session.header != nil, graph.declarations != nil {
                for node in graph.nodes where node.provenance == .declared { byNode[node.id].insert(.neverRan) }
            }
            for flags in byNode {
                for flag in [ServiceFlags.missing, .cycle, .mismatch, .staleOverride, .mapped, .breach, .shadowed, .neverRan,
                             .twoInstances, .otherContainer, .unkept] where flags.contains(flag) {
                    counts[flag, default: 0] += 1
                }
            }
        }

        func flags(of node: NodeID) -> ServiceFlags {
            node < byNode.count ? byNode[node] : []
        }
    }
}
