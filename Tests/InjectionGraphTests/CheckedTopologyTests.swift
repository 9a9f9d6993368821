import Injection
import InjectionSynthetic
import Testing
@testable import InjectionGraph

/// A graph whose structure changes with every batch (services appearing, registered again) is
/// checked again each time, but its loops are found from scratch only when a new edge may close
/// one: the report is still the one `check` gives.
struct CheckedTopologyTests {
    typealias B = TraceBuilder

    static func service(_ index: Int, layer: String? = nil) -> ServiceIdentity { B.id("Service\(index)", layer: layer) }

    /// Applies what `build` adds to a builder numbered from `sequence`.
    static func apply(to graph: inout DependencyGraph, from sequence: UInt64, _ build: (inout B) -> Void) {
        var trace = B()
        trace.records = []
        trace.sequence = sequence
        build(&trace)
        for record in trace.records { graph.apply(record) }
    }

    @Test func newServicesAndEdgesThatCloseNoLoopAreAddedWithoutSearchingForLoops() {
        // A loop A ⇄ B between two layers (a breach), and a root resolving both.
        var graph = DependencyGraph()
        let a = B.id("A", layer: "ViewModel"), b = B.id("B", layer: "Repository")
        Self.apply(to: &graph, from: 0) { trace in
            trace.resolve(a, by: B.id("Root"))
            trace.resolve(b, by: a)
            trace.resolve(a, by: b)
        }
        var cache = DiagnosticsCache()
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.fullChecks == 1)
        #expect(cache.loopSearches == 1)
        #expect(cache.report.problems.contains { if case .dependencyLoop = $0 { true } else { false } })

        // 40 batches, each a new service resolved by A and registered: structural every time.
        for batch in 0..<40 {
            Self.apply(to: &graph, from: UInt64(100 + batch * 10)) { trace in
                let leaf = Self.service(batch, layer: batch % 2 == 0 ? "Repository" : nil)
                trace.register(leaf, .singleton, line: 20 + batch)
                trace.resolve(leaf, by: a, .singleton)
                trace.resolve(leaf, by: b, .singleton, .cached)
            }
            #expect(cache.report(for: graph) == graph.check(), "batch \(batch)")
        }
        #expect(cache.fullChecks == 41)
        #expect(cache.loopSearches == 1)

        // A new edge back from a leaf into the loop closes a larger one: searched again, once.
        Self.apply(to: &graph, from: 1_000) { trace in trace.resolve(a, by: Self.service(3), .singleton) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.fullChecks == 42)
        #expect(cache.loopSearches == 2)

        // An observed cycle names the loop otherwise: searched again.
        Self.apply(to: &graph, from: 1_100) { trace in trace.event(.cycle(DependencyCycle(path: [a, b, a]))) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.loopSearches == 3)

        // A lazy first read on a new pair is a new lazy edge: searched again.
        Self.apply(to: &graph, from: 1_200) { trace in
            trace.event(.lazyResolved(LazyResolution(owner: Self.service(5), service: Self.service(7), location: B.at(30))))
        }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.loopSearches == 4)

        // That edge resolved at last is no longer lazy: searched again; then new leaves again are not.
        Self.apply(to: &graph, from: 1_300) { trace in trace.resolve(Self.service(7), by: Self.service(5)) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.loopSearches == 5)
        Self.apply(to: &graph, from: 1_400) { trace in trace.resolve(B.id("Late"), by: Self.service(7)) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.fullChecks == 46)
        #expect(cache.loopSearches == 5)
    }

    @Test func anotherGraphIsCheckedFromScratch() {
        var cache = DiagnosticsCache()
        var first = DependencyGraph()
        Self.apply(to: &first, from: 0) { trace in
            trace.resolve(Self.service(1), by: Self.service(0))
            trace.resolve(Self.service(0), by: Self.service(1))
        }
        #expect(cache.report(for: first) == first.check())
        // The same ids and edges, other names: nothing kept may be reused.
        var second = DependencyGraph()
        Self.apply(to: &second, from: 0) { trace in
            trace.resolve(B.id("Other1", layer: "Data"), by: B.id("Other0", layer: "UI"))
            trace.resolve(B.id("Other0", layer: "UI"), by: B.id("Other1", layer: "Data"))
            trace.resolve(B.id("Other2"), by: B.id("Other0", layer: "UI"))
        }
        #expect(cache.report(for: second) == second.check())
        #expect(cache.loopSearches == 2)
        // Back to a copy of the first with an edge the second has at the same id, other ends.
        var third = first
        Self.apply(to: &third, from: 10) { trace in trace.resolve(Self.service(2), by: Self.service(1)) }
        #expect(cache.report(for: third) == third.check())
        #expect(cache.loopSearches == 3)
    }

    @Test func aNewEdgeWhoseTargetReachesTooManyServicesSearchesForLoops() {
        // A chain of 5 000 services that never comes back: the search from the new edge's
        // target gives up at 4 096 services and finds the loops from scratch (there are none).
        var graph = DependencyGraph()
        Self.apply(to: &graph, from: 0) { trace in
            for index in 0..<5_000 { trace.resolve(Self.service(index + 1), by: Self.service(index), .singleton) }
        }
        var cache = DiagnosticsCache()
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.loopSearches == 1)
        Self.apply(to: &graph, from: 10_000) { trace in trace.resolve(Self.service(0), by: B.id("Head"), .singleton) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.loopSearches == 2)
        // A new edge from the chain's end to a new service: nothing to search.
        Self.apply(to: &graph, from: 10_100) { trace in trace.resolve(B.id("Tail"), by: Self.service(5_000), .singleton) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.fullChecks == 3)
        #expect(cache.loopSearches == 2)
    }

    @Test(arguments: [5, 6, 7, 8] as [UInt64])
    func churningServicesKeepTheReportOfACheckFromScratch(seed: UInt64) {
        // The random mix of every record kind, over services that keep appearing: the report
        // after every batch is `check`'s, and the loops are searched far less often than the
        // structure changes.
        var random = SplitMix64(seed: seed)
        var mix = RandomRecords(newServiceEvery: 6)
        var graph = DependencyGraph()
        var cache = DiagnosticsCache()
        for step in 0..<500 {
            for _ in 0..<Int.random(in: 1...6, using: &random) { graph.apply(mix.next(using: &random)) }
            if step == 450 { graph.apply(.end(time: mix.time + 1, reason: "exit")) }
            let running = !graph.session.hasEnded
            #expect(cache.report(for: graph, stillRunning: running) == graph.check(stillRunning: running), "seed \(seed), step \(step)")
        }
        #expect(graph.nodes.count > 300)
        #expect(cache.fullChecks > 300)
        #expect(cache.loopSearches * 2 < cache.fullChecks)
    }
}
