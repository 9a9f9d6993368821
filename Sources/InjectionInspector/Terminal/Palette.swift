/// The colors and attributes each ``Role`` gets in each ``ColorMode``.
///
/// Colors are curses color numbers (-1 is the terminal's default, kept by
/// `use_default_colors`). In ``ColorMode/attributesOnly`` every role is told apart by
/// attributes alone, so the screen still reads without color.
///
/// ```swift
/// let look = Palette.look(for: .warning, mode: .basic)  // yellow on default, bold
/// ```
enum Palette {
    /// What one role looks like.
    struct Look: Sendable, Hashable {
        var foreground: Int16
        var background: Int16
        var emphasis: Emphasis
        init(_ foreground: Int16, _ background: Int16, _ emphasis: Emphasis = []) {
            self.foreground = foreground
            self.background = background
            self.emphasis = emphasis
        }
    }

    // curses color numbers
    static let black: Int16 = 0, red: Int16 = 1, green: Int16 = 2, yellow: Int16 = 3
    static let blue: Int16 = 4, magenta: Int16 = 5, cyan: Int16 = 6, white: Int16 = 7, none: Int16 = -1

    static func look(for role: Role, mode: ColorMode) -> Look {
        switch mode {
        case .attributesOnly:
            switch role {
            case .normal, .border: return Look(none, none)
            case .chrome: return Look(none, none, .reverse)
            case .title, .accent, .key: return Look(none, none, .bold)
            case .selection, .activeTab: return Look(none, none, [.reverse, .bold])
            case .inactiveSelection: return Look(none, none, .underline)
            case .dim: return Look(none, none, .dim)
            case .warning, .error: return Look(none, none, [.bold, .underline])
            case .success: return Look(none, none, .bold)
            case .changed, .match: return Look(none, none, [.bold, .underline])
            }
        case .basic:
            switch role {
            case .normal: return Look(none, none)
            case .chrome: return Look(black, white)
            case .title: return Look(cyan, none, .bold)
            case .selection: return Look(black, cyan)
            case .inactiveSelection: return Look(none, none, .underline)
            case .dim: return Look(none, none, .dim)
            case .accent: return Look(cyan, none)
            case .warning: return Look(yellow, none, .bold)
            case .error: return Look(red, none, .bold)
            case .success: return Look(green, none, .bold)
            case .changed: return Look(black, yellow)
            case .border: return Look(blue, none)
            case .key: return Look(blue, white, .bold)
            case .activeTab: return Look(white, blue, .bold)
            case .match: return Look(black, green)
            }
        case .extended:
            switch role {
            case .normal: return Look(none, none)
            case .chrome: return Look(252, 236)
            case .title: return Look(117, none, .bold)
            case .selection: return Look(16, 117)
            case .inactiveSelection: return Look(255, 238)
            case .dim: return Look(245, none)
            case .accent: return Look(117, none)
            case .warning: return Look(214, none, .bold)
            case .error: return Look(203, none, .bold)
            case .success: return Look(114, none, .bold)
            case .changed: return Look(16, 222)
            case .border: return Look(240, none)
            case .key: return Look(222, 236, .bold)
            case .activeTab: return Look(16, 75, .bold)
            case .match: return Look(16, 114)
            }
        }
    }
}
