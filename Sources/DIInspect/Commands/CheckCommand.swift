import InjectionTrace
import ArgumentParser
import InjectionGraph

/// `di-inspect check FILE [--json]`: every problem in a trace.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report missing registrations, cycles, scope mismatches and override problems.",
        discussion: """
            Exits with 0 when the trace is clean, 1 when problems were found, and 2 when the file \
            cannot be read or is not a valid trace.

              $ di-inspect check trace.ndjson
              1 problem in sample-app (pid 4242): 1 missing registration
            """)

    @Argument(help: "The trace file (NDJSON) written by 'di-inspect record' or DI_INSPECT=file:….")
    var file: String

    @Flag(help: "Print the report as JSON (schema in docs/CHECK_JSON.md).")
    var json = false

    func run() throws {
        let report = try loadGraph(file).check()
        print(json ? report.json : report.text.escapingControlCharacters(keepingNewlines: true), terminator: "")
        if !report.isClean { throw ExitCode(1) }
    }
}

extension String {
    /// Control characters escaped, except the line breaks the text itself is made of.
    func escapingControlCharacters(keepingNewlines: Bool) -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }
            .joined(separator: "\n")
    }
}
