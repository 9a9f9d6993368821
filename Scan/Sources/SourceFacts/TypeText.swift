import InjectionScanFacts
import SwiftSyntax

/// Type and expression text as the facts carry it: whitespace collapsed, `any`/`some` and
/// `.self`/`.Type` dropped, optionals unwrapped.
enum TypeText {
    /// `an APIError`, `a UITableView`: a type name with the article its first letter asks for
    /// (`U` as in "you", as type names mostly read).
    static func withArticle(_ type: String) -> String {
        guard let first = type.first, "AEIOaeio".contains(first) else { return "a \(type)" }
        return "an \(type)"
    }

    static func normalize(_ type: TypeSyntax) -> String {
        normalize(type.writtenText)
    }

    /// `A?`, `A!`, `Optional<A>`: a type a resolve may answer with nil.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        return collapse(type.writtenText).hasPrefix("Optional<")
    }

    static func normalize(_ text: String) -> String {
        var text = collapse(text)
        for suffix in [".self", ".Type"] where text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("("), text.hasSuffix(")"), !text.contains(",") { text = String(text.dropFirst().dropLast()) }
        for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { text = String(text.dropFirst(9).dropLast()) }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        return text
    }

    /// Whitespace runs (newlines, comments' indentation) become one space.
    static func collapse(_ text: String) -> String {
        // Most text is ASCII (type names, expressions): bytes, and no copy when nothing collapses.
        var ascii = true
        var spaced = false
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if Self.isASCIIWhitespace(byte) { spaced = true }
        }
        if ascii {
            guard spaced else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if Self.isASCIIWhitespace(byte) {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    /// `Character.isWhitespace` for ASCII: tab, line feed, vertical tab, form feed, carriage
    /// return, space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The type named by `X.self` (or `X.Type.self`), nil for any other expression.
    static func metatype(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        else { return nil }
        return normalize(base.writtenText)
    }

    /// The type a constructor call builds: `X(…)`, `Module.X(…)`, `X.init(…)`, `X<T>(…)`; nil
    /// when the callee does not start with a capital (a function call).
    static func constructedType(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
            callee = base
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            return isTypeName(generic.expression) ? collapse(generic.writtenText) : nil
        }
        return isTypeName(callee) ? collapse(callee.writtenText) : nil
    }

    static func isTypeName(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return member.declName.baseName.text.first?.isUppercase == true && isTypeName(base)
        }
        return false
    }

    /// A scope as written, with the word the extractor knows (`.application` → `application`).
    static func scope(_ expression: ExprSyntax) -> ScopeFact {
        let written = collapse(expression.writtenText)
        var word = written
        if let call = expression.as(FunctionCallExprSyntax.self) { word = collapse(call.calledExpression.writtenText) }
        let last = word.split(separator: ".").last.map(String.init) ?? word
        return ScopeFact(written: written, normalized: knownScopes.contains(last) ? last : nil)
    }

    static let knownScopes: Set<String> = [
        "unique", "graph", "cached", "shared", "singleton", "application", "container", "weak", "transient",
        "newSingleton", "new", "automatic", "session",
    ]

    /// A string literal's value when it has no interpolation.
    /// The string a value is built from: `"fred"`, `Self("fred")`, `Name("fred")`,
    /// `.init("fred")`, `Resolver.Name(rawValue: "fred")`, `.name(fromString: "fred")`.
    static func builtFromLiteral(_ expression: ExprSyntax) -> String? {
        if let value = literal(expression) { return value }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.trailingClosure == nil,
            let argument = call.arguments.first, [nil, "rawValue", "fromString"].contains(argument.label?.text)
        else { return nil }
        // Only a name type's own initialisers, never any function given a string.
        var callee = collapse(call.calledExpression.writtenText)
        for suffix in [".init", ".name"] where callee.hasSuffix(suffix) { callee.removeLast(suffix.count) }
        guard ["", "Self", "Name"].contains(callee) || callee.hasSuffix(".Name") else { return nil }
        return literal(argument.expression)
    }

    static func literal(_ expression: ExprSyntax) -> String? {
        guard let string = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in string.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }
}
