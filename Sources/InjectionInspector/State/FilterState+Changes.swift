import InjectionGraph

extension FilterState {
    /// Splits the `changed:` terms (which need a baseline, not a graph) from the rest of the
    /// filter text.
    static func changeTerms(in text: String) throws(ChangeTermError) -> (rest: String, changes: Set<GraphDiff.Change>?) {
        guard text.lowercased().contains("changed:") else { return (text, nil) }
        var rest: [Substring] = []
        var changes: Set<GraphDiff.Change>?
        for word in text.split(separator: " ") {
            guard word.lowercased().hasPrefix("changed:") else {
                rest.append(word)
                continue
            }
            var kinds = changes ?? []
            let values = word.dropFirst("changed:".count).split(separator: ",")
            if values.isEmpty { kinds.formUnion(GraphDiff.Change.allCases) }
            for value in values {
                switch value.lowercased() {
                case "added", "+": kinds.insert(.added)
                case "removed", "-", "−": kinds.insert(.removed)
                case "changed", "~": kinds.insert(.changed)
                default: throw ChangeTermError(value: String(value))
                }
            }
            changes = kinds
        }
        return (rest.joined(separator: " "), changes)
    }
}

/// A `changed:` term with a value other than added, removed or changed.
struct ChangeTermError: Error, CustomStringConvertible {
    let value: String
    var description: String { "changed: takes added, removed or changed (got \(value))" }
}
