import Injection

/// The edges from one layer into another, summed.
///
/// ```swift
/// for crossing in graph.layerCrossings() where crossing.isBreach {
///     print("\(crossing.from) ⇄ \(crossing.to): \(crossing.edgeCount) edges")
/// }
/// ```
public struct LayerCrossing: Sendable, Hashable {
    /// The requesters' layer.
    public let from: LayerID
    /// The resolved services' layer.
    public let to: LayerID
    /// Distinct service pairs crossing.
    public internal(set) var edgeCount = 0
    /// Resolves along those edges.
    public internal(set) var resolveCount: UInt64 = 0
    /// Edges, for showing which services cross.
    public internal(set) var edges: [EdgeID] = []
    /// A layer breach: the crossing is part of a loop between layers (``to`` reaches back into
    /// ``from``, directly or through other layers). Layers are meant to be ordered (a view model
    /// layer uses the interactor layer, not the reverse), so layers that reach each other break
    /// the structure; one direction is unexpected. A container's own type-keyed services belong
    /// to no layer (they are the pool every layer may draw on and that may build on layers), so
    /// crossings to and from them are never breaches. The same rule marks ``LayerMap``'s arrows
    /// and makes the ``GraphProblem/layerBreach(_:)`` problems.
    public internal(set) var isBreach = false
}

/// The services of one layer.
///
/// ```swift
/// for layer in graph.layers { print(layer.id, layer.nodes.count) }
/// ```
public struct LayerSummary: Sendable, Hashable {
    public let id: LayerID
    public internal(set) var nodes: [NodeID] = []
}

extension DependencyGraph {
    /// The layer (container, or container and sub-container) of `node`.
    public func layerID(of node: NodeID) -> LayerID { LayerID(nodes[node].identity) }

    /// Every layer with its services, sorted by container then layer name (containers' own
    /// services first).
    ///
    /// ```swift
    /// let names = graph.layers.map(\.id.description)  // ["app", "app/Login", "app/Network"]
    /// ```
    public var layers: [LayerSummary] {
        var byID: [LayerID: LayerSummary] = [:]
        for node in nodes {
            let id = LayerID(node.identity)
            byID[id, default: LayerSummary(id: id)].nodes.append(node.id)
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    /// Edges between different layers (or containers), grouped per ordered pair of layers and
    /// sorted by pair. A crossing on a loop between layers (two layers that use each other, or a
    /// longer loop) is marked ``LayerCrossing/isBreach``.
    ///
    /// ```swift
    /// let breaches = graph.layerCrossings().filter(\.isBreach)
    /// ```
    public func layerCrossings() -> [LayerCrossing] {
        // Each service's layer is numbered once, so an edge compares two integers: hashing two
        // layers' names for every edge was most of this at a million edges.
        let (layerOfNode, layerIDs) = nodeClasses { LayerID($0.identity) }
        var crossings: [Int: LayerCrossing] = [:]
        for edge in edges {
            let from = layerOfNode[edge.from], to = layerOfNode[edge.to]
            guard from != to else { continue }
            crossings[from * layerIDs.count + to, default: LayerCrossing(from: layerIDs[from], to: layerIDs[to])].add(edge)
        }
        return Self.sortedCrossings(crossings.values)
    }

    /// `crossings` sorted by pair, each marked as a breach when it is on a loop between layers.
    static func sortedCrossings(_ crossings: some Sequence<LayerCrossing>) -> [LayerCrossing] {
        var sorted = crossings.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        let component = layerLoops(sorted)
        for index in sorted.indices {
            sorted[index].isBreach = false
            if let from = component[sorted[index].from], from == component[sorted[index].to] { sorted[index].isBreach = true }
        }
        return sorted
    }

    /// The loop (strongly connected component) of each layer that is on one, by the crossings
    /// between real layers: pools neither join nor close a loop.
    static func layerLoops(_ crossings: [LayerCrossing]) -> [LayerID: Int] {
        var ids: [LayerID] = []
        var index: [LayerID: Int] = [:]
        func number(_ id: LayerID) -> Int {
            if let known = index[id] { return known }
            index[id] = ids.count
            ids.append(id)
            return ids.count - 1
        }
        var successors: [[Int]] = []
        for crossing in crossings where crossing.from.layer != nil && crossing.to.layer != nil {
            let from = number(crossing.from), to = number(crossing.to)
            while successors.count < ids.count { successors.append([]) }
            successors[from].append(to)
        }
        let component = LayerMap.components(successors)
        var size: [Int: Int] = [:]
        for value in component { size[value, default: 0] += 1 }
        var result: [LayerID: Int] = [:]
        for (position, id) in ids.enumerated() where size[component[position]]! > 1 { result[id] = component[position] }
        return result
    }

    struct Pair: Hashable {
        let from: LayerID
        let to: LayerID
    }
}

extension LayerCrossing {
    mutating func add(_ edge: DependencyEdge) {
        edgeCount += 1
        resolveCount.addSaturating(edge.count)
        edges.append(edge.id)
    }
}
