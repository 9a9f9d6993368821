/// Rows and aligned columns with a title row, a selection bar and a scroll position: the
/// widget behind every list screen.
///
/// A table draws only the rows it is given (the visible window), so a screen with 10 000
/// services costs no more to draw than one with 40. Text that does not fit ends in `…`.
///
/// ```swift
/// let table = Table(
///     columns: [TableColumn("Service", width: .flexible(minimum: 10)),
///               TableColumn("Resolves", width: .fixed(8), alignment: .trailing)],
///     rows: [TableRow(["NetworkClient", "12"])],
///     firstIndex: 0, total: 1, selected: 0, focused: true)
/// table.draw(into: &canvas, in: rect)
/// // Service        Resolves
/// // NetworkClient        12
/// ```
struct Table: Sendable {
    var columns: [TableColumn]
    /// The visible rows, starting at ``firstIndex``.
    var rows: [TableRow]
    /// The index of `rows[0]` in the whole list.
    var firstIndex: Int
    /// How many rows the whole list has (for the scroll indicator).
    var total: Int
    /// The selected index in the whole list, if any.
    var selected: Int?
    var focused: Bool
    /// The column the list is sorted by, shown with an arrow in its title.
    var sortColumn: Int?
    var sortDescending: Bool
    /// Shown in place of rows when the list is empty.
    var emptyMessage: String

    init(
        columns: [TableColumn], rows: [TableRow], firstIndex: Int = 0, total: Int? = nil,
        selected: Int? = nil, focused: Bool = true, sortColumn: Int? = nil, sortDescending: Bool = false,
        emptyMessage: String = "Nothing to show."
    ) {
        self.columns = columns
        self.rows = rows
        self.firstIndex = firstIndex
        self.total = total ?? rows.count
        self.selected = selected
        self.focused = focused
        self.sortColumn = sortColumn
        self.sortDescending = sortDescending
        self.emptyMessage = emptyMessage
    }

    /// How many rows fit under the title row in `rect`.
    static func visibleRows(in rect: Rect) -> Int { max(0, rect.height - 1) }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let scrollbar = total > Table.visibleRows(in: rect) ? 1 : 0
        let widths = TableColumn.layout(columns, available: rect.width - scrollbar)
        // Title row.
        var x = rect.column
        for (index, column) in columns.enumerated() where widths[index] > 0 {
            var title = column.title
            if index == sortColumn { title += sortDescending ? "▼" : "▲" }
            canvas.put(title, row: rect.row, column: x, width: widths[index], alignment: column.alignment,
                       style: Style(.title, .bold))
            x += widths[index] + 1
        }
        let body = Rect(row: rect.row + 1, column: rect.column, height: rect.height - 1, width: rect.width - scrollbar)
        if rows.isEmpty {
            // One row per line of the message (a failed app's output has several).
            for (offset, line) in emptyMessage.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where offset < body.height {
                canvas.put(String(line), row: body.row + offset, column: body.column, width: body.width, style: Style(.dim))
            }
            return
        }
        // Each column's cells on screen, cut together: a column may cut two rows apart.
        let shown = rows.prefix(max(0, body.height))
        let fitted = columns.indices.map { index in
            columns[index].fitted(shown.map { index < $0.cells.count ? $0.cells[index] : "" }, to: widths[index])
        }
        for (offset, row) in shown.enumerated() {
            let y = body.row + offset
            let isSelected = selected == firstIndex + offset
            let base: Style
            if isSelected {
                base = Style(focused ? .selection : .inactiveSelection, focused ? .reverse : [])
            } else if row.changed {
                base = Style(.changed, .bold)
            } else {
                base = row.style
            }
            canvas.fill(Rect(row: y, column: body.column, height: 1, width: body.width), style: base)
            var x = body.column
            for (index, column) in columns.enumerated() where widths[index] > 0 {
                var style = base
                if !isSelected, !row.changed, let cellStyle = row.cellStyles[index] { style = cellStyle }
                canvas.put(fitted[index][offset], row: y, column: x, width: widths[index], alignment: column.alignment, style: style)
                x += widths[index] + 1
            }
        }
        if scrollbar == 1 { drawScrollbar(into: &canvas, in: Rect(row: body.row, column: body.right, height: body.height, width: 1)) }
    }

    private func drawScrollbar(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0, total > 0 else { return }
        let thumb = max(1, rect.height * rect.height / total)
        let start = min(rect.height - thumb, firstIndex * rect.height / total)
        for y in 0..<rect.height {
            let inThumb = y >= start && y < start + thumb
            canvas.put(inThumb ? "┃" : "│", row: rect.row + y, column: rect.column, style: Style(inThumb ? .accent : .border))
        }
    }
}

/// One row of a ``Table``.
struct TableRow: Sendable, Hashable {
    var cells: [String]
    /// The row's style when it is neither selected nor just changed.
    var style: Style
    /// Styles for single cells (a red flag column), by column index.
    var cellStyles: [Int: Style]
    /// Whether the row changed in the last moments (drawn highlighted).
    var changed: Bool

    init(_ cells: [String], style: Style = .normal, cellStyles: [Int: Style] = [:], changed: Bool = false) {
        self.cells = cells
        self.style = style
        self.cellStyles = cellStyles
        self.changed = changed
    }
}
