/// A node of a tree to show: a label, a style, an id to select it by, and children.
///
/// ```swift
/// let tree = TreeNode("Network", children: [TreeNode("HTTPClient"), TreeNode("Cache")])
/// tree.lines().map(\.text)  // ["Network", "├─ HTTPClient", "└─ Cache"]
/// ```
struct TreeNode: Sendable, Hashable {
    var label: String
    var style: Style
    /// What selecting this node points at (a service key), if anything.
    var id: String?
    /// Text after the label, dimmed (a count, a scope).
    var note: String
    var children: [TreeNode]

    init(_ label: String, style: Style = .normal, id: String? = nil, note: String = "", children: [TreeNode] = []) {
        self.label = label
        self.style = style
        self.id = id
        self.note = note
        self.children = children
    }

    /// The tree flattened into lines with `├─ │  └─` guides, depth first.
    func lines(includeRoot: Bool = true) -> [TreeLine] {
        var result: [TreeLine] = []
        if includeRoot {
            result.append(TreeLine(guide: "", node: self, depth: 0))
            append(children: children, prefix: "", depth: 1, into: &result)
        } else {
            for child in children {
                result.append(TreeLine(guide: "", node: child, depth: 0))
                append(children: child.children, prefix: "", depth: 1, into: &result)
            }
        }
        return result
    }

    private func append(children: [TreeNode], prefix: String, depth: Int, into result: inout [TreeLine]) {
        for (index, child) in children.enumerated() {
            let last = index == children.count - 1
            result.append(TreeLine(guide: prefix + (last ? "└─ " : "├─ "), node: child, depth: depth))
            append(children: child.children, prefix: prefix + (last ? "   " : "│  "), depth: depth + 1, into: &result)
        }
    }
}

/// One line of a flattened ``TreeNode``.
struct TreeLine: Sendable, Hashable {
    /// The guide drawn before the label (`│  ├─ `).
    var guide: String
    var node: TreeNode
    var depth: Int

    /// Guide and label, as the line reads.
    var text: String { guide + node.label }
}
