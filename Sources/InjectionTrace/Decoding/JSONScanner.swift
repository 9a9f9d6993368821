#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// A cursor over the bytes of one JSON line, reading tokens in place.
///
/// The trace reader targets a million events a second, so there is no intermediate tree:
/// the decoder asks for exactly the value it expects next (a string, an integer, an object's
/// next key) and strings without escapes become `String`s straight from the buffer.
struct JSONScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    var index = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = buffer.count
    }

    // MARK: - Structure

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < end ? base[index] : nil
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(TraceLineError) {
        skipWhitespace()
        guard index < end, base[index] == byte else { throw syntaxError("expected \(what())") }
        index += 1
    }

    /// Consumes `byte` if it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    /// Iterates an object's members: call after `{` was consumed; returns each key as raw bytes
    /// (the caller then reads the value), nil after the closing `}`.
    mutating func nextKey(first: inout Bool) throws(TraceLineError) -> UnsafeBufferPointer<UInt8>? {
        if first {
            first = false
            if consume(UInt8(ascii: "}")) { return nil }
        } else {
            skipWhitespace()
            guard index < end else { throw syntaxError("expected ',' or '}' in an object") }
            if base[index] == UInt8(ascii: "}") {
                index += 1
                return nil
            }
            guard base[index] == UInt8(ascii: ",") else { throw syntaxError("expected ',' or '}' in an object") }
            index += 1
        }
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
        let key = try rawStringBytes()
        try expect(UInt8(ascii: ":"), "':' after a key")
        return key
    }

    /// Iterates an array's elements: call after `[` was consumed; true while another element
    /// follows.
    mutating func nextElement(first: inout Bool) throws(TraceLineError) -> Bool {
        if first {
            first = false
            return !consume(UInt8(ascii: "]"))
        }
        skipWhitespace()
        guard index < end else { throw syntaxError("expected ',' or ']' in an array") }
        if base[index] == UInt8(ascii: "]") {
            index += 1
            return false
        }
        guard base[index] == UInt8(ascii: ",") else { throw syntaxError("expected ',' or ']' in an array") }
        index += 1
        return true
    }

    /// What follows the value: only whitespace may.
    mutating func expectEnd() throws(TraceLineError) {
        skipWhitespace()
        guard index == end else { throw syntaxError("unexpected text after the object") }
    }

    // MARK: - Values

    /// A string value. Without escapes it is taken straight from the buffer; UTF-8 is validated.
    mutating func string() throws(TraceLineError) -> String {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a string") }
        let start = index + 1
        var cursor = start
        var high: UInt8 = 0
        while cursor < end {
            let byte = base[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                let bytes = UnsafeBufferPointer(start: base + start, count: cursor - start)
                if high < 0x80 { return String(decoding: bytes, as: UTF8.self) }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    index = start - 1
                    throw invalidUTF8()
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 {
                index = cursor
                throw syntaxError("unescaped control character in a string")
            }
            high |= byte
            cursor += 1
        }
        index = end
        throw syntaxError("unterminated string")
    }

    /// The bytes of a string value that has no escapes and is plain ASCII (enum-like values such
    /// as `kind` and `scope`, matched without making a `String`); nil, consuming nothing, otherwise.
    mutating func plainStringBytes() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "\"") else { return nil }
        var cursor = index + 1
        while cursor < end {
            let byte = base[cursor]
            if byte == UInt8(ascii: "\"") {
                let bytes = UnsafeBufferPointer(start: base + index + 1, count: cursor - index - 1)
                index = cursor + 1
                return bytes
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            cursor += 1
        }
        return nil
    }

    /// The slow path: a string with escapes, decoded byte by byte.
    private mutating func escapedString(from start: Int) throws(TraceLineError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        index = start
        while index < end {
            let byte = base[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    index = start - 1
                    throw invalidUTF8()
                }
                return text
            case UInt8(ascii: "\\"):
                guard index < end else { break }
                let escaped = base[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u")
                        else { throw syntaxError("unpaired surrogate in \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw syntaxError("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw syntaxError("unpaired surrogate in \\u escape")
                    }
                    bytes.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [])
                default:
                    index -= 2
                    throw syntaxError("invalid escape")
                }
            default:
                if byte < 0x20 {
                    index -= 1
                    throw syntaxError("unescaped control character in a string")
                }
                bytes.append(byte)
            }
        }
        throw syntaxError("unterminated string")
    }

    private mutating func hex4() throws(TraceLineError) -> UInt32 {
        guard index + 4 <= end else { throw syntaxError("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntaxError("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The bytes between the quotes of a key. Keys the trace format knows never need escapes;
    /// an escaped key is decoded and re-stored so it can still be reported.
    private mutating func rawStringBytes() throws(TraceLineError) -> UnsafeBufferPointer<UInt8> {
        let start = index + 1
        var cursor = start
        while cursor < end {
            let byte = base[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return UnsafeBufferPointer(start: base + start, count: cursor - start)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
                // Rare: validate it as a string, and report it as a key nobody knows.
                _ = try string()
                return UnsafeBufferPointer(start: base + start, count: index - 1 - start)
            }
            cursor += 1
        }
        index = end
        throw syntaxError("unterminated key")
    }

    /// An unsigned integer (no sign, fraction or exponent).
    mutating func unsigned(_ field: StaticString) throws(TraceLineError) -> UInt64 {
        skipWhitespace()
        var value: UInt64 = 0
        let start = index
        while index < end {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1 && !overflow2 else { throw TraceLineError("\"\(field)\" is too large") }
            value = sum
            index += 1
        }
        guard index > start, index == end || !isNumberContinuation(base[index]) else {
            index = start
            throw TraceLineError("\"\(field)\" must be a non-negative integer")
        }
        return value
    }

    /// A signed integer that fits in `Int`.
    mutating func integer(_ field: StaticString) throws(TraceLineError) -> Int {
        let negative = consume(UInt8(ascii: "-"))
        let magnitude = try unsigned(field)
        guard magnitude <= UInt64(Int.max) else { throw TraceLineError("\"\(field)\" is too large") }
        return negative ? -Int(magnitude) : Int(magnitude)
    }

    private func isNumberContinuation(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "\"") || (byte >= 0x41 && byte <= 0x7A)
    }

    /// Skips any JSON value (an unknown field's), checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(TraceLineError) {
        guard depth < 64 else { throw syntaxError("nesting deeper than 64 levels") }
        guard let byte = peek() else { throw syntaxError("expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"):
            index += 1
            var first = true
            while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            index += 1
            var first = true
            while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            index += 1
            while index < end, isNumberByte(base[index]) { index += 1 }
        default:
            throw syntaxError("expected a value")
        }
    }

    mutating func boolean(_ field: StaticString) throws(TraceLineError) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            throw TraceLineError("\"\(field)\" is not true or false")
        }
    }

    private func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    private mutating func literal(_ word: StaticString) throws(TraceLineError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= end, memcmp(base + index, word.utf8Start, count) == 0 else {
            throw syntaxError("expected a value")
        }
        index += count
    }

    /// The bytes of the flat object that starts here (`{` up to its `}`; strings may hold
    /// braces, nested objects or arrays are not expected): nil, consuming nothing, if it is not
    /// a flat object or does not end on this line.
    mutating func flatObjectBytes() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "{") else { return nil }
        var cursor = index + 1
        var inString = false
        while cursor < end {
            let byte = base[cursor]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    cursor += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "}") {
                return UnsafeBufferPointer(start: base + index, count: cursor + 1 - index)
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                return nil
            }
            cursor += 1
        }
        return nil
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func consumeNull() -> Bool {
        skipWhitespace()
        guard index + 4 <= end, memcmp(base + index, "null", 4) == 0 else { return false }
        index += 4
        return true
    }

    // MARK: - Errors

    func syntaxError(_ message: String) -> TraceLineError {
        TraceLineError("invalid JSON at column \(index + 1): \(message)")
    }

    func invalidUTF8() -> TraceLineError {
        TraceLineError("invalid UTF-8 in the string at column \(index + 1)")
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes spell `text` (keys are compared without making `String`s).
    @inline(__always)
    func equals(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && memcmp(baseAddress!, text.utf8Start, count) == 0
    }
}
