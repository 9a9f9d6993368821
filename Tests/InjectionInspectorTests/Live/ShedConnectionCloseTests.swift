import Foundation
import Testing
@testable import Injection
@testable import InjectionInspector
@testable import InjectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection the inspector sheds is closed at the listener, not read only to be dropped: the
/// peer sees its connection end, the line in the event log says so, what its reader kept is
/// given back, and a real app that was shed carries on (its resolves never wait) and is shown
/// once it connects again with room in the budget.
@MainActor
struct ShedConnectionCloseTests {
    typealias LiveInspector = ListenerAttackRecoveryTests.LiveInspector

    /// Whether the peer at `fd` sees its connection end (EOF or a reset) within `timeout`.
    static func seesItsConnectionEnd(_ fd: Int32, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while ContinuousClock.now < deadline {
            guard PosixIO.waitUntilReadable([fd], milliseconds: 100)?.first == true else { continue }
            let count = buffer.withUnsafeMutableBytes { PosixIO.readSome(fd, into: $0) }
            if count == 0 || (count < 0 && !PosixIO.wouldBlock(PosixIO.lastError)) { return true }
        }
        return false
    }

    @Test func aConnectionShedOverItsShareIsClosedAndSaysSo() throws {
        let live = try LiveInspector(name: "close-share")
        #expect(live.tick { live.inspector.sessions.count == 1 })
        let fd = try #require(live.connect())
        defer { PosixIO.closeDescriptor(fd) }
        #expect(live.send(fd, ListenerAttackRecoveryTests.header))
        // Names at the bound, as many as weigh more than a session's share: shed at a tick.
        for sequence in 1...1_200 {
            let prefix = Array("\(sequence)-".utf8)
            let name = prefix + [UInt8](repeating: UInt8(ascii: "C"), count: TraceListener.maximumNameLength - prefix.count)
            let line = Array(#"{"kind":"registered","seq":\#(sequence),"t":\#(sequence),"thread":1,"service":{"type":""#.utf8)
                + name + Array(#"","container":"app"},"scope":"unique","at":"A.swift:1"}"#.utf8) + [10]
            guard live.send(fd, line) else { break }
        }
        #expect(live.tick { live.feed.currentStatus.statistics.shedConnections == 1 }, "\(live.inspector.liveSummary)")
        // Closed at the listener: the peer sees its end, and what its reader kept is given back.
        #expect(Self.seesItsConnectionEnd(fd))
        #expect(live.tick { live.listener.decodedValueBytes == 0 }, "\(live.listener.decodedValueBytes) bytes kept")
        #expect(live.inspector.state.message.contains("its connection is closed"), "\(live.inspector.state.message)")
    }

    @Test func aRealAppShedOnArrivalCarriesOnAndIsShownOnceLetIn() throws {
        let live = try LiveInspector(name: "close-arrival")
        #expect(live.tick { live.inspector.sessions.count == 1 })
        // The inspector says it holds its budget: an app arriving now is shed, and closed.
        live.feed.admitsNewSessions(false)
        let recorder = TraceRecorder(
            sink: SocketTraceSink(address: .unix(path: live.path), token: nil, retryInterval: .milliseconds(100)),
            header: TraceHeader(app: "shed-app", pid: 4343, startTime: "2026-11-22T00:00:02Z"))
        recorder.start(observingEvents: false)
        defer { recorder.stop() }
        func register(_ sequence: UInt64) {
            recorder.observe(ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: .registered(Registered(
                service: ServiceIdentity(type: "Service\(sequence)", container: "app"), scope: .singleton,
                location: SourceLocation(fileID: "App/Wiring.swift", line: Int(sequence)), replaced: nil))))
        }
        register(1)
        let deadline = ContinuousClock.now + .seconds(20)
        while live.feed.currentStatus.statistics.shedConnections == 0 && ContinuousClock.now < deadline {
            PosixIO.sleep(nanoseconds: 5_000_000)
        }
        #expect(live.feed.currentStatus.statistics.shedConnections >= 1)
        // The app carries on while shed and closed: its recorder takes every event at once.
        let started = ContinuousClock.now
        for sequence in 2...200 { register(UInt64(sequence)) }
        let took = ContinuousClock.now - started
        #expect(took < .seconds(2), "199 events took \(took) while shed")
        // Let in again (the inspector's tick says so while the budget has room): the app's sink
        // connects again, and what it registers from then on is shown.
        var sequence: UInt64 = 200
        func shown() -> Bool {
            live.inspector.sessions.contains { $0.graph.session.header?.app == "shed-app" && $0.graph.nodes.count > 0 }
        }
        let again = ContinuousClock.now + .seconds(30)
        while !shown() && ContinuousClock.now < again {
            sequence += 1
            register(sequence)
            _ = live.inspector.tick(now: .now, shouldYield: { false })
            PosixIO.sleep(nanoseconds: 20_000_000)
        }
        #expect(shown(), "the shed app is not shown: \(live.inspector.liveSummary)")
    }
}
