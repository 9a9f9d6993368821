import Injection
import InjectionTrace
import ArgumentParser
import InjectionGraph

/// `di-inspect check FILE [--format text|json|xcode|github|sarif]`: every problem in a trace.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report missing registrations, cycles, scope mismatches and override problems.",
        discussion: """
            Exits with 0 when the trace is clean, 1 when problems were found, and 2 when the file \
            cannot be read, is not a valid trace, or had lines rejected (a truncated last line, \
            which a crash leaves, is only a warning). Notes (optional requests that gave nil, \
            cycles broken lazily) are listed after the problems and do not change the exit code; \
            with --strict, optional requests that gave nil are problems.

              $ di-inspect check trace.ndjson
              1 problem in sample-app (pid 4242): 1 missing registration
              $ di-inspect check trace.ndjson --format xcode
              $ di-inspect check trace.ndjson --format github
              $ di-inspect check trace.ndjson --format sarif -o check.sarif

            xcode, github and sarif point each problem at its source line (the resolve site, the \
            line that closes a cycle, a captive's registration, the line that set an override), \
            as a path under --source-root (default: the current folder).
            """)

    @Argument(help: "The trace file (NDJSON) written by 'di-inspect record' or DI_INSPECT=file:….")
    var file: String

    @Option(help: "text, json (schema in docs/CHECK_JSON.md), xcode (file:line: error: …), github (workflow annotations) or sarif (SARIF 2.1.0).")
    var format: ReportFormat = .text

    @Flag(help: "The same as --format json.")
    var json = false

    @Option(help: "Where the app's sources are, to turn the trace's file IDs into paths (xcode, github, sarif).")
    var sourceRoot: String = "."

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Count optional requests that resolved to nil as problems, not notes.")
    var strict = false

    func run() throws {
        let (graph, diagnostics) = try loadGraphWithDiagnostics(file)
        let report = graph.check(strict: strict)
        let format = json ? .json : format
        let text: String
        switch format {
        case .text: text = report.text
        case .json: text = report.json
        case .xcode, .github, .sarif:
            let paths = SourcePaths(root: sourceRoot)
            let annotations = ProblemAnnotations(report: report, graph: graph) { paths.path(for: $0) }
            text = format == .xcode ? annotations.xcode(fallbackFile: file)
                : format == .github ? annotations.github() : annotations.sarif(toolVersion: InjectionVersion.current)
        }
        try writeReport(text, to: output, escaping: format != .json && format != .sarif)
        // A trace with rejected lines cannot be called clean, whatever the rest says. A truncated
        // last line (what a crash leaves) stays a warning.
        let rejected = diagnostics.filter { $0.severity == .error && !$0.isTruncatedLastLine }
        if !rejected.isEmpty {
            PosixIO.printError("error: " + Self.rejection(rejected))
            throw ExitCode(2)
        }
        if !report.isClean { throw ExitCode(1) }
    }

    /// `3 lines were rejected (lines 2, 5, 9); the trace cannot be called clean`
    static func rejection(_ rejected: [TraceDiagnostic]) -> String {
        let shown = rejected.prefix(5).map { String($0.line) }.joined(separator: ", ")
        let more = rejected.count > 5 ? ", …" : ""
        let count = rejected.count == 1 ? "1 line was rejected (line \(shown))" : "\(rejected.count) lines were rejected (lines \(shown)\(more))"
        return count + "; the trace cannot be called clean"
    }
}
