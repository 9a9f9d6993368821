import SwiftSyntax

extension SyntaxProtocol {
    /// The node's text as written, without the leading trivia of its first token and the trailing
    /// trivia of its last: the same text as `trimmedDescription`, which builds a trimmed copy of
    /// the node first; this slices the tree's own bytes (BENCHMARKS.md, "Reading sources").
    var writtenText: String {
        let bytes = syntaxTextBytes
        // `trimmed` strips the trivia of the first and last tokens in every view, missing tokens
        // included; so does this.
        let leading = firstToken(viewMode: .all)?.leadingTriviaLength.utf8Length ?? 0
        let trailing = lastToken(viewMode: .all)?.trailingTriviaLength.utf8Length ?? 0
        guard leading + trailing < bytes.count else { return "" }
        return String(decoding: bytes[leading..<(bytes.count - trailing)], as: UTF8.self)
    }
}
