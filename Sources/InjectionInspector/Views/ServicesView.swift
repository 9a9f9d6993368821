import Injection
import InjectionGraph

/// Screen 1: every service with its layer, scope, resolve count, live instances and problem
/// flags; sorted with `s`, narrowed with `/`.
///
/// ```
/// Service▲                    Layer       Scope      Resolves  Live Flags
/// Login.viewModel: LoginVM    app/Login   unique           12     — missing
/// ```
enum ServicesView {
    static let columns: [TableColumn] = [
        // Services sharing a long prefix (numbered, suffixed) must not read as one name.
        TableColumn("Service", width: .flexible(minimum: 16, weight: 5), truncation: .tailKeepingRowsApart),
        TableColumn("Layer", width: .flexible(minimum: 8, weight: 1)),
        TableColumn("Scope", width: .fixed(9)),
        TableColumn("Resolves", width: .fixed(9), alignment: .trailing),
        TableColumn("Live", width: .fixed(5), alignment: .trailing),
        TableColumn("Flags", width: .fixed(9)),
    ]

    /// The rows, sorted and filtered. Their ids and sort keys come from the state's
    /// ``ServiceOrder`` (``InspectorState/sync(with:)`` keeps it up to date); a state that has
    /// not synced with this graph gets a brought-up-to-date copy.
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var order = state.serviceOrder
        order.update(for: graph)
        let ids = state.filter.isActive
            ? graph.nodes(matching: state.filter.filter) { state.flags.flags(of: $0).labels }
            : Array(graph.nodes.indices)
        return state.sort.sorted(ids, in: graph, flags: state.flags, order: order).map { id in
            ListItem(id: order.keys[id], node: id, isMatch: state.filter.isActive)
        }
    }

    /// The cells of one service row.
    static func cells(for node: NodeID, context: ViewContext) -> (cells: [String], flagged: Bool) {
        let service = context.graph.nodes[node]
        let flags = context.state.flags.flags(of: node)
        return ([
            context.name(of: node),
            service.identity.layer == nil
                ? context.graph.container(named: service.identity.container)?.label ?? service.identity.container
                : LayerID(service.identity).description,
            service.scope?.name ?? "?",
            // Declared in the sources and never run: no count to show, not a zero.
            service.provenance == .declared ? "—" : Format.count(service.resolveCount),
            service.provenance == .declared ? "—" : service.aliveInstances.map { Format.count($0) } ?? "—",
            flags.labels.joined(separator: " "),
        ], !flags.isEmpty)
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        let visible = context.visibleItems(rows: Table.visibleRows(in: rect))
        let rows = visible.items.map { item -> TableRow in
            let mark = item.mark.map { $0.mark + " " } ?? ""
            guard let node = item.node else { return TableRow([mark + item.label]) }
            var (cells, flagged) = cells(for: node, context: context)
            cells[0] = mark + cells[0]
            return TableRow(cells, cellStyles: flagged ? [5: Style(.error, .bold)] : [:],
                            changed: context.model.recentlyChanged(node))
        }
        let sort = context.state.sort
        let empty = context.state.filter.isActive
            ? "No service matches \(context.state.filter.text). Esc in the filter clears it."
            : context.model.launchOutput.isEmpty
            ? "No services yet. They appear as the app registers and resolves them."
            : (["The app failed before it connected. It wrote:"] + context.model.launchOutput.map { "  " + $0 }).joined(separator: "\n")
        Table(columns: columns, rows: rows, firstIndex: visible.first, total: context.state.items.count,
              selected: visible.selected, focused: context.state.focus == .list, sortColumn: sort.column.rawValue,
              sortDescending: sort.descending, emptyMessage: empty).draw(into: &canvas, in: rect)
    }
}

extension Screen {
    static let services = Screen(ServicesView.self)
}

extension ServicesView: ScreenView {
    static let title = "Services"
    static var hasTitleRow: Bool { true }

    static func badge(_ source: TabCounts.Source) -> TabBadge {
        let flagged = (0..<source.graph.nodes.count).reduce(0) { $0 + (source.flags.flags(of: $1).isEmpty ? 0 : 1) }
        return TabBadge(count: source.graph.nodes.count, warnings: flagged)
    }

    static func exportRequest(state: InspectorState, model: InspectorModel) -> ExportRequest {
        state.graphExportRequest(name: title.lowercased(), graph: model.graph)
    }
}
