/// A mouse event the terminal reported: a left-button press or a wheel turn, at a screen cell.
///
/// ```swift
/// if case .mouse(let event) = key, event.kind == .press {
///     select(row: event.row, column: event.column)
/// }
/// ```
struct MouseEvent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case press
        case wheelUp
        case wheelDown
    }

    var kind: Kind
    /// The cell, from the top-left corner (0, 0).
    var row: Int
    var column: Int

    init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }

    /// What `cn_read_mouse` returned, as an event: 1 press, 2 wheel up, 3 wheel down; nil for
    /// the rest (releases, other buttons), which the inspector does not use.
    static func decode(kind: Int32, row: Int32, column: Int32) -> MouseEvent? {
        guard row >= 0, column >= 0 else { return nil }
        switch kind {
        case 1: return MouseEvent(.press, row: Int(row), column: Int(column))
        case 2: return MouseEvent(.wheelUp, row: Int(row), column: Int(column))
        case 3: return MouseEvent(.wheelDown, row: Int(row), column: Int(column))
        default: return nil
        }
    }
}
