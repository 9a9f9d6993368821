import Injection
import InjectionGraph

/// The whole inspector screen for a model and a state, drawn into a ``Canvas``: header, tabs
/// with counts and warning badges, breadcrumb or filter, the current view, the detail pane,
/// the key bar, and the help overlay when open.
///
/// ```swift
/// let canvas = InspectorView.render(model: model, state: state, rows: 40, columns: 120)
/// print(canvas.textDump())
/// ```
enum InspectorView {
    static func render(model: InspectorModel, state: InspectorState, rows: Int, columns: Int) -> Canvas {
        var canvas = Canvas(rows: rows, columns: columns)
        let layout = InspectorLayout(rows: rows, columns: columns, detailFocused: state.focus == .detail)
        if layout.isTooSmall {
            TooSmallScreen(minimumRows: InspectorLayout.minimumRows, minimumColumns: InspectorLayout.minimumColumns)
                .draw(into: &canvas)
            return canvas
        }
        let context = ViewContext(model: model, state: state)
        header(context).draw(into: &canvas, in: layout.header)
        tabBar(context).draw(into: &canvas, in: layout.tabs)
        drawCrumb(context, into: &canvas, in: layout.crumb)
        drawBody(context, into: &canvas, in: layout.list)
        if let detail = layout.detail { DetailView.draw(context, into: &canvas, in: detail) }
        KeyBar(hints: hints(state), message: state.message).draw(into: &canvas, in: layout.keys)
        if state.showHelp {
            HelpOverlay(groups: HelpOverlay.inspectorKeys, scroll: state.helpScroll).draw(into: &canvas, in: canvas.bounds)
        }
        return canvas
    }

    static func header(_ context: ViewContext) -> HeaderBar {
        let session = context.graph.session
        // Before the cursor reaches the header record the run still has its name.
        let header = session.header ?? context.model.history.header
        let scanOnly = context.graph.isScanOnly
        // A scan alone names the sources it read.
        let app = header?.app ?? (scanOnly ? context.graph.declarations?.summary.root : nil) ?? "no app yet"
        var trailing = context.state.paused ? "PAUSED" : ""
        if !context.state.liveSummary.isEmpty {
            trailing = context.state.liveSummary + (trailing.isEmpty ? "" : "  " + trailing)
        }
        if case .disconnected = context.model.connection {
            trailing = "browsing last session" + (context.state.liveSummary.isEmpty ? "" : "  " + context.state.liveSummary)
        }
        if trailing.isEmpty, let baseline = context.model.baseline {
            trailing = "vs \(baseline.name): \(context.state.changeMarks.count) changed"
        }
        var bar = HeaderBar(app: app, pid: header?.pid, connection: context.model.connection,
                            eventsPerSecond: context.model.eventsPerSecond, dropped: session.droppedCount, trailing: trailing)
        bar.paused = context.state.paused
        bar.notRun = scanOnly
        if context.state.canScrub(context.model) {
            bar.timeline = context.model.timeline(buckets: TimelineBar.maximumSparkline)
        }
        return bar
    }

    static func tabBar(_ context: ViewContext) -> TabBar {
        let tabs = Screen.allCases.map { screen in
            let badge = screen.view.shownBadge(context.state.counts[screen], model: context.model)
            return TabBar.Tab(key: String(screen.key), title: screen.title, count: badge.count, warnings: badge.warnings)
        }
        let selected = (context.state.route.screen ?? context.state.breadcrumb.first?.screen ?? .services).key - 1
        return TabBar(tabs: tabs, selected: selected)
    }

    static func drawCrumb(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        let state = context.state
        if let prompt = state.exportPrompt {
            let x = canvas.put("export to: ", row: rect.row, column: rect.column, style: Style(.key, .bold))
            // The end of a long path stays visible: it is where the typing happens.
            let room = max(1, rect.right - x - 1)
            let path = TextWidth.of(prompt.path) > room ? "…" + String(prompt.path.suffix(room - 1)) : prompt.path
            canvas.put(path + "▏", row: rect.row, column: x, style: Style(.accent, .bold), limit: rect.right)
            return
        }
        if let input = state.timeInput {
            let x = canvas.put("time: ", row: rect.row, column: rect.column, style: Style(.key, .bold))
            canvas.put(input + "▏", row: rect.row, column: x, style: Style(.accent, .bold), limit: rect.right)
            return
        }
        if state.filter.isEditing || state.filter.isActive || !state.filter.text.isEmpty {
            var x = canvas.put(state.filter.isEditing ? "/" : "filter: ", row: rect.row, column: rect.column, style: Style(.key, .bold))
            x = canvas.put(state.filter.text, row: rect.row, column: x, style: Style(.accent, .bold), limit: rect.right)
            if state.filter.isEditing { x = canvas.put("▏", row: rect.row, column: x, style: Style(.accent)) }
            let hint = state.filter.error.map { "  ✕ " + $0 }
                ?? (state.filter.isEditing ? "  Enter keeps, Esc clears, n/N next/previous match" : "  \(state.items.count) shown")
            canvas.put(hint, row: rect.row, column: x, style: state.filter.error == nil ? Style(.dim) : Style(.error), limit: rect.right)
            return
        }
        let trail = (state.breadcrumb + [state.route]).map { crumbTitle($0, graph: context.graph) }.joined(separator: " › ")
        // Too long, the trail loses its start: where you are now is its end.
        var x = canvas.put(TextWidth.truncateLeading(trail, to: rect.width), row: rect.row, column: rect.column,
                           style: Style(.title, .bold), limit: rect.right)
        if case .screen(.services) = state.route {
            x = canvas.put("  sorted by \(state.sort.column.title.lowercased())\(state.sort.descending ? " ▼" : " ▲")",
                           row: rect.row, column: x, style: Style(.dim), limit: rect.right)
            if let declared = DeclaredSummary(context.graph) {
                x = canvas.put("  " + declared.title, row: rect.row, column: x, style: Style(.accent), limit: rect.right)
            }
        }
        if case .screen(.events) = state.route {
            canvas.put(state.followEvents ? "  following" : "  G follows again", row: rect.row, column: x, style: Style(.dim), limit: rect.right)
        }
    }

    static func crumbTitle(_ route: Route, graph: DependencyGraph) -> String {
        switch route {
        case .screen(let screen): return screen.title
        case .tree(let key, let kind):
            let name = graph.nodes.first { $0.identity.key == key }?.identity.description ?? key
            return "\(name) › \(kind.title)"
        case .crossing(let name): return name
        }
    }

    static func drawBody(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        switch context.state.route {
        case .screen(let screen): screen.view.draw(context, into: &canvas, in: rect)
        case .tree: ServiceTreeView.draw(context, into: &canvas, in: rect)
        case .crossing: CrossingView.draw(context, into: &canvas, in: rect)
        }
    }

    static func hints(_ state: InspectorState) -> [KeyBar.Hint] {
        if state.exportPrompt != nil {
            return [.init("Enter", "write"), .init("Esc", "cancel"), .init("^U", "clear"), .init(".mmd", "Mermaid")]
        }
        if state.filter.isEditing {
            return [.init("Enter", "keep"), .init("Esc", "clear"), .init("↑↓", "move")]
        }
        if state.timeInput != nil {
            return [.init("Enter", "go"), .init("Esc", "cancel"), .init("+2.5s 250ms -1s", "times")]
        }
        var hints: [KeyBar.Hint] = [.init("q", "Quit"), .init("?", "Help"), .init(Screen.keyRange, "Views"), .init("/", "Filter"),
                                    .init("Enter", "Drill"), .init("Tab", "Pane")]
        if !state.breadcrumb.isEmpty { hints.append(.init("Esc", "Back")) }
        if state.route == .screen(.services) { hints.append(.init("s", "Sort")) }
        if state.route == .screen(.layers) { hints.append(.init("v", state.layersAsList ? "Diagram" : "List")) }
        hints += [.init("w", "Why"), .init("d/D", "Deps"), .init("o", "Open"), .init("p", state.paused ? "Resume" : "Pause"),
                  .init("e", "Export")]
        hints.append(.init("< > t", "Time"))
        return hints
    }
}
