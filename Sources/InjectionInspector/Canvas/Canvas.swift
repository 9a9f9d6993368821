import Injection
/// A screen's worth of cells that widgets draw into: pure data, no terminal needed.
///
/// The terminal driver copies a finished canvas to the screen; tests read it back with
/// ``textDump()`` (what a person would see) and ``styleDump()`` (one role code per cell).
///
/// ```swift
/// var canvas = Canvas(rows: 2, columns: 12)
/// canvas.put("Services", row: 0, column: 0, style: Style(.title, .bold))
/// print(canvas.textDump())  // "Services"
/// ```
struct Canvas: Hashable, Sendable {
    let rows: Int
    let columns: Int
    private(set) var cells: [Cell]

    init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        self.cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    /// The whole canvas as a rectangle.
    var bounds: Rect { Rect(row: 0, column: 0, height: rows, width: columns) }

    subscript(row: Int, column: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    // MARK: - Drawing

    /// Writes `text` from (`row`, `column`), clipped at `limit` (a column, default the right
    /// edge); returns the column after the last cell written. Wide characters that would not fit
    /// are replaced by spaces; nothing is written outside the canvas.
    @discardableResult
    mutating func put(
        _ text: some StringProtocol, row: Int, column: Int, style: Style = .normal, limit: Int? = nil
    ) -> Int {
        guard row >= 0, row < rows else { return column }
        let end = min(limit ?? columns, columns)
        var x = column
        for character in text {
            if x >= end { break }
            if character.unicodeScalars.contains(where: \.isControlForDisplay) {
                // A control character in a name (ESC, a newline, BEL, a bidi override) is drawn
                // escaped, as `\u{1B}`, never sent to the terminal: the package's one rule.
                x = put(String(character).escapingControlCharacters, row: row, column: x, style: style, limit: end)
                continue
            }
            let width = TextWidth.of(character)
            if width == 0 { continue }
            if x < 0 { x += width; continue }
            if x + width > end {
                while x < end { setCell(Cell(" ", style: style), row: row, column: x); x += 1 }
                break
            }
            setCell(Cell(character, width: UInt8(width), style: style), row: row, column: x)
            if width == 2 {
                setCell(Cell(" ", width: 0, style: style), row: row, column: x + 1)
            }
            x += width
        }
        return x
    }

    /// Writes `text` padded or truncated (with `…`) to exactly `width` columns.
    @discardableResult
    mutating func put(
        _ text: String, row: Int, column: Int, width: Int, alignment: Alignment = .leading,
        style: Style = .normal
    ) -> Int {
        put(TextWidth.pad(text, to: width, alignment: alignment), row: row, column: column, style: style,
            limit: column + width)
    }

    /// Fills a rectangle with a character (a blank by default).
    mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .normal) {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        let cell = Cell(character, width: 1, style: style)
        for y in clipped.row..<clipped.bottom {
            for x in clipped.column..<clipped.right { setCell(cell, row: y, column: x) }
        }
    }

    /// Changes the style of every cell in a rectangle and keeps the characters (a selection bar).
    mutating func restyle(_ rect: Rect, style: Style) {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        for y in clipped.row..<clipped.bottom {
            for x in clipped.column..<clipped.right { cells[y * columns + x].style = style }
        }
    }

    /// Copies another canvas in at (`row`, `column`), clipped to this one.
    mutating func blit(_ other: Canvas, row: Int, column: Int) {
        for y in 0..<other.rows where row + y >= 0 && row + y < rows {
            for x in 0..<other.columns where column + x >= 0 && column + x < columns {
                setCell(other[y, x], row: row + y, column: column + x)
            }
        }
    }

    /// The part of `rect` inside the canvas.
    func clip(_ rect: Rect) -> Rect {
        let top = max(0, rect.row), left = max(0, rect.column)
        let bottom = min(rows, rect.bottom), right = min(columns, rect.right)
        return Rect(row: top, column: left, height: bottom - top, width: right - left)
    }

    /// Sets one cell and keeps wide characters whole: overwriting either half of a wide
    /// character blanks the other half.
    private mutating func setCell(_ cell: Cell, row: Int, column: Int) {
        let index = row * columns + column
        let old = cells[index]
        if old.width == 2, column + 1 < columns, cell.width != 2 {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        } else if old.width == 0, column > 0, cell.width != 0 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        }
        cells[index] = cell
    }

    // MARK: - Dumps

    /// The characters, one line per row, trailing spaces and trailing empty lines removed.
    func textDump() -> String {
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for y in 0..<rows { lines.append(line(y)) }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// One row's characters, trailing spaces removed.
    func line(_ row: Int) -> String {
        var text = ""
        for x in 0..<columns {
            let cell = self[row, x]
            if !cell.isContinuation { text.append(cell.character) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// One ``Role/code`` per column, a line per row (trailing blanks removed): how tests see
    /// highlighting and selection.
    func styleDump() -> String {
        var lines: [String] = []
        for y in 0..<rows {
            var text = ""
            for x in 0..<columns { text.append(self[y, x].style.role.code) }
            while text.last == " " { text.removeLast() }
            lines.append(text)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
