import InjectionTrace
import ArgumentParser
import Foundation
import InjectionGraph

/// Loads the trace at `path` into a graph for a command, printing the reader's warnings to
/// standard error. An unreadable or invalid file prints `error: <file>:<line>: <what>` and exits
/// with status 2.
func loadGraph(_ path: String) throws -> DependencyGraph {
    let trace: LoadedTrace
    do {
        trace = try loadTrace(atPath: path)
    } catch {
        PosixIO.printError("error: \(error)")
        throw ExitCode(2)
    }
    for warning in trace.warnings {
        PosixIO.printError("\(path):\(warning.line): \(warning.message)")
    }
    return DependencyGraph(records: trace.records)
}

/// Finds the service a person typed, or prints why not and exits with status 2.
func lookUp(_ query: String, in graph: DependencyGraph) throws -> NodeID {
    do {
        return try graph.lookup(query)
    } catch {
        PosixIO.printError("error: \(error.description.escapingControlCharacters)")
        throw ExitCode(2)
    }
}
