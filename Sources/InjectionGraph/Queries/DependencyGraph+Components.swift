extension DependencyGraph {
    /// The strongly connected components of the edge graph that contain a loop: two or more
    /// services that reach each other, or one that requested itself. Each component's nodes are
    /// sorted; components are ordered by their smallest node.
    ///
    /// Uses Tarjan's algorithm with an explicit stack, so 100 000-node chains do not overflow the
    /// thread's stack. With `includingLazy` false, lazy edges (``DependencyEdge/isLazy``) are left
    /// out: what remains are the loops that can be cycles at run time.
    ///
    /// ```swift
    /// for component in graph.stronglyConnectedComponents() {
    ///     print(component.map { graph.nodes[$0].identity.description })
    /// }
    /// ```
    public func stronglyConnectedComponents(includingLazy: Bool = true) -> [[NodeID]] {
        let count = nodes.count
        var index = [Int32](repeating: -1, count: count)
        var lowLink = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [NodeID] = []
        var callStack: [(node: NodeID, next: Int)] = []
        var nextIndex: Int32 = 0
        var components: [[NodeID]] = []

        for root in 0..<count where index[root] == -1 {
            callStack.append((root, 0))
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true
            while let frame = callStack.last {
                let node = frame.node
                let out = outgoing[node]
                if frame.next < out.count {
                    callStack[callStack.count - 1].next += 1
                    if !includingLazy && edges[out[frame.next]].isLazy { continue }
                    let next = edges[out[frame.next]].to
                    if index[next] == -1 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        callStack.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], index[next])
                    }
                    continue
                }
                callStack.removeLast()
                if let parent = callStack.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
                }
                guard lowLink[node] == index[node] else { continue }
                var component: [NodeID] = []
                while true {
                    let member = stack.removeLast()
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 || hasSelfEdge(node, includingLazy: includingLazy) {
                    components.append(component.sorted())
                }
            }
        }
        return components.sorted { $0[0] < $1[0] }
    }

    func hasSelfEdge(_ node: NodeID, includingLazy: Bool) -> Bool {
        guard let edge = edgeIndex[Self.edgeKey(node, node)] else { return false }
        return includingLazy || !edges[edge].isLazy
    }

    /// A shortest loop through `start` that stays inside `component`, first node repeated at the
    /// end (`[a, b, a]`); nil when `start` is on no loop.
    ///
    /// ```swift
    /// let loop = graph.loop(through: component[0], within: component)
    /// ```
    public func loop(through start: NodeID, within component: [NodeID], includingLazy: Bool = true) -> [NodeID]? {
        var inside = Set(component)
        inside.insert(start)
        var parent: [NodeID: NodeID] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edgeID in outgoing[node] where includingLazy || !edges[edgeID].isLazy {
                let next = edges[edgeID].to
                guard inside.contains(next) else { continue }
                if next == start {
                    var back: [NodeID] = []
                    var current = node
                    while current != start {
                        back.append(current)
                        current = parent[current]!
                    }
                    return [start] + Array(back.reversed()) + [start]
                }
                if parent[next] == nil {
                    parent[next] = node
                    queue.append(next)
                }
            }
        }
        return nil
    }
}
