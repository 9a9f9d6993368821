import Injection
import InjectionGraph

extension LayersView {
    static let arrowPrefix = "arrow:"

    /// One item per arrow of the diagram, in ``LayerMap`` order: the selection moves between
    /// arrows, Enter lists the arrow's edges.
    static func arrowItems(_ map: LayerMap, graph: DependencyGraph) -> [ListItem] {
        map.arrows.map { arrow in
            let crossing = arrow.crossing
            let edges = crossing.summary(in: graph)
            return ListItem(
                id: arrowPrefix + crossing.name, node: nil, label: crossing.name,
                note: arrow.isBreach ? edges + "  BREACH" : edges,
                style: arrow.isBreach ? Style(.error, .bold) : .normal)
        }
    }
}

/// The Layers screen's diagram with, beside it (or below it), the edges of the selected arrow.
/// ``draw(into:in:)`` returns false when the diagram does not fit, and the screen falls back to
/// its list.
struct LayerDiagramPanel {
    let context: ViewContext

    /// Columns the edge list needs at least to be worth showing beside the diagram.
    static let sideMinimum = 24

    func draw(into canvas: inout Canvas, in rect: Rect) -> Bool {
        let graph = context.graph
        let map = LayerMap(graph)
        let selected = context.state.window.selected
        let diagram = LayerDiagram(map, selected: selected)
        // One title row above the diagram.
        guard diagram.height + 1 <= rect.height, diagram.width <= rect.width else { return false }
        let breaches = map.breachCount
        let title = "\(map.layers.count) layers, \(map.arrows.count) crossings"
            + (breaches > 0 ? ", \(breaches) breach arrow\(breaches == 1 ? "" : "s")" : ", no breach")
        var x = canvas.put(title, row: rect.row, column: rect.column, style: Style(.title, .bold), limit: rect.right)
        canvas.put("   ↑↓ arrow  Enter edges  v list", row: rect.row, column: x, style: Style(.dim), limit: rect.right)
        x = rect.column
        let body = Rect(row: rect.row + 1, column: rect.column, height: rect.height - 1, width: rect.width)
        diagram.draw(into: &canvas, at: Rect(row: body.row, column: body.column, height: diagram.height, width: diagram.width))
        guard let selected, map.arrows.indices.contains(selected) else { return true }
        let side = rect.width - diagram.width - 2
        let panel: Rect
        if side >= Self.sideMinimum {
            panel = Rect(row: body.row, column: rect.column + diagram.width + 2, height: body.height, width: side)
        } else if body.height - diagram.height - 1 >= 3 {
            panel = Rect(row: body.row + diagram.height + 1, column: rect.column, height: body.height - diagram.height - 1,
                         width: rect.width)
        } else {
            return true
        }
        drawEdges(of: map.arrows[selected], graph: graph, into: &canvas, in: panel)
        return true
    }

    /// `UseCase.addToCart` for a keypath provider (its type is in the crossing view), else the
    /// description: both ends of an edge fit beside the diagram.
    static func shortName(_ identity: ServiceIdentity) -> String {
        guard let layer = identity.layer, let member = identity.member else { return identity.description }
        return "\(layer).\(member)"
    }

    /// The selected arrow's edges: `Requester → Service  ×count`, busiest first.
    private func drawEdges(of arrow: LayerMap.Arrow, graph: DependencyGraph, into canvas: inout Canvas, in rect: Rect) {
        let crossing = arrow.crossing
        let style = arrow.isBreach ? Style(.error, .bold) : Style(.title, .bold)
        canvas.put(TextWidth.truncate(crossing.name, to: rect.width), row: rect.row, column: rect.column, style: style, limit: rect.right)
        let summary = crossing.summary(in: graph) + (arrow.isBreach ? ", BREACH" : "")
        canvas.put(TextWidth.truncate(summary, to: rect.width), row: rect.row + 1, column: rect.column, style: Style(.dim), limit: rect.right)
        let edges = crossing.edges.sorted { graph.edges[$0].count > graph.edges[$1].count }
        let rows = rect.height - 2
        for (offset, edgeID) in edges.prefix(max(0, rows)).enumerated() {
            let edge = graph.edges[edgeID]
            let from = graph.nodes[edge.from].identity
            let to = graph.nodes[edge.to].identity
            let mark = context.state.changeMarks.edge(from: from, to: to).map { $0.mark + " " } ?? ""
            let row = rect.row + 2 + offset
            if offset == rows - 1, edges.count > rows {
                canvas.put("… \(edges.count - rows + 1) more (Enter lists them)", row: row, column: rect.column, style: Style(.dim), limit: rect.right)
                break
            }
            // The count is never cut: the names give way, with `…`.
            let tag = DeclaredMarks.count(edge, in: graph)
            let count = tag.isEmpty ? "" : "  " + tag
            let names = TextWidth.truncate(mark + "\(Self.shortName(from)) → \(Self.shortName(to))",
                                           to: max(1, rect.width - TextWidth.of(count)))
            let x = canvas.put(names, row: row, column: rect.column, limit: rect.right)
            canvas.put(count, row: row, column: x, style: Style(.dim), limit: rect.right)
        }
    }
}
