import ArgumentParser
import Foundation
import Injection
import InjectionTrace
import InjectionGraph

/// Streams the trace at `path` into `apply` in batches, without holding the file or all its
/// records in memory (the inspector keeps only the graph), and returns the reader's diagnostics.
/// An unreadable file, or one that is not a trace, prints `error: …` and exits with status 2.
func streamTraceRecords(_ path: String, batchSize: Int = 16_384, apply: ([TraceRecord]) -> Void) throws -> [TraceDiagnostic] {
    var batch: [TraceRecord] = []
    batch.reserveCapacity(batchSize)
    let diagnostics = try forEachTraceRecord(path) { record in
        batch.append(copy record)
        if batch.count >= batchSize {
            apply(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }
    if !batch.isEmpty { apply(batch) }
    return diagnostics
}

/// Streams the trace at `path` into `body` one record at a time, each lent as the reader decoded
/// it (a batch copied every record once more), and returns the reader's diagnostics. An
/// unreadable file, or one that is not a trace, prints `error: …` and exits with status 2 (after
/// `body` saw what came before the problem).
func forEachTraceRecord(_ path: String, _ body: (borrowing TraceRecord) -> Void) throws -> [TraceDiagnostic] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
        PosixIO.printError("error: \(TraceReadError.unreadable(path: path, reason: "cannot open it (missing, or not readable)"))")
        throw ExitCode(2)
    }
    defer { try? handle.close() }
    var reader = TraceReader()
    var sawHeader = false
    func take(_ record: borrowing TraceRecord) {
        if !sawHeader, case .header = copy record { sawHeader = true }
        body(record)
    }
    while true {
        let chunk: Data
        do {
            guard let next = try handle.read(upToCount: 1 << 20), !next.isEmpty else { break }
            chunk = next
        } catch {
            PosixIO.printError("error: \(TraceReadError.unreadable(path: path, reason: error.localizedDescription))")
            throw ExitCode(2)
        }
        chunk.withUnsafeBytes { bytes in reader.feed(bytes) { take($0) } }
        if !sawHeader, reader.lineCount > 0 { break }  // the first line is not a header: stop reading
    }
    for record in reader.finish() { take(record) }
    let diagnostics = reader.takeDiagnostics()
    guard sawHeader else {
        let error: TraceReadError = diagnostics.first.map { .notATrace(path: path, problem: $0) } ?? .empty(path: path)
        PosixIO.printError("error: \(error)")
        throw ExitCode(2)
    }
    return diagnostics
}
