import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// An app whose stream broke (its socket sink gave up on an inspector that stopped reading)
/// reconnects with the same header: its run stays one session, nothing is counted twice, and
/// the sessions kept stay bounded however often it happens.
@MainActor
struct InspectorReconnectTests {
    static let header = InspectorSessionsTests.header("sample-app", pid: 4242)

    static func resolve(_ type: String, at time: UInt64) -> TraceRecord {
        InspectorSessionsTests.resolve(type, at: time)
    }

    @Test func theSameAppReconnectingContinuesItsSessionWithoutCountingTheReplayTwice() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        inspector.apply([
            .session(connection: 1, name: "#1 unix (pid 4242)", processID: 4242), .connection(1, .live),
            .records(connection: 1, [Self.header, Self.resolve("A", at: 10), Self.resolve("B", at: 20)]),
            .connection(1, .disconnected("connection 1 cut mid-line")),
            .session(connection: 2, name: "#2 unix (pid 4242)", processID: 4242), .connection(2, .live),
            // The new stream: its header, the replay (already seen, and its own `dropped` note),
            // then what is new.
            .records(connection: 2, [Self.header, Self.resolve("A", at: 10), .dropped(count: 3, time: 25),
                                     Self.resolve("B", at: 30), Self.resolve("C", at: 40)]),
        ])
        #expect(inspector.sessions.count == 1)
        #expect(inspector.current == 0)
        #expect(inspector.sessions[0].connection == .live)
        #expect(inspector.sessions[0].graph.session.eventCount == 4)
        #expect(inspector.sessions[0].graph.session.droppedCount == 0)
        #expect(inspector.sessions[0].graph.nodes.map(\.identity.type).sorted() == ["A", "B", "C"])
        #expect(inspector.sessions[0].reconnections == 1)
        #expect(inspector.liveSummary == "reconnected 1")
        #expect(inspector.state.message == "Reconnected: sample-app (pid 4242); its session continues")
        // The old stream's end, seen late, does not end the continued session.
        inspector.apply([.connection(1, .disconnected("connection 1 closed"))])
        #expect(inspector.sessions[0].connection == .live)
        inspector.apply([.records(connection: 2, [Self.resolve("C", at: 50)])])
        #expect(inspector.sessions[0].graph.session.eventCount == 5)
    }

    @Test func theOldStreamsLateEndDoesNotEndTheSessionWhenTheNewStreamCameFirst() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        inspector.apply([
            .session(connection: 1, name: "#1", processID: 4242), .connection(1, .live),
            .records(connection: 1, [Self.header, Self.resolve("A", at: 10)]),
            .session(connection: 2, name: "#2", processID: 4242), .connection(2, .live),
            .records(connection: 2, [Self.header, Self.resolve("A", at: 10), Self.resolve("A", at: 11)]),
            .connection(1, .disconnected("connection 1 closed")),
        ])
        #expect(inspector.sessions.count == 1)
        #expect(inspector.sessions[0].connection == .live)
        #expect(inspector.sessions[0].graph.session.eventCount == 2)
        inspector.apply([.connection(2, .disconnected("connection 2 closed"))])
        #expect(inspector.sessions[0].connection == .disconnected("connection 2 closed"))
    }

    @Test func anotherRunOfTheSameAppIsANewSession() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        let later = TraceRecord.header(TraceHeader(app: "sample-app", pid: 4242, startTime: "2026-11-25T09:00:00Z"))
        inspector.apply([
            .session(connection: 1, name: "#1", processID: 4242), .connection(1, .live),
            .records(connection: 1, [Self.header, Self.resolve("A", at: 10)]),
            .connection(1, .disconnected("connection 1 closed")),
            .session(connection: 2, name: "#2", processID: 4242), .connection(2, .live),
            .records(connection: 2, [later, Self.resolve("A", at: 1)]),
        ])
        #expect(inspector.sessions.count == 2)
        #expect(inspector.current == 1)
        #expect(inspector.sessions[1].reconnections == 0)
    }

    @Test func manyReconnectsAndManyShortLivedAppsKeepTheSessionsBounded() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        var connection = 0
        var time: UInt64 = 0
        // One long run that reconnects 500 times, between 200 apps that each live one stream.
        for round in 0..<500 {
            connection += 1
            time += 10
            inspector.apply([
                .session(connection: connection, name: "#\(connection)", processID: 4242), .connection(connection, .live),
                .records(connection: connection, [Self.header, Self.resolve("A", at: time)]),
                .connection(connection, .disconnected("connection \(connection) closed")),
            ])
            if round % 5 == 0 {
                connection += 1
                let app = TraceRecord.header(TraceHeader(app: "short-\(round)", pid: Int32(10_000 + round),
                                                         startTime: "2026-11-25T08:00:00Z"))
                inspector.apply([
                    .session(connection: connection, name: "#\(connection)", processID: Int32(10_000 + round)),
                    .records(connection: connection, [app, Self.resolve("S", at: 1)]),
                    .connection(connection, .disconnected("connection \(connection) closed")),
                ])
            }
        }
        // A reconnect's session does not count toward the cap before its header shows whether it
        // is the same run (no idle short app goes for it), then folds into the run: the cap is full.
        #expect(inspector.sessions.count == SessionStore.maximumSessions)
        let longRun = inspector.sessions.filter { $0.graph.session.header?.app == "sample-app" }
        #expect(longRun.count == 1)
        #expect(longRun.first?.graph.session.eventCount == 500)
        #expect(longRun.first?.reconnections == 499)
    }

    /// Records taken by the loop leave the view's rebuild to the frame; a frame that shows
    /// another session than the view was built for rebuilds it at once (its rows point into the
    /// model they were built from).
    @Test func aFrameAfterANewSessionCameOnScreenDrawsThatSession() throws {
        let feed = LiveFeed(wake: try WakePipe())
        let clock = ManualClock()
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: feed, clock: clock)
        feed.send([
            .session(connection: 1, name: "#1", processID: 1), .connection(1, .live),
            .records(connection: 1, [InspectorSessionsTests.header("app-a", pid: 1)]
                + ["Alpha", "Beta", "Gamma", "Delta"].enumerated().map { Self.resolve($1, at: UInt64($0 + 1)) }),
        ])
        #expect(inspector.refresh(shouldYield: { false }))
        #expect(inspector.render(rows: 40, columns: 120).textDump().contains("Delta"))
        feed.send([
            .session(connection: 2, name: "#2", processID: 2), .connection(2, .live),
            .records(connection: 2, [InspectorSessionsTests.header("app-b", pid: 2), Self.resolve("Zeta", at: 1)]),
        ])
        // The loop takes updates at most every 100 ms: not before, then at once.
        clock.advance(by: .milliseconds(Int64(Inspector.takeInterval) - 1))
        #expect(!inspector.refresh(shouldYield: { false }))
        clock.advance(by: .milliseconds(1))
        #expect(inspector.refresh(shouldYield: { false }))
        #expect(inspector.current == 1)
        let screen = inspector.render(rows: 40, columns: 120).textDump()
        #expect(screen.contains("Zeta"), "\(screen)")
    }

    @Test func aWaitingKeyStopsTheRefreshWithinAFewDozenRecords() throws {
        let feed = LiveFeed(wake: try WakePipe())
        let clock = ManualClock()
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: feed, clock: clock)
        feed.send([.session(connection: 1, name: "#1", processID: 1), .connection(1, .live)])
        for batch in 0..<8 {
            feed.send(.records(connection: 1, (0..<Inspector.recordsPerBatch).map {
                Self.resolve("S\(batch)", at: UInt64(batch * Inspector.recordsPerBatch + $0 + 1))
            }))
        }
        #expect(inspector.refresh(shouldYield: { true }))
        // 32 records of the first batch were applied; its other 1 968 wait in the inspector, the
        // other seven batches in the feed.
        #expect(inspector.sessions[0].graph.session.eventCount == UInt64(InspectorModel.recordsBetweenChecks))
        #expect(feed.status.queuedRecords == 7 * Inspector.recordsPerBatch)
        // The next frame goes on where it stopped (the loop takes updates at most every 100 ms).
        clock.advance(by: .milliseconds(Int64(Inspector.takeInterval)))
        var asked = 0
        #expect(inspector.refresh(shouldYield: { asked += 1; return asked > 1 }))
        #expect(inspector.sessions[0].graph.session.eventCount == 96)
        #expect(feed.status.queuedRecords == 7 * Inspector.recordsPerBatch)
    }

    @Test func onlyRecordsNewerThanTheSessionCountAfterAReconnect() {
        let records: [TraceRecord] = [
            Self.header, .dropped(count: 2, time: 50), Self.resolve("A", at: 5), Self.resolve("B", at: 99),
            Self.resolve("B", at: 100), .dropped(count: 7, time: 101), .end(time: 102, reason: "exit"),
        ]
        let fresh = SessionStore.newSinceReconnect(records, after: 99)
        #expect(fresh.count == 3)
        if case .dropped(let count, _) = fresh[1] { #expect(count == 7) } else { Issue.record("expected dropped 7") }
    }
}
