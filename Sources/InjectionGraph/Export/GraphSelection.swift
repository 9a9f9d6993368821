import Injection

/// Which part of a graph an exporter writes: all of it, one layer, or the neighbourhood of one
/// service.
///
/// ```swift
/// let options = GraphExportOptions(focus: try graph.lookup("LoginViewModel"), depth: 2)
/// print(DotExporter(options: options).render(graph))
/// ```
public struct GraphExportOptions: Sendable, Hashable {
    /// Keep services of this layer only: a layer name (`Login`), a layer id (`app/Login`) or a
    /// container's own services (`app`); case-insensitive.
    public var layer: String?
    /// Keep this service and what it reaches.
    public var focus: NodeID?
    /// With ``focus``: how many edges away to go (nil: no limit).
    public var depth: Int?
    /// With ``focus``: follow dependents (who uses it) instead of dependencies.
    public var reverse: Bool
    /// Keep exactly these services (what an inspector view shows: a cycle, a problem's
    /// services); combined with ``layer`` like ``focus`` is.
    public var services: [NodeID]?

    public init(
        layer: String? = nil, focus: NodeID? = nil, depth: Int? = nil, reverse: Bool = false, services: [NodeID]? = nil
    ) {
        self.layer = layer
        self.focus = focus
        self.depth = depth
        self.reverse = reverse
        self.services = services
    }
}

/// The nodes and edges an exporter writes, computed once from ``GraphExportOptions``.
///
/// ```swift
/// let selection = graph.selection(GraphExportOptions(layer: "Network"))
/// print(selection.nodes.count, selection.edges.count)
/// ```
public struct GraphSelection: Sendable {
    /// Selected nodes, in id order.
    public let nodes: [NodeID]
    /// Edges whose both ends are selected, in id order.
    public let edges: [EdgeID]
    let included: [Bool]
    /// Whether everything is selected.
    public let isWhole: Bool

    /// Whether `node` is selected.
    public func contains(_ node: NodeID) -> Bool { included[node] }
}

extension DependencyGraph {
    /// The part of the graph `options` asks for.
    public func selection(_ options: GraphExportOptions = GraphExportOptions()) -> GraphSelection {
        var included: [Bool]
        if let focus = options.focus {
            included = [Bool](repeating: false, count: nodes.count)
            included[focus] = true
            let direction: Direction = options.reverse ? .dependents : .dependencies
            for (node, _) in reachable(from: focus, direction: direction, maxDepth: options.depth) {
                included[node] = true
            }
        } else if let services = options.services {
            included = [Bool](repeating: false, count: nodes.count)
            for node in services where nodes.indices.contains(node) { included[node] = true }
        } else {
            included = [Bool](repeating: true, count: nodes.count)
        }
        if let layer = options.layer {
            for node in nodes.indices where included[node] && node != options.focus {
                included[node] = Self.layer(of: nodes[node].identity, matches: layer)
            }
        }
        let isWhole = options.focus == nil && options.layer == nil && options.services == nil
        return GraphSelection(
            nodes: nodes.indices.filter { included[$0] },
            edges: isWhole ? Array(edges.indices) : edges.indices.filter { included[edges[$0].from] && included[edges[$0].to] },
            included: included, isWhole: isWhole)
    }

    /// Whether `identity` is in the layer a person typed (`Login`, `app/Login`, `app`).
    static func layer(of identity: ServiceIdentity, matches typed: String) -> Bool {
        let value = typed.lowercased()
        return identity.layer?.lowercased() == value || LayerID(identity).description.lowercased() == value
    }

    /// The failed requests to draw with a selection: those whose requester is selected, and,
    /// for the whole graph or a layer, requests from app code for that layer.
    func missing(in selection: GraphSelection, options: GraphExportOptions) -> [MissingDependency] {
        missing.filter { item in
            if let requester = item.requester, let id = nodeID(for: requester) { return selection.contains(id) }
            if selection.isWhole { return true }
            guard options.focus == nil, let layer = options.layer else { return false }
            return Self.layer(of: item.requested, matches: layer)
        }
    }

    /// The overrides whose both ends are selected.
    func overrides(in selection: GraphSelection) -> [OverrideRecord] {
        overrides.filter { record in
            guard let from = nodeID(for: record.from), let to = nodeID(for: record.to) else { return false }
            return selection.contains(from) && selection.contains(to)
        }
    }

    /// The overrides whose both ends are selected, one per replaced service, replacement and
    /// kind: a mapping set and reset 25 times in a session is one edge (labelled ×25), in the
    /// order each pair was first set.
    func overrideEdges(in selection: GraphSelection) -> [OverrideEdge] {
        var edges: [OverrideEdge] = []
        var index: [OverrideEdge.Key: Int] = [:]
        for record in overrides(in: selection) {
            guard let from = nodeID(for: record.from), let to = nodeID(for: record.to) else { continue }
            let key = OverrideEdge.Key(from: from, to: to, isMapping: record.kind == .mapping)
            if let existing = index[key] {
                edges[existing].records.append(record)
            } else {
                index[key] = edges.count
                edges.append(OverrideEdge(from: from, to: to, records: [record]))
            }
        }
        return edges
    }

    /// For each node, the index of its loop (strongly connected component without lazy edges:
    /// a loop broken lazily is no cycle), or -1.
    func loopMembership() -> [Int] {
        var membership = [Int](repeating: -1, count: nodes.count)
        // Self-edges without a caught cycle are same-named containers, not loops (see `loopsByKind`).
        for (index, component) in stronglyConnectedComponents(includingLazy: false).enumerated() where component.count > 1 {
            for node in component { membership[node] = index }
        }
        return membership
    }

    /// Whether `edge` is drawn as part of a cycle: seen in a caught cycle, or inside a loop.
    func isCycleEdge(_ edge: DependencyEdge, membership: [Int]) -> Bool {
        edge.isOnObservedCycle
            || (!edge.isLazy && membership[edge.from] != -1 && membership[edge.from] == membership[edge.to])
    }
}
