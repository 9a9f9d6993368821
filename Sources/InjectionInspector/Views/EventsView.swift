import Injection
import InjectionGraph

/// Screen 7: the live event log. It follows the newest event until you move up (`G` follows
/// again), `p` pauses it, `/` narrows it.
///
/// ```
///      #  Time       Event
///     41  +0.012s    resolved LoginViewModel ← app code (created, 1.2ms)
///     42  +0.013s    MISSING XYZFetching in 'app' ← XYZService
/// ```
enum EventsView {
    static let columns: [TableColumn] = [
        TableColumn("#", width: .fixed(7), alignment: .trailing),
        TableColumn("Time", width: .fixed(10), alignment: .trailing),
        TableColumn("Event", width: .flexible(minimum: 20)),
    ]

    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var items: [ListItem] = []
        items.reserveCapacity(model.events.lines.count)
        for line in model.events.lines where state.filter.matches(text: line.text, identity: line.service, scope: line.scope) {
            items.append(ListItem(
                id: "event:\(line.number)", node: line.service.flatMap { graph.nodeID(for: $0) },
                style: line.severity == .normal ? .normal : Style(line.severity, .bold), isMatch: state.filter.isActive,
                cells: ["\(line.number)", Format.timestamp(line.time), line.text]))
        }
        return items
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        let visible = context.visibleItems(rows: Table.visibleRows(in: rect))
        let rows = visible.items.map { TableRow($0.cells, style: $0.style) }
        let empty = context.state.filter.isActive ? "No event matches \(context.state.filter.text)." : "No events yet."
        Table(columns: columns, rows: rows, firstIndex: visible.first, total: context.state.items.count,
              selected: visible.selected, focused: context.state.focus == .list, emptyMessage: empty)
            .draw(into: &canvas, in: rect)
    }
}
