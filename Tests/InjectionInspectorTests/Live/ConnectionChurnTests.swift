import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// Apps that come and go faster than the screen takes them in: a reconnect loop stays one
/// session, short-lived apps stay within the session cap, and connections that arrive while the
/// intake's queue is full are shed whole (counted), never queued.
@MainActor
struct ConnectionChurnTests {
    /// One connection's life as the listener reports it: 40 records after the header.
    /// With `ending`, the app's end line after them (an app that exits).
    static func connection(_ number: Int, app: String, pid: Int32, from time: UInt64, ending: Bool = false) -> [LiveUpdate] {
        [.session(connection: number, name: "#\(number)", processID: pid), .connection(number, .live),
         .records(connection: number, [InspectorSessionsTests.header(app, pid: pid)]
             + (0..<40).map { InspectorSessionsTests.resolve("S\($0 % 10)", at: time + UInt64($0)) }
             + (ending ? [.end(time: time + 40, reason: "exit")] : [])),
         .connection(number, .disconnected("connection \(number) closed"))]
    }

    @Test func aReconnectLoopStaysOneSessionWhateverTheScreenKeepsUpWith() throws {
        let feed = LiveFeed(wake: try WakePipe(), intake: LiveIntake(exactLimit: 100, recordLimit: 400, sessionLimit: 8))
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: feed)
        // 500 connections of one app, the screen taking 100 records after every tenth: more
        // than 8 new sessions come to wait, and the later ones are shed.
        for number in 1...500 {
            feed.send(Self.connection(number, app: "looping-app", pid: 7, from: UInt64(number) * 100))
            if number % 10 == 0 { inspector.apply(feed.take(maximumRecords: 100)) }
        }
        while feed.status.queuedRecords > 0 { inspector.apply(feed.take(maximumRecords: 200)) }
        let shed = Int(feed.status.statistics.shedConnections)
        #expect(shed > 0, "the queue filled up: later connections were shed")
        #expect(inspector.sessions.count == 1)
        #expect(inspector.sessions[0].reconnections == 500 - shed - 1)
        #expect(inspector.liveSummary.contains("shed \(shed) apps"))
    }

    @Test func aReconnectLoopKeepsItsSessionWhenMoreReconnectionsWaitThanTheCap() throws {
        // 100 reconnections of one app arrive before the screen takes any (the intake lets up
        // to 120 new sessions wait): more fresh sessions than the cap of 64 exist at once, and
        // the app's own session must not be the one forgotten to make room for them.
        let feed = LiveFeed(wake: try WakePipe(), intake: LiveIntake(exactLimit: 10_000, recordLimit: 20_000, sessionLimit: 120))
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: feed)
        feed.send(Self.connection(1, app: "looping-app", pid: 7, from: 100))
        inspector.apply(feed.take(maximumRecords: 1_000))
        // As the listener reports a burst: every connection accepted before any of their lines are read.
        let burst = (2...101).map { Self.connection($0, app: "looping-app", pid: 7, from: UInt64($0) * 100) }
        for updates in burst { feed.send(Array(updates[..<2])) }
        for updates in burst { feed.send(Array(updates[2...])) }
        while feed.status.queuedRecords > 0 { inspector.apply(feed.take(maximumRecords: 20_000)) }
        #expect(feed.status.statistics.shedConnections == 0)
        #expect(inspector.sessions.count == 1)
        #expect(inspector.sessions[0].reconnections == 100)
        let figures = inspector.statistics
        #expect(figures["applied"] == 40 * 101)
        #expect(figures["applied_in_forgotten_sessions"] == 0)
    }

    @Test func shortLivedAppsStayWithinTheSessionCap() throws {
        let feed = LiveFeed(wake: try WakePipe(), intake: LiveIntake(exactLimit: 100, recordLimit: 400, sessionLimit: 8))
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: feed)
        for number in 1...500 {
            feed.send(Self.connection(number, app: "app-\(number)", pid: Int32(number), from: 1, ending: true))
            if number % 10 == 0 { inspector.apply(feed.take(maximumRecords: 200)) }
        }
        while feed.status.queuedRecords > 0 { inspector.apply(feed.take(maximumRecords: 200)) }
        #expect(inspector.sessions.count == SessionStore.maximumSessions)
        #expect(inspector.sessions.allSatisfy { if case .disconnected = $0.connection { true } else { false } })
        // Every event is accounted for: in the sessions kept, in those forgotten past the cap,
        // or in the apps shed whole.
        let shed = Int(feed.status.statistics.shedConnections)
        let figures = inspector.statistics
        #expect(figures["applied"] == UInt64(40 * SessionStore.maximumSessions))
        #expect(figures["applied_in_forgotten_sessions"] == UInt64(40 * (500 - shed - SessionStore.maximumSessions)))
        #expect(shed > 0)
        #expect(figures["dropped"] == UInt64(40 * shed))
        #expect(figures["received"] == 40 * 500)
    }
}
