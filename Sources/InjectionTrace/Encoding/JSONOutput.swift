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
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            number(UInt64(value.magnitude))
        } else {
            number(UInt64(value))
        }
    }

    /// Writes `value` as a JSON string: `"` and `\` escaped, newline, return and tab as `\n`,
    /// `\r`, `\t`, every other control character (and DEL) as `\u00XX`, everything else (valid UTF-8, as every Swift `String` is) passed through.
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
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
                else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                escape(byte)
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            bytes.append(byte)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
