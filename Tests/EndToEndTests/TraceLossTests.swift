import Foundation
import Testing

/// An app whose trace cannot be written says so once, on stderr, and exits normally.
struct TraceLossTests {
    /// The trace file cannot grow: the app runs under a file-size limit of zero (`ulimit -f 0`,
    /// with `SIGXFSZ` ignored so a write fails with `EFBIG` instead of killing it), which Linux
    /// and Darwin both have. Its stderr goes to a pipe, which the limit does not apply to.
    @Test func aTraceFileThatCannotGrowIsReportedOnceAtExit() throws {
        let trace = Command.temporaryFile(".ndjson")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"ulimit -f 0 && trap '' XFSZ && exec "$0" "$@""#,
            Command.path(of: "sample-app"), "--duration", "0.3", "--interval-ms", "1",
        ]
        let stderr = try Self.runToExit(process, traceTo: "file:\(trace)")
        #expect(process.terminationStatus == 0, "\(stderr)")
        let lines = stderr.split(separator: "\n").filter { $0.contains("is incomplete") }
        #expect(lines.count == 1, "\(stderr)")
        #expect(lines.first?.hasPrefix("di-inspect: the trace to file:\(trace) is incomplete: ") == true, "\(stderr)")
        #expect(lines.first?.contains("write failed: File too large") == true, "\(stderr)")
    }

    /// `DI_INSPECT=unix:` with a path nobody listens on: the app runs and exits normally, and
    /// stderr says so twice, once at the first failed connection and once at exit (it used to
    /// say nothing: the app recorded into nothing and the inspector waited elsewhere).
    @Test func aSocketNobodyListensOnIsSaidAtTheStartAndAtExit() throws {
        let path = Command.temporaryFile(".sock")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Command.path(of: "sample-app"))
        process.arguments = ["--duration", "0.3", "--interval-ms", "1"]
        let stderr = try Self.runToExit(process, traceTo: "unix:\(path)")
        #expect(process.terminationStatus == 0, "\(stderr)")
        let atStart = stderr.split(separator: "\n").filter { $0.hasPrefix("di-inspect: no inspector listens at unix:\(path) yet") }
        #expect(atStart.count == 1, "\(stderr)")
        #expect(atStart.first?.contains("`di-inspect listen --socket \(path)`") == true, "\(stderr)")
        let atExit = stderr.split(separator: "\n").filter { $0.hasPrefix("di-inspect: nothing reached unix:\(path): ") }
        #expect(atExit.count == 1, "\(stderr)")
        #expect(!stderr.contains("is incomplete"), "\(stderr)")
    }

    /// Runs `process` with `DI_INSPECT=destination` to its exit, and returns its stderr.
    private static func runToExit(_ process: Process, traceTo destination: String) throws -> String {
        process.environment = ProcessInfo.processInfo.environment.merging(["DI_INSPECT": destination]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return stderr
    }
}
