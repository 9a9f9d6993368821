/// One terminal cell: a character and its style.
///
/// A wide character (two columns) is stored in its first cell with ``width`` 2; the cell to its
/// right is a continuation (``width`` 0) that a renderer skips.
struct Cell: Hashable, Sendable {
    var character: Character
    /// 1 for most characters, 2 for the lead cell of a wide character, 0 for its continuation.
    var width: UInt8
    var style: Style

    init(_ character: Character, width: UInt8 = 1, style: Style = .normal) {
        self.character = character
        self.width = width
        self.style = style
    }

    static let blank = Cell(" ")
    static let continuation = Cell(" ", width: 0)

    var isContinuation: Bool { width == 0 }
}
