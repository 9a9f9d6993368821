import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// The intake is kept under the feed's lock, which the UI's take waits for: every step done
/// there is as long as the work the update or the take itself stands for, never as long as
/// everything the intake remembers.
struct LiveIntakeLockHoldTests {
    static func service(_ number: Int) -> ServiceIdentity {
        ServiceIdentity(type: "Service\(number)", container: "app")
    }

    static func times(_ updates: [LiveUpdate]) -> [UInt64?] {
        LiveIntakeTests.records(updates).map { GraphHistory.time(of: $0) }
    }

    /// 10 000 keys remembered, two of them folded: the take visits two slots, not 10 000, and
    /// queues their aggregates in the order they were first folded.
    @Test func aTakeVisitsOnlyTheKeysFoldedSinceTheLastTake() {
        var intake = LiveIntake(exactLimit: 0, recordLimit: 20_000)
        intake.add(.records(connection: 1, (0..<10_000).map {
            LiveIntakeTests.resolve(Self.service($0), at: UInt64($0 + 1))
        }))
        #expect(LiveIntakeTests.records(intake.take(maximumRecords: 20_000)).count == 10_000)
        #expect(intake.foldSlotsVisitedByLastTake == 0)

        intake.add(.records(connection: 1, [
            LiveIntakeTests.resolve(Self.service(7), at: 10_001),
            LiveIntakeTests.resolve(Self.service(5), at: 10_002),
            LiveIntakeTests.resolve(Self.service(7), at: 10_003),
            LiveIntakeTests.resolve(Self.service(5), at: 10_004),
            LiveIntakeTests.resolve(Self.service(7), at: 10_005),
        ]))
        #expect(intake.queuedRecords == 0)
        let aggregates = LiveIntakeTests.records(intake.take(maximumRecords: 100)).compactMap { record -> ResolutionAggregate? in
            if case .aggregate(let aggregate) = record { return aggregate }
            return nil
        }
        #expect(intake.foldSlotsVisitedByLastTake == 2)
        #expect(aggregates.map(\.service) == [Self.service(7), Self.service(5)])
        #expect(aggregates.map(\.count) == [3, 2])
        #expect(aggregates.map(\.firstTime) == [10_001, 10_002])
        #expect(aggregates.map(\.lastTime) == [10_005, 10_004])

        // Nothing folded since: the next take visits nothing.
        #expect(intake.take(maximumRecords: 100).isEmpty)
        #expect(intake.foldSlotsVisitedByLastTake == 0)
    }

    /// A batch larger than a frame's share is read in place from where the last take stopped:
    /// order and counts are exact, and what follows it comes after its last record.
    @Test func aSplitBatchIsTakenInOrderFromWhereTheLastTakeStopped() {
        var intake = LiveIntake(exactLimit: 10_000, recordLimit: 10_000)
        intake.add(.records(connection: 1, (1...5_000).map { LiveIntakeTests.resolve(Self.service(1), at: $0) }))
        intake.add(.records(connection: 1, [LiveIntakeTests.resolve(Self.service(2), at: 5_001)]))
        #expect(Self.times(intake.take(maximumRecords: 2_000)) == (1...2_000).map { Optional($0) })
        #expect(intake.queuedRecords == 3_001)
        #expect(Self.times(intake.take(maximumRecords: 2_000)) == (2_001...4_000).map { Optional($0) })
        #expect(intake.queuedRecords == 1_001)
        #expect(Self.times(intake.take(maximumRecords: 2_000)) == (4_001...5_001).map { Optional($0) })
        #expect(intake.queuedRecords == 0 && intake.count == 0)
    }

    /// A finished connection's key table is handed back to be freed after the lock, not freed
    /// while the UI may be waiting for it.
    @Test func aDisconnectHandsBackItsKeyTableToBeFreedOutsideTheLock() {
        var intake = LiveIntake(exactLimit: 0, recordLimit: 10_000)
        intake.add(.records(connection: 1, (0..<300).map { LiveIntakeTests.resolve(Self.service($0), at: UInt64($0 + 1)) }))
        intake.add(.records(connection: 2, [LiveIntakeTests.resolve(Self.service(0), at: 301)]))
        let released = intake.add(.connection(1, .disconnected("connection 1 closed")))
        #expect(released.foldKeys == 300)
        #expect(intake.add(.connection(1, .disconnected("again"))).foldKeys == 0)
        #expect(intake.add(.connection(2, .disconnected("connection 2 closed"))).foldKeys == 1)
    }
}
