// The one place the CLI reads trace files.

import InjectionTrace
import InjectionGraph

/// A trace file as the commands use it.
struct LoadedTrace {
    var header: TraceHeader
    /// Every record, the header first.
    var records: [TraceRecord]
    /// Problems the reader skipped over (bad lines, unknown kinds), with their line numbers.
    var warnings: [(line: Int, message: String)]
}

/// Reads and decodes the trace at `path`.
///
/// - Throws: ``TraceReadError`` (its `description` names the file, the line and what is wrong)
///   when the file cannot be read or is not a trace at all.
func loadTrace(atPath path: String) throws -> LoadedTrace {
    let file = try TraceReader.read(contentsOfFile: path)
    return LoadedTrace(
        header: file.header, records: [.header(file.header)] + file.records,
        warnings: file.diagnostics.map { ($0.line, "\($0.severity): \($0.message)") })
}
