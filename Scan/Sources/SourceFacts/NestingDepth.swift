/// The deepest bracket nesting in a file, read from its bytes before parsing.
///
/// swift-syntax stops at its nesting limit only at declarations and statements; an expression
/// nested 100 000 parentheses deep would still recurse the parser down to a stack overflow. So
/// files deeper than the limit are reported and not parsed. Comments and string literals are
/// skipped roughly: a miscount costs one file a note, never a crash.
///
/// Generic brackets count by their closing run: `A<A<…B>>…>` ends in one run of `>` that the
/// lexer splits one bracket at a time, re-reading the rest of the run each time (time grows with
/// the square of the run), and no file nests generics past the limit. A `<` alone may be a
/// comparison, so opening ones are not counted.
///
/// Square brackets have a limit of their own, far lower: swift-syntax's lookahead tries each
/// `[` as an array and as a dictionary, so its time doubles with every level of `[[[…]]]` (in a
/// type or a literal), while code nests them a few deep.
enum NestingDepth {
    /// The deepest `[` nesting parsed: a few dozen milliseconds of lookahead at most.
    static let squareBracketLimit = 12

    enum Excess {
        case brackets
        case squareBrackets
    }

    /// The first line where nesting passes `limit` (or the square-bracket limit), and which.
    static func excess(_ limit: Int, in bytes: [UInt8]) -> (line: Int, excess: Excess?) {
        var depth = 0
        var squareDepth = 0
        var line = 1
        var index = 0
        var closingAngles = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x3E {  // >
                closingAngles += 1
                if closingAngles > limit { return (line, .brackets) }
            } else {
                closingAngles = 0
            }
            switch byte {
            case 0x0A: line += 1
            case 0x28, 0x5B, 0x7B:  // ( [ {
                depth += 1
                if depth > limit { return (line, .brackets) }
                if byte == 0x5B {
                    squareDepth += 1
                    if squareDepth > squareBracketLimit { return (line, .squareBrackets) }
                }
            case 0x29, 0x5D, 0x7D:  // ) ] }
                depth = max(0, depth - 1)
                if byte == 0x5D { squareDepth = max(0, squareDepth - 1) }
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2F:  // line comment
                while index < count && bytes[index] != 0x0A { index += 1 }
                continue
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2A:  // block comment
                index += 2
                while index + 1 < count && !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index += 2
                continue
            case 0x22:  // a string literal on one line
                index += 1
                while index < count && bytes[index] != 0x22 && bytes[index] != 0x0A {
                    if bytes[index] == 0x5C { index += 1 }
                    index += 1
                }
            default: break
            }
            index += 1
        }
        return (line, nil)
    }
}
