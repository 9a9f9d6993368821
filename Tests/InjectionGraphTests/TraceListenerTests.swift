import Testing
import Synchronization
@testable import Injection
@testable import InjectionGraph
@testable import InjectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects a listener's events and waits for a condition with a deadline (never a fixed sleep).
final class ListenerLog: Sendable {
    private let events = Mutex<[TraceListenerEvent]>([])

    func append(_ event: TraceListenerEvent) { events.withLock { $0.append(event) } }

    var all: [TraceListenerEvent] { events.withLock { $0 } }

    var records: [TraceRecord] {
        all.flatMap { event -> [TraceRecord] in
            if case .records(_, let records) = event { return records }
            return []
        }
    }

    /// A compact transcript: `connected #1`, `records #1: header,scopeReset`, `disconnected #1`.
    var transcript: [String] {
        all.map { event in
            switch event {
            case .connected(let session): "connected #\(session.number)"
            case .records(let session, let records): "records #\(session.number): " + records.map(\.kindName).joined(separator: ",")
            case .diagnostics(let session, let list): "diagnostics #\(session.number): " + list.map(\.description).joined(separator: " | ")
            case .disconnected(let session, let list): "disconnected #\(session.number)" + list.map { " " + $0.description }.joined()
            case .refused(let session, let reason): "refused #\(session.number): \(reason)"
            }
        }
    }

    func wait(timeout: Duration = .seconds(5), until condition: (ListenerLog) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            PosixIO.sleep(nanoseconds: 2_000_000)
        }
        return condition(self)
    }
}

struct TraceListenerTests {
    static let header = TraceHeader(app: "listener-test", pid: 7, startTime: "2026-01-01T00:00:00Z")

    private static func socketPath(_ name: String) -> String {
        "/tmp/di-listener-\(getpid())-\(name).sock"
    }

    private func reset(_ sequence: UInt64) -> ResolutionEvent {
        ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: .scopeReset(
            ScopeReset(container: "c", scope: .cached, discarded: 0)))
    }

    /// Records a few events through a recorder connected to `address`, and checks they arrive.
    private func recordThrough(_ address: SocketTraceSink.Address, _ listener: TraceListener, _ log: ListenerLog) throws {
        let recorder = TraceRecorder(sink: SocketTraceSink(address: address, token: listener.token), header: Self.header)
        recorder.start(observingEvents: false)
        recorder.observe(reset(1))
        recorder.observe(reset(2))
        #expect(log.wait { $0.records.count >= 3 }, "\(log.transcript)")
        recorder.stop()
        #expect(log.wait { $0.transcript.last?.hasPrefix("disconnected") == true }, "\(log.transcript)")
        listener.stop()
        let kinds = log.records.map(\.kindName)
        #expect(kinds == ["header", "scopeReset", "scopeReset", "end"])
        guard case .header(let header)? = log.records.first else {
            Issue.record("the first record is not the header: \(log.transcript)")
            return
        }
        #expect(header == Self.header)
        guard case .connected(let session)? = log.all.first else {
            Issue.record("expected connected first: \(log.transcript)")
            return
        }
        #expect(session.number == 1)
        #expect(log.transcript.last == "disconnected #1")
    }

    @Test func aUnixSocketDeliversRecords() throws {
        let path = Self.socketPath("unix")
        let log = ListenerLog()
        let listener = try TraceListener(address: .unix(path: path)) { log.append($0) }
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(listener.destination == "unix:\(path)")
        try recordThrough(.unix(path: path), listener, log)
        guard case .connected(let session)? = log.all.first else {
            Issue.record("the first listener event is not a connection: \(log.all)")
            return
        }
        #expect(session.peer == "unix (pid \(getpid()))")
        #expect(lstat(path, &info) != 0, "stop removes the socket file")
    }

    @Test func aTCPConnectionDeliversRecords() throws {
        let log = ListenerLog()
        let listener = try TraceListener(address: .loopback(port: 0)) { log.append($0) }
        guard case .tcp(let host, let port) = listener.address else {
            Issue.record("expected a TCP address")
            return
        }
        #expect(host == "127.0.0.1" && port != 0)
        try recordThrough(.tcp(host: host, port: port), listener, log)
        guard case .connected(let session)? = log.all.first else {
            Issue.record("the first listener event is not a connection: \(log.all)")
            return
        }
        #expect(session.peer.hasPrefix("tcp 127.0.0.1:"))
    }

    @Test func aPeerThatDisconnectsMidLineIsReportedTruncated() throws {
        let path = Self.socketPath("midline")
        let log = ListenerLog()
        let listener = try TraceListener(address: .unix(path: path)) { log.append($0) }
        defer { listener.stop() }
        guard case .success(let fd) = TraceSocketAddress.unix(path: path).connect(timeoutMilliseconds: 1000) else {
            Issue.record("cannot connect")
            return
        }
        let bytes = TraceEncoder.encode(.header(Self.header)) + TraceEncoder.encode(.event(reset(1)))
            + Array(#"{"kind":"scopeReset","seq":2,"#.utf8)
        #expect(bytes.withUnsafeBytes { PosixIO.writeAll(fd, $0, send: true, deadline: PosixIO.monotonicNanoseconds() + 1_000_000_000) })
        #expect(log.wait { $0.records.count == 2 }, "\(log.transcript)")
        PosixIO.closeDescriptor(fd)
        #expect(log.wait { $0.transcript.last?.hasPrefix("disconnected") == true }, "\(log.transcript)")
        #expect(log.transcript == [
            "connected #1",
            "records #1: header,scopeReset",
            "disconnected #1 line 3: error: truncated line: the stream ended after 29 bytes without a newline; ignored",
        ])
    }

    @Test func eachConnectionIsANewSession() throws {
        let path = Self.socketPath("sessions")
        let log = ListenerLog()
        let listener = try TraceListener(address: .unix(path: path)) { log.append($0) }
        for _ in 1...2 {
            guard case .success(let fd) = TraceSocketAddress.unix(path: path).connect(timeoutMilliseconds: 1000) else {
                Issue.record("cannot connect")
                return
            }
            _ = TraceEncoder.encode(.header(Self.header)).withUnsafeBytes { PosixIO.writeAll(fd, $0, send: true, deadline: PosixIO.monotonicNanoseconds() + 1_000_000_000) }
            PosixIO.closeDescriptor(fd)
        }
        #expect(log.wait { $0.transcript.filter { $0.hasPrefix("disconnected") }.count == 2 }, "\(log.transcript)")
        listener.stop()
        listener.stop()
        #expect(Set(log.transcript) == ["connected #1", "records #1: header", "disconnected #1",
                                        "connected #2", "records #2: header", "disconnected #2"])
    }

    @Test func theAsyncStreamDeliversEvents() async throws {
        let (listener, events) = try TraceListener.stream(address: .loopback(port: 0))
        guard case .tcp(let host, let port) = listener.address else {
            Issue.record("a loopback listener has a TCP address, not \(listener.address)")
            return
        }
        let recorder = TraceRecorder(sink: SocketTraceSink(address: .tcp(host: host, port: port), token: listener.token), header: Self.header)
        recorder.start(observingEvents: false)
        // The iteration races a limit, so a stream that never delivers fails the test instead
        // of hanging it: the limit's nil wins and cancels the iteration.
        let kinds = await withTaskGroup(of: [String]?.self) { group in
            group.addTask {
                var kinds: [String] = []
                for await event in events {
                    if case .records(_, let records) = event { kinds += records.map(\.kindName) }
                    if kinds.contains("header") { break }
                }
                return kinds
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        recorder.stop()
        listener.stop()
        #expect(kinds?.first == "header", "no header arrived within the limit")
    }

    @Test func anInspectorStartedLateOrRestartedGetsTheReplay() throws {
        let path = Self.socketPath("late")
        let recorder = TraceRecorder(
            sink: SocketTraceSink(address: .unix(path: path), retryInterval: .milliseconds(20)), header: Self.header)
        recorder.start(observingEvents: false)
        defer { recorder.stop() }
        recorder.observe(reset(1))
        recorder.observe(reset(2))
        #expect(recorder.flush())

        let first = ListenerLog()
        let listener = try TraceListener(address: .unix(path: path)) { first.append($0) }
        #expect(first.wait { $0.records.count >= 3 }, "\(first.transcript)")
        listener.stop()
        #expect(first.records.map(\.kindName) == ["header", "scopeReset", "scopeReset"])

        recorder.observe(reset(3))
        let second = ListenerLog()
        let again = try TraceListener(address: .unix(path: path)) { second.append($0) }
        defer { again.stop() }
        // The reconnect replays all three; the third may also have been sent into the void first.
        #expect(second.wait { $0.records.count >= 4 }, "\(second.transcript)")
        #expect(second.records.map(\.kindName) == ["header", "scopeReset", "scopeReset", "scopeReset"])
    }

    // MARK: - The private socket folder

    @Test func thePrivateDirectoryIsCreatedOrChecked() throws {
        let directory = "/tmp/di-listener-\(getpid())-dir"
        defer { rmdir(directory) }
        try TraceListener.preparePrivateDirectory(directory)
        var info = stat()
        #expect(lstat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        try TraceListener.preparePrivateDirectory(directory)
        chmod(directory, 0o755)
        #expect(throws: TraceListenerError(
            "\(directory) is not private (mode 755); run chmod 700 on it or pick another socket path")) {
            try TraceListener.preparePrivateDirectory(directory)
        }
    }

    @Test func aBusyOrInvalidAddressIsAClearError() throws {
        let listener = try TraceListener(address: .loopback(port: 0)) { _ in }
        defer { listener.stop() }
        guard case .tcp(_, let port) = listener.address else {
            Issue.record("a loopback listener has a TCP address, not \(listener.address)")
            return
        }
        #expect(throws: TraceListenerError("bind tcp:127.0.0.1:\(port): Address already in use")) {
            _ = try TraceListener(address: .loopback(port: port)) { _ in }
        }
        let file = "/tmp/di-listener-\(getpid())-plain"
        let fd = open(file, O_WRONLY | O_CREAT, 0o600)
        close(fd)
        defer { unlink(file) }
        #expect(throws: TraceListenerError("\(file) exists and is not a socket; not replacing it")) {
            _ = try TraceListener(address: .unix(path: file)) { _ in }
        }
    }
}
