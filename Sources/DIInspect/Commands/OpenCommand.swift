import ArgumentParser
import Foundation
import Injection
import InjectionGraph
import InjectionTrace
import InjectionInspector
import InjectionScan

/// `di-inspect open FILE`: browse a recorded trace in the live inspector; `--baseline BASE`
/// marks what changed since another run, `--replay` plays the trace as if live.
///
/// ```
/// $ di-inspect open trace.ndjson
/// $ di-inspect open head.ndjson --baseline base.ndjson
/// $ di-inspect open trace.ndjson --replay --speed 10
/// $ TERM=dumb di-inspect open trace.ndjson
/// di-inspect: the live inspector needs a terminal that can move the cursor, and TERM=dumb cannot.
///   Use the headless commands instead: …
/// ```
struct OpenCommand: ParsableCommand {
    /// What `open --replay` on a scan prints (exit 0): there is nothing to play.
    static let scanHasNoReplay = "declared, not run: a scan of the sources has no events to replay (open it without --replay)"

    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Browse a trace file in the terminal inspector.",
        discussion: """
            Move in time with < and > (one event), { and } (a tenth of the run), t (type a time \
            such as +2.5s), Home and End. With --baseline, services and edges added (+), removed \
            (−) or changed (~) since the baseline run are marked in every view; the filter \
            changed: shows only them.
            """)

    @Argument(help: "The trace file (NDJSON, as written by DI_INSPECT=file:PATH or 'di-inspect record').")
    var file: String

    @Option(help: "A trace of an earlier run to compare with: marks what was added, removed or changed.")
    var baseline: String?

    @Flag(help: "Play the trace into the views as if live, at the pace it was recorded.")
    var replay = false

    @Option(help: "With --replay: how many times faster than recorded.")
    var speed: Double = 1

    @Option(help: "Where o also looks for the source files the trace names (after the current folder).")
    var sourceRoot: String?

    @Option(help: "A scan of the app's sources (di-inspect scan -o FILE) to show beside the run: services declared and never resolved are flagged never-ran (filter flag:never-ran), the Services title shows the coverage, and edges the run never took are tagged declared in the trees.")
    var scan: String?

    @Flag(help: "Attributes only (bold, reverse, underline); the NO_COLOR variable does the same.")
    var noColor = false

    func validate() throws {
        if !(speed > 0 && speed.isFinite) { throw ValidationError("--speed must be a positive number, got \(speed).") }
        if speed != 1, !replay { throw ValidationError("--speed needs --replay.") }
    }

    func run() throws {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        // Read the traces only when the terminal can show them; otherwise the launcher below
        // says why (and exits 2) without first loading a possibly large file.
        let canShow = MainActor.assumeIsolated { InspectorLauncher.terminalCanShowInspector }
        var model = InspectorModel(connection: replay ? .replay(name) : .file(name))
        if canShow, let baseline {
            let baseName = baseline.split(separator: "/").last.map(String.init) ?? baseline
            model.baseline = Baseline(name: baseName, graph: try loadGraph(baseline))
        }
        var diagnostics: [TraceDiagnostic] = []
        var records: [TraceRecord] = []
        // A scan graph opened on its own: the declared graph, which no run filled.
        if let declarations = try loadScanGraphIfScan(file) {
            if replay {
                // Not an error: a scan has no events to play, which is what it is.
                print("\(file.escapingControlCharacters): \(Self.scanHasNoReplay)")
                return
            }
            model.declare { ScanChecks.graph(from: declarations, onto: $0) }
        } else if canShow {
            diagnostics = replay
                ? try streamTraceRecords(file) { records += $0 }
                : try streamTraceRecords(file) { model.apply($0, now: 0) }
        }
        if let scan {
            guard let declarations = try loadScanGraphIfScan(scan) else {
                PosixIO.printError("error: \(scan) is not a scan graph (write one with di-inspect scan PATH -o FILE)")
                throw ExitCode(2)
            }
            model.declare { ScanChecks.graph(from: declarations, onto: $0) }
        }
        let loaded = model
        let toPlay = records
        let speed = speed
        let sourceRoot = sourceRoot
        var player: TraceReplay?
        let status = MainActor.assumeIsolated {
            InspectorLauncher.run(noColor: noColor) { feed in
                let inspector = Inspector(model: loaded, feed: toPlay.isEmpty ? nil : feed, sourceRoot: sourceRoot)
                if !toPlay.isEmpty {
                    player = TraceReplay(records: toPlay, speed: speed, name: name, feed: feed)
                }
                if let first = diagnostics.first {
                    let more = diagnostics.count > 1 ? " (and \(diagnostics.count - 1) more; di-inspect check lists them)" : ""
                    inspector.apply([.message("\(name) \(first.description.escapingControlCharacters)\(more)")])
                }
                return inspector
            }
        }
        player?.stop()
        if status != 0 { throw ExitCode(status) }
    }
}
