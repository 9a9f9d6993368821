import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// One session per connection: each app's records go to its own session, and only its own
/// disconnect ends it.
@MainActor
struct InspectorSessionsTests {
    static func header(_ app: String, pid: Int32) -> TraceRecord {
        .header(TraceHeader(app: app, pid: pid, startTime: "2026-11-25T08:00:00Z"))
    }

    static func resolve(_ type: String, at time: UInt64) -> TraceRecord {
        LiveIntakeTests.resolve(ServiceIdentity(type: type, container: "app"), by: nil, at: time, outcome: .created)
    }

    @Test func twoAppsOnOneListenerEachKeepTheirOwnSession() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        inspector.apply([
            .session(connection: 1, name: "#1 unix (pid 100)", processID: 100), .connection(1, .live),
            .records(connection: 1, [Self.header("app-a", pid: 100), Self.resolve("A", at: 1)]),
            .session(connection: 2, name: "#2 unix (pid 200)", processID: 200), .connection(2, .live),
            .records(connection: 2, [Self.header("app-b", pid: 200), Self.resolve("B", at: 1)]),
            .records(connection: 1, [Self.resolve("A", at: 2), Self.resolve("A2", at: 3)]),
        ])
        #expect(inspector.sessions.count == 2)
        #expect(inspector.sessions[0].graph.nodes.map(\.identity.type).sorted() == ["A", "A2"])
        #expect(inspector.sessions[1].graph.nodes.map(\.identity.type) == ["B"])
        #expect(inspector.liveSummary.contains("2 live"))
        // B ends; A keeps counting, and B's session stays ended.
        inspector.apply([
            .connection(2, .disconnected("connection 2 closed")),
            .records(connection: 1, [Self.resolve("A", at: 4)]),
            .records(connection: 2, [Self.resolve("B", at: 5)]),
        ])
        #expect(inspector.sessions[0].connection == .live)
        #expect(inspector.sessions[1].connection == .disconnected("connection 2 closed"))
        #expect(inspector.sessions[0].graph.session.eventCount == 4)
        #expect(inspector.sessions[1].graph.session.eventCount == 1, "nothing reaches a closed connection's session")
        #expect(inspector.liveSummary.contains("1 live"))
    }

    @Test func theLaunchedAppsEndingNamesItsSessionAndAFailureShowsItsError() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        inspector.apply([.launchedAppEnded(processID: 42, ending: "exited with status 64", failed: true,
                                           output: ["error: unknown fault 'bogus'", "See 'sample-app --help'."])])
        #expect(inspector.sessions[0].connection == .disconnected("exited with status 64"))
        #expect(inspector.sessions[0].launchOutput == ["error: unknown fault 'bogus'", "See 'sample-app --help'."])
        #expect(inspector.state.message == "The app exited with status 64: error: unknown fault 'bogus'")
    }

    /// An app that stopped on a trap ends its trace with the trap's whole message; the header
    /// names its first line (what failed and where), not the message with its line breaks
    /// escaped (`\u{0A}  Requested by: …`) and cut wherever the line ends.
    @Test func anAppThatStoppedOnATrapShowsTheTrapsHeadlineInTheHeader() {
        var model = InspectorModel(connection: .live)
        let trap = "Missing registration: Big (name: \"not-registered\") in 'abrupt'\n"
            + "  Requested by: app code at Abrupt/abrupt.swift:29 (no service was being resolved)\n"
            + "  Fix: abrupt.register(name: \"not-registered\") { <#Big#>() }"
        model.apply([Self.header("abrupt", pid: 2086), Self.resolve("A", at: 1), .end(time: 2, reason: trap)], now: 0)
        #expect(model.connection == .disconnected("app stopped: Missing registration: Big (name: \"not-registered\") in 'abrupt'"))
    }

    @Test func aCompactedHistoryKeepsTheGraphAndSaysWhereItStarts() {
        var model = InspectorModel(connection: .live)
        model.apply([Self.header("app", pid: 1)] + (1...1_000).map { Self.resolve("S\($0 % 10)", at: UInt64($0) * 1_000_000_000) },
                    now: 0)
        let graph = model.graph.treeDescription
        model.compactHistory()
        #expect(model.graph.treeDescription == graph)
        #expect(model.history.count == 501)
        let timeline = model.timeline(buckets: 10)
        // 1 001 records: the first 500 (the header and resolves 1…499) are dropped.
        #expect(timeline.start == 499_000_000_000)
        #expect(TimelineBar(timeline: timeline).position == "history from +499.0s  t=end/1000.0s")
    }
}
