import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// The feed's queue and key tables are sized from the budget and stay within it whatever the
/// traffic; graphs count in the budget, a live graph stops growing at its service limit (shown in
/// the header), and ended sessions are forgotten, the idlest first, when the sessions hold more
/// than the budget.
@MainActor
struct GraphBudgetTests {
    static func service(_ index: Int) -> ServiceIdentity { ServiceIdentity(type: "S\(index)", container: "app") }

    @Test func theIntakeIsSizedFromTheBudget() {
        let laptop = LiveIntake(memoryBudget: 256 << 20)
        #expect([laptop.exactLimit, laptop.recordLimit, laptop.keyLimit, laptop.totalKeyLimit] == [26_214, 131_072, 32_768, 32_768])
        let small = LiveIntake(memoryBudget: 64 << 20)
        #expect([small.exactLimit, small.recordLimit, small.keyLimit, small.totalKeyLimit] == [6_553, 32_768, 8_192, 8_192])
    }

    /// What a queued record is taken to cost covers the record itself and two identities of its
    /// own (the decoder's identity cache misses when an app has thousands of services).
    @Test func aQueuedRecordsEstimateCoversTheRecordAndItsIdentities() {
        #expect(LiveIntake.bytesPerRecord >= MemoryLayout<TraceRecord>.stride + 2 * 112)
    }

    /// Aggregates of a churn of keys join the queue only when they fit within its record limit
    /// (they used to join at every take, past any limit).
    @Test func foldedAggregatesWaitForRoomInTheQueue() {
        var intake = LiveIntake(exactLimit: 0, recordLimit: 10)
        intake.add(.records(connection: 1, (0..<10).map { LiveIntakeTests.resolve(Self.service($0), at: UInt64($0 + 1)) }))
        for round in 1...3 {
            intake.add(.records(connection: 1, (0..<10).map { LiveIntakeTests.resolve(Self.service($0), at: UInt64(round * 100 + $0)) }))
        }
        #expect(intake.queuedRecords == 10)
        #expect(intake.statistics.folded == 30)
        // 10 queued + 10 aggregates > 10: they wait.
        #expect(LiveIntakeTests.records(intake.take(maximumRecords: 5)).count == 5)
        #expect(intake.queuedRecords == 5)
        #expect(LiveIntakeTests.records(intake.take(maximumRecords: 100)).count == 5)
        #expect(intake.queuedRecords == 0)
        let aggregates = LiveIntakeTests.records(intake.take(maximumRecords: 100))
        #expect(aggregates.count == 10)
        #expect(aggregates.allSatisfy { record in
            if case .aggregate(let aggregate) = record { return aggregate.count == 3 }
            return false
        })
    }

    /// A batch that mostly folds queues its few novel records in an array of their size, not of
    /// the batch's.
    @Test func aMostlyFoldedBatchQueuesOnlyWhatItKept() {
        var intake = LiveIntake(exactLimit: 10, recordLimit: 1_000)
        intake.add(.records(connection: 1, (0..<10).map { LiveIntakeTests.resolve(Self.service($0), at: UInt64($0 + 1)) }))
        // 500 records: 497 repeats of S0…S9 and 3 new services.
        let batch = (0..<500).map { index in
            LiveIntakeTests.resolve(Self.service(index < 3 ? 100 + index : index % 10), at: UInt64(100 + index))
        }
        intake.add(.records(connection: 1, batch))
        #expect(intake.queuedRecords == 13)
        #expect(intake.statistics.folded == 497)
        let queued = intake.take(maximumRecords: 100).compactMap { update -> [TraceRecord]? in
            if case .records(1, let records) = update { return records }
            return nil
        }
        #expect(queued.map(\.count) == [10, 3, 10])   // the first ten, the three new, the aggregates
        #expect(queued[1].capacity < 3 * 2 + 16)
    }

    /// A taken update's records are let go of at once, not when the queue is next compacted
    /// (up to 1 024 taken updates later); the last part of a split batch is handed back to be
    /// dropped after the lock.
    @Test func takenUpdatesLetGoOfTheirRecordsAtOnce() {
        var intake = LiveIntake(exactLimit: 100_000, recordLimit: 100_000)
        for batch in 0..<1_500 {
            intake.add(.records(connection: 1, (0..<10).map { LiveIntakeTests.resolve(Self.service(batch * 10 + $0), at: UInt64(batch * 10 + $0)) }))
        }
        #expect(intake.referencedRecords == 15_000)
        #expect(LiveIntakeTests.records(intake.take(maximumRecords: 1_000)).count == 1_000)
        #expect(intake.referencedRecords == 14_000)
        #expect(intake.takeReleased().isEmpty)
        // The 101st batch split in two: whole in the queue until its last part is taken.
        _ = intake.take(maximumRecords: 5)
        #expect(intake.referencedRecords == 14_000)
        _ = intake.take(maximumRecords: 5)
        #expect(intake.referencedRecords == 13_990)
        #expect(intake.takeReleased().count == 1)
        #expect(intake.queuedRecords == 13_990)
    }

    @Test func resolveKeysAreBoundedOverAllConnections() {
        var intake = LiveIntake(exactLimit: 0, recordLimit: 1_000, keyLimit: 100, totalKeyLimit: 150)
        for connection in 1...2 {
            intake.add(.records(connection: connection, (0..<100).map { LiveIntakeTests.resolve(Self.service($0), at: UInt64($0 + 1)) }))
        }
        #expect(intake.foldKeys == 150)
        // Connection 2 remembered 50 keys: repeats of the other 50 are queued, not folded.
        intake.add(.records(connection: 2, (0..<100).map { LiveIntakeTests.resolve(Self.service($0), at: UInt64(200 + $0)) }))
        #expect(intake.statistics.folded == 50)
        #expect(intake.queuedRecords == 250)
        intake.add(.connection(1, .disconnected("connection 1 closed")))
        #expect(intake.foldKeys == 50)
    }

    static func connection(_ number: Int, services: Range<Int>, ends: Bool) -> [LiveUpdate] {
        [.session(connection: number, name: "#\(number)", processID: Int32(100 + number)), .connection(number, .live),
         .records(connection: number, [InspectorSessionsTests.header("app-\(number)", pid: Int32(100 + number))]
             + services.map { LiveIntakeTests.resolve(Self.service($0), by: nil, at: UInt64($0 + 1)) })]
            + (ends ? [.connection(number, .disconnected("connection \(number) closed"))] : [])
    }

    @Test func aLiveGraphStopsAtItsServiceLimitAndTheHeaderSaysSo() throws {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: LiveFeed(wake: try WakePipe()),
                                  memoryBudget: 1 << 20)
        #expect(inspector.store.serviceLimit == 1_000)
        inspector.apply(Self.connection(1, services: 0..<1_200, ends: false))
        #expect(inspector.model.graph.nodes.count == 1_001)
        #expect(inspector.model.graph.servicesNotShown == 200)
        #expect(inspector.liveSummary.contains("200 more services not shown (limit 1000)"))
        #expect(inspector.statistics["services_not_shown"] == 200)
    }

    @Test func aLiveGraphStopsAtItsEdgeLimitAndTheHeaderSaysSo() throws {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: LiveFeed(wake: try WakePipe()),
                                  memoryBudget: 1 << 20)
        #expect(inspector.store.edgeLimit == 4_000)
        // 80 services, each resolving the next 60: 4 800 pairs among kept services.
        var updates = Self.connection(1, services: 0..<0, ends: false)
        var time: UInt64 = 1
        var records: [TraceRecord] = []
        for from in 0..<80 {
            for step in 1...60 {
                records.append(LiveIntakeTests.resolve(Self.service((from + step) % 80), by: Self.service(from), at: time))
                time += 1
            }
        }
        updates.append(.records(connection: 1, records))
        inspector.apply(updates)
        let graph = inspector.model.graph
        #expect(graph.nodes.count == 81)
        #expect(graph.edgesNotShown == 800)
        // The 4 000 kept, and the edges into the overflow node of the requesters past the limit.
        #expect(graph.edges.count == 4_000 + 14)
        #expect(inspector.liveSummary.contains("800 more edges not shown (limit 4000)"))
        #expect(inspector.statistics["edges_not_shown"] == 800)
    }

    @Test func theHistoriesGetWhatTheReserveAndTheGraphsLeave() throws {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: LiveFeed(wake: try WakePipe()))
        #expect(inspector.store.historyBudget == 160 << 20)
        inspector.apply(Self.connection(1, services: 0..<900, ends: false))
        let graph = inspector.model.graph.residentBytes
        #expect(graph > 900 * 112)
        #expect(inspector.store.historyBudget == (160 << 20) - graph)
        // A small budget keeps a quarter for the histories whatever the graphs weigh.
        let small = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), memoryBudget: 64 << 20)
        #expect(small.store.historyBudget == 16 << 20)
    }

    @Test func endedSessionsAreForgottenIdlestFirstWhenTheSessionsHoldMoreThanTheBudget() throws {
        let budget = 1 << 20
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: LiveFeed(wake: try WakePipe()),
                                  memoryBudget: budget)
        // Four ended apps of 900 services each, then a live one (shown: the newest is followed).
        for number in 1...4 { inspector.apply(Self.connection(number, services: 0..<900, ends: true)) }
        inspector.apply(Self.connection(5, services: 0..<900, ends: false))
        #expect(inspector.sessions.count == 5)
        let before = inspector.store.sessionBytes
        #expect(before > budget)
        _ = inspector.tick(now: .now, shouldYield: { false })
        #expect(inspector.store.sessionBytes <= budget)
        let forgotten = 5 - inspector.sessions.count
        #expect(forgotten >= 1)
        #expect(inspector.store.forgottenOverBudget == forgotten)
        #expect(inspector.statistics["sessions_forgotten_over_budget"] == UInt64(forgotten))
        // The oldest went first; the live one, on screen, stays.
        let apps = inspector.sessions.map { $0.graph.session.header?.app }
        #expect(apps == (1 + forgotten...5).map { "app-\($0)" })
        #expect(inspector.model.graph.session.header?.app == "app-5")
    }
}
