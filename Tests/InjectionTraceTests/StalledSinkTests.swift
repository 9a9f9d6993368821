import Foundation
import Testing
@testable import Injection
@testable import InjectionTrace

/// The app is never held by the inspector: a listener that stops reading, or a file that cannot
/// be written, costs records (counted and reported once), never more than the stop timeout.
@Suite(.serialized)
struct StalledSinkTests {
    static let header = TraceHeader(app: "stall-test", pid: 1, startTime: "2026-01-01T00:00:00Z")

    /// A distinct resolution per sequence, with a long name so a few thousand fill a socket.
    private func resolved(_ sequence: UInt64) -> ResolutionEvent {
        ResolutionEvent(sequence: sequence, time: sequence, thread: 2, kind: .resolved(Resolved(
            service: ServiceIdentity(type: "Service\(sequence)" + String(repeating: "x", count: 1_000), container: "c"),
            requester: nil, scope: .unique, outcome: .created, source: .factory, durationNanoseconds: 1, depth: 1)))
    }

    @Test func aListenerThatStopsReadingCostsAtMostTheStopTimeout() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stall-\(UUID().uuidString.prefix(8)).sock").path
        // Listening, never accepting nor reading: the kernel completes the connection and the
        // socket's buffers fill up, as with a stopped (SIGSTOP) or debugged inspector.
        guard case .success(let listening) = TraceSocketAddress.unix(path: path).listen() else {
            Issue.record("cannot listen on \(path)")
            return
        }
        defer {
            PosixIO.closeDescriptor(listening)
            PosixIO.removeFile(path)
        }
        let recorder = TraceRecorder(sink: SocketTraceSink(address: .unix(path: path)), header: Self.header)
        recorder.start(observingEvents: false)
        for sequence in 1...20_000 { recorder.observe(resolved(UInt64(sequence))) }
        let start = ContinuousClock.now
        let loss = recorder.stop()
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .milliseconds(300) + .milliseconds(150), "stop took \(elapsed)")
        let report = try #require(loss)
        #expect(report.hasPrefix("the trace to unix:\(path) is incomplete: "), "\(report)")
        #expect(report.contains("the inspector stopped reading for 0.1 seconds"), "\(report)")
        #expect(recorder.statistics.linesWritten < 20_000)
    }

    /// A write that fails, on Linux and Darwin alike: the trace "file" is a named pipe whose
    /// only reader closes after the sink has opened it, so later writes fail with `EPIPE` (the
    /// recorder's writer thread blocks `SIGPIPE`).
    @Test func aFileThatCannotBeWrittenIsReportedOnceWithWhatWasLost() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stall-\(UUID().uuidString.prefix(8)).fifo").path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(PosixIO.errorDescription(PosixIO.lastError))")
        defer { PosixIO.removeFile(path) }
        // A reader, so the sink's open does not wait for one.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0, "open: \(PosixIO.errorDescription(PosixIO.lastError))")
        let recorder = TraceRecorder(sink: FileTraceSink(path: path), header: Self.header)
        recorder.start(observingEvents: false)
        // The header and one record fit the pipe's buffer: the sink is open and has written.
        recorder.observe(resolved(1))
        #expect(recorder.flush(timeout: .seconds(5)))
        PosixIO.closeDescriptor(reader)
        for sequence in 2...101 { recorder.observe(resolved(UInt64(sequence))) }
        let report = try #require(recorder.stop())
        #expect(report.hasPrefix("the trace to file:\(path) is incomplete: "), "\(report)")
        #expect(report.contains("records not written (write failed: Broken pipe)"), "\(report)")
        // The first failed batch and everything after it: at least the 100 resolutions and the end.
        let lost = try #require(Int(report.split(separator: ";").last { $0.contains("records not written") }!
            .split(separator: " ").first { Int($0) != nil } ?? ""))
        #expect(lost >= 101, "\(report)")
        #expect(recorder.stop() == nil, "said once")
    }

    @Test func aCompleteTraceSaysNothing() {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        for sequence in 1...100 { recorder.observe(resolved(UInt64(sequence))) }
        #expect(recorder.stop() == nil)
        #expect(sink.text.contains(#""kind":"end""#))
    }
}
