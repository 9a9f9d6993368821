import Injection

/// Text as a name search compares it: lowercased, and Latin letters without their accents
/// (`Café` → `cafe`, `Łódź` → `lodz`), as fzf matches Latin script by default, so a service named
/// with accents is found by typing its name on any keyboard. Other scripts are only lowercased.
///
/// ```swift
/// SearchFolding.fold("naïve Café")  // "naive cafe"
/// ```
enum SearchFolding {
    static func fold(_ text: some StringProtocol) -> String {
        let lower = text.lowercased()
        // Most names are ASCII: nothing to fold.
        if lower.utf8.allSatisfy({ $0 < 0x80 }) { return lower }
        var folded = ""
        for scalar in lower.unicodeScalars {
            switch scalar.value {
            case 0x300..<0x370: continue  // a combining accent (a decomposed `é`)
            case 0xC0..<0x180: folded += latin[Int(scalar.value) - 0xC0]
            default: folded.unicodeScalars.append(scalar)
            }
        }
        return folded
    }

    /// U+00C0…U+017F (Latin-1 Supplement letters and Latin Extended-A) without accents, lowercased;
    /// × and ÷ stay.
    private static let latin: [String] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "×", "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "÷", "o", "u", "u", "u", "u", "y", "th", "y",
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
        "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
        "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
        "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
        "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
        "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
    ]
}
