import Injection
import Testing
@testable import InjectionGraph

/// A copy of a graph (a history's snapshot) shares its services and edges page by page: the
/// next resolve copies the pages it writes, not the whole graph.
struct PagedArrayTests {
    @Test func aWriteAfterACopyCopiesOnlyItsPage() {
        var values = PagedArray<Int>()
        for value in 0..<1_000 { values.append(value) }
        #expect(values.count == 1_000)
        #expect(Array(values) == Array(0..<1_000))
        #expect(values.capacity == 1_024)
        let snapshot = values
        values[300] += 1
        #expect(snapshot[300] == 300)
        #expect(values[300] == 301)
        let pages = (0..<4).filter { !values.sharesPage($0, with: snapshot) }
        #expect(pages == [300 / PagedArray<Int>.pageSize])
        values.append(1_000)
        #expect(snapshot.count == 1_000)
        #expect(values.last == 1_000)
    }

    @Test func aResolveAfterASnapshotCopiesTheTwoPagesItCounts() {
        var trace = TraceBuilder()
        trace.resolve(TraceBuilder.id("Root"))
        for index in 0..<2_000 { trace.resolve(TraceBuilder.id("Service\(index)"), by: TraceBuilder.id("Root"), .singleton) }
        var graph = trace.graph
        let snapshot = graph
        let size = PagedArray<ServiceNode>.pageSize
        let root = try! #require(graph.nodeID(for: TraceBuilder.id("Root")))
        let service = try! #require(graph.nodeID(for: TraceBuilder.id("Service1500")))
        let edge = try! #require(graph.edgeID(from: root, to: service))
        graph.apply(.event(ResolutionEvent(sequence: 9_000, time: 900_000, thread: 1, kind: .resolved(Resolved(
            service: TraceBuilder.id("Service1500"), requester: TraceBuilder.id("Root"), scope: .singleton, outcome: .cached,
            source: .factory, durationNanoseconds: 7, depth: 2)))))
        let nodePages = (0..<(graph.nodes.count + size - 1) / size).filter { !graph.nodes.sharesPage($0, with: snapshot.nodes) }
        #expect(nodePages == [root / size, service / size])
        let edgePages = (0..<(graph.edges.count + size - 1) / size).filter { !graph.edges.sharesPage($0, with: snapshot.edges) }
        #expect(edgePages == [edge / size])
        #expect(graph.nodes[service].resolveCount == 2)
        #expect(snapshot.nodes[service].resolveCount == 1)
        #expect(graph.edges[edge].count == 2)
        #expect(snapshot.edges[edge].count == 1)
    }

    @Test func aHistorysSnapshotsWeighThePagesWrittenBetweenThem() {
        var trace = TraceBuilder()
        trace.resolve(TraceBuilder.id("Root"))
        for index in 0..<2_000 { trace.resolve(TraceBuilder.id("Service\(index)"), by: TraceBuilder.id("Root"), .singleton) }
        // Then only counts: Root resolving Service1500 again and again.
        for _ in 0..<100_000 { trace.resolve(TraceBuilder.id("Service1500"), by: TraceBuilder.id("Root"), .singleton, .cached) }
        var graph = DependencyGraph()
        var history = GraphHistory()
        for record in trace.records {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        #expect(history.snapshotCount == 6)
        // Root's page, Service1500's page, the page of their edge: nothing else was written.
        let size = PagedArray<ServiceNode>.pageSize
        let between = 2 * size * MemoryLayout<ServiceNode>.stride + size * MemoryLayout<DependencyEdge>.stride
        #expect(history.footprint.snapshots == graph.estimatedBytes + 5 * between)
        #expect(graph.bytesNotShared(with: graph) == 0)
        // A compaction weighs what is kept against the graph it starts from.
        _ = history.dropOldestHalf()
        #expect(history.footprint.snapshots == graph.estimatedBytes + history.snapshotCount * between)
        #expect(history.graph(through: history.count).nodes[1_501].resolveCount == graph.nodes[1_501].resolveCount)
    }
}
