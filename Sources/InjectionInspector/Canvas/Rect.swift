/// A rectangle of terminal cells: where a widget may draw.
///
/// ```swift
/// let screen = Rect(row: 0, column: 0, height: 40, width: 120)
/// let (top, rest) = screen.splitTop(1)
/// ```
struct Rect: Hashable, Sendable, CustomStringConvertible {
    var row: Int
    var column: Int
    var height: Int
    var width: Int

    init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(0, height)
        self.width = max(0, width)
    }

    /// The row just below the rectangle.
    var bottom: Int { row + height }
    /// The column just right of the rectangle.
    var right: Int { column + width }
    var isEmpty: Bool { height == 0 || width == 0 }

    /// The rectangle shrunk by `amount` cells on every side (a box's inside).
    func inset(by amount: Int) -> Rect {
        Rect(row: row + amount, column: column + amount, height: height - 2 * amount, width: width - 2 * amount)
    }

    /// The first `rows` rows, and what is left below them.
    func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(row: row, column: column, height: taken, width: width),
            Rect(row: row + taken, column: column, height: height - taken, width: width)
        )
    }

    /// The last `rows` rows, and what is left above them.
    func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(row: row, column: column, height: height - taken, width: width),
            Rect(row: bottom - taken, column: column, height: taken, width: width)
        )
    }

    /// The first `columns` columns, and what is left to their right.
    func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), width)
        return (
            Rect(row: row, column: column, height: height, width: taken),
            Rect(row: row, column: column + taken, height: height, width: width - taken)
        )
    }

    /// A rectangle of the given size centred in this one (clipped to it).
    func centered(height: Int, width: Int) -> Rect {
        let h = min(height, self.height)
        let w = min(width, self.width)
        return Rect(row: row + (self.height - h) / 2, column: column + (self.width - w) / 2, height: h, width: w)
    }

    var description: String { "\(width)×\(height)@\(row),\(column)" }
}
