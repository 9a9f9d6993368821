import Injection
import InjectionTrace
import ArgumentParser
import InjectionGraph

/// Streams the trace at `path` into a graph for a command (memory bounded by the graph, not the
/// file), printing the reader's diagnostics to standard error as `FILE:LINE: severity: what`.
/// An unreadable or invalid file prints `error: …` and exits with status 2.
func loadGraph(_ path: String) throws -> DependencyGraph {
    try loadGraphWithDiagnostics(path).graph
}

/// ``loadGraph(_:)`` that also returns the diagnostics it printed.
func loadGraphWithDiagnostics(_ path: String) throws -> (graph: DependencyGraph, diagnostics: [TraceDiagnostic]) {
    var graph = DependencyGraph()
    let diagnostics = try streamTraceRecords(path) { records in
        for record in records { graph.apply(record) }
    }
    for diagnostic in diagnostics {
        PosixIO.printError("\(path):\(diagnostic.line): \(diagnostic.severity): \(diagnostic.message)")
    }
    return (graph, diagnostics)
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
