import Injection
import InjectionGraph

/// The inspector's whole UI state, and the pure reducer that changes it: `handle(key, model)`
/// returns effects and never touches a terminal.
///
/// The state keeps the current view's items (``items``), rebuilt by ``sync(with:)`` when the
/// graph's revision, the route, the sort or the filter change; the selection is kept by item id,
/// so it stays on the same service while live updates move rows.
///
/// ```swift
/// var state = InspectorState()
/// state.sync(with: model)
/// let effects = state.handle(.character("j"), model: model)   // select the next row
/// _ = state.handle(.character("2"), model: model)             // the Layers screen
/// ```
struct InspectorState: Sendable {
    var route: Route = .screen(.services)
    /// Routes to go back to, with their selections: Esc and `h` pop it.
    var breadcrumb: [Route] = []
    var focus: Pane = .list
    var sort = ServiceSort()
    var filter = FilterState()
    var showHelp = false
    /// Lines the help overlay is scrolled by.
    var helpScroll = 0
    var paused = false
    /// The Events screen keeps the newest line selected until the user moves.
    var followEvents = true
    /// A one-line message for the key bar (where an export went).
    var message = ""
    /// Lines the detail pane is scrolled by.
    var detailScroll = 0
    /// Rows the list shows at once, set by the layout; used by PgUp/PgDn and scrolling.
    var pageSize = 20
    /// The selection of every route visited.
    var selections: [Route: Selection] = [:]
    /// The current view's items.
    var items: [ListItem] = []
    /// Problems per service, for the current graph revision.
    var flags = ServiceFlags.Index(DependencyGraph())
    /// Tab counts and badges for the current graph revision.
    var counts = TabCounts()
    /// What `di-inspect check` reports for the graph: the badges, flags and the problem views
    /// all come from it, once per graph revision (checked from scratch only when more than
    /// counts changed: ``problems``).
    var report = DependencyGraph().check()
    /// The report kept across the graph revisions that only count (a live session at its
    /// service limit changes revision with every batch).
    private(set) var problems = DiagnosticsCache()
    /// ``DiagnosticsCache/problemsRevision`` when ``flags`` and ``counts`` were made.
    private var flaggedProblems: UInt64?
    /// Records shown when the time cursor is before the end (`<` `>` `{` `}` `t` Home End);
    /// nil shows the whole run, or live.
    var timeCursor: Int?
    /// The time being typed after `t`, nil when not typing.
    var timeInput: String?
    /// Services and edges added, removed or changed since the baseline, for this revision.
    var changeMarks = ChangeMarks()
    /// The Layers screen shows its grouped list instead of the diagram (`v`).
    var layersAsList = false
    /// The header's live part, set by the inspector for each frame: apps live, the session
    /// shown, what the feed folds or drops, connections refused.
    var liveSummary = ""
    /// After `e`: what the view exports and the path being edited; nil when no prompt is open.
    var exportPrompt: ExportRequest?
    /// The terminal's size, set by the inspector: clicks are placed with the screen's layout.
    var screenSize = (rows: 24, columns: 80)

    /// The Events screen's rows, brought up to date by ``sync(with:)``.
    private(set) var eventItems = EventItems()
    /// The Services screen's keys and name order (and the layer count), brought up to date by
    /// ``sync(with:)`` with each graph revision.
    private(set) var serviceOrder = ServiceOrder()

    private var syncedGraph: SyncedGraph?
    /// How many times the rows were built (a figure for tests and `DI_INSPECT_STATS`).
    private(set) var rowBuilds = 0

    /// Which graph the problems, flags, counts and rows were made from: the session's
    /// ``InspectorModel/identity`` and the graph's revision (revisions count records, so two
    /// sessions can be at the same one).
    private struct SyncedGraph: Hashable {
        var session: UInt64
        var revision: UInt64
    }
    private var syncedInputs: SyncInputs?

    private struct SyncInputs: Hashable {
        var route: Route
        var sort: ServiceSort
        var filter: String
        /// The session and its graph's revision: rows index into that graph.
        var graph: SyncedGraph
        var layersAsList: Bool
        var eventTotal: UInt64
        /// When the rows follow the structure rather than each revision (``rowInputs``): the
        /// graph's ``DependencyGraph/structureRevision`` and the problems' revision.
        var structure: UInt64?
        var problems: UInt64?
    }

    /// What the rows of the screen shown depend on: the Services screen sorted by anything but
    /// a count lists the same rows until a service, a scope or a problem changes (its cells are
    /// worded from the graph when drawn), so it follows the graph's structure and problems, not
    /// each revision; every other screen follows each revision (and the Events screen the log).
    private func rowInputs(model: InspectorModel, graph: SyncedGraph) -> SyncInputs {
        var inputs = SyncInputs(route: route, sort: sort, filter: filter.text, graph: graph, layersAsList: layersAsList,
                                eventTotal: route == .screen(.events) ? model.events.total : 0)
        if route == .screen(.services), ![.resolves, .instances].contains(sort.column), !changeMarks.isComparing {
            inputs.graph.revision = 0
            inputs.structure = model.graph.structureRevision
            inputs.problems = problems.problemsRevision
        }
        return inputs
    }

    init() {}

    // MARK: - Selection

    /// The current route's selection.
    var selection: Selection {
        get { selections[route] ?? Selection() }
        set { selections[route] = newValue }
    }

    /// The selected item, if the view has any.
    var selectedItem: ListItem? {
        items.indices.contains(selection.index) ? items[selection.index] : nil
    }

    /// The service the selection is about, if any.
    var selectedNode: NodeID? { selectedItem?.node }

    /// The selected index and scroll offset, with the offset moved just enough to keep the
    /// selection visible in ``pageSize`` rows.
    var window: (selected: Int?, offset: Int) {
        guard !items.isEmpty else { return (nil, 0) }
        let current = selection
        return (current.index, ScrollWindow.offset(selected: current.index, previous: current.offset, visible: pageSize, count: items.count))
    }

    // MARK: - Sync

    /// Rebuilds the items when anything they depend on changed, and puts the selection back on
    /// the item it was on.
    mutating func sync(with model: InspectorModel) {
        // Whatever changed, the selected event row is complete: keys act on it.
        defer { completeSelectedEventRow(model: model) }
        let graph = SyncedGraph(session: model.identity, revision: model.graph.revision)
        if graph != syncedGraph {
            // While the app runs, a mapping in effect is not yet one left active at the end: a
            // fault-free demo that maps for a while must not flash a badge.
            report = problems.report(for: model.graph, stillRunning: model.connection == .live && !model.graph.session.hasEnded)
            serviceOrder.update(for: model.graph)
            // Flags and badges follow the problems and the services, not the counts.
            if flaggedProblems != problems.problemsRevision {
                flags = ServiceFlags.Index(model.graph, report: report)
                counts = TabCounts(model.graph, flags: flags, report: report, layers: serviceOrder.layerCount)
                flaggedProblems = problems.problemsRevision
            }
            changeMarks = model.baseline.map { ChangeMarks(base: $0.graph, head: model.graph) } ?? ChangeMarks()
            syncedGraph = graph
        }
        let inputs = rowInputs(model: model, graph: graph)
        guard inputs != syncedInputs else { return }
        syncedInputs = inputs
        rowBuilds += 1
        // The Events screen's rows are kept from frame to frame (a full log is thousands of rows);
        // ``items`` lets go of them first, so that they are brought up to date in place.
        if route == .screen(.events) { items = [] }
        let built = route == .screen(.events) && !changeMarks.isComparing ? eventItems.update(model: model, filter: filter)
            : ScreenContent.items(for: route, model: model, state: self)
        items = changeMarks.apply(to: built, route: route, model: model, filter: filter)
        var current = selection
        if route == .screen(.events), followEvents {
            current.index = max(0, items.count - 1)
        } else if let id = current.id, let index = items.firstIndex(where: { $0.id == id }) {
            current.index = index
        } else {
            current.index = min(current.index, max(0, items.count - 1))
        }
        current.id = items.indices.contains(current.index) ? items[current.index].id : nil
        current.offset = ScrollWindow.offset(selected: items.isEmpty ? nil : current.index, previous: current.offset,
                                             visible: pageSize, count: items.count)
        selection = current
    }

    /// Fills in the selected row of the Events screen (its cells and service), in the kept rows
    /// themselves: ``items`` lets go of them first, so that they are changed in place, not copied.
    private mutating func completeSelectedEventRow(model: InspectorModel) {
        guard route == .screen(.events), !changeMarks.isComparing, items.indices.contains(selection.index),
              items[selection.index].cells.isEmpty else { return }
        let index = selection.index
        items = []
        eventItems.completeRow(at: index, model: model)
        items = eventItems.items
    }

    // MARK: - Keys

    /// Handles one key; returns what the outside world must do.
    mutating func handle(_ key: Key, model: InspectorModel) -> [InspectorEffect] {
        defer { sync(with: model) }
        if key == .resize { return [] }
        if case .mouse(let event) = key {
            handleMouse(event, model: model)
            return []
        }
        if showHelp {
            // The help scrolls when it is taller than the screen; any other key closes it.
            switch key {
            case .down, .character("j"): helpScroll = min(helpScroll + 1, HelpOverlay.lineCount)
            case .up, .character("k"): helpScroll = max(0, helpScroll - 1)
            case .pageDown, .character(" "): helpScroll = min(helpScroll + max(1, pageSize - 1), HelpOverlay.lineCount)
            case .pageUp: helpScroll = max(0, helpScroll - max(1, pageSize - 1))
            default:
                showHelp = false
                helpScroll = 0
            }
            return []
        }
        if filter.isEditing, let effects = handleFilterKey(key) { return effects }
        if let effects = handleExportInput(key) { return effects }
        if let effects = handleTimeInput(key, model: model) { return effects }
        message = ""
        if handleTimeKey(key, model: model) { return [] }
        if route == .screen(.layers), handleLayersKey(key, model: model) { return [] }
        switch key {
        case .character("q"): return [.quit]
        case .character("?"): showHelp = true
        case .character("/"):
            filter.isEditing = true
        case .tab, .backTab: focus = focus == .list ? .detail : .list
        case .character("p"):
            paused.toggle()
            // Resuming goes back to the live end.
            if !paused { timeCursor = nil }
            message = paused ? "Paused: live updates are kept and shown on p" : "Resumed"
            return [.pause(paused)]
        case .character("e"): openExportPrompt(model: model)
        case .character("y"):
            // The selected service's name, or the selected row's text (a problem, an event).
            let name = selectedNode.map { model.graph.nodes[$0].identity.description }
                ?? selectedItem.map { $0.label.isEmpty ? ($0.cells.last ?? "") : $0.label }
            guard let name, !name.isEmpty else {
                message = "Nothing selected to copy"
                return []
            }
            message = "Copied \(name)"
            return [.copy(name)]
        case .character("o"): return openSelectedRegistration(model: model)
        case .character("s"):
            sort.cycle()
            message = "Sorted by \(sort.column.title.lowercased())"
        case .character("S"):
            sort.descending.toggle()
        case .character("n"): jumpToMatch(forward: true)
        case .character("N"): jumpToMatch(forward: false)
        case .character("w"): drill(into: .why, model: model)
        case .character("d"): drill(into: .dependencies, model: model)
        case .character("D"): drill(into: .dependents, model: model)
        case .enter: drill(into: .dependencies, model: model)
        case .escape, .character("h"), .left: goBack()
        case .character(let character) where Screen(key: character) != nil:
            switchTo(Screen(key: character)!)
        default:
            if focus == .detail { scrollDetail(key) } else { move(key) }
        }
        return []
    }

    /// Keys while typing a filter; nil when the key is not a filter key (arrows still move).
    private mutating func handleFilterKey(_ key: Key) -> [InspectorEffect]? {
        switch key {
        case .character(let character):
            filter.type(String(character))
            selectFirstMatchIfNeeded()
        case .backspace: filter.deleteBackward()
        case .control("u"): filter.set("")  // as in a shell: clear the line, keep typing
        case .enter: filter.isEditing = false
        case .escape: filter.clear()
        default: return nil
        }
        return []
    }

    /// `o`: the selected service's registration, for the editor; a message when there is none.
    private mutating func openSelectedRegistration(model: InspectorModel) -> [InspectorEffect] {
        guard let node = selectedNode, model.graph.nodes.indices.contains(node) else {
            message = "Select a service to open its registration"
            return []
        }
        let service = model.graph.nodes[node]
        guard let location = service.registeredAt else {
            message = "\(service.identity.description) has no registration in this trace"
            return []
        }
        return [.openSource(location)]
    }

    // MARK: - Navigation

    private mutating func move(_ key: Key) {
        guard !items.isEmpty else { return }
        var current = selection
        let last = items.count - 1
        switch key {
        case .down, .character("j"): current.index = min(last, current.index + 1)
        case .up, .character("k"): current.index = max(0, current.index - 1)
        case .character("g"), .home: current.index = 0
        case .character("G"), .end: current.index = last
        case .pageDown, .control("f"), .control("d"): current.index = min(last, current.index + max(1, pageSize - 1))
        case .pageUp, .control("b"), .control("u"): current.index = max(0, current.index - max(1, pageSize - 1))
        default: return
        }
        if route == .screen(.events) { followEvents = current.index == last }
        current.id = items[current.index].id
        current.offset = ScrollWindow.offset(selected: current.index, previous: current.offset, visible: pageSize, count: items.count)
        selection = current
        detailScroll = 0
    }

    private mutating func scrollDetail(_ key: Key) {
        switch key {
        case .down, .character("j"): detailScroll += 1
        case .up, .character("k"): detailScroll = max(0, detailScroll - 1)
        case .pageDown: detailScroll += pageSize
        case .pageUp: detailScroll = max(0, detailScroll - pageSize)
        case .character("g"), .home: detailScroll = 0
        default: break
        }
    }

    private mutating func switchTo(_ screen: Screen) {
        route = .screen(screen)
        breadcrumb = []
        focus = .list
        detailScroll = 0
        if screen == .events { followEvents = true }
    }

    private mutating func drill(into kind: Route.TreeKind, model: InspectorModel) {
        guard let node = selectedNode, model.graph.nodes.indices.contains(node) else {
            message = "Select a service first"
            return
        }
        let service = model.graph.nodes[node].identity.key
        let target = Route.tree(service: service, kind)
        guard target != route else { return }
        breadcrumb.append(route)
        route = target
        selections[target] = Selection(id: service)
        focus = .list
        detailScroll = 0
    }

    private mutating func goBack() {
        if focus == .detail {
            focus = .list
            return
        }
        guard let previous = breadcrumb.popLast() else { return }
        route = previous
        detailScroll = 0
    }

    private mutating func jumpToMatch(forward: Bool) {
        guard filter.isActive, !items.isEmpty else { return }
        let count = items.count
        for step in 1...count {
            let index = forward ? (selection.index + step) % count : (selection.index - step + count * 2) % count
            if items[index].isMatch {
                var current = selection
                current.index = index
                current.id = items[index].id
                current.offset = ScrollWindow.offset(selected: index, previous: current.offset, visible: pageSize, count: count)
                selection = current
                if route == .screen(.events) { followEvents = index == count - 1 }
                return
            }
        }
        message = "No match for \(filter.text)"
    }

    /// While typing, keep the selection on a matching line when the current one stops matching.
    private mutating func selectFirstMatchIfNeeded() {
        if let item = selectedItem, item.isMatch { return }
        selections[route]?.id = nil
    }
}
