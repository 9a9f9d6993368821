import Injection
import Testing
@testable import InjectionGraph

/// A live graph is bounded by its service limit, not by the names an app sends: past it new names
/// fold into one node and are counted; problems keep their own names; a history rebuilds the
/// same graph; the byte estimate follows.
struct ServiceLimitTests {
    static func churn(names: Int) -> [TraceRecord] {
        var trace = TraceBuilder()
        for index in 0..<names {
            trace.resolve(TraceBuilder.id("Service\(index)"), by: TraceBuilder.id("Root"), .singleton, .cached)
        }
        return trace.records
    }

    @Test func newNamesPastTheLimitFoldIntoOneNodeAndAreCounted() {
        var graph = DependencyGraph()
        graph.serviceLimit = 10
        var records = Self.churn(names: 30)
        // Repeats of a folded name count once.
        records += Self.churn(names: 30).dropFirst()
        for record in records { graph.apply(record) }
        // Service0, Root (its requester) and Service1…8 fill the limit; the overflow node is the 11th.
        #expect(graph.nodes.count == 11)
        #expect(graph.servicesNotShown == 21)
        #expect(graph.servicesNotShownIsExact)
        let overflow = try! #require(graph.overflowNode)
        #expect(graph.nodes[overflow].identity.type == DependencyGraph.overflowTypeName)
        #expect(graph.nodes[overflow].resolveCount == 42)   // Service9…29, twice
        #expect(graph.nodes[1].identity.type == "Root")
        #expect(graph.nodes[1].resolveCount == 0)           // only a requester
        #expect(graph.edges.count == 10)                    // Root → Service0…8 and Root → overflow
        #expect(graph.session.resolveCount == 60)
    }

    @Test func aMissingRegistrationOfAFoldedNameKeepsItsName() {
        var graph = DependencyGraph()
        graph.serviceLimit = 2
        for record in Self.churn(names: 5) { graph.apply(record) }
        let ghost = TraceBuilder.id("Ghost")
        graph.apply(.event(ResolutionEvent(sequence: 99, time: 9_900, thread: 1, kind: .missing(MissingRegistration(
            requested: ghost, requesterChain: [TraceBuilder.id("Service4")], nearMisses: [], fix: "register Ghost",
            location: nil)))))
        #expect(graph.missing.count == 1)
        #expect(graph.missing[0].requested == ghost)
        #expect(graph.missing[0].chain == [TraceBuilder.id("Service4")])
        #expect(graph.nodes.count == 3)
    }

    @Test func aHistoryRebuildsTheSameFoldedGraph() {
        var graph = DependencyGraph()
        graph.serviceLimit = 10
        var history = GraphHistory()
        var trace = TraceBuilder()
        for step in 0..<3_000 {
            let service = TraceBuilder.id("Service\(step % 40)")
            // Registrations are kept whole by the history: replayed by name, they must fold too.
            if step % 7 == 0 { trace.register(service, .singleton, line: step % 90) }
            trace.resolve(service, by: TraceBuilder.id("Service\((step + 1) % 40)"), .singleton, .cached)
        }
        for record in trace.records {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        #expect(graph.nodes.count == 11)
        #expect(graph.servicesNotShown == 30)
        let rebuilt = history.graph(through: history.count)
        #expect(rebuilt.nodes.map(\.identity) == graph.nodes.map(\.identity))
        #expect(rebuilt.nodes.map(\.resolveCount) == graph.nodes.map(\.resolveCount))
        #expect(rebuilt.edges.count == graph.edges.count)
        #expect(rebuilt.overflowNode == graph.overflowNode)
        let halfway = history.graph(through: 1_000)
        #expect(halfway.nodes.count == 11)
    }

    @Test func theByteEstimateStopsGrowingAtTheLimit() {
        var unbounded = DependencyGraph()
        var bounded = DependencyGraph()
        bounded.serviceLimit = 100
        for record in Self.churn(names: 1_000) {
            unbounded.apply(record)
            bounded.apply(record)
        }
        // "Service123" and "app" are stored inline (≤ 15 UTF-8 bytes): each name costs its
        // identity's storage object, 112 bytes.
        #expect(unbounded.nameBytes == 1_001 * 112)
        // The overflow node's 25-byte type name is stored out of line: 112 + 32 + 32.
        #expect(bounded.nameBytes == 100 * 112 + 176)
        #expect(bounded.residentBytes < unbounded.residentBytes / 5)
        // The adjacency lists' capacities are summed as edges are added: the same figure a walk gives.
        let walked = unbounded.outgoing.reduce(0) { $0 + $1.capacity } + unbounded.incoming.reduce(0) { $0 + $1.capacity }
        #expect(unbounded.adjacencyCapacity == walked)
        #expect(unbounded.residentBytes == unbounded.estimatedBytes + 1_001 * 112)
    }

    @Test func longNamesAreCountedWithTheirStorage() {
        // 40 UTF-8 bytes: a 32-byte header and 48 bytes (rounded to 16) besides the identity.
        let identity = ServiceIdentity(type: String(repeating: "T", count: 40), container: "app")
        #expect(DependencyGraph.nameBytes(of: identity) == 112 + 32 + 48)
    }
}

/// The edges are bounded too: an app pairing its kept services in every way folds the pairs past
/// the limit into edges to the overflow node, counted; a history rebuilds the same graph.
struct EdgeLimitTests {
    /// Service0…19 each resolving every other: 380 pairs among 20 services.
    static func everyPair() -> [TraceRecord] {
        var trace = TraceBuilder()
        for from in 0..<20 {
            for to in 0..<20 where to != from {
                trace.resolve(TraceBuilder.id("Service\(to)"), by: TraceBuilder.id("Service\(from)"), .singleton, .cached)
            }
        }
        return trace.records
    }

    @Test func pairsPastTheLimitAreCountedOnAnEdgeToTheOverflowNode() {
        var graph = DependencyGraph()
        graph.edgeLimit = 50
        var history = GraphHistory()
        let records = Self.everyPair()
        for record in records + records {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        let overflow = try! #require(graph.overflowNode)
        #expect(graph.nodes.count == 21, "the 20 services and the overflow node")
        // 50 pairs kept, then each requester with pairs past the limit gets its edge to the
        // overflow node: Service2 (whose 13th pair was the 51st) to Service19.
        #expect(graph.edges.count == 50 + 18)
        #expect(graph.edgesNotShown == 380 - 50)
        // The services keep their own counts; the folded pairs' resolves are on the edges into
        // the overflow node.
        #expect(graph.nodes[overflow].resolveCount == 0)
        #expect(graph.incoming[overflow].reduce(0) { $0 + graph.edges[$1].count } == 2 * 330)
        #expect(graph.nodes.reduce(0) { $0 + $1.resolveCount } == 760)
        #expect(graph.session.resolveCount == 760)
        let service5 = try! #require(graph.nodeID(for: TraceBuilder.id("Service5")))
        let folded = try! #require(graph.edgeID(from: service5, to: overflow))
        #expect(graph.edges[folded].count == 2 * 19)
        // A history replays the same folds.
        let rebuilt = history.graph(through: history.count)
        #expect(rebuilt.edges.count == graph.edges.count)
        #expect(rebuilt.edgesNotShown == graph.edgesNotShown)
        #expect(rebuilt.edges[folded].count == graph.edges[folded].count)
        #expect(rebuilt.check() == graph.check())
    }
}
