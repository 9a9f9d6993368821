import Injection
import InjectionGraph

/// Clicks and the wheel: a click on a tab switches to it, on a row selects it (and gives the
/// list the focus), on the detail pane focuses it; the wheel moves the selection, or scrolls
/// the help or the focused detail pane.
///
/// ```swift
/// state.screenSize = (rows: 24, columns: 80)
/// _ = state.handle(.mouse(MouseEvent(.press, row: 1, column: 14)), model: model)  // Layers
/// ```
extension InspectorState {
    /// Rows the wheel moves per notch, as in most terminal lists.
    static let wheelStep = 3

    mutating func handleMouse(_ event: MouseEvent, model: InspectorModel) {
        if showHelp {
            switch event.kind {
            case .wheelDown: helpScroll = min(helpScroll + Self.wheelStep, HelpOverlay.lineCount)
            case .wheelUp: helpScroll = max(0, helpScroll - Self.wheelStep)
            case .press:
                showHelp = false
                helpScroll = 0
            }
            return
        }
        // A prompt being typed keeps its keys; a click does not abandon it.
        guard exportPrompt == nil, timeInput == nil else { return }
        switch event.kind {
        case .wheelUp, .wheelDown:
            let key: Key = event.kind == .wheelDown ? .down : .up
            for _ in 0..<Self.wheelStep { _ = handle(key, model: model) }
        case .press:
            if filter.isEditing { filter.isEditing = false }
            let target = ScreenTarget.at(row: event.row, column: event.column, model: model, state: self,
                                         rows: screenSize.rows, columns: screenSize.columns)
            switch target {
            case .tab(let screen): _ = handle(.character(Character("\(screen.key)")), model: model)
            case .row(let index): select(index)
            case .detail: focus = .detail
            case .nothing: break
            }
        }
    }

    private mutating func select(_ index: Int) {
        guard items.indices.contains(index) else { return }
        var current = selection
        current.index = index
        current.id = items[index].id
        current.offset = ScrollWindow.offset(selected: index, previous: current.offset, visible: pageSize, count: items.count)
        selection = current
        if route == .screen(.events) { followEvents = index == items.count - 1 }
        focus = .list
        detailScroll = 0
        message = ""
    }
}
