import ArgumentParser
import InjectionGraph
import InjectionTrace
import InjectionInspector

/// `di-inspect open FILE`: browse a recorded trace in the live inspector.
///
/// ```
/// $ di-inspect open trace.ndjson
/// $ TERM=dumb di-inspect open trace.ndjson
/// di-inspect: the live inspector needs a terminal that can move the cursor, and TERM=dumb cannot.
///   Use the headless commands instead: …
/// ```
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Browse a trace file in the terminal inspector.")

    @Argument(help: "The trace file (NDJSON, as written by DI_INSPECT=file:PATH or 'di-inspect record').")
    var file: String

    @Flag(help: "Attributes only (bold, reverse, underline); the NO_COLOR variable does the same.")
    var noColor = false

    func run() throws {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        var model = InspectorModel(connection: .file(name))
        // Read the trace only when the terminal can show it; otherwise the launcher below says
        // why (and exits 2) without first loading a possibly large file.
        let canShow = MainActor.assumeIsolated { InspectorLauncher.terminalCanShowInspector }
        let diagnostics = canShow ? try streamTraceRecords(file) { model.apply($0, now: 0) } : []
        let loaded = model
        let status = MainActor.assumeIsolated {
            InspectorLauncher.run(noColor: noColor) { _ in
                let inspector = Inspector(model: loaded)
                if let first = diagnostics.first {
                    let more = diagnostics.count > 1 ? " (and \(diagnostics.count - 1) more; di-inspect check lists them)" : ""
                    inspector.apply([.message("\(name) \(first.description.escapingControlCharacters)\(more)")])
                }
                return inspector
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
