extension String {
    /// The string with every character that could steer a terminal, reorder text or make two
    /// names look alike written as `\u{1B}`: C0 and C1 controls, DEL, line separators, bidi
    /// controls and invisible characters. Everything else, non-ASCII included, is kept.
    ///
    /// The one escaper for text from a trace on its way to a terminal, stderr or a text file.
    ///
    /// ```swift
    /// let shown = "Evil\u{1B}[2J".escapingControlCharacters  // Evil\u{1B}[2J, as visible text
    /// ```
    public var escapingControlCharacters: String {
        // A byte pass first: most text has nothing to escape.
        guard utf8.contains(where: Self.mayStartControlForDisplay),
              unicodeScalars.contains(where: { $0.isControlForDisplay }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isControlForDisplay {
                // `\u{1B}`: the visible form of a scalar that must not reach a terminal.
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a UTF-8 byte can begin a character that ``escapingControlCharacters`` escapes:
    /// a C0 control or DEL, or the lead byte of U+0080–U+00BF (C1 controls, soft hyphen),
    /// U+061C, U+2000–U+2FFF (marks, separators, bidi controls, word joiner) or U+FEFF.
    static func mayStartControlForDisplay(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
    }

    /// ``escapingControlCharacters`` for text made of lines: the line breaks the text itself
    /// is made of are kept, every other control character is escaped.
    ///
    /// ```swift
    /// let shown = "a\u{1B}]52;c;x\u{07}\nb".escapingControlCharacters(keepingNewlines: true)  // a\u{1B}]52;c;x\u{07} / b
    /// ```
    public func escapingControlCharacters(keepingNewlines: Bool) -> String {
        guard keepingNewlines else { return escapingControlCharacters }
        // Passes over the bytes, then the scalars, first: most reports hold nothing to escape but
        // their line breaks, and then splitting and joining them gives them back unchanged.
        guard utf8.contains(where: { $0 != 0x0A && Self.mayStartControlForDisplay($0) }),
              unicodeScalars.contains(where: { $0 != "\n" && $0.isControlForDisplay }) else { return self }
        guard contains("\n") else { return escapingControlCharacters }
        return split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }
            .joined(separator: "\n")
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is shown escaped (see ``Swift/String/escapingControlCharacters``).
    package var isControlForDisplay: Bool {
        switch value {
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F: true  // bidi marks
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
        // Invisible inside a name: `Logger` and `Log\u{200B}ger` would show as one service.
        case 0x00AD, 0x200B, 0x2060, 0xFEFF: true  // soft hyphen, zero-width space, word joiner, ZWNBSP
        default: false
        }
    }
}
