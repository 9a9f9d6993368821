import Injection
import InjectionGraph

/// Screen 5: overrides (re-registrations and keypath mappings): the active ones first, then the
/// history (replaced, and mappings that were reset). Stale ones (set after an instance of the
/// old service was kept) are flagged.
///
/// ```
/// State    From → To                          Kind     Set at         When     Problem
/// active   APIClient → MockAPIClient          register Tests.swift:12 +0.004s  stale
/// reset    Login.api → Mock.api               mapping  App.swift:40   +0.010s
///
/// `stale*` means the graph inferred it (an instance was kept when the override was set);
/// `stale` means the runtime reported it; `active!` is a mapping still set at the end.
/// ```
/// A `Set at` too long for its column keeps its end (file and line): two settings of one
/// mapping differ by their line.
enum OverridesView {
    static let columns: [TableColumn] = [
        TableColumn("State", width: .fixed(8)),
        TableColumn("From → To", width: .flexible(minimum: 20, weight: 3), truncation: .tailKeepingRowsApart),
        TableColumn("Kind", width: .fixed(8)),
        TableColumn("Set at", width: .flexible(minimum: 10, weight: 1), truncation: .leading),
        TableColumn("When", width: .fixed(9), alignment: .trailing),
        TableColumn("Problem", width: .fixed(7)),
    ]

    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        let indexed = Array(graph.overrides.enumerated())
        let ordered = indexed.filter { $0.element.isActive } + indexed.filter { !$0.element.isActive }
        return shadowItems(graph, report: state.report) + ordered.map { number, record in
            let stateText: String
            switch record.state {
            case .active: stateText = "active"
            case .replaced: stateText = "replaced"
            case .reset: stateText = "reset"
            }
            var stale = ""
            if record.isStale {
                stale = "stale"
            } else if record.kind == .mapping && record.isActive {
                stale = "active!"
            }
            let matches = state.filter.isActive
                && (state.filter.matches(record.from, scope: nil) || state.filter.matches(record.to, scope: nil))
            let style: Style = record.isStale || (record.kind == .mapping && record.isActive) ? Style(.warning, .bold)
                : record.isActive ? .normal : Style(.dim)
            return ListItem(
                id: "override:\(number)", node: graph.nodeID(for: record.to), style: style, isMatch: matches,
                cells: [stateText, "\(record.from) → \(record.to)", record.kind == .registration ? "register" : "mapping", record.location.description,
                        Format.timestamp(record.time), stale])
        }
    }

    /// `FraudCheck in 'legacyPayments' shadows 'payments'`: a shadowed registration's row.
    static func shadowLabel(_ shadow: ShadowedRegistration) -> String {
        "\(shadow.answering.service.qualifiedDescription) shadows "
            + shadow.passedOver.map { "'\($0.service.container)'" }.joined(separator: ", ")
    }

    /// Registrations `check` reports as shadowed: the one that answers, over those passed over.
    static func shadowItems(_ graph: DependencyGraph, report: DiagnosticsReport) -> [ListItem] {
        report.problems.enumerated().compactMap { number, problem in
            guard case .shadowed(let shadow) = problem else { return nil }
            return ListItem(
                id: "problem:\(number)", node: graph.nodeID(for: shadow.answering.service), style: Style(.warning, .bold),
                isMatch: false,
                cells: ["shadows", shadowLabel(shadow), "add", shadow.answering.registeredAt?.description ?? "",
                        "", "shadow"])
        }
    }

    /// The override number of an item id.
    static func number(of id: String) -> Int? {
        id.hasPrefix("override:") ? Int(id.dropFirst("override:".count)) : nil
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        let visible = context.visibleItems(rows: Table.visibleRows(in: rect))
        let rows = visible.items.map { item in
            TableRow(item.cells, style: item.isMatch ? Style(.match) : item.style,
                     cellStyles: item.cells.last?.isEmpty == false ? [5: Style(.warning, .bold)] : [:])
        }
        Table(columns: columns, rows: rows, firstIndex: visible.first, total: context.state.items.count,
              selected: visible.selected, focused: context.state.focus == .list,
              emptyMessage: "No overrides or mappings.").draw(into: &canvas, in: rect)
    }
}

extension Screen {
    static let overrides = Screen(OverridesView.self)
}

extension OverridesView: ScreenView {
    static let title = "Overrides"
    static var hasTitleRow: Bool { true }
    static var problemArea: GraphProblem.Area? { .overrides }

    /// Active overrides; the badge, stale overrides and mappings left active.
    static func badge(_ source: TabCounts.Source) -> TabBadge {
        TabBadge(count: source.graph.overrides.filter(\.isActive).count, warnings: source.problems(in: .overrides))
    }

    static func detail(of item: ListItem, context: ViewContext) -> DetailView.Content? {
        guard let number = number(of: item.id), context.graph.overrides.indices.contains(number) else { return nil }
        return ("Override", DetailView.overrideSections(context.graph.overrides[number]))
    }

    /// The selected override's services, or those of every problem and override listed.
    static func exportRequest(state: InspectorState, model: InspectorModel) -> ExportRequest {
        let overridden = model.graph.overrides.flatMap { [$0.from, $0.to] }
        return state.problemsExportRequest(name: title.lowercased(), area: problemArea, graph: model.graph, also: overridden)
    }
}
