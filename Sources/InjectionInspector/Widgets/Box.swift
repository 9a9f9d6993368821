/// A frame of box-drawing characters with an optional title in its top edge.
///
/// Uses Unicode line drawing (`┌─┐│└┘`) rather than curses' ACS, so the same text reaches the
/// terminal and the test dump.
///
/// ```swift
/// Box(title: "Detail", focused: true).draw(into: &canvas, in: rect)
/// // ┌ Detail ───┐
/// // │           │
/// // └───────────┘
/// ```
struct Box: Sendable {
    var title: String?
    /// A focused box draws its frame in the accent role and its title bold.
    var focused: Bool

    init(title: String? = nil, focused: Bool = false) {
        self.title = title
        self.focused = focused
    }

    /// Draws the frame on the edge of `rect`; returns the inside.
    @discardableResult
    func draw(into canvas: inout Canvas, in rect: Rect) -> Rect {
        guard rect.height >= 2, rect.width >= 2 else { return Rect(row: rect.row, column: rect.column, height: 0, width: 0) }
        let style = Style(focused ? .accent : .border)
        let horizontal = String(repeating: "─", count: rect.width - 2)
        canvas.put("┌" + horizontal + "┐", row: rect.row, column: rect.column, style: style)
        canvas.put("└" + horizontal + "┘", row: rect.bottom - 1, column: rect.column, style: style)
        for y in (rect.row + 1)..<(rect.bottom - 1) {
            canvas.put("│", row: y, column: rect.column, style: style)
            canvas.put("│", row: y, column: rect.right - 1, style: style)
        }
        if let title, rect.width > 6 {
            let text = " " + TextWidth.truncate(title, to: rect.width - 6) + " "
            canvas.put(text, row: rect.row, column: rect.column + 2, style: Style(.title, focused ? .bold : []))
        }
        return rect.inset(by: 1)
    }
}
