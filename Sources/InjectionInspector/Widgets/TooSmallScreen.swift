/// What the inspector shows when the terminal is smaller than it can lay out: the size it has,
/// the size it needs, and how to leave.
///
/// ```swift
/// TooSmallScreen(minimumRows: 12, minimumColumns: 60).draw(into: &canvas)
/// // Terminal too small: 40×8
/// // Need at least 60×12.
/// // Enlarge the window, or press q to quit.
/// ```
struct TooSmallScreen: Sendable {
    var minimumRows: Int
    var minimumColumns: Int

    init(minimumRows: Int, minimumColumns: Int) {
        self.minimumRows = minimumRows
        self.minimumColumns = minimumColumns
    }

    /// Whether a canvas of this size is too small for the full layout.
    func applies(rows: Int, columns: Int) -> Bool { rows < minimumRows || columns < minimumColumns }

    func draw(into canvas: inout Canvas) {
        let lines = [
            "Terminal too small: \(canvas.columns)×\(canvas.rows)",
            "Need at least \(minimumColumns)×\(minimumRows).",
            "Enlarge the window, or press q to quit.",
        ]
        let top = max(0, (canvas.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = TextWidth.truncate(line, to: canvas.columns)
            let column = max(0, (canvas.columns - TextWidth.of(text)) / 2)
            canvas.put(text, row: top + offset, column: column, style: offset == 0 ? Style(.warning, .bold) : .normal)
        }
    }
}
