import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// A history over its budget drops its older half only when that leaves it lighter: the cut
/// rebuilds the graph as of the cut, which for a graph heavier than its records is a second
/// copy of most of it.
@MainActor
struct HistoryCompactionBudgetTests {
    static func service(_ index: Int) -> ServiceIdentity { ServiceIdentity(type: "S\(index)", container: "app") }

    /// A trace opened whole, with the 1 MB budget's quarter for the histories.
    static func opened(_ records: [TraceRecord]) -> Inspector {
        var model = InspectorModel(connection: .file("trace.ndjson"))
        model.apply([InspectorSessionsTests.header("app", pid: 1)] + records, now: 0)
        return Inspector(model: model, memoryBudget: 1 << 20)
    }

    /// Ticks until no compaction is under way (each tick does a bounded slice of one).
    static func settle(_ inspector: Inspector) {
        var ticks = 0
        repeat {
            _ = inspector.tick(now: .now, shouldYield: { false })
            ticks += 1
        } while inspector.model.history.isCompacting && ticks < 10_000
        #expect(!inspector.model.history.isCompacting)
    }

    /// Every record a new edge among 3 000 services: the graph outweighs its records, so the
    /// history keeps them all however far over its budget it is (it was cut again and again,
    /// into a copy of the graph each time).
    @Test func aHistoryLighterThanItsGraphIsNotCutIntoACopyOfIt() {
        let records = (1..<9_000).map { index in
            LiveIntakeTests.resolve(Self.service(index % 3_000 + 1), by: Self.service(index / 3), at: UInt64(index))
        }
        let inspector = Self.opened(records)
        let history = inspector.model.history
        #expect(history.footprint.total > inspector.store.compactionThreshold)
        #expect(!history.compactionShrinks(comparedWith: inspector.model.graph))
        let graph = inspector.model.graph.treeDescription
        Self.settle(inspector)
        #expect(inspector.model.history.droppedRecords == 0)
        #expect(!inspector.model.history.isCompacting)
        #expect(inspector.model.graph.treeDescription == graph)
    }

    /// Repeats among ten services: the records outweigh the graph, and the older half goes.
    @Test func aHistoryHeavierThanItsGraphIsCut() {
        let records = (1..<40_000).map { index in
            LiveIntakeTests.resolve(Self.service(index % 10), by: nil, at: UInt64(index))
        }
        let inspector = Self.opened(records)
        #expect(inspector.model.history.footprint.total > inspector.store.compactionThreshold)
        #expect(inspector.model.history.compactionShrinks(comparedWith: inspector.model.graph))
        Self.settle(inspector)
        #expect(inspector.model.history.droppedRecords > 0)
    }
}
