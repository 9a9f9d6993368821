/// How much color the terminal gets.
///
/// ```swift
/// let mode = ColorMode.choose(colors: 256, noColorFlag: false, environment: ["NO_COLOR": "1"])
/// // .attributesOnly: NO_COLOR wins
/// ```
enum ColorMode: Sendable, Hashable {
    /// Bold, reverse, underline and dim only: `NO_COLOR`, `--no-color`, or a monochrome terminal.
    case attributesOnly
    /// The eight ANSI colors.
    case basic
    /// 256 colors.
    case extended

    /// Decides from the terminal's color count, the `--no-color` flag and `NO_COLOR` (set and
    /// not empty, as https://no-color.org says).
    static func choose(colors: Int, noColorFlag: Bool, environment: [String: String]) -> ColorMode {
        if noColorFlag { return .attributesOnly }
        if let value = environment["NO_COLOR"], !value.isEmpty { return .attributesOnly }
        if colors >= 256 { return .extended }
        if colors >= 8 { return .basic }
        return .attributesOnly
    }
}
