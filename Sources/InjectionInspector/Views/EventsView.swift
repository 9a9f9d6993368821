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
        var lines = model.events.lines.filter { state.filter.matches(text: $0.text, identity: $0.service, scope: $0.scope) }
        // A folded aggregate arrives after later events and carries its last resolve's time:
        // shown in time order, the Time column never goes back.
        if zip(lines, lines.dropFirst()).contains(where: { $0.time > $1.time }) {
            lines.sort { ($0.time, $0.number) < ($1.time, $1.number) }
        }
        for line in lines {
            items.append(item(for: line, graph: graph, filter: state.filter))
        }
        return items
    }

    /// The row of one line (``EventItems`` keeps them from frame to frame).
    static func item(for line: LoggedEvent, graph: DependencyGraph, filter: FilterState) -> ListItem {
        ListItem(
            id: "event:\(line.number)", node: line.service.flatMap { graph.nodeID(for: $0) },
            style: line.severity == .normal ? .normal : Style(line.severity, .bold), isMatch: filter.isActive,
            cells: ["\(line.number)", Format.timestamp(line.time), oneLine(line.text)])
    }

    /// A message's lines joined for one row (` · ` between them); the detail pane shows them
    /// as lines.
    static func oneLine(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        return text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " · ")
    }

    /// The detail pane for a selected event: its number, time, kind, service, and its whole
    /// message, one line per line.
    static func sections(for line: LoggedEvent) -> [DetailPane.Section] {
        var about: [DetailPane.Line] = [
            .init("number", "\(line.number)"), .init("time", Format.timestamp(line.time)), .init("kind", line.kind),
        ]
        if let service = line.service { about.append(.init("service", service.qualifiedDescription)) }
        let message = line.text.split(separator: "\n").map { DetailPane.Line("", String($0)) }
        return [.init(title: "Event", lines: about), .init(title: "Message", lines: message)]
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
