import Injection
import InjectionSynthetic
import Testing
@testable import InjectionGraph

/// The graph "as of" a record, rebuilt from snapshots plus the records since.
struct GraphHistoryTests {
    /// A trace long enough for several snapshots, with repeated resolves and aggregates.
    static let records = TimeCursorBenchmark.longRun(services: 600, edges: 3_000, rounds: 12)

    static func history(snapshotMemoryLimit: Int = GraphHistory.defaultSnapshotMemory) -> (graph: DependencyGraph, history: GraphHistory) {
        var graph = DependencyGraph()
        var history = GraphHistory(snapshotMemoryLimit: snapshotMemoryLimit)
        for record in records {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        return (graph, history)
    }

    @Test func asOfAnyRecordEqualsApplyingThePrefix() {
        let (_, history) = Self.history()
        #expect(history.snapshotCount >= 3, "the trace is long enough to be snapshotted")
        #expect(history.wholeRecordCount < history.count / 2, "repeated resolves are kept compact")
        for count in [0, 1, 37, 2_047, 2_048, 2_053, 4_000, Self.records.count / 2, Self.records.count * 3 / 4 + 11,
                      Self.records.count - 1, Self.records.count] {
            let expected = DependencyGraph(records: Self.records[..<count])
            let rebuilt = history.graph(through: count)
            #expect(rebuilt.nodes.count == expected.nodes.count, "nodes as of \(count)")
            #expect(rebuilt.edges.count == expected.edges.count, "edges as of \(count)")
            #expect(rebuilt.session.resolveCount == expected.session.resolveCount, "resolves as of \(count)")
            #expect(rebuilt.revision == expected.revision)
            #expect(rebuilt.nodes.map(\.identity) == expected.nodes.map(\.identity), "same ids for the same services")
            #expect(rebuilt.nodes.allSatisfy { rebuilt.nodeID(for: $0.identity) == $0.id }, "the index finds replayed nodes")
            #expect(rebuilt.edges.allSatisfy { rebuilt.edgeID(from: $0.from, to: $0.to) == $0.id })
            #expect(rebuilt.outgoing == expected.outgoing)
            #expect(rebuilt.containers.map(\.name) == expected.containers.map(\.name))
            #expect(rebuilt.nodes.map(\.resolveCount) == expected.nodes.map(\.resolveCount))
            #expect(rebuilt.nodes.map(\.cachedCount) == expected.nodes.map(\.cachedCount))
            #expect(rebuilt.nodes.map(\.totalNanoseconds) == expected.nodes.map(\.totalNanoseconds))
            #expect(rebuilt.nodes.map(\.childNanoseconds) == expected.nodes.map(\.childNanoseconds))
            #expect(rebuilt.nodes.map(\.appResolveCount) == expected.nodes.map(\.appResolveCount))
            #expect(rebuilt.nodes.map(\.aliveInstances) == expected.nodes.map(\.aliveInstances))
            #expect(rebuilt.nodes.map(\.lastSeen) == expected.nodes.map(\.lastSeen))
            #expect(rebuilt.edges.map(\.count) == expected.edges.map(\.count))
            #expect(rebuilt.edges.map(\.createdCount) == expected.edges.map(\.createdCount))
            #expect(rebuilt.edges.map(\.totalNanoseconds) == expected.edges.map(\.totalNanoseconds))
            #expect(rebuilt.session.eventCount == expected.session.eventCount)
            #expect(rebuilt.session.lastTime == expected.session.lastTime)
            #expect(rebuilt.session.lastSequence == expected.session.lastSequence)
            #expect(rebuilt.missing.count == expected.missing.count)
        }
    }

    @Test func snapshotsAreThinnedToStayWithinTheirMemory() {
        let (graph, roomy) = Self.history()
        let (_, none) = Self.history(snapshotMemoryLimit: 1)
        let (_, tight) = Self.history(snapshotMemoryLimit: graph.estimatedBytes * 2)
        #expect(roomy.snapshotCount > 2)
        #expect(none.snapshotCount == 0, "a limit below one graph keeps no snapshot")
        #expect(tight.snapshotCount >= 1 && tight.snapshotCount < roomy.snapshotCount)
        #expect(tight.footprint.snapshots <= graph.estimatedBytes * 2)
        let middle = Self.records.count / 3
        #expect(none.graph(through: middle).nodes.map(\.resolveCount) == roomy.graph(through: middle).nodes.map(\.resolveCount))
        #expect(tight.graph(through: middle).nodes.map(\.resolveCount) == roomy.graph(through: middle).nodes.map(\.resolveCount))
        #expect(tight.graph(through: middle).edges.map(\.count) == DependencyGraph(records: Self.records[..<middle]).edges.map(\.count))
    }

    @Test func snapshotsDoNotChangeTheLiveGraph() {
        let (graph, history) = Self.history()
        let reference = DependencyGraph(records: Self.records)
        #expect(graph.nodes.map(\.resolveCount) == reference.nodes.map(\.resolveCount))
        #expect(history.graph(through: history.count).edges.count == reference.edges.count)
    }

    @Test func timesMapToRecordCounts() {
        var builder = TraceBuilder()
        let a = TraceBuilder.id("A")
        let b = TraceBuilder.id("B")
        builder.resolve(a)  // t = 100
        builder.resolve(b)  // t = 200
        builder.resolve(a, ns: 5)  // t = 300
        var graph = DependencyGraph()
        var history = GraphHistory()
        for record in builder.records {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        #expect(history.count == 4)
        #expect(history.count(atOrBefore: 0) == 1, "the header has no time of its own")
        #expect(history.count(atOrBefore: 150) == 2)
        #expect(history.count(atOrBefore: 200) == 3)
        #expect(history.count(atOrBefore: 10_000) == 4)
        #expect(history.time(through: 3) == 200)
        #expect(history.endTime == 300)
        #expect(history.graph(through: 2).nodeID(for: b) == nil)
        #expect(history.graph(through: 3).nodeID(for: b) != nil)
    }

    @Test func resolvesPerBucketCoverTheWholeRun() {
        let (graph, history) = Self.history()
        for buckets in [1, 7, 48] {
            let counts = history.resolvesPerBucket(buckets)
            #expect(counts.count == buckets)
            #expect(counts.reduce(0, +) == graph.session.resolveCount)
        }
    }

    @Test func snapshotBudgetGrowsWithTheGraphWithinBounds() {
        let small = DependencyGraph(records: SyntheticTrace(services: 10, edges: 20).records())
        let medium = DependencyGraph(records: SyntheticTrace(services: 5_000, edges: 20_000).records())
        let large = DependencyGraph(records: SyntheticTrace(services: 20_000, edges: 80_000).records())
        #expect(GraphHistory.snapshotBudget(for: small) == GraphHistory.minimumSnapshotBudget)
        #expect(GraphHistory.snapshotBudget(for: medium) == medium.nodes.count + medium.edges.count)
        #expect(GraphHistory.snapshotBudget(for: large) == GraphHistory.maximumSnapshotBudget)
    }

    @Test func theBenchmarkRebuildsEveryPoint() {
        let result = TimeCursorBenchmark.run(services: 200, edges: 600, rounds: 2, samples: 10)
        #expect(result.services == 200)
        #expect(result.records > 600 * 3)
        #expect(result.maximumMilliseconds >= result.medianMilliseconds)
        #expect(result.summary.contains("snapshots: as-of median"))
    }
}

/// A history compacted to fit its budget: the older half goes, the rest rebuilds as before.
struct GraphHistoryCompactionTests {
    @Test func droppingTheOlderHalfKeepsEveryLaterGraphAndSaysWhereHistoryStarts() {
        var trace = TraceBuilder()
        for step in 0..<400 {
            let service = TraceBuilder.id("Service\(step % 37)")
            if step % 50 == 0 { trace.register(service, .singleton, line: step) }
            trace.resolve(service, by: step % 3 == 0 ? nil : TraceBuilder.id("Service\((step + 1) % 37)"), .singleton, .cached)
        }
        var graph = DependencyGraph()
        var whole = GraphHistory()
        var compacted = GraphHistory()
        for record in trace.records {
            graph.apply(record)
            whole.append(record, appliedTo: graph)
            compacted.append(record, appliedTo: graph)
        }
        let total = whole.count
        let released = compacted.dropOldestHalf()
        #expect(compacted.droppedRecords == total / 2)
        #expect(compacted.count == total - total / 2)
        #expect(compacted.startTime == whole.time(through: total / 2))
        // 401 records are one chunk: its memory goes when all its records do
        // (IncrementalCompactionTests frees whole chunks); the base graph it replaced is freed.
        #expect(released.recordCount == 0)
        #expect(released.wholeRecordChunks == 0)
        for kept in [0, 1, 17, compacted.count / 2, compacted.count] {
            #expect(compacted.graph(through: kept).treeDescription == whole.graph(through: total / 2 + kept).treeDescription,
                    "as of record \(total / 2 + kept)")
        }
        #expect(compacted.resolvesPerBucket(4).reduce(0, +) == whole.cumulativeResolves[total - 1] - whole.cumulativeResolves[total / 2 - 1])
        // Twice: the second cut starts from the first one's start.
        compacted.dropOldestHalf()
        #expect(compacted.graph(through: compacted.count).treeDescription == graph.treeDescription)
    }
}
