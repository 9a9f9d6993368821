extension DependencyGraph {
    /// Which way a traversal follows edges.
    public enum Direction: Sendable, Hashable {
        /// From a requester to what it resolved.
        case dependencies
        /// From a service to the services that resolved it.
        case dependents
    }

    /// The services `node` depends on, transitively, breadth first, each with its distance.
    ///
    /// ```swift
    /// for (id, depth) in graph.dependencies(of: viewModel, maxDepth: 2) {
    ///     print(String(repeating: "  ", count: depth) + graph.nodes[id].identity.description)
    /// }
    /// ```
    /// - Parameters:
    ///   - node: Where to start; it is not part of the result.
    ///   - maxDepth: How many edges away to go at most (nil: no limit).
    public func dependencies(of node: NodeID, maxDepth: Int? = nil) -> [(node: NodeID, depth: Int)] {
        reachable(from: node, direction: .dependencies, maxDepth: maxDepth)
    }

    /// The services that depend on `node`, transitively, breadth first, each with its distance.
    ///
    /// ```swift
    /// let affected = graph.dependents(of: fetcher).map { graph.nodes[$0.node].identity }
    /// ```
    public func dependents(of node: NodeID, maxDepth: Int? = nil) -> [(node: NodeID, depth: Int)] {
        reachable(from: node, direction: .dependents, maxDepth: maxDepth)
    }

    /// The nodes reachable from `start` in `direction` within `maxDepth` edges, breadth first.
    ///
    /// ```swift
    /// let around = graph.reachable(from: id, direction: .dependents, maxDepth: 1)
    /// ```
    public func reachable(from start: NodeID, direction: Direction, maxDepth: Int? = nil) -> [(node: NodeID, depth: Int)] {
        var seen = [Bool](repeating: false, count: nodes.count)
        seen[start] = true
        var result: [(node: NodeID, depth: Int)] = []
        var frontier = [start]
        var depth = 0
        while !frontier.isEmpty, maxDepth.map({ depth < $0 }) ?? true {
            depth += 1
            var next: [NodeID] = []
            for node in frontier {
                for neighbor in neighbors(of: node, direction) where !seen[neighbor] {
                    seen[neighbor] = true
                    next.append(neighbor)
                    result.append((neighbor, depth))
                }
            }
            frontier = next
        }
        return result
    }

    /// The nodes one edge away from `node` in `direction`, in the order the edges were seen.
    ///
    /// ```swift
    /// let direct = graph.neighbors(of: id, .dependencies)
    /// ```
    public func neighbors(of node: NodeID, _ direction: Direction) -> [NodeID] {
        switch direction {
        case .dependencies: outgoing[node].map { edges[$0].to }
        case .dependents: incoming[node].map { edges[$0].from }
        }
    }

    /// The roots: services resolved from app code, or never requested by another service.
    ///
    /// ```swift
    /// let entryPoints = graph.roots.map { graph.nodes[$0].identity }
    /// ```
    public var roots: [NodeID] {
        nodes.indices.filter { nodes[$0].isRoot || incoming[$0].isEmpty }
    }
}
