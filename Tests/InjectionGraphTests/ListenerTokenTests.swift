import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Injection
@testable import InjectionGraph
@testable import InjectionTrace

/// Who may connect: TCP listeners want their token first, and only loopback unless told.
struct ListenerTokenTests {
    static let header = TraceHeader(app: "token-test", pid: 7, startTime: "2026-01-01T00:00:00Z")

    /// Connects to `listener` over TCP and sends `first` (a token line, or nothing), then a header.
    private func connect(_ listener: TraceListener, sending first: [UInt8]) throws -> Int32 {
        guard case .tcp(let host, let port) = listener.address,
              case .success(let fd) = TraceSocketAddress.tcp(host: host, port: port).connect(timeoutMilliseconds: 1000)
        else { throw TraceListenerError("cannot connect") }
        let bytes = first + TraceEncoder.encode(.header(Self.header))
        let deadline = PosixIO.monotonicNanoseconds() + 1_000_000_000
        #expect(bytes.withUnsafeBytes { PosixIO.writeAll(fd, $0, send: true, deadline: deadline) })
        return fd
    }

    @Test func aTCPListenerMakesARandomTokenAndAUnixOneNone() throws {
        let first = try TraceListener(address: .loopback(port: 0)) { _ in }
        let second = try TraceListener(address: .loopback(port: 0)) { _ in }
        defer { first.stop(); second.stop() }
        let token = try #require(first.token)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(first.token != second.token)
        let path = "/tmp/di-token-\(PosixIO.processID).sock"
        let unix = try TraceListener(address: .unix(path: path)) { _ in }
        defer { unix.stop() }
        #expect(unix.token == nil)
    }

    @Test func theRightTokenIsAdmitted() throws {
        let log = ListenerLog()
        let listener = try TraceListener(address: .loopback(port: 0)) { log.append($0) }
        defer { listener.stop() }
        let fd = try connect(listener, sending: TraceConnectionToken.line(try #require(listener.token)))
        #expect(log.wait { $0.records.count == 1 }, "\(log.transcript)")
        PosixIO.closeDescriptor(fd)
        #expect(log.wait { $0.transcript.last == "disconnected #1" }, "\(log.transcript)")
        #expect(log.transcript == ["connected #1", "records #1: header", "disconnected #1"])
    }

    @Test(arguments: [
        (TraceConnectionToken.line("0123456789abcdef0123456789abcdef"), "wrong token"),
        ([UInt8](), "no token (the first line is not a token line)"),
        (Array(#"{"token":"short"}"#.utf8) + [10], "wrong token"),
    ])
    func aWrongOrMissingTokenIsRefusedAndNothingIsShown(first: [UInt8], reason: String) throws {
        let log = ListenerLog()
        let listener = try TraceListener(address: .loopback(port: 0)) { log.append($0) }
        defer { listener.stop() }
        let fd = try connect(listener, sending: first)
        defer { PosixIO.closeDescriptor(fd) }
        #expect(log.wait { !$0.all.isEmpty }, "\(log.transcript)")
        #expect(log.transcript == ["refused #1: \(reason)"])
        #expect(log.records.isEmpty)
    }

    @Test func aRecorderPresentsItsToken() throws {
        let log = ListenerLog()
        let listener = try TraceListener(address: .loopback(port: 0)) { log.append($0) }
        defer { listener.stop() }
        guard case .tcp(let host, let port) = listener.address else {
            Issue.record("expected a TCP address")
            return
        }
        let destination = try TraceDestination(parsing: "tcp:\(try #require(listener.token))@\(host):\(port)")
        #expect(destination.description == "tcp:\(host):\(port)", "the token is not shown")
        let recorder = TraceRecorder(destination: destination, header: Self.header)
        recorder.start(observingEvents: false)
        #expect(log.wait { $0.records.count == 1 }, "\(log.transcript)")
        recorder.stop()
        #expect(log.transcript.first == "connected #1")
    }

    @Test func everyInterfaceNeedsAnExplicitFlag() throws {
        #expect(throws: TraceListenerError(
            "refusing to listen on tcp:0.0.0.0:0 (every interface): other machines could connect; pass "
                + "--allow-remote (apps must then present the printed token), or listen on 127.0.0.1:0")) {
            _ = try TraceListener(address: .tcp(host: "0.0.0.0", port: 0)) { _ in }
        }
        let listener = try TraceListener(address: .tcp(host: "0.0.0.0", port: 0), allowingRemote: true) { _ in }
        defer { listener.stop() }
        #expect(listener.token != nil)
    }
}

/// Peers that stall in the handshake cannot lock an app out: a cap on those waiting (oldest
/// dropped first), and a deadline for each.
struct StalledHandshakeTests {
    private func stall(_ listener: TraceListener) throws -> Int32 {
        guard case .tcp(let host, let port) = listener.address,
              case .success(let fd) = TraceSocketAddress.tcp(host: host, port: port).connect(timeoutMilliseconds: 5000)
        else { throw TraceListenerError("cannot connect") }
        let half = Array(#"{"token":"0123"#.utf8)
        #expect(half.withUnsafeBytes { PosixIO.writeAll(fd, $0, send: true, deadline: PosixIO.monotonicNanoseconds() + 1_000_000_000) })
        return fd
    }

    @Test func pastTheCapTheOldestWaitingPeerIsDroppedAndTheRightTokenStillGetsIn() throws {
        let log = ListenerLog()
        let listener = try TraceListener(address: .loopback(port: 0)) { log.append($0) }
        defer { listener.stop() }
        var stalled: [Int32] = []
        for index in 0..<(TraceListener.maximumWaitingForToken + 6) {
            do { stalled.append(try stall(listener)) } catch { Issue.record("peer \(index): \(error) after \(log.transcript)"); return }
        }
        defer { stalled.forEach(PosixIO.closeDescriptor) }
        #expect(log.wait { $0.transcript.count == 6 }, "\(log.transcript)")
        #expect(log.transcript == (1...6).map { "refused #\($0): too many peers waiting for a token" })
        // The app with the token is admitted while 64 peers still stall.
        guard case .tcp(let host, let port) = listener.address,
              case .success(let app) = TraceSocketAddress.tcp(host: host, port: port).connect(timeoutMilliseconds: 5000)
        else { throw TraceListenerError("cannot connect") }
        defer { PosixIO.closeDescriptor(app) }
        let bytes = TraceConnectionToken.line(try #require(listener.token)) + TraceEncoder.encode(.header(ListenerTokenTests.header))
        #expect(bytes.withUnsafeBytes { PosixIO.writeAll(app, $0, send: true, deadline: PosixIO.monotonicNanoseconds() + 1_000_000_000) })
        let number = TraceListener.maximumWaitingForToken + 7
        #expect(log.wait { $0.transcript.contains("records #\(number): header") }, "\(log.transcript)")
    }

    @Test func aPeerThatNeverFinishesItsTokenIsDroppedAtItsDeadline() throws {
        let log = ListenerLog()
        let listener = try TraceListener(address: .loopback(port: 0)) { log.append($0) }
        defer { listener.stop() }
        let fd = try stall(listener)
        defer { PosixIO.closeDescriptor(fd) }
        #expect(log.wait(timeout: .seconds(10)) { !$0.all.isEmpty }, "\(log.transcript)")
        #expect(log.transcript == ["refused #1: no token within \(TraceListener.handshakeTimeout)"])
        // The listener closed its end.
        var byte: UInt8 = 0
        #expect(log.wait { _ in recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0 })
    }
}
