extension String {
    /// The string with control characters (C0, DEL, C1, and line or paragraph separators)
    /// written as `\u{1B}`, so a service name cannot move the cursor or change colours when
    /// printed to a terminal or drawn by a renderer. Everything else, non-ASCII included, is kept.
    ///
    /// ```swift
    /// "Evil\u{1B}[2J".escapingControlCharacters  // Evil\u{1B}[2J (as visible text)
    /// ```
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlForDisplay) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isControlForDisplay {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    var isControlForDisplay: Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F) || value == 0x2028 || value == 0x2029
    }
}
