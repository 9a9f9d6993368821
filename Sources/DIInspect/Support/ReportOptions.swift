import Injection
import ArgumentParser
import InjectionGraph

/// The output options `check` and `diff` share (`--format`, `--json`, `--source-root`,
/// `--output`), and the one way both turn a finding into the chosen format.
struct ReportOptions: ParsableArguments {
    @Option(help: "text, json (check's schema: docs/CHECK_JSON.md), xcode (file:line: error: …), github (workflow annotations) or sarif (SARIF 2.1.0).")
    var format: ReportFormat = .text

    @Flag(help: "The same as --format json.")
    var json = false

    @Option(help: "Where the app's sources are, to turn the trace's file IDs into paths (xcode, github, sarif).")
    var sourceRoot: String = "."

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    /// Writes the report: `text` or `json` as given, or the annotations (made with the source
    /// paths under `--source-root`, or the paths a scan read) as xcode lines placed on `fallbackFile` when a problem has no
    /// line, github commands or SARIF.
    func write(
        text: @autoclosure () -> String, json jsonText: @autoclosure () -> String, fallbackFile: String,
        declarations: Declarations? = nil, annotations: (_ path: (String) -> String) -> ProblemAnnotations
    ) throws {
        let format = json ? .json : format
        let report: String
        switch format {
        case .text: report = text()
        case .json: report = jsonText()
        case .xcode, .github, .sarif:
            // A scan knows the path of every file it read; a trace names file IDs to look up.
            let path: (String) -> String
            if let declarations {
                path = scanPaths(declarations)
            } else {
                let paths = SourcePaths(root: sourceRoot)
                path = { paths.path(for: $0) }
            }
            let annotations = annotations(path)
            report = format == .xcode ? annotations.xcode(fallbackFile: fallbackFile)
                : format == .github ? annotations.github() : annotations.sarif(toolVersion: InjectionVersion.current)
        }
        try writeReport(report, to: output, escaping: format != .json && format != .sarif)
    }
}
