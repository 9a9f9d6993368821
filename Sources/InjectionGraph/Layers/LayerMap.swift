import Injection

/// The layers of a graph in dependency order, with the crossings between them as weighted
/// arrows: what the layer diagram and `export --layers` draw.
///
/// Layers (sub-containers that declare keypath providers) are ranked so that callers come above
/// what they call: a layer's rank is the longest chain of layers calling into it. Layers that
/// call each other, directly or around a loop, break the layering: they share a rank and every
/// arrow between them is a breach. A container's own type-keyed services (the pool every layer
/// draws on) come last; arrows to and from a pool are never breaches.
///
/// ```swift
/// let map = LayerMap(graph)
/// for arrow in map.arrows where arrow.isBreach {
///     print("\(map.layers[arrow.from].id) → \(map.layers[arrow.to].id): \(arrow.edgeCount) edges")
/// }
/// ```
public struct LayerMap: Sendable, Hashable {
    /// One box of the diagram.
    public struct Layer: Sendable, Hashable {
        public let id: LayerID
        public let serviceCount: Int
        /// 0 for layers nothing calls; pools rank below every layer.
        public let rank: Int
    }

    /// The edges from one layer into another.
    public struct Arrow: Sendable, Hashable {
        /// Indices into ``LayerMap/layers``.
        public let from: Int
        public let to: Int
        public let crossing: LayerCrossing
        /// Part of a loop between layers.
        public let isBreach: Bool

        public var edgeCount: Int { crossing.edgeCount }
    }

    /// Layers in drawing order: by rank, then name; pools last.
    public let layers: [Layer]
    /// Arrows, sorted by source then target in drawing order.
    public let arrows: [Arrow]

    /// Pairs of layers in a breach (`A ⇄ B` counts once), plus longer loops counted by arrow.
    public var breachCount: Int { arrows.count(where: \.isBreach) }

    public init(_ graph: DependencyGraph) {
        let summaries = graph.layers
        let crossings = graph.layerCrossings()
        let ids = summaries.map(\.id)
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        // Successors among real layers only: pools neither rank nor breach.
        var successors = [[Int]](repeating: [], count: ids.count)
        for crossing in crossings where crossing.from.layer != nil && crossing.to.layer != nil {
            if let from = index[crossing.from], let to = index[crossing.to] { successors[from].append(to) }
        }
        let component = Self.components(successors)
        let ranks = Self.ranks(successors, component: component)
        let poolRank = (ranks.max() ?? 0) + 1
        var layers = summaries.enumerated().map { position, summary in
            Layer(id: summary.id, serviceCount: summary.nodes.count, rank: summary.id.layer == nil ? poolRank : ranks[position])
        }
        let order = layers.indices.sorted { (layers[$0].rank, layers[$0].id) < (layers[$1].rank, layers[$1].id) }
        var position = [Int](repeating: 0, count: layers.count)
        for (drawn, original) in order.enumerated() { position[original] = drawn }
        layers = order.map { layers[$0] }
        self.layers = layers
        arrows = crossings.compactMap { crossing -> Arrow? in
            guard let from = index[crossing.from], let to = index[crossing.to] else { return nil }
            // One breach rule for every output: the crossing's own (a loop between layers).
            return Arrow(from: position[from], to: position[to], crossing: crossing, isBreach: crossing.isBreach)
        }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// Strongly connected components (Tarjan, iterative): the component number of each layer.
    static func components(_ successors: [[Int]]) -> [Int] {
        let count = successors.count
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        var next = 0
        var components = 0
        func visit(_ node: Int) {
            index[node] = next
            low[node] = next
            next += 1
            stack.append(node)
            onStack[node] = true
        }
        for root in 0..<count where index[root] < 0 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            visit(root)
            while let (node, edge) = work.last {
                if edge < successors[node].count {
                    work[work.count - 1].edge += 1
                    let target = successors[node][edge]
                    if index[target] < 0 {
                        visit(target)
                        work.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], index[target])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[parent.node] = min(low[parent.node], low[node]) }
                if low[node] == index[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = components
                        if member == node { break }
                    }
                    components += 1
                }
            }
        }
        return component
    }

    /// The longest chain of callers above each layer, loops collapsed to one rank.
    static func ranks(_ successors: [[Int]], component: [Int]) -> [Int] {
        let componentCount = (component.max() ?? -1) + 1
        var edges = [Set<Int>](repeating: [], count: componentCount)
        var indegree = [Int](repeating: 0, count: componentCount)
        for (from, targets) in successors.enumerated() {
            for to in targets where component[from] != component[to] {
                if edges[component[from]].insert(component[to]).inserted { indegree[component[to]] += 1 }
            }
        }
        var rank = [Int](repeating: 0, count: componentCount)
        var ready = (0..<componentCount).filter { indegree[$0] == 0 }
        while let current = ready.popLast() {
            for next in edges[current] {
                rank[next] = max(rank[next], rank[current] + 1)
                indegree[next] -= 1
                if indegree[next] == 0 { ready.append(next) }
            }
        }
        return component.map { rank[$0] }
    }
}
