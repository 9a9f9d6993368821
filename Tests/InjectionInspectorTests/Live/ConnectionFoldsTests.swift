import Injection
import InjectionGraph
import InjectionTrace
import Testing
@testable import InjectionInspector

/// The intake's per-connection fold tables: repeats fold only when asked and per connection,
/// keys stay within both limits, and what was folded comes back once, exactly.
struct ConnectionFoldsTests {
    typealias L = LiveIntakeTests

    @Test func repeatsFoldOnlyWhenAskedAndComeBackOnceAsOneAggregate() throws {
        var folds = ConnectionFolds(keyLimit: 10, totalKeyLimit: 10)
        var batch = folds.begin(1)
        let folded = [
            batch.fold(L.resolve(L.catalog, at: 1), folding: true),   // a first resolve is remembered, not folded
            batch.fold(L.resolve(L.catalog, at: 2), folding: false),  // a repeat is queued while nothing folds
            batch.fold(L.resolve(L.catalog, at: 3), folding: true),
            batch.fold(L.resolve(L.catalog, at: 4), folding: true),
            batch.fold(L.missing(at: 5), folding: true),              // only resolves fold
        ]
        #expect(folded == [false, false, true, true, false])
        folds.end(batch)
        #expect(folds.pendingConnections == [1])
        #expect(folds.foldedKeyCount(of: 1) == 1)
        let aggregates = folds.takeAggregates(of: 1)
        guard case .aggregate(let aggregate)? = aggregates.first else { Issue.record("no aggregate"); return }
        #expect(aggregates.count == 1)
        #expect(aggregate.count == 2 && aggregate.firstTime == 3 && aggregate.lastTime == 4)
        #expect(folds.takeAggregates(of: 1).isEmpty, "taken once")
        #expect(folds.pendingConnections.isEmpty)
        // Another connection's first resolve of the same key is its own first.
        var other = folds.begin(2)
        let otherFolded = other.fold(L.resolve(L.catalog, at: 6), folding: true)
        #expect(!otherFolded)
        folds.end(other)
        #expect(folds.keyCount == 2)
    }

    @Test func keysStayWithinThePerConnectionAndTheTotalLimit() {
        var folds = ConnectionFolds(keyLimit: 3, totalKeyLimit: 5)
        let services = (0..<10).map { ServiceIdentity(type: "Service\($0)", container: "app") }
        for connection in 1...3 {
            var batch = folds.begin(connection)
            for service in services { batch.fold(L.resolve(service, at: 1), folding: true) }
            // A key past the limits is never folded: its repeats are queued.
            let pastTheLimits = batch.fold(L.resolve(services[9], at: 2), folding: true)
            #expect(!pastTheLimits)
            folds.end(batch)
        }
        #expect(folds.keyCount == 5, "3 for the first connection, 2 for the second, none for the third")
        let removed = folds.remove(1)
        #expect(removed.table?.count == 3 && removed.untakenResolutions == 0)
        #expect(folds.keyCount == 2)
    }

    @Test func aRemovedConnectionsUntakenRepeatsAreCounted() {
        var folds = ConnectionFolds(keyLimit: 10, totalKeyLimit: 10)
        var batch = folds.begin(1)
        for time in 1...5 { batch.fold(L.resolve(L.catalog, at: UInt64(time)), folding: true) }
        folds.end(batch)
        let removed = folds.remove(1)
        #expect(removed.untakenResolutions == 4)
        #expect(folds.pendingConnections.isEmpty && folds.keyCount == 0)
        #expect(folds.takeAggregates(of: 1).isEmpty)
    }
}
