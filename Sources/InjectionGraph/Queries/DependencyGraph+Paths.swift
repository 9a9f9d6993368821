import Injection

extension DependencyGraph {
    /// Why `service` is in the graph: the shortest chain from a root (a service resolved from app
    /// code, or one nothing requested) down to it. Nil when no root reaches it (it is on a loop
    /// that only itself requests).
    ///
    /// ```swift
    /// if let path = graph.why(fetcher) {
    ///     print(path.map { graph.nodes[$0].identity.description }.joined(separator: " → "))
    /// }
    /// // LoginView → LoginViewModel → XYZFetching
    /// ```
    public func why(_ service: NodeID) -> [NodeID]? {
        if isRootNode(service) { return [service] }
        // Search backwards from the service; the first root found is the closest.
        var parent = [NodeID](repeating: -1, count: nodes.count)
        parent[service] = service
        var queue = [service]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edgeID in incoming[node] {
                let requester = edges[edgeID].from
                guard parent[requester] == -1 else { continue }
                parent[requester] = node
                if isRootNode(requester) {
                    var path = [requester]
                    var current = requester
                    while current != service {
                        current = parent[current]
                        path.append(current)
                    }
                    return path
                }
                queue.append(requester)
            }
        }
        return nil
    }

    func isRootNode(_ node: NodeID) -> Bool { nodes[node].isRoot || incoming[node].isEmpty }

    /// How the first service of a ``why(_:)`` chain is reached.
    public enum ChainStart: Equatable, Sendable {
        /// App code resolved it in the run, this many times.
        case resolvedByAppCode(UInt64)
        /// App code asks for it in the sources (a scan), here first.
        case askedByAppCode(SourceLocation)
        /// Nothing the graph knows asks for it: no service's factory, no app code.
        case unrequested
    }

    /// How `root`, the first service of a ``why(_:)`` chain, is reached.
    public func chainStart(_ root: NodeID) -> ChainStart {
        if nodes[root].isRoot { return .resolvedByAppCode(nodes[root].appResolveCount) }
        if let site = appCodeSites(requesting: nodes[root].identity).first { return .askedByAppCode(site.location.sourceLocation) }
        return .unrequested
    }

    /// Simple paths (no service twice) from `source` to `target`, shortest first.
    ///
    /// The search is bounded, since a dense graph has exponentially many paths.
    ///
    /// ```swift
    /// for path in graph.paths(from: app, to: fetcher, maxCount: 5, maxLength: 8) { … }
    /// ```
    /// - Parameters:
    ///   - maxCount: Stop after finding this many paths.
    ///   - maxLength: Ignore paths with more edges than this.
    public func paths(from source: NodeID, to target: NodeID, maxCount: Int = 20, maxLength: Int = 12) -> [[NodeID]] {
        guard maxCount > 0 else { return [] }
        if source == target { return [[source]] }
        // Distances to the target bound the search: never walk into a node that cannot still
        // reach the target within the remaining length.
        let distance = distancesToTarget(target, limit: maxLength)
        guard distance[source] != Int.max else { return [] }
        var found: [[NodeID]] = []
        var onPath = [Bool](repeating: false, count: nodes.count)
        var path = [source]
        onPath[source] = true
        // Iterative depth-first search: a stack of (node, next outgoing index).
        var stack: [(node: NodeID, next: Int)] = [(source, 0)]
        while let top = stack.last, found.count < maxCount * 4 {
            let edgesOut = outgoing[top.node]
            if top.next >= edgesOut.count {
                stack.removeLast()
                onPath[top.node] = false
                path.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let next = edges[edgesOut[top.next]].to
            if next == target {
                found.append(path + [target])
                continue
            }
            let remaining = maxLength - path.count
            guard !onPath[next], distance[next] != Int.max, distance[next] <= remaining else { continue }
            onPath[next] = true
            path.append(next)
            stack.append((next, 0))
        }
        found.sort { $0.count < $1.count }
        return Array(found.prefix(maxCount))
    }

    /// Edges needed from each node to reach `target` (Int.max: unreachable or beyond `limit`).
    func distancesToTarget(_ target: NodeID, limit: Int) -> [Int] {
        var distance = [Int](repeating: Int.max, count: nodes.count)
        distance[target] = 0
        var queue = [target]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            guard distance[node] < limit else { continue }
            for edgeID in incoming[node] where distance[edges[edgeID].from] == Int.max {
                distance[edges[edgeID].from] = distance[node] + 1
                queue.append(edges[edgeID].from)
            }
        }
        return distance
    }
}
