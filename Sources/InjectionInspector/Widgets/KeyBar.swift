/// The bottom line of key hints, htop style: `q Quit  ? Help  / Filter  …`.
///
/// Hints that do not fit are dropped from the end, never cut in half.
///
/// ```swift
/// KeyBar(hints: [.init("q", "Quit"), .init("?", "Help")]).draw(into: &canvas, in: row)
/// ```
struct KeyBar: Sendable {
    /// A key and what it does.
    struct Hint: Sendable, Hashable {
        var key: String
        var label: String
        init(_ key: String, _ label: String) {
            self.key = key
            self.label = label
        }
    }

    var hints: [Hint]
    /// A message shown at the right (where an export went), in the accent role.
    var message: String

    init(hints: [Hint], message: String = "") {
        self.hints = hints
        self.message = message
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0 else { return }
        let row = rect.bottom - 1
        canvas.fill(Rect(row: row, column: rect.column, height: 1, width: rect.width), style: Style(.chrome))
        let messageWidth = message.isEmpty ? 0 : min(TextWidth.of(message) + 2, rect.width / 2)
        let limit = rect.right - messageWidth
        var x = rect.column
        for hint in hints {
            let width = TextWidth.of(hint.key) + TextWidth.of(hint.label) + 3
            if x + width > limit { break }
            x = canvas.put(" " + hint.key, row: row, column: x, style: Style(.key, .bold))
            x = canvas.put(" " + hint.label + " ", row: row, column: x, style: Style(.chrome))
        }
        if messageWidth > 0 {
            canvas.put(TextWidth.truncate(message, to: messageWidth - 1), row: row, column: limit + 1,
                       style: Style(.accent, .bold), limit: rect.right)
        }
    }
}
