import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// Memory handed to the background freeing is still held: it is counted, and while it and the
/// histories fill the budget new apps are shed (counted) rather than let in.
@MainActor
struct MemoryInFlightTests {
    @Test func theLedgerCountsWhatIsHandedUntilItIsFreed() {
        let ledger = ReleaseLedger()
        ledger.handed(40 << 20)
        ledger.handed(10 << 20)
        #expect(ledger.pendingBytes == 50 << 20)
        ledger.freed(40 << 20)
        #expect(ledger.pendingBytes == 10 << 20)
        #expect(ledger.peakPendingBytes == 50 << 20)
        ledger.freed(10 << 20)
        #expect(ledger.pendingBytes == 0)
    }

    @Test func aForgottenSessionIsPendingUntilTheFreeingTaskHasFreedIt() async {
        let ledger = ReleaseLedger()
        SessionStore.freeElsewhere([UInt8](repeating: 1, count: 1 << 20), weighing: 1 << 20, in: ledger)
        #expect(ledger.peakPendingBytes == 1 << 20)
        while ledger.pendingBytes > 0 { await Task.yield() }
        #expect(ledger.pendingBytes == 0)
    }

    @Test func anIntakeNotAdmittingShedsEveryNewConnectionWhole() {
        var intake = LiveIntake(sessionLimit: 64)
        intake.admitsNewSessions = false
        intake.add(.session(connection: 1, name: "#1", processID: nil))
        intake.add(.records(connection: 1, [LiveIntakeTests.header("app-1")]
            + (1...4).map { LiveIntakeTests.resolve(LiveIntakeTests.catalog, at: $0) }))
        intake.add(.connection(1, .disconnected("connection 1 closed")))
        #expect(intake.statistics.shedConnections == 1)
        #expect(intake.statistics.dropped == 4)
        #expect(intake.count == 0 && intake.waitingSessions == 0)
        intake.admitsNewSessions = true
        intake.add(.session(connection: 2, name: "#2", processID: nil))
        #expect(intake.waitingSessions == 1)
        #expect(intake.statistics.shedConnections == 1)
    }

    @Test func whatIsBeingFreedPastTheBudgetShedsNewAppsUntilItIsFreed() throws {
        let feed = LiveFeed(wake: try WakePipe())
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), feed: feed,
                                  memoryBudget: 1 << 20)
        inspector.store.releasing.handed(2 << 20)
        #expect(inspector.store.heldBytes >= 2 << 20)
        _ = inspector.tick(now: .now, shouldYield: { false })
        for update in ConnectionChurnTests.connection(1, app: "short-lived", pid: 11, from: 1) { feed.send(update) }
        #expect(feed.status.statistics.shedConnections == 1)
        #expect(feed.status.statistics.dropped == 40)

        inspector.store.releasing.freed(2 << 20)
        _ = inspector.tick(now: .now, shouldYield: { false })
        for update in ConnectionChurnTests.connection(2, app: "short-lived", pid: 12, from: 100) { feed.send(update) }
        #expect(feed.status.statistics.shedConnections == 1)
        #expect(feed.status.queuedRecords == 41)
    }
}
