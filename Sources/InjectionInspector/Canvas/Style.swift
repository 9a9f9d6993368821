/// How a cell looks, said by meaning rather than by color: the terminal driver maps a ``Role``
/// to a color pair (8 or 256 colors) or, with `NO_COLOR`, to attributes only.
///
/// ```swift
/// canvas.put("⚠ 2 missing", row: 0, column: 0, style: Style(.warning, .bold))
/// ```
struct Style: Hashable, Sendable {
    /// What the text is, which decides its color.
    var role: Role
    /// Attributes on top of the role's own.
    var emphasis: Emphasis

    init(_ role: Role = .normal, _ emphasis: Emphasis = []) {
        self.role = role
        self.emphasis = emphasis
    }

    static let normal = Style()

    /// The same style with more emphasis.
    func with(_ extra: Emphasis) -> Style { Style(role, emphasis.union(extra)) }
}

/// What a piece of text is on screen. Each role has one color and one attribute-only rendering.
enum Role: UInt8, Hashable, Sendable, CaseIterable {
    case normal
    /// The header bar and the key bar.
    case chrome
    /// Titles of panes and columns.
    case title
    /// The selected row in the focused pane.
    case selection
    /// The selected row in a pane without focus.
    case inactiveSelection
    /// Secondary text: locations, timing, hints.
    case dim
    /// Names and things to look at.
    case accent
    case warning
    case error
    case success
    /// A row that just changed.
    case changed
    case border
    /// A key name in the key bar or help.
    case key
    /// The active tab.
    case activeTab
    /// Text matching the filter.
    case match

    /// A one-letter code for ``Canvas/styleDump()``.
    var code: Character {
        switch self {
        case .normal: " "
        case .chrome: "c"
        case .title: "t"
        case .selection: "S"
        case .inactiveSelection: "s"
        case .dim: "d"
        case .accent: "a"
        case .warning: "W"
        case .error: "E"
        case .success: "o"
        case .changed: "C"
        case .border: "b"
        case .key: "k"
        case .activeTab: "T"
        case .match: "m"
        }
    }
}

/// Attributes that work on every terminal, with or without colors.
struct Emphasis: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    static let bold = Emphasis(rawValue: 1 << 0)
    static let reverse = Emphasis(rawValue: 1 << 1)
    static let underline = Emphasis(rawValue: 1 << 2)
    static let dim = Emphasis(rawValue: 1 << 3)
}
