extension DependencyGraph {
    /// Every service's class under `key` (its layer, its container), numbered in order of first
    /// appearance: `numbers[node]` is the class of `node`, `classes[number]` its key. Whole-graph
    /// checks compare these integers per edge instead of hashing names a million times.
    func nodeClasses<Key: Hashable>(_ key: (ServiceNode) -> Key) -> (numbers: [Int], classes: [Key]) {
        var numberOf: [Key: Int] = [:]
        var classes: [Key] = []
        var numbers: [Int] = []
        numbers.reserveCapacity(nodes.count)
        for node in nodes {
            let value = key(node)
            if let known = numberOf[value] {
                numbers.append(known)
            } else {
                numberOf[value] = classes.count
                numbers.append(classes.count)
                classes.append(value)
            }
        }
        return (numbers, classes)
    }
}
