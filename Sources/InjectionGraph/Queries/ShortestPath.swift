/// The graph module's one breadth-first search for a shortest path (between services, between
/// layers): from `start` to `end`, both included, following `next`; nil when `end` cannot be
/// reached.
func shortestPath<Node: Hashable>(from start: Node, to end: Node, next: (Node) -> [Node]) -> [Node]? {
    var parent: [Node: Node] = [start: start]
    var queue = [start]
    var head = 0
    while head < queue.count {
        let node = queue[head]
        head += 1
        if node == end {
            var path = [end]
            while path.last! != start { path.append(parent[path.last!]!) }
            return path.reversed()
        }
        for following in next(node) where parent[following] == nil {
            parent[following] = node
            queue.append(following)
        }
    }
    return nil
}
