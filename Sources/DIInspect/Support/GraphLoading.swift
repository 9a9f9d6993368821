import Injection
import InjectionTrace
import ArgumentParser
import InjectionGraph
import InjectionScan

/// Streams the trace at `path` into a graph for a command (memory bounded by the graph, not the
/// file), or reads the scan graph at `path` (`scan -o FILE`), printing the reader's diagnostics to standard error as `FILE:LINE: severity: what`.
/// An unreadable or invalid file prints `error: …` and exits with status 2.
func loadGraph(_ path: String) throws -> DependencyGraph {
    try loadGraphWithDiagnostics(path).graph
}

/// ``loadGraph(_:)`` that also returns the diagnostics it printed.
func loadGraphWithDiagnostics(_ path: String) throws -> (graph: DependencyGraph, diagnostics: [TraceDiagnostic]) {
    // A scan graph (`scan -o FILE`) is the graph read from the sources: every command reads it
    // as it reads a trace.
    if let declarations = try loadScanGraphIfScan(path) { return (ScanChecks.graph(from: declarations), []) }
    var graph = DependencyGraph()
    let diagnostics = try forEachTraceRecord(path) { graph.apply($0) }
    for diagnostic in diagnostics {
        PosixIO.printError("\(path):\(diagnostic.line): \(diagnostic.severity): \(diagnostic.message)")
    }
    if let warning = endWarning(graph.session) { PosixIO.printError("\(path): warning: \(warning)") }
    return (graph, diagnostics)
}

/// Why a trace that has an app's header but no `end` line may be missing its last events, or
/// nil when it ended. A recorder writes `end` when the app exits or stops on a trap; a trace
/// without it was cut short (or is still being written), and a clean `check` of it only says
/// nothing went wrong in what was written.
func endWarning(_ session: SessionInfo) -> String? {
    guard session.header != nil, !session.hasEnded else { return nil }
    return "the trace has no end line: the app was killed, crashed outside the container or called _exit "
        + "(or is still running), so what it did last may be missing"
}

/// Finds the service a person typed, or prints why not and exits with status 2.
func lookUp(_ query: String, in graph: DependencyGraph) throws -> NodeID {
    do {
        return try graph.lookup(query)
    } catch {
        PosixIO.printError("error: \(error.description)")
        throw ExitCode(2)
    }
}
