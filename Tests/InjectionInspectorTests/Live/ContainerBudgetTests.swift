import Injection
import InjectionGraph
import InjectionSynthetic
import InjectionTrace
import Testing
@testable import InjectionInspector

/// A server making a child container per request costs the live inspector what one child costs:
/// with the children of one site folded at the entrance (``ContainerFold``), the intake's key
/// table and the graph stay the size of one child's, and what does grow with containers (the
/// children still alive) is in the graph's bytes, which the session store holds to the budget.
struct ContainerBudgetTests {
    /// `requests` requests of ``LiveShape/childPerRequest``, as one connection sends them.
    static func requests(_ requests: Int) -> [TraceRecord] {
        let driver = LiveShapeDriver(shape: .childPerRequest, socketPath: "")
        return (1...(requests * 9)).map { driver.record(step: $0, time: UInt64($0) * 1_000) }
    }

    @Test func theIntakeRemembersOneChildsKeysWhateverTheRequests() {
        func keys(_ requests: Int, folding: Bool) -> Int {
            var fold = ContainerFold()
            var intake = LiveIntake(exactLimit: 0, recordLimit: 100_000)
            intake.add(.records(connection: 1, Self.requests(requests).map { folding ? fold.fold($0) : $0 }))
            return intake.foldKeys
        }
        // The resolve keys of one request (database, user, log, handler; made or cached).
        #expect(keys(2_000, folding: true) == keys(20, folding: true))
        #expect(keys(2_000, folding: true) <= 8)
        // Unfolded, every request's keys would be new.
        #expect(keys(2_000, folding: false) >= 4 * 2_000)
    }

    @Test func aLiveGraphOfAChildPerRequestIsTheSizeOfOne() throws {
        var few = DependencyGraph(), many = DependencyGraph()
        for record in Self.requests(10) { few.apply(record) }
        for record in Self.requests(5_000) { many.apply(record) }
        #expect(many.nodes.count == few.nodes.count)
        #expect(many.residentBytes - few.residentBytes < 4_096, "\(many.residentBytes) vs \(few.residentBytes)")
        let requests = try #require(many.container(named: "request-1"))
        #expect(requests.label == "request child ×5000")
        #expect(requests.live == 0)
    }

    /// Children that are never released are what still grows: counted in the graph's bytes,
    /// which ``SessionStore/sessionBytes`` adds up against the budget.
    @Test func childrenStillAliveAreInTheBudget() {
        let released = Self.requests(3_000)
        // The first request ends (the fold starts there); the others are never released.
        let held = released.filter { record in
            if case .event(let event) = record, case .containerReleased(let ended) = event.kind {
                return ended.container == "request-1"
            }
            return true
        }
        var releasedGraph = DependencyGraph(), heldGraph = DependencyGraph()
        for record in released { releasedGraph.apply(record) }
        for record in held { heldGraph.apply(record) }
        #expect(heldGraph.container(named: "request-1")?.live == 2_999)
        #expect(heldGraph.nodes.count == releasedGraph.nodes.count)
        // Each live child is remembered by name (its late records still fold): at least its
        // table entry.
        #expect(heldGraph.residentBytes - releasedGraph.residentBytes >= 2_999 * 32)
    }

    /// A session fed what the relay passes on (children folded, their repeated registrations
    /// left out), one connection's records after another's, each folded afresh as the relay
    /// folds a reconnected stream.
    static func session(requests: Int, connections: Int = 1) -> InspectorModel {
        var model = InspectorModel(connection: .live)
        let records = Self.requests(requests)
        let share = records.count / connections
        for connection in 0..<connections {
            var fold = ContainerFold()
            let part = records[(connection * share)..<(connection == connections - 1 ? records.count : (connection + 1) * share)]
            model.apply(fold.foldDroppingRepeats(Array(part)), now: 0)
        }
        return model
    }

    /// Within one span of trace time a folded site's history is one run, however many children:
    /// the session holds what one child costs, history included.
    @Test func aSessionsHistoryOfAChildPerRequestIsTheSizeOfOne() {
        let few = Self.session(requests: 20), many = Self.session(requests: 4_000)
        #expect(many.history.count == few.history.count)
        // (An array's capacity is what the allocator gave it: equal counts, nearly equal bytes.)
        #expect(many.history.wholeRecordCount == few.history.wholeRecordCount)
        #expect(many.history.footprint.total - few.history.footprint.total < 1_024,
                "\(many.history.footprint) vs \(few.history.footprint)")
        #expect(many.heldBytes - few.heldBytes < 4_096, "\(many.heldBytes) vs \(few.heldBytes)")
        // Every record the session applied is still a line of the event log's numbering.
        var fold = ContainerFold()
        let applied = fold.foldDroppingRepeats(Self.requests(4_000)).count { if case .header = $0 { false } else { true } }
        #expect(many.history.eventLines(through: many.history.count) == applied)
        #expect(many.history.mergedRecords > applied / 2)
    }

    /// A reconnected stream names the children by a stand-in of its own fold: the history still
    /// finds their services in the session's graph, and merges them.
    @Test func aReconnectedStreamStillMerges() {
        let once = Self.session(requests: 3_000), reconnected = Self.session(requests: 3_000, connections: 3)
        #expect(reconnected.history.wholeRecordCount <= once.history.wholeRecordCount + 2 * 16,
                "a reconnect's first children and their registrations are whole, not every record after it")
        #expect(reconnected.history.count <= once.history.count + 2 * 32)
        #expect(reconnected.graph.nodes.count == once.graph.nodes.count)
    }
}
