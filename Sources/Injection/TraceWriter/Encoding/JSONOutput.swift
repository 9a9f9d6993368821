/// Appends JSON text to a byte buffer: the small, allocation-free writer behind ``TraceEncoder``,
/// and the package's one JSON string escaper (the graph's JSON exports write strings with it).
///
/// Hand-written rather than Foundation's `JSONEncoder` because the runtime has no dependencies
/// and the trace writer encodes every event: strings go out in runs of bytes that need no
/// escaping, numbers are formatted without building a `String`.
package struct JSONOutput {
    package var bytes: [UInt8]

    package init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Writes `"key":` after a comma (every object this encoder writes starts with a fixed
    /// first field, so every later key is preceded by one).
    @inline(__always)
    mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `,"name":"value"`; nothing when nil (the format leaves absent fields out, never `null`).
    @inline(__always)
    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    @inline(__always)
    mutating func field(_ name: StaticString, _ value: UInt64) {
        key(name)
        number(value)
    }

    @inline(__always)
    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        number(value)
    }

    /// `,"name":true`.
    mutating func flag(_ name: StaticString) {
        key(name)
        raw("true")
    }

    mutating func number(_ value: UInt64) {
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        let first = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var rest = value
        var index = first + digits - 1
        while rest > 0 {
            bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            index -= 1
        }
    }

    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        number(UInt64(value.magnitude))
    }

    /// Writes `value` as a JSON string: `"` and `\` escaped, newline, return and tab as `\n`,
    /// `\r`, `\t`, every other control character (and DEL) as `\u00XX`, and the C1 controls,
    /// line separators, bidi controls and invisible characters (what the display escapes,
    /// `isControlForDisplay`) as `\uXXXX` (valid JSON either way, but escaped text cannot steer
    /// a terminal it is printed to or hide in a name); everything else (valid UTF-8, as every
    /// Swift `String` is) passed through.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        stringContents(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escaped text of `value` without the surrounding quotes.
    mutating func stringContents(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                // Only a quote, a backslash or a byte the display escaper may escape leaves the run.
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || String.mayStartControlForDisplay(byte)
                else {
                    index += 1
                    continue
                }
                if byte >= 0x80 {
                    let (scalar, length) = Self.scalar(in: utf8, at: index)
                    guard scalar.isControlForDisplay else {
                        index += length
                        continue
                    }
                    if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                    unicodeEscape(UInt16(truncatingIfNeeded: scalar.value))
                    index += length
                    runStart = index
                    continue
                }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                escape(byte)
                index += 1
                runStart = index
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
    }

    /// The scalar whose UTF-8 starts at `index` (a 2- or 3-byte lead), and its length.
    private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(utf8[index])
        if lead < 0xE0, index + 1 < utf8.count {
            return (Unicode.Scalar(((lead & 0x1F) << 6) | (UInt32(utf8[index + 1]) & 0x3F)) ?? " ", 2)
        }
        guard index + 2 < utf8.count else { return (" ", 1) }
        let value = ((lead & 0x0F) << 12) | ((UInt32(utf8[index + 1]) & 0x3F) << 6) | (UInt32(utf8[index + 2]) & 0x3F)
        return (Unicode.Scalar(value) ?? " ", 3)
    }

    private mutating func unicodeEscape(_ value: UInt16) {
        let hex: StaticString = "0123456789abcdef"
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        hex.withUTF8Buffer { digits in
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(digits[Int((value >> UInt16(shift)) & 0x0F)])
            }
        }
    }

    private mutating func escape(_ byte: UInt8) {
        let letter: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter = byte
        case UInt8(ascii: "\n"): letter = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): letter = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): letter = UInt8(ascii: "t")
        default: return unicodeEscape(UInt16(byte))
        }
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
    }
}
