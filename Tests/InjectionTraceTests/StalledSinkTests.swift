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
        // Bounded, not timed: without the bound the stop would wait for a listener that never
        // reads. The slack covers a loaded machine's scheduling (150 ms was once 48 ms short in CI).
        #expect(elapsed < .milliseconds(300) + .seconds(1), "stop took \(elapsed)")
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
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
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
        #expect(report.contains("records not written (the reader of the FIFO went away: Broken pipe)"), "\(report)")
        // The first failed batch and everything after it: at least the 100 resolutions and the end.
        let lost = try #require(Int(report.split(separator: ";").last { $0.contains("records not written") }!
            .split(separator: " ").first { Int($0) != nil } ?? ""))
        #expect(lost >= 101, "\(report)")
        #expect(recorder.stop() == nil, "said once")
    }

    /// `DI_INSPECT=file:<FIFO>` with nobody reading: opening a FIFO for writing waits for a
    /// reader, which held the recorder's thread in `open(2)` for good (a flush never confirmed,
    /// the trace never started). The sink opens it without waiting, tries again later, and the
    /// first reader gets the header and the failures so far; a reader that leaves ends its
    /// stream, and the next one gets a new one.
    @Test func aFIFOThatNobodyReadsYetNeverHoldsTheRecorder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stall-\(UUID().uuidString.prefix(8)).fifo").path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(PosixIO.errorDescription(PosixIO.lastError))")
        defer { PosixIO.removeFile(path) }
        let sink = FileTraceSink(path: path, retryInterval: .milliseconds(10))
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        let missing = MissingRegistration(
            requested: ServiceIdentity(type: "Unregistered", container: "c"), requesterChain: [], nearMisses: [],
            fix: "c.register { <#Unregistered#>() }", location: nil)
        recorder.observe(ResolutionEvent(sequence: 1, time: 1, thread: 2, kind: .missing(missing)))
        recorder.observe(resolved(2))
        #expect(recorder.flush(timeout: .seconds(10)), "the recorder's thread confirms a flush with no reader")
        #expect(recorder.statistics.linesWritten == 0)

        // A reader comes: the next batch opens the FIFO, with the header and the failure first.
        // (Close-on-exec: a process another test starts meanwhile must not keep it open.)
        let first = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(first >= 0, "open: \(PosixIO.errorDescription(PosixIO.lastError))")
        // Each try a new service: a repeat would be folded into an aggregate.
        var sequence: UInt64 = 100
        let firstStream = try Self.readLines(first, untilAKindOf: "resolved") {
            sequence += 1
            recorder.observe(resolved(sequence))
            #expect(recorder.flush(timeout: .seconds(10)))
        }
        PosixIO.closeDescriptor(first)
        #expect(firstStream.map(Self.kind) == ["header", "missing", "resolved"], "\(firstStream.map(Self.kind))")

        // It leaves: the write that finds it gone ends the stream, and a new reader gets a new one.
        // (A process another test spawns holds a copy of the read end until its exec, and a
        // write meanwhile still succeeds: the test writes until one finds the reader gone.)
        let deadline = ContinuousClock.now + .seconds(10)
        while sink.failure == nil, ContinuousClock.now < deadline {
            sequence += 1
            recorder.observe(resolved(sequence))
            #expect(recorder.flush(timeout: .seconds(10)))
        }
        #expect(sink.failure == "the reader of the FIFO went away: Broken pipe")
        let lastLost = sequence
        let second = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(second >= 0, "open: \(PosixIO.errorDescription(PosixIO.lastError))")
        defer { PosixIO.closeDescriptor(second) }
        let secondStream = try Self.readLines(second, untilAKindOf: "resolved") {
            sequence += 1
            recorder.observe(resolved(sequence))
            #expect(recorder.flush(timeout: .seconds(10)))
        }
        let kinds = secondStream.map(Self.kind)
        #expect(kinds.prefix(2) == ["header", "missing"], "\(kinds)")
        #expect(kinds.contains("resolved"), "\(kinds)")
        // The batch that found the reader gone is not resent: it is announced as dropped, and so
        // is any record sent before this stream opened. The writer also tries to open the FIFO on
        // its own (every 10 ms); when one of its tries comes just before the reader does, the sink
        // waits out its retry interval, and the records sent meanwhile are lost too.
        #expect(!secondStream.contains { $0.contains("Service\(lastLost)x") }, "\(kinds)")
        let sentSince = (lastLost + 1)...sequence
        let written = sentSince.filter { sent in secondStream.contains { $0.contains("Service\(sent)x") } }
        #expect(secondStream.filter { Self.kind($0) == "dropped" }.map(Self.count) == [UInt64(1 + sentSince.count - written.count)], "\(kinds)")
        _ = recorder.stop()
    }

    /// The `kind` of one trace line ("header" for the header, which has none).
    private static func kind(_ line: String) -> String {
        if line.hasPrefix(#"{"format":"di-trace""#) { return "header" }
        guard let range = line.range(of: #""kind":""#) else { return "" }
        return String(line[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The `count` of a `dropped` line.
    private static func count(_ line: String) -> UInt64? {
        guard let range = line.range(of: #""count":"#) else { return nil }
        return UInt64(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Runs `send` until a line of `kind` arrives on the FIFO's read end `fd` (non-blocking),
    /// then returns the lines read; throws after 10 s without one.
    private static func readLines(_ fd: Int32, untilAKindOf kind: String, send: () -> Void) throws -> [String] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            send()
            while true {
                let count = buffer.withUnsafeMutableBytes { PosixIO.readSome(fd, into: $0) }
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            if lines.contains(where: { Self.kind($0) == kind }) { return lines }
        }
        throw FIFOReadTimedOut(kind: kind, kindsRead: String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
            Self.kind(String($0))
        })
    }

    private struct FIFOReadTimedOut: Error {
        let kind: String
        let kindsRead: [String]
    }

    /// A socket path nobody listens on (a mistyped `DI_INSPECT=unix:` path): the sink keeps
    /// trying quietly, so the only sign is the line `stop` prints; it says what never answered
    /// and why, rather than counting events as "dropped".
    @Test func aDestinationThatNeverAnsweredIsReportedAtStop() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("absent-\(UUID().uuidString.prefix(8))/di.sock").path
        let recorder = TraceRecorder(
            sink: SocketTraceSink(address: .unix(path: path), retryInterval: .milliseconds(10)), header: Self.header)
        recorder.start(observingEvents: false)
        for sequence in 1...100 { recorder.observe(resolved(UInt64(sequence))) }
        _ = recorder.flush(timeout: .seconds(5))
        let report = try #require(recorder.stop())
        #expect(report.hasPrefix("nothing reached unix:\(path): connect to unix:\(path): No such file or directory"), "\(report)")
        #expect(report.hasSuffix("no trace was recorded."), "\(report)")
        #expect(recorder.statistics.linesWritten == 0)
    }

    /// The hint printed when nothing listens is a command that listens exactly there.
    @Test func theListenHintNamesTheSinksAddress() {
        #expect(SocketTraceSink(address: .defaultUnix).listenCommand == "di-inspect listen")
        #expect(SocketTraceSink(address: .unix(path: "/tmp/x/di.sock")).listenCommand == "di-inspect listen --socket /tmp/x/di.sock")
        #expect(SocketTraceSink(address: .tcp(host: "127.0.0.1", port: 7777)).listenCommand == "di-inspect listen --tcp 127.0.0.1:7777")
        #expect(SocketTraceSink(address: .tcp(host: "::1", port: 7777)).listenCommand == "di-inspect listen --tcp [::1]:7777")
    }

    /// A sink that stays unavailable without a failure chose to (one that discards, as the
    /// benchmarks' does): its recorder's stop says nothing.
    @Test func aSinkThatNeverOpensWithoutAFailureSaysNothing() {
        let recorder = TraceRecorder(sink: NeverOpeningSink(), header: Self.header)
        recorder.start(observingEvents: false)
        for sequence in 1...100 { recorder.observe(resolved(UInt64(sequence))) }
        #expect(recorder.stop() == nil)
    }

    private struct NeverOpeningSink: TraceSink {
        func prepare() -> TraceSinkState { .unavailable }
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool { false }
        func close() {}
        var description: String { "never-opening sink" }
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
