import Injection

/// The loops and layer crossings of a graph as ``DiagnosticsCache`` last found them, with what
/// they were found on, so that a graph which since only gained services and edges is brought up
/// to date from its new edges alone.
///
/// Loops (strongly connected components) and layer crossings walk every edge; at a change of
/// structure the rest of a check walks only the lists of problems. An app whose services keep
/// appearing changes structure with every batch, and nearly all it adds are edges that close no
/// loop. What is kept is compared with the graph first, so any graph may be given (a copy, one
/// rebuilt by the time cursor, another session's): each service's identity, each edge's ends and
/// whether it is lazy, the observed cycles. Then:
/// - a new edge between layers is added to its crossing (edges are only ever appended, and a
///   crossing lists its edges by id), and the breaches are marked again over the crossings;
/// - the loops are found again from scratch only if a new edge may close one (its target reaches
///   its requester: searched from the target, at most ``reachBudget`` services per update), a
///   new edge is lazy, an edge became or stopped being lazy, or a cycle was observed. An edge on
///   no loop joins no components: every loop found before, with its path, is the same.
/// Anything else differing (a service or an edge not as kept) finds both from scratch.
struct CheckedTopology: Sendable {
    /// Each service's identity, by ``NodeID``.
    private var identities: [ServiceIdentity] = []
    /// Each edge's requester and service (``DependencyGraph/edgeKey(_:_:)``), with
    /// ``lazyBit`` set when the edge was lazy.
    private var edgeKeys: [UInt64] = []
    /// The services of each observed cycle.
    private var cycleNodes: [[NodeID]] = []
    /// The crossings between layers by pair, with their edges (resolve counts as when added:
    /// a report sums those of breaches again).
    private var crossingsByPair: [DependencyGraph.Pair: LayerCrossing] = [:]

    /// ``DependencyGraph/loopsByKind()`` of the graph last given.
    private(set) var loops: (eager: [DependencyLoop], lazy: [DependencyLoop]) = ([], [])
    /// ``DependencyGraph/layerCrossings()`` of the graph last given (resolve counts aside).
    private(set) var crossings: [LayerCrossing] = []
    /// How many times the loops were found from scratch.
    private(set) var loopSearches = 0
    /// How many times the crossings were collected from every edge.
    private(set) var crossingCollections = 0

    static let lazyBit: UInt64 = 1 << 63
    /// Services visited, per update, looking for a way back from new edges' targets to their
    /// requesters; past it the loops are found from scratch.
    static let reachBudget = 4_096

    /// Brings the kept loops and crossings up to `graph`.
    mutating func update(for graph: DependencyGraph) {
        guard keptPrefixMatches(graph) else {
            rebuild(for: graph)
            return
        }
        var loopsStale = false
        // Lazy edges and observed cycles change which loops are problems and how they are named.
        for index in edgeKeys.indices {
            let isLazy = graph.edges[index].isLazy
            if isLazy != (edgeKeys[index] & Self.lazyBit != 0) {
                loopsStale = true
                edgeKeys[index] ^= Self.lazyBit
            }
        }
        if graph.cycles.count != cycleNodes.count {
            loopsStale = true
            cycleNodes += graph.cycles[cycleNodes.count...].map(\.nodes)
        }
        identities += graph.nodes[identities.count...].map(\.identity)
        let firstNew = edgeKeys.count
        var crossingsChanged = false
        var budget = Self.reachBudget
        for edge in graph.edges[firstNew...] {
            edgeKeys.append(Self.key(of: edge))
            if add(edge, of: graph) { crossingsChanged = true }
            guard !loopsStale else { continue }
            if edge.isLazy || graph.reaches(edge.from, from: edge.to, budget: &budget) != false { loopsStale = true }
        }
        if crossingsChanged { crossings = DependencyGraph.sortedCrossings(crossingsByPair.values) }
        if loopsStale {
            loops = graph.loopsByKind()
            loopSearches += 1
        }
    }

    /// Whether every service, edge and cycle kept is in `graph` as it was (lazy marks aside).
    private func keptPrefixMatches(_ graph: DependencyGraph) -> Bool {
        guard identities.count <= graph.nodes.count, edgeKeys.count <= graph.edges.count,
              cycleNodes.count <= graph.cycles.count else { return false }
        for (index, identity) in identities.enumerated() where graph.nodes[index].identity != identity { return false }
        for (index, key) in edgeKeys.enumerated() {
            let edge = graph.edges[index]
            if DependencyGraph.edgeKey(edge.from, edge.to) != key & ~Self.lazyBit { return false }
        }
        for (index, nodes) in cycleNodes.enumerated() where graph.cycles[index].nodes != nodes { return false }
        return true
    }

    private mutating func rebuild(for graph: DependencyGraph) {
        identities = graph.nodes.map(\.identity)
        edgeKeys = graph.edges.map(Self.key(of:))
        cycleNodes = graph.cycles.map(\.nodes)
        crossingsByPair = [:]
        for edge in graph.edges { add(edge, of: graph) }
        crossings = DependencyGraph.sortedCrossings(crossingsByPair.values)
        loops = graph.loopsByKind()
        loopSearches += 1
        crossingCollections += 1
    }

    /// Adds `edge` to its crossing if it joins two layers; returns whether it did.
    @discardableResult
    private mutating func add(_ edge: DependencyEdge, of graph: DependencyGraph) -> Bool {
        let from = graph.layerID(of: edge.from), to = graph.layerID(of: edge.to)
        guard from != to else { return false }
        crossingsByPair[DependencyGraph.Pair(from: from, to: to), default: LayerCrossing(from: from, to: to)].add(edge)
        return true
    }

    private static func key(of edge: DependencyEdge) -> UInt64 {
        DependencyGraph.edgeKey(edge.from, edge.to) | (edge.isLazy ? lazyBit : 0)
    }
}

extension DependencyGraph {
    /// Whether `target` can be reached from `start` along edges of any kind: true, false, or
    /// nil when more than `budget` services would have to be visited (what was visited is
    /// taken from the budget).
    func reaches(_ target: NodeID, from start: NodeID, budget: inout Int) -> Bool? {
        if start == target { return true }
        // A service that requested nothing reaches nothing: the usual new service.
        if outgoing[start].isEmpty { return false }
        var visited: Set<NodeID> = [start]
        var stack = [start]
        while let node = stack.popLast() {
            budget -= 1
            if budget < 0 { return nil }
            for edgeID in outgoing[node] {
                let next = edges[edgeID].to
                if next == target { return true }
                if visited.insert(next).inserted { stack.append(next) }
            }
        }
        return false
    }
}
