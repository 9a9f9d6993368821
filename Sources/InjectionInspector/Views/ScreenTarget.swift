import Injection
import InjectionGraph

/// What is drawn at a screen cell, for a mouse click: a tab, a row of the list, the detail
/// pane, or nothing that answers a click.
///
/// ```swift
/// let target = ScreenTarget.at(row: 1, column: 14, model: model, state: state, rows: 24, columns: 80)
/// // .tab(.layers)
/// ```
enum ScreenTarget: Hashable, Sendable {
    case tab(Screen)
    /// An index into the state's items.
    case row(Int)
    case detail
    case nothing

    /// Works out the target from the same layout and tab placement the screen is drawn with.
    static func at(row: Int, column: Int, model: InspectorModel, state: InspectorState, rows: Int, columns: Int) -> ScreenTarget {
        let layout = InspectorLayout(rows: rows, columns: columns, detailFocused: state.focus == .detail)
        guard !layout.isTooSmall, !state.showHelp else { return .nothing }
        if contains(layout.tabs, row: row, column: column) {
            let bar = InspectorView.tabBar(ViewContext(model: model, state: state))
            guard let index = bar.tab(atColumn: column - layout.tabs.column, width: layout.tabs.width),
                  Screen.allCases.indices.contains(index) else { return .nothing }
            return .tab(Screen.allCases[index])
        }
        if let detail = layout.detail, contains(detail, row: row, column: column) { return .detail }
        guard contains(layout.list, row: row, column: column) else { return .nothing }
        // The Layers diagram places arrows, not rows: a click there selects nothing.
        if state.route == .screen(.layers), state.items.first?.id.hasPrefix(LayersView.arrowPrefix) == true {
            return .nothing
        }
        let line = row - layout.list.row - (hasTitleRow(state.route) ? 1 : 0)
        guard line >= 0 else { return .nothing }
        let index = state.window.offset + line
        return state.items.indices.contains(index) ? .row(index) : .nothing
    }

    /// Tables (``ScreenView/hasTitleRow``) have a column-title row above their rows; the tree
    /// views start with their first row.
    static func hasTitleRow(_ route: Route) -> Bool {
        route.screen?.view.hasTitleRow ?? false
    }

    private static func contains(_ rect: Rect, row: Int, column: Int) -> Bool {
        row >= rect.row && row < rect.bottom && column >= rect.column && column < rect.right
    }
}
