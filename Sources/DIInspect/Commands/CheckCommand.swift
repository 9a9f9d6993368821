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
              $ di-inspect check --list-rules

            xcode, github and sarif point each problem at its source line (the resolve site, the \
            line that closes a cycle, a captive's registration, the line that set an override), \
            as a path under --source-root (default: the current folder).
            """)

    @Argument(help: "The trace file (NDJSON) written by 'di-inspect record' or DI_INSPECT=file:….")
    var file: String?

    @Flag(help: "List every diagnostic check runs (its name in json and sarif, and what it means), and exit.")
    var listRules = false

    @OptionGroup var report: ReportOptions

    @Flag(help: "Count optional requests that resolved to nil as problems, not notes.")
    var strict = false

    func validate() throws {
        if file == nil && !listRules { throw ValidationError("Missing expected argument '<file>'.") }
    }

    func run() throws {
        guard let file, !listRules else {
            print(Self.rules, terminator: "")
            return
        }
        let (graph, diagnostics) = try loadGraphWithDiagnostics(file)
        let problems = graph.check(strict: strict)
        try report.write(text: problems.text, json: problems.json, fallbackFile: file, declarations: graph.declarations) { path in
            ProblemAnnotations(report: problems, graph: graph, path: path)
        }
        // A trace with rejected lines cannot be called clean, whatever the rest says. A truncated
        // last line (what a crash leaves) stays a warning.
        let rejected = diagnostics.filter { $0.severity == .error && !$0.isTruncatedLastLine }
        if !rejected.isEmpty {
            PosixIO.printError("error: " + Self.rejection(rejected))
            throw ExitCode(2)
        }
        if !problems.isClean { throw ExitCode(1) }
    }

    /// One line per registered diagnostic (``DiagnosticKind/all``): name, note or problem, title
    /// and meaning.
    static var rules: String {
        let width = DiagnosticKind.all.map { $0.name.count }.max() ?? 0
        var out = ""
        for kind in DiagnosticKind.all {
            let name = kind.name + String(repeating: " ", count: width - kind.name.count)
            let role = kind.isNote ? "note   " : "problem"
            out += "\(name)  \(role)  \(kind.title): \(kind.summary)\n"
        }
        return out
    }

    /// `3 lines were rejected (lines 2, 5, 9); the trace cannot be called clean`
    static func rejection(_ rejected: [TraceDiagnostic]) -> String {
        let shown = rejected.prefix(5).map { String($0.line) }.joined(separator: ", ")
        let more = rejected.count > 5 ? ", …" : ""
        let count = rejected.count == 1 ? "1 line was rejected (line \(shown))" : "\(rejected.count) lines were rejected (lines \(shown)\(more))"
        return count + "; the trace cannot be called clean"
    }
}
