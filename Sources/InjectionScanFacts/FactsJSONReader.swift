/// Reads one facts line written as ``FactsJSONWriter`` writes it (and any JSON object with the
/// same fields, in any order, with whitespace), straight into the fact types, without
/// `JSONDecoder`'s containers (BENCHMARKS.md, "Reading sources"). Unknown fields are skipped.
/// Anything it does not take (a number with a fraction, a lone surrogate, bytes that are not
/// UTF-8, a missing field, a type mismatch) throws ``Unread``: ``ScanFactsReader`` then reads that
/// line with `JSONDecoder`, whose result and error words stay the reader's.
struct FactsJSONReader {
    /// The line is not one this reader takes; `JSONDecoder` reads it instead.
    struct Unread: Error {}

    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    /// Reads the whole line with `read`; only whitespace may follow.
    static func read<T>(_ bytes: ArraySlice<UInt8>, _ read: (inout FactsJSONReader) throws -> T) throws -> T {
        var reader = FactsJSONReader(bytes)
        let value = try read(&reader)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.endIndex else { throw Unread() }
        return value
    }

    // MARK: Structure

    private mutating func skipWhitespace() {
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipWhitespace()
        guard index < bytes.endIndex, bytes[index] == byte else { throw Unread() }
        index += 1
    }

    /// Whether the next byte (after whitespace) is `byte`; consumed when it is.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.endIndex, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// An object: `field` is called with each key and must read its value (or ``skipValue()``).
    mutating func object(_ field: (inout FactsJSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try field(&self, key)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    mutating func array<Element>(_ element: (inout FactsJSONReader) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        var elements: [Element] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            elements.append(try element(&self))
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return elements
    }

    /// Whether the value is `null` (consumed), for an optional field: `JSONDecoder` reads it as absent.
    mutating func null() -> Bool {
        skipWhitespace()
        let word = Array("null".utf8)
        guard bytes[index...].starts(with: word) else { return false }
        index += word.count
        return true
    }

    /// Any value, read and dropped (a field this reader does not know).
    mutating func skipValue() throws {
        skipWhitespace()
        guard index < bytes.endIndex else { throw Unread() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "["): _ = try array { reader in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard null() else { throw Unread() }
        default:
            // A number of any shape.
            let start = index
            while index < bytes.endIndex, Self.isNumberByte(bytes[index]) { index += 1 }
            guard index > start else { throw Unread() }
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    // MARK: Values

    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var plain = true
        var ascii = true
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if plain {
                    // Not UTF-8: JSONDecoder's error.
                    guard let text = ascii ? String(decoding: bytes[start..<index], as: UTF8.self)
                        : String(validating: bytes[start..<index], as: UTF8.self) else { throw Unread() }
                    index += 1
                    return text
                }
                break
            }
            guard byte >= 0x20 else { throw Unread() }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                plain = false
                index += 1
            }
            index += 1
        }
        guard index < bytes.endIndex else { throw Unread() }
        // Escapes: rare (control characters, quotes, backslashes in names from the sources).
        var unescaped: [UInt8] = []
        var position = start
        while position < index {
            let byte = bytes[position]
            position += 1
            guard byte == UInt8(ascii: "\\") else {
                unescaped.append(byte)
                continue
            }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try hexUnit(at: &position, before: index)
                var value = UInt32(unit)
                if (0xD800..<0xDC00).contains(unit) {
                    // A surrogate pair: `\uD83D\uDE00`.
                    guard position + 1 < index, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else { throw Unread() }
                    position += 2
                    let low = try hexUnit(at: &position, before: index)
                    guard (0xDC00..<0xE000).contains(low) else { throw Unread() }
                    value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                }
                // A lone low surrogate: JSONDecoder's error.
                guard let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else { throw Unread() }
                unescaped.append(contentsOf: encoded)
            default: throw Unread()
            }
        }
        index += 1
        guard let text = String(validating: unescaped, as: UTF8.self) else { throw Unread() }
        return text
    }

    /// The four hex digits of a `\u` escape at `position` (before `end`), moving past them.
    private func hexUnit(at position: inout Int, before end: Int) throws -> UInt16 {
        guard position + 4 <= end else { throw Unread() }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unread()
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    mutating func int() throws -> Int {
        skipWhitespace()
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow, !overflowed else { throw Unread() }
            value = sum
            index += 1
        }
        // No digits, or a leading zero (`01`): JSONDecoder's error.
        guard index > start, bytes[start] != UInt8(ascii: "0") || index == start + 1 else { throw Unread() }
        // A fraction or an exponent: JSONDecoder decides whether it is an Int.
        if index < bytes.endIndex, Self.isNumberByte(bytes[index]) { throw Unread() }
        return negative ? -value : value
    }

    mutating func bool() throws -> Bool {
        skipWhitespace()
        for (word, value) in [("true", true), ("false", false)] where bytes[index...].starts(with: word.utf8) {
            index += word.utf8.count
            return value
        }
        throw Unread()
    }

    mutating func strings() throws -> [String] { try array { try $0.string() } }

    mutating func word<Word: FactVocabulary>() throws -> Word { Word(rawValue: try string()) }

    /// An optional field's value: nil for `null`.
    mutating func optional<Value>(_ read: (inout FactsJSONReader) throws -> Value) throws -> Value? {
        null() ? nil : try read(&self)
    }
}

/// A required field the line lacks: `JSONDecoder` reads the line and names it.
func required<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw FactsJSONReader.Unread() }
    return value
}
