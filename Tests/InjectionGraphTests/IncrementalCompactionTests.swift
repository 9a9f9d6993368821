import Injection
import Testing
@testable import InjectionGraph

/// Compaction a slice at a time: the same result as dropping the older half at once, with
/// records appended meanwhile, and what the cut freed handed back.
struct IncrementalCompactionTests {
    /// 20 000 records: resolves of 37 services (some through a requester), a registration every
    /// 50 steps and a mapping change every 300 (records kept whole), across five chunks.
    static func trace(steps: Range<Int> = 0..<20_000) -> [TraceRecord] {
        var trace = TraceBuilder()
        for step in steps {
            let service = TraceBuilder.id("Service\(step % 37)")
            if step % 50 == 0 { trace.register(service, .singleton, line: step % 1_000) }
            trace.resolve(service, by: step % 3 == 0 ? nil : TraceBuilder.id("Service\((step + 1) % 37)"), .singleton, .cached)
        }
        return trace.records
    }

    static func history(_ records: [TraceRecord]) -> (DependencyGraph, GraphHistory) {
        var graph = DependencyGraph()
        var history = GraphHistory()
        for record in records {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        return (graph, history)
    }

    @Test func sliceBySliceEqualsAllAtOnceAndAppendsGoOnMeanwhile() {
        let all = Self.trace(steps: 0..<20_500)
        // The header, 20 000 resolves and 400 registrations; then 510 more records.
        let (first, later) = (Array(all[..<20_401]), Array(all[20_401...]))
        var (graph, incremental) = Self.history(first)
        #expect(incremental.count == 20_401)
        var atOnce = incremental
        let began = incremental.beginCompaction()
        #expect(began && incremental.isCompacting)
        // One slice per call (stop whenever asked); a record arrives between two slices.
        var calls = 0
        var released: ReleasedHistory?
        var appended = 0
        while released == nil {
            calls += 1
            released = incremental.continueCompaction { true }
            if released == nil, appended < later.count {
                graph.apply(later[appended])
                incremental.append(later[appended], appliedTo: graph)
                appended += 1
            }
        }
        #expect(calls > 1, "the replay to the cut took several slices")
        #expect(!incremental.isCompacting)
        let dropped = atOnce.dropOldestHalf()
        // Both cut at the half of the records there were when it began.
        #expect(incremental.droppedRecords == 10_200 && atOnce.droppedRecords == 10_200)
        #expect(incremental.count == 10_201 + appended)
        #expect(incremental.startTime == atOnce.startTime)
        for kept in [0, 1, 4_095, 4_096, 7_777, atOnce.count] {
            #expect(incremental.graph(through: kept).treeDescription == atOnce.graph(through: kept).treeDescription,
                    "as of kept record \(kept)")
        }
        #expect(incremental.graph(through: incremental.count).treeDescription == graph.treeDescription)
        // 10 200 records dropped: the two whole chunks below the cut (2 × 4 096) are freed; the
        // rest of the third stays with the kept records that share it.
        #expect(released?.recordCount == 8_192)
        #expect(dropped.recordCount == 8_192)
    }

    @Test func aCompactionUnderWayAnswersRebuildsAsBefore() {
        let records = Self.trace(steps: 0..<6_000)
        var (_, history) = Self.history(records)
        let before = (0...4).map { history.graph(through: history.count * $0 / 4).treeDescription }
        let began = history.beginCompaction()
        #expect(began)
        _ = history.continueCompaction { true }
        #expect(history.isCompacting)
        #expect((0...4).map { history.graph(through: history.count * $0 / 4).treeDescription } == before)
        #expect(history.droppedRecords == 0)
    }

    @Test func aWholeRecordsNumberWrapsAt32BitsAndStillFindsItsRecord() {
        // 2^32 + 7 whole records numbered, 2^32 + 2 of them dropped: the entry is the 6th kept.
        let entry = HistoryEntry(wholeRecord: (1 << 32) + 7)
        #expect(entry.edge == 7)
        #expect(GraphHistory.wholeRecordIndex(of: entry, dropped: (1 << 32) + 2) == 5)
        #expect(GraphHistory.wholeRecordIndex(of: HistoryEntry(wholeRecord: 12), dropped: 3) == 9)
    }

    @Test func nothingToDropBeginsNothing() {
        var history = GraphHistory()
        let began = history.beginCompaction()
        let released = history.continueCompaction { false }
        #expect(!began && released == nil)
        #expect(history.dropOldestHalf().isEmpty)
    }
}
