/// How many terminal columns text takes, computed the same way everywhere so that tests, the
/// canvas, the terminal and the command line's aligned tables (`di-inspect list`) agree.
///
/// Wide characters (CJK, most emoji) take two columns; combining marks ride on the character
/// before them (Swift's `Character` is already a grapheme cluster); control characters take none.
///
/// ```swift
/// TextWidth.of("日本")                 // 4
/// TextWidth.truncate("NetworkService", to: 8)  // "Network…"
/// ```
package enum TextWidth {
    /// The columns one character takes: 0, 1 or 2.
    package static func of(_ character: Character) -> Int {
        if character.isASCII {
            let value = character.asciiValue ?? 0
            return value < 0x20 || value == 0x7F ? 0 : 1
        }
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(scalar: first)
    }

    /// The columns a whole string takes.
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether `text` takes at most `width` columns: stops at the first column past it, so a
    /// megabyte-long name costs what fits on a screen, not its length.
    package static func fits(_ text: some StringProtocol, in width: Int) -> Bool {
        var total = 0
        for character in text {
            total += of(character)
            if total > width { return false }
        }
        return true
    }

    /// The columns a single scalar takes (the first scalar of a grapheme decides).
    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    static func truncate(_ text: some StringProtocol, to width: Int) -> String {
        guard width > 0 else { return "" }
        if fits(text, in: width) { return String(text) }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` cut in the middle to at most `width` columns, `…` where it was cut, the start and
    /// the end kept (the end gets the odd column): for names that differ only at their end, such
    /// as numbered or suffixed services sharing a long prefix, which a cut at the end makes look
    /// the same.
    ///
    /// ```swift
    /// TextWidth.truncateMiddle("Repository.cartRepositoryMock", to: 16)  // "Reposit…toryMock"
    /// ```
    static func truncateMiddle(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if fits(text, in: width) { return text }
        let tailWidth = (width - 1) - (width - 1) / 2
        var tail: [Character] = []
        var used = 0
        for character in text.reversed() {
            let w = of(character)
            if used + w > tailWidth { break }
            tail.append(character)
            used += w
        }
        return truncate(text.dropLast(tail.count), to: width - used) + String(tail.reversed())
    }

    /// `text` cut from the left to at most `width` columns, `…` first when cut: for a breadcrumb
    /// or a path, whose end is what matters.
    ///
    /// ```swift
    /// TextWidth.truncateLeading("Services › Cart › Dependencies", to: 18)  // "…art › Dependencies"
    /// ```
    static func truncateLeading(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if fits(text, in: width) { return text }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let w = of(character)
            if used + w > width - 1 { break }
            kept.append(character)
            used += w
        }
        return "…" + String(kept.reversed())
    }

    /// `text` padded with spaces (or truncated) to exactly `width` columns.
    static func pad(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
        let cut = truncate(text, to: width)
        let gap = max(0, width - of(cut))
        switch alignment {
        case .leading: return cut + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + cut
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: gap - left)
        }
    }

    /// East Asian Wide and Fullwidth ranges, and the emoji blocks terminals draw two columns wide.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
            0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
            0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
            0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
            0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18AFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320,
            0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
            0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440,
            0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A,
            0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
            0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
            0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
            0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Where text sits in a cell range wider than the text.
enum Alignment: Sendable, Hashable {
    case leading, trailing, center
}
