import Injection
import InjectionGraph

/// What the Services screen sorts and identifies its rows by, kept from one graph revision to
/// the next: each service's key and lowercased name and layer, and the services in name order
/// (``NaturalOrder``: `link2` before `link10`; as ranks), so that a live graph of tens of thousands of services is not re-worded and
/// re-sorted by strings on every revision.
///
/// A graph only appends services, so the entries are built once per service: ``update(for:)``
/// builds the new ones and places them in the name order by binary search. An entry is only
/// trusted while its node still has the identity it was built from; any other graph (a session
/// switched to, a time cursor's rebuild that differs) is built again from the start.
///
/// ```swift
/// var order = ServiceOrder()
/// order.update(for: graph)
/// order.nameRank(of: 3)   // its place among all services by name
/// ```
struct ServiceOrder: Sendable {
    /// The identity each entry was built from, per node.
    private var identities: [ServiceIdentity] = []
    /// `ServiceIdentity.key` per node: the rows' ids.
    private(set) var keys: [String] = []
    /// The node's layer, as an index into ``layerNames``.
    private var layerOfNode: [Int] = []
    /// Distinct lowercased layer descriptions, in first-seen order.
    private var layerNames: [String] = []
    private var layerIndex: [String: Int] = [:]
    /// Distinct layers as written (the Layers tab counts these).
    private var layers = Set<LayerID>()
    /// Lowercased descriptions per node: the name order's key.
    private var names: [String] = []
    /// Nodes by (lowercased name, id): the Services screen's order by name.
    private var byName: [NodeID] = []
    /// Each node's position in ``byName``.
    private var ranks: [Int] = []
    /// Entries built since this value was made (read by tests: each service is built once).
    private(set) var entriesBuilt = 0
    /// The ``DependencyGraph/structureRevision`` the order was last brought up to date with: a
    /// graph with the same one has the same services (it is unique in the process), so nothing
    /// is checked again until the structure changes.
    private var structure: UInt64?

    init() {}

    /// How many services the order knows.
    var count: Int { identities.count }

    /// How many distinct layers (``LayerID``) the services are declared in.
    var layerCount: Int { layers.count }

    /// The node's place among all services ordered by lowercased name, then id.
    func nameRank(of node: NodeID) -> Int { ranks[node] }

    /// Ranks of the distinct layers by lowercased description, per layer index; one entry per layer.
    func layerRanks() -> [Int] {
        var ranks = Array(repeating: 0, count: layerNames.count)
        for (rank, index) in layerNames.indices.sorted(by: { NaturalOrder.precedes(layerNames[$0], layerNames[$1]) }).enumerated() {
            ranks[index] = rank
        }
        return ranks
    }

    /// The node's layer, as an index into ``layerRanks()``.
    func layerIndex(of node: NodeID) -> Int { layerOfNode[node] }

    /// Brings the entries up to date with `graph`: builds those of services added since, or all
    /// of them again when the graph is not the one they were built from.
    mutating func update(for graph: DependencyGraph) {
        guard graph.structureRevision != structure else { return }
        defer { structure = graph.structureRevision }
        let nodes = graph.nodes
        let kept = min(identities.count, nodes.count)
        // Identities compare by reference first: the graph's nodes keep the very values built from.
        if identities.count > nodes.count || !(0..<kept).allSatisfy({ nodes[$0].identity == identities[$0] }) {
            let built = entriesBuilt
            self = ServiceOrder()
            entriesBuilt = built
        }
        let first = identities.count
        guard first < nodes.count else { return }
        for id in first..<nodes.count {
            let identity = nodes[id].identity
            identities.append(identity)
            keys.append(identity.key)
            names.append(identity.description.lowercased())
            layers.insert(LayerID(identity))
            let layer = LayerID(identity).description.lowercased()
            if let index = layerIndex[layer] {
                layerOfNode.append(index)
            } else {
                layerIndex[layer] = layerNames.count
                layerOfNode.append(layerNames.count)
                layerNames.append(layer)
            }
            entriesBuilt += 1
        }
        let added = nodes.count - first
        if added > byName.count / 8 {
            byName = Array(nodes.indices).sorted { precedesByName($0, $1) }
        } else {
            // Few new services: each goes to its place (its id is the largest, so it follows equals).
            for id in first..<nodes.count {
                byName.insert(id, at: byName.partitioningIndex { !precedesByName($0, id) })
            }
        }
        ranks = Array(repeating: 0, count: nodes.count)
        for (rank, id) in byName.enumerated() { ranks[id] = rank }
    }

    private func precedesByName(_ a: NodeID, _ b: NodeID) -> Bool {
        names[a] != names[b] ? NaturalOrder.precedes(names[a], names[b]) : a < b
    }
}
