/// Draws flattened tree lines (``TreeNode/lines(includeRoot:)``) with a selection bar.
///
/// ```swift
/// TreeList(lines: tree.lines(), firstIndex: 0, selected: 1, focused: true)
///     .draw(into: &canvas, in: rect)
/// // Network
/// // ├─ HTTPClient        ← selected
/// // └─ Cache
/// ```
struct TreeList: Sendable {
    /// The visible lines, starting at ``firstIndex``.
    var lines: [TreeLine]
    var firstIndex: Int
    var selected: Int?
    var focused: Bool
    var emptyMessage: String

    init(lines: [TreeLine], firstIndex: Int = 0, selected: Int? = nil, focused: Bool = true, emptyMessage: String = "Nothing to show.") {
        self.lines = lines
        self.firstIndex = firstIndex
        self.selected = selected
        self.focused = focused
        self.emptyMessage = emptyMessage
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0 else { return }
        if lines.isEmpty {
            canvas.put(emptyMessage, row: rect.row, column: rect.column, width: rect.width, style: Style(.dim))
            return
        }
        for (offset, line) in lines.enumerated() where offset < rect.height {
            let y = rect.row + offset
            let isSelected = selected == firstIndex + offset
            let selection = Style(focused ? .selection : .inactiveSelection, focused ? .reverse : [])
            if isSelected { canvas.fill(Rect(row: y, column: rect.column, height: 1, width: rect.width), style: selection) }
            var x = canvas.put(line.guide, row: y, column: rect.column, style: isSelected ? selection : Style(.border), limit: rect.right)
            let labelWidth = max(0, rect.right - x)
            let label = TextWidth.truncate(line.node.label, to: labelWidth)
            x = canvas.put(label, row: y, column: x, style: isSelected ? selection : line.node.style, limit: rect.right)
            if !line.node.note.isEmpty, x + 2 < rect.right {
                let note = TextWidth.truncate(line.node.note, to: rect.right - x - 2)
                canvas.put("  " + note, row: y, column: x, style: isSelected ? selection : Style(.dim), limit: rect.right)
            }
        }
    }
}
