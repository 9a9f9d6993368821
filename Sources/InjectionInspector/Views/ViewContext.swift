import Injection
import InjectionGraph

/// What every view reads while drawing: the model, the state, and their short-hands.
struct ViewContext: Sendable {
    var model: InspectorModel
    var state: InspectorState

    init(model: InspectorModel, state: InspectorState) {
        self.model = model
        self.state = state
    }

    var graph: DependencyGraph { model.graph }

    /// The visible items of the current view and their first index.
    func visibleItems(rows: Int) -> (items: ArraySlice<ListItem>, first: Int, selected: Int?) {
        let window = state.window
        let items = state.items
        let start = min(window.offset, items.count)
        let end = min(items.count, start + max(0, rows))
        return (items[start..<end], start, window.selected)
    }

    /// A tree line or list item as a ``TreeLine`` for ``TreeList``.
    static func treeLine(_ item: ListItem, changed: Bool) -> TreeLine {
        var style = item.style
        if item.isMatch { style = Style(.match) }
        if changed { style = Style(.changed, .bold) }
        let label = item.mark.map { $0.mark + " " + item.label } ?? item.label
        return TreeLine(guide: item.guide, node: TreeNode(label, style: style, id: item.id, note: item.note), depth: 0)
    }

    /// Draws the current items as a tree with a selection bar.
    func drawTree(into canvas: inout Canvas, in rect: Rect, empty: String) {
        let visible = visibleItems(rows: rect.height)
        let lines = visible.items.map { item in
            ViewContext.treeLine(item, changed: item.node.map(model.recentlyChanged) ?? false)
        }
        TreeList(lines: lines, firstIndex: visible.first, selected: visible.selected, focused: state.focus == .list,
                 emptyMessage: empty).draw(into: &canvas, in: rect)
    }

    /// `Login.viewModel: LoginViewModel`, with the container when the graph has several.
    func name(of node: NodeID) -> String {
        let identity = graph.nodes[node].identity
        return model.serviceContainers.count > 1 ? identity.qualifiedDescription : identity.description
    }
}
