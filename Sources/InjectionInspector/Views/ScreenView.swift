import InjectionGraph

/// What a top-level screen provides: its title, its tab's badge, its rows and how it draws
/// them, the detail of its own rows, and what `e` exports from it. Everything that lists the
/// screens (tab bar, help, counts, clicks, detail, export) iterates ``Screen/allCases`` and asks
/// the view; a new screen is its view's file and an entry in ``Screen/allCases``.
protocol ScreenView: SendableMetatype {
    /// The tab's title (and the breadcrumb's first crumb).
    static var title: String { get }
    /// The tab's count and warning badge, worked out once per revision of the problems.
    static func badge(_ source: TabCounts.Source) -> TabBadge
    /// The badge as drawn: a count that moves with every record (the event log's) is read from
    /// the model at each frame. By default the counted badge.
    static func shownBadge(_ counted: TabBadge, model: InspectorModel) -> TabBadge
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem]
    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect)
    /// Whether the list starts with a row of column titles (tables): clicks count rows below it.
    static var hasTitleRow: Bool { get }
    /// The detail pane for one of this screen's own rows (a failed request, an override, an
    /// event, a layer arrow), or nil when the row is a service's or not this screen's.
    static func detail(of item: ListItem, context: ViewContext) -> DetailView.Content?
    /// What `e` writes from this screen.
    static func exportRequest(state: InspectorState, model: InspectorModel) -> ExportRequest
    /// The problems of `check` this screen shows (the services `e` exports by default).
    static var problemArea: GraphProblem.Area? { get }
}

extension ScreenView {
    static func shownBadge(_ counted: TabBadge, model: InspectorModel) -> TabBadge { counted }
    static var hasTitleRow: Bool { false }
    static func detail(of item: ListItem, context: ViewContext) -> DetailView.Content? { nil }
    static var problemArea: GraphProblem.Area? { nil }

    /// The services of the selected problem, or of every problem this screen shows.
    static func exportRequest(state: InspectorState, model: InspectorModel) -> ExportRequest {
        state.problemsExportRequest(name: title.lowercased(), area: problemArea, graph: model.graph)
    }
}

/// A tab's count (nil: none shown) and warning badge (0: none shown).
struct TabBadge: Sendable, Hashable {
    var count: Int?
    var warnings: Int

    init(count: Int? = nil, warnings: Int = 0) {
        self.count = count
        self.warnings = warnings
    }
}
