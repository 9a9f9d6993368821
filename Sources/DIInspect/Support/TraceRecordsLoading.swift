import ArgumentParser
import Injection

/// Loads the records of the trace at `path` for an interactive command, printing the reader's
/// warnings to standard error; an unreadable file prints `error: …` and exits with status 2.
func loadGraphRecords(_ path: String) throws -> [TraceRecord] {
    do {
        let trace = try loadTrace(atPath: path)
        for warning in trace.warnings { printError("warning: \(path):\(warning.line): \(warning.message)") }
        return trace.records
    } catch {
        printError("error: \(error)")
        throw ExitCode(2)
    }
}
