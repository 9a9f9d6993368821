import Injection

/// The selected services grouped as the dot and Mermaid exports draw them: one cluster per
/// container, in the graph's container order, holding the container's own services and one
/// nested group per layer, layers sorted by name. Both exporters read it, so they group alike.
struct ContainerCluster {
    /// The container's index in ``DependencyGraph/containers`` (the exporters' cluster ids).
    let index: Int
    let name: String
    /// Services registered on the container itself (no layer).
    let services: [NodeID]
    /// Services of each layer, by layer name.
    let layers: [(name: String, services: [NodeID])]
}

extension GraphSelection {
    /// The selected services grouped by container, then by layer; containers with nothing
    /// selected are left out.
    func containerClusters(in graph: DependencyGraph) -> [ContainerCluster] {
        var byContainer: [String: [String?: [NodeID]]] = [:]
        for node in nodes {
            let identity = graph.nodes[node].identity
            byContainer[identity.container, default: [:]][identity.layer, default: []].append(node)
        }
        return graph.containers.enumerated().compactMap { index, container in
            guard let layers = byContainer[container.name] else { return nil }
            let named = layers.keys.compactMap { $0 }.sorted().map { (name: $0, services: layers[$0]!) }
            return ContainerCluster(index: index, name: container.name, services: layers[nil] ?? [], layers: named)
        }
    }
}
