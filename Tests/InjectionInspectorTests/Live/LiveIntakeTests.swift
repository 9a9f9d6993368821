import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// The bounded hand-off between the socket readers and the screen: repeats fold with exact
/// counts, the novel is kept, drops are counted, and nothing grows with the input.
struct LiveIntakeTests {
    static let catalog = ServiceIdentity(type: "Catalog", container: "app")
    static let screen = ServiceIdentity(type: "Screen", container: "app")
    static let gateway = ServiceIdentity(type: "PaymentGateway", container: "app")

    static func resolve(_ service: ServiceIdentity, by requester: ServiceIdentity? = screen, at time: UInt64,
                        outcome: Resolved.Outcome = .cached) -> TraceRecord {
        .event(ResolutionEvent(sequence: time, time: time, thread: 1, kind: .resolved(Resolved(
            service: service, requester: requester, scope: .singleton, outcome: outcome, source: .factory,
            durationNanoseconds: 10, depth: 2))))
    }

    static func missing(at time: UInt64) -> TraceRecord {
        .event(ResolutionEvent(sequence: time, time: time, thread: 1, kind: .missing(MissingRegistration(
            requested: gateway, requesterChain: [screen], nearMisses: [], fix: "app.register { <#PaymentGateway#>() }",
            location: nil))))
    }

    /// Everything taken, flattened to records of `connection`.
    static func records(_ updates: [LiveUpdate], of connection: Int = 1) -> [TraceRecord] {
        updates.flatMap { update -> [TraceRecord] in
            if case .records(connection, let records) = update { return records }
            return []
        }
    }

    @Test func belowTheExactLimitEverythingIsKeptInOrder() {
        var intake = LiveIntake(exactLimit: 10, recordLimit: 20)
        let sent = (1...8).map { Self.resolve(Self.catalog, at: $0) }
        intake.add(.records(connection: 1, sent))
        let taken = Self.records(intake.take(maximumRecords: 100))
        #expect(taken.map { GraphHistory.time(of: $0) } == (1...8).map { Optional($0) })
        #expect(intake.statistics == .init(received: 8, folded: 0, dropped: 0))
        #expect(intake.count == 0 && intake.queuedRecords == 0)
    }

    /// A missing registration after 10^6 cache hits, all sent while the screen takes nothing:
    /// the queue stays at its limit, the failure is kept, the resolve count is exact.
    @Test func aFaultInAFloodOfCacheHitsIsKeptAndTheCountsStayExact() throws {
        var intake = LiveIntake(exactLimit: 100, recordLimit: 1_000)
        var time: UInt64 = 0
        for _ in 0..<1_000 {
            let batch = (0..<1_000).map { _ -> TraceRecord in
                time += 1
                return Self.resolve(Self.catalog, at: time)
            }
            intake.add(.records(connection: 1, batch))
            #expect(intake.queuedRecords <= 100)
        }
        time += 1
        intake.add(.records(connection: 1, [Self.missing(at: time)]))
        #expect(intake.statistics == .init(received: 1_000_001, folded: 999_900, dropped: 0))
        let taken = Self.records(intake.take(maximumRecords: 10_000))
        var graph = DependencyGraph()
        for record in taken { graph.apply(record) }
        let catalog = try #require(graph.nodeID(for: Self.catalog))
        #expect(graph.nodes[catalog].resolveCount == 1_000_000)
        #expect(graph.check().problems.contains { if case .missing = $0 { true } else { false } })
        // The 100 exact events, the failure, then one aggregate for the 999 900 folded repeats.
        #expect(taken.count == 102)
        if case .aggregate(let aggregate) = taken.last {
            #expect(aggregate.count == 999_900)
            #expect(aggregate.firstTime == 101 && aggregate.lastTime == 1_000_000)
        } else {
            Issue.record("the folded repeats come last, as one aggregate: \(String(describing: taken.last))")
        }
    }

    @Test func novelRecordsPastTheRecordLimitAreDroppedAndCounted() {
        var intake = LiveIntake(exactLimit: 2, recordLimit: 4)
        intake.add(.records(connection: 1, (1...10).map { Self.missing(at: $0) }))
        #expect(intake.statistics.dropped == 6)
        let taken = Self.records(intake.take(maximumRecords: 100))
        #expect(taken.count == 5)
        if case .dropped(let count, let time) = taken.last {
            #expect(count == 6 && time == 10)
        } else {
            Issue.record("a dropped record reports the loss to the graph")
        }
    }

    @Test func aDisconnectComesAfterItsConnectionsFoldedRepeats() {
        var intake = LiveIntake(exactLimit: 1, recordLimit: 10)
        intake.add(.records(connection: 1, (1...5).map { Self.resolve(Self.catalog, at: $0) }))
        intake.add(.records(connection: 2, [Self.resolve(Self.catalog, at: 6)]))
        intake.add(.connection(1, .disconnected("connection 1 closed")))
        let taken = intake.take(maximumRecords: 100)
        guard let end = taken.firstIndex(where: { if case .connection(1, .disconnected) = $0 { true } else { false } })
        else {
            Issue.record("the disconnect is delivered")
            return
        }
        let beforeEnd = Self.records(Array(taken[..<end]))
        #expect(beforeEnd.reduce(0) { $0 + LiveIntake.events(in: $1) } == 5)
        #expect(Self.records(taken, of: 2).count == 1, "connection 2's record is its own")
    }

    @Test func aFrameTakesAtMostItsShareAndTheRestWaits() {
        var intake = LiveIntake(exactLimit: 1_000, recordLimit: 2_000)
        intake.add(.records(connection: 1, (1...250).map { Self.resolve(Self.catalog, by: nil, at: $0) }))
        intake.add(.connection(1, .disconnected("connection 1 closed")))
        #expect(Self.records(intake.take(maximumRecords: 100)).count == 100)
        #expect(intake.queuedRecords == 150)
        #expect(Self.records(intake.take(maximumRecords: 100)).count == 100)
        let last = intake.take(maximumRecords: 100)
        #expect(Self.records(last).count == 50)
        #expect(last.contains { if case .connection(1, .disconnected) = $0 { true } else { false } })
    }

    @Test func messagesAndRefusalCountsWaitingAreReplacedNotQueued() {
        var intake = LiveIntake()
        for index in 1...300 {
            intake.add(.message("Refused connection #\(index): no token"))
            intake.add(.refusals(["timed out": index]))
        }
        #expect(intake.count == 2)
        let taken = intake.take(maximumRecords: 1)
        if case .message(let text) = taken.first { #expect(text == "Refused connection #300: no token") }
        if case .refusals(let counts) = taken.last { #expect(counts == ["timed out": 300]) }
    }

    static func header(_ app: String) -> TraceRecord {
        .header(TraceHeader(app: app, pid: 1, startTime: "2026-11-25T08:00:00Z"))
    }

    @Test func aConnectionArrivingPastTheSessionLimitIsShedWholeAndCounted() {
        var intake = LiveIntake(sessionLimit: 2)
        for connection in 1...3 {
            intake.add(.session(connection: connection, name: "#\(connection)", processID: nil))
            intake.add(.connection(connection, .live))
            intake.add(.records(connection: connection, [Self.header("app-\(connection)")]
                + (1...5).map { Self.resolve(ServiceIdentity(type: "S\($0)", container: "app"), at: UInt64($0)) }))
        }
        intake.add(.connection(3, .disconnected("connection 3 closed")))
        // The third: its 5 events received and dropped (its header is not an event), nothing queued.
        #expect(intake.statistics.shedConnections == 1)
        #expect(intake.statistics.received == 15)
        #expect(intake.statistics.dropped == 5)
        #expect(intake.queuedRecords == 12)
        #expect(intake.waitingSessions == 2)
        let taken = intake.take(maximumRecords: 100)
        #expect(taken.count == 6)
        #expect(!taken.contains { if case .session(3, _, _) = $0 { true } else { false } })
        #expect(!taken.contains { if case .connection(3, _) = $0 { true } else { false } })
        // Once the waiting sessions are taken, a new connection is let in.
        #expect(intake.waitingSessions == 0)
        intake.add(.session(connection: 4, name: "#4", processID: nil))
        #expect(intake.take(maximumRecords: 100).count == 1)
        #expect(intake.statistics.shedConnections == 1)
    }

    /// A connection the inspector sheds after letting it in: what it queued goes (a batch the
    /// screen had half taken too), its folded repeats with it, every event counted as dropped,
    /// what it sends until its disconnect is dropped, and the other connection's records and
    /// order are untouched.
    @Test func aConnectionShedAfterItWasLetInLeavesNothingQueued() {
        var intake = LiveIntake(exactLimit: 4, recordLimit: 100)
        intake.add(.records(connection: 1, (1...6).map { Self.resolve(ServiceIdentity(type: "A\($0)", container: "app"), at: UInt64($0)) }))
        intake.add(.records(connection: 2, [Self.resolve(Self.catalog, at: 1)]))
        intake.add(.records(connection: 1, (7...9).map { _ in Self.resolve(Self.catalog, at: 7) }))
        // The take queues the two folded repeats as an aggregate, and takes 2 of the first batch.
        #expect(intake.take(maximumRecords: 2).count == 1)
        let released = intake.shed(connection: 1)
        #expect(released.updates.count == 3)
        intake.add(.records(connection: 1, [Self.missing(at: 10)]))
        #expect(intake.statistics.shedConnections == 1)
        #expect(intake.statistics.received == 11)
        // 4 left of the first batch, 3 of the second (1 queued, 2 in the aggregate), the missing one.
        #expect(intake.statistics.dropped == 8)
        #expect(intake.queuedRecords == 1)
        let taken = intake.take(maximumRecords: 100)
        #expect(Self.records(taken, of: 1).isEmpty)
        #expect(Self.records(taken, of: 2).count == 1)
        #expect(intake.foldKeys == 1)
        // Its disconnect ends the shedding: nothing of it is queued, and nothing is kept for it.
        intake.add(.connection(1, .disconnected("closed")))
        #expect(intake.take(maximumRecords: 100).isEmpty)
    }

    @Test func aConnectionsHeaderIsKeptEvenWhenTheQueueIsFull() {
        var intake = LiveIntake(exactLimit: 0, recordLimit: 2)
        let distinct = (1...3).map { Self.resolve(ServiceIdentity(type: "S\($0)", container: "app"), at: UInt64($0)) }
        intake.add(.records(connection: 1, [Self.header("first")] + distinct))
        intake.add(.records(connection: 2, [Self.header("second")]))
        // Connection 1: its header and first resolve fill the queue, two resolves are dropped;
        // connection 2's header is queued past the limit.
        #expect(intake.statistics.dropped == 2)
        #expect(intake.queuedRecords == 3)
        let records = intake.take(maximumRecords: 100).flatMap { update -> [TraceRecord] in
            if case .records(_, let records) = update { records } else { [] }
        }
        #expect(records.count == 4)
        #expect(records.contains { if case .header(let header) = $0 { header.app == "second" } else { false } })
    }
}
