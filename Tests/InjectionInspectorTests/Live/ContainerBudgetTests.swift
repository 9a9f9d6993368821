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
}
