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

    /// The row of one line.
    static func item(for line: LoggedEvent, graph: DependencyGraph, filter: FilterState) -> ListItem {
        completed(skeleton(for: line, filter: filter), line: line, graph: graph)
    }

    /// A row with what the list needs to count, select and match it (id, style, whether the
    /// filter matches), without its cells and service: ``EventItems`` keeps thousands of these,
    /// and a row is completed when it is drawn or selected (``completed(_:model:)``).
    static func skeleton(for line: LoggedEvent, filter: FilterState) -> ListItem {
        ListItem(id: idPrefix + String(line.number), style: line.severity == .normal ? .normal : Style(line.severity, .bold),
                 isMatch: filter.isActive)
    }

    static let idPrefix = "event:"

    /// `row` with its cells and service, from its line in `model`'s log (unchanged when it has
    /// them already, or when the log no longer has the line).
    static func completed(_ row: ListItem, model: InspectorModel) -> ListItem {
        guard row.cells.isEmpty, row.id.hasPrefix(idPrefix), let number = UInt64(row.id.dropFirst(idPrefix.count)),
              let line = line(number, in: model.events.lines) else { return row }
        return completed(row, line: line, graph: model.graph)
    }

    private static func completed(_ row: ListItem, line: LoggedEvent, graph: DependencyGraph) -> ListItem {
        var row = row
        row.node = line.service.flatMap { graph.nodeID(for: $0) }
        row.cells = ["\(line.number)", Format.timestamp(line.time), oneLine(line.text)]
        return row
    }

    /// Line `number` of `lines` (in number order), if it is there.
    static func line(_ number: UInt64, in lines: [LoggedEvent]) -> LoggedEvent? {
        let low = lines.partitioningIndex { $0.number >= number }
        return low < lines.count && lines[low].number == number ? lines[low] : nil
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
        // Rows kept from frame to frame are completed as they are drawn (a screenful).
        let rows = visible.items.map { item in
            let row = completed(item, model: context.model)
            return TableRow(row.cells, style: row.style)
        }
        let empty = context.state.filter.isActive ? "No event matches \(context.state.filter.text)."
            : DeclaredSummary(context.graph)?.isScanOnly == true ? DeclaredSummary.notRun + ": a scan of the sources has no events."
            : "No events yet."
        Table(columns: columns, rows: rows, firstIndex: visible.first, total: context.state.items.count,
              selected: visible.selected, focused: context.state.focus == .list, emptyMessage: empty)
            .draw(into: &canvas, in: rect)
    }
}

extension Screen {
    static let events = Screen(EventsView.self)
}

extension EventsView: ScreenView {
    static let title = "Events"
    static var hasTitleRow: Bool { true }

    static func badge(_ source: TabCounts.Source) -> TabBadge { TabBadge() }

    /// Every event received: read at each frame, it moves with every record. A scan alone has
    /// none to count (the screen says "declared, not run").
    static func shownBadge(_ counted: TabBadge, model: InspectorModel) -> TabBadge {
        model.graph.isScanOnly ? TabBadge() : TabBadge(count: Int(clamping: model.events.total))
    }

    static func detail(of item: ListItem, context: ViewContext) -> DetailView.Content? {
        guard item.id.hasPrefix(idPrefix), let number = UInt64(item.id.dropFirst(idPrefix.count)),
              let line = context.model.events.lines.first(where: { $0.number == number }) else { return nil }
        return ("Event #\(number)", sections(for: line))
    }

    static func exportRequest(state: InspectorState, model: InspectorModel) -> ExportRequest {
        state.graphExportRequest(name: title.lowercased(), graph: model.graph)
    }
}
