import Foundation
import Injection
import Testing
import InjectionGraph
import InjectionSynthetic

/// The graph at scale. By default a reduced size keeps the suite fast; set
/// `GRAPH_SCALE_FULL=1` (ideally with `-c release`) for 100 000 services and 1 000 000 edges,
/// and the figures are printed. Only correctness is asserted: timings depend on the machine.
struct ScaleTests {
    @Test func benchmarkBuildsTheRequestedGraphAndFindsItsProblems() {
        let full = ProcessInfo.processInfo.environment["GRAPH_SCALE_FULL"] == "1"
        let services = full ? 100_000 : 5_000
        let edges = full ? 1_000_000 : 50_000
        let result = GraphScaleBenchmark.run(services: services, edges: edges, cycles: 20)
        print("GraphScaleBenchmark: \(result.summary)")
        #expect(result.services == services)
        #expect(result.edges >= edges)
        #expect(result.problems > 0)  // 50 missing requests (deduped) and the 20 loops
        #expect(result.dotBytes > edges * 10)
    }

    @Test func syntheticTraceIsDeterministic() {
        let trace = SyntheticTrace(services: 300, edges: 2_000, cycles: 3, missing: 5)
        let first = DependencyGraph(records: trace.records())
        let second = DependencyGraph(records: trace.records())
        #expect(first.treeDescription == second.treeDescription)
        #expect(first.edges.count == 2_000 + 3)
        #expect(!first.stronglyConnectedComponents().isEmpty)
        #expect(first.missing.count == 5)
    }
}
