import Injection
/// Something wrong with one line of a trace, with the 1-based line number to look at.
///
/// An error means the line was skipped (or, for the header, that the trace cannot be trusted);
/// a warning means the line was read but something in it was ignored.
///
/// ```swift
/// let trace = try TraceReader.read(contentsOfFile: "/tmp/app.ndjson")
/// for diagnostic in trace.diagnostics { print(diagnostic) }
/// // line 7: warning: unknown record kind "teleported"; ignored
/// ```
public struct TraceDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case warning, error
    }

    public var severity: Severity
    /// The 1-based line the diagnostic is about.
    public var line: Int
    /// What is wrong, without the line number.
    public var message: String

    public init(_ severity: Severity, line: Int, _ message: String) {
        self.severity = severity
        self.line = line
        self.message = message
    }

    /// Whether this is the reader's report of an unfinished last line: what an app that crashed
    /// mid-write leaves, so a tool may treat it as a warning.
    public var isTruncatedLastLine: Bool { message.hasPrefix(TraceDiagnostic.truncatedLinePrefix) }

    static let truncatedLinePrefix = "truncated line:"

    /// `line 7: warning: unknown record kind "teleported"; ignored`
    public var description: String { "line \(line): \(severity.rawValue): \(message)" }
}
