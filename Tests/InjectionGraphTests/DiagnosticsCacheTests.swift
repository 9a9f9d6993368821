import Injection
import InjectionSynthetic
import Testing
@testable import InjectionGraph

/// The problems report is kept across revisions that only count: exactly one check from scratch
/// per change of structure, and always the report `check` gives.
struct DiagnosticsCacheTests {
    typealias B = TraceBuilder

    static let root = B.id("Root")
    static func service(_ index: Int) -> ServiceIdentity { B.id("Service\(index)") }

    /// Root resolves Service0…9 (each once).
    static func tenServices() -> DependencyGraph {
        var trace = B()
        for index in 0..<10 { trace.resolve(service(index), by: root, .singleton, .created) }
        return trace.graph
    }

    static func resolves(_ count: Int, from start: Int) -> [TraceRecord] {
        var trace = B()
        trace.sequence = UInt64(start)
        trace.records = []
        for step in 0..<count { trace.resolve(service(step % 10), by: root, .singleton, .cached) }
        return trace.records
    }

    @Test func countOnlyBatchesAreNotCheckedAgainAndAStructuralChangeIsCheckedOnce() {
        var graph = Self.tenServices()
        var cache = DiagnosticsCache()
        _ = cache.report(for: graph)
        #expect(cache.fullChecks == 1)
        let structure = graph.structureRevision
        let problemsRevision = cache.problemsRevision
        for batch in 0..<50 {
            for record in Self.resolves(100, from: 1_000 + batch * 100) { graph.apply(record) }
            #expect(cache.report(for: graph) == graph.check())
        }
        #expect(cache.fullChecks == 1)
        #expect(graph.structureRevision == structure)
        #expect(cache.problemsRevision == problemsRevision)
        #expect(cache.report.session.resolveCount == 5_010)

        // A registration is more than a count: one check, then none again for counts.
        var trace = B()
        trace.sequence = 10_000
        trace.records = []
        trace.register(Self.service(3), .singleton, line: 40)
        for record in trace.records { graph.apply(record) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.fullChecks == 2)
        #expect(cache.report(for: graph) == graph.check())
        for record in Self.resolves(100, from: 20_000) { graph.apply(record) }
        #expect(cache.report(for: graph) == graph.check())
        #expect(cache.fullChecks == 2)

        // A new service and a new edge are structural; so is the mapping left active once the app ends.
        for record in [TraceRecord.event(ResolutionEvent(sequence: 30_000, time: 3_000_000, thread: 1, kind: .resolved(Resolved(
            service: B.id("New"), requester: Self.service(1), scope: .unique, outcome: .created, source: .factory,
            durationNanoseconds: 5, depth: 3))))] { graph.apply(record) }
        _ = cache.report(for: graph)
        #expect(cache.fullChecks == 3)
        _ = cache.report(for: graph, stillRunning: true)
        #expect(cache.fullChecks == 4)
    }

    @Test func newNamesPastTheServiceLimitOnlyCount() {
        var graph = DependencyGraph()
        graph.serviceLimit = 100
        var cache = DiagnosticsCache()
        var trace = B()
        // As the new-names shape: a new service every record, a new requester every 16.
        for step in 0..<2_000 { trace.resolve(B.id("Generated\(step)"), by: B.id("Requester\(step / 16)"), .singleton, .cached) }
        var checksAtLimit: Int?
        for (index, record) in trace.records.enumerated() {
            graph.apply(record)
            guard index % 50 == 49 else { continue }
            #expect(cache.report(for: graph) == graph.check())
            // Once the overflow node and its self-edge exist, nothing but counts changes.
            if graph.overflowNode != nil, graph.nodes[graph.overflowNode!].resolveCount > 40, checksAtLimit == nil {
                checksAtLimit = cache.fullChecks
            }
        }
        #expect(graph.nodes.count == 101)
        #expect(graph.servicesNotShown > 1_800)
        #expect(cache.fullChecks == checksAtLimit)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theKeptReportEqualsACheckFromScratchAfterRandomRecords(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var mix = RandomRecords()
        var graph = DependencyGraph()
        var cache = DiagnosticsCache()
        var strictCache = DiagnosticsCache()
        var structuralSteps = 0
        var previousStructure = graph.structureRevision
        var sawShadows = false, sawBreaches = false
        for step in 0..<600 {
            let batch = Int.random(in: 1...4, using: &random)
            for _ in 0..<batch { graph.apply(mix.next(using: &random)) }
            if step == 550 { graph.apply(.end(time: mix.time + 1, reason: "exit")) }
            let running = !graph.session.hasEnded
            let report = cache.report(for: graph, stillRunning: running)
            #expect(report == graph.check(stillRunning: running), "seed \(seed), step \(step)")
            if step % 5 == 0 {
                #expect(strictCache.report(for: graph, strict: true) == graph.check(strict: true), "strict, seed \(seed), step \(step)")
            }
            if graph.structureRevision != previousStructure { structuralSteps += 1 }
            previousStructure = graph.structureRevision
            sawShadows = sawShadows || report.problems.contains { if case .shadowed = $0 { true } else { false } }
            sawBreaches = sawBreaches || report.problems.contains { $0.area == .layers }
        }
        // Checked from scratch exactly when the structure changed (the first time included),
        // and most batches only counted.
        #expect(cache.fullChecks == structuralSteps)
        #expect(cache.fullChecks < 300)
        // The mix reached the problems whose counts come from the graph as it is.
        #expect(sawShadows)
        #expect(sawBreaches)
    }
}

/// Records over a few services in three layers of two containers (one added to the other),
/// mostly resolves of what was seen, now and then anything else a trace carries: layer loops
/// whose weaker crossing changes with the counts, shadowed registrations, lazy edges, cycles,
/// mismatches, mappings, overrides and failures.
struct RandomRecords {
    var sequence: UInt64 = 0
    var time: UInt64 { sequence * 100 }
    /// When set, every that many records a service never seen is resolved by one of the mix's
    /// (services keep appearing, as in a churning app), and now and then an earlier new service
    /// resolves one of the mix's (which may close a loop through it).
    var newServiceEvery: UInt64?
    private var freshServices = 0

    init(newServiceEvery: UInt64? = nil) {
        self.newServiceEvery = newServiceEvery
    }

    static func fresh(_ index: Int) -> ServiceIdentity {
        TraceBuilder.id("Fresh\(index)", in: index % 4 == 3 ? "module" : "app", layer: index % 5 == 0 ? nil : layers[index % 3])
    }

    static let layers = ["ViewModel", "UseCase", "Repository"]

    static func service(_ index: Int) -> ServiceIdentity {
        let container = index % 5 == 4 ? "module" : "app"
        return TraceBuilder.id("S\(index % 12)", in: container, layer: layers[index % 3])
    }

    /// One key registered in two containers both added to `app`: from `app`, the one that
    /// answers passes over the other at the same distance (a shadowed registration).
    static func shared(_ index: Int) -> ServiceIdentity {
        TraceBuilder.id("Shared", in: index % 2 == 0 ? "module" : "legacy")
    }

    mutating func next(using random: inout SplitMix64) -> TraceRecord {
        sequence += 1
        // Two containers added to `app`, each registering `Shared`.
        if sequence <= 4 {
            let container = sequence % 2 == 1 ? "module" : "legacy"
            let kind: ResolutionEvent.Kind = sequence <= 2
                ? .containerCreated(ContainerCreated(container: container, parent: nil, location: TraceBuilder.at(2), addedTo: "app"))
                : .registered(Registered(service: TraceBuilder.id("Shared", in: container), scope: .singleton,
                                         location: TraceBuilder.at(Int(sequence)), replaced: nil))
            return .event(ResolutionEvent(sequence: sequence, time: time, thread: 1, kind: kind))
        }
        let scopes: [Scope] = [.unique, .singleton, .cached, .custom("session")]
        let a = Self.service(Int.random(in: 0..<15, using: &random))
        let b = Self.service(Int.random(in: 0..<15, using: &random))
        if let every = newServiceEvery, sequence % every == 0 {
            freshServices += 1
            return .event(ResolutionEvent(sequence: sequence, time: time, thread: 1, kind: .resolved(Resolved(
                service: Self.fresh(freshServices), requester: a, scope: scopes[freshServices % 4], outcome: .created,
                source: .factory, durationNanoseconds: 10, depth: 2))))
        }
        if let every = newServiceEvery, sequence % every == 3, freshServices > 0, Int.random(in: 0..<4, using: &random) == 0 {
            let requester = Self.fresh(Int.random(in: 1...freshServices, using: &random))
            return .event(ResolutionEvent(sequence: sequence, time: time, thread: 1, kind: .resolved(Resolved(
                service: b, requester: requester, scope: .singleton, outcome: .cached, source: .factory,
                durationNanoseconds: 10, depth: 3))))
        }
        // Nearly all resolves (of services seen before, soon): most batches only count.
        var roll = Int.random(in: 0..<3_000, using: &random)
        if roll >= 100 { roll = 95 + roll % 5 }
        let kind: ResolutionEvent.Kind
        switch roll {
        case 0..<70:
            if roll < 5 {
                return .aggregate(ResolutionAggregate(
                    service: a, requester: roll < 3 ? b : nil, scope: scopes[roll % 4], outcome: .cached, source: .factory,
                    count: UInt64(Int.random(in: 1...50, using: &random)), totalNanoseconds: 500, firstTime: time, lastTime: time))
            }
            let shared = roll % 9 == 0 ? Self.shared(roll) : a
            kind = .resolved(Resolved(
                service: shared, requester: roll % 6 == 0 ? nil : b, scope: scopes[roll % 4],
                outcome: roll % 3 == 0 ? .created : .cached, source: .factory, durationNanoseconds: 10, depth: 2))
        case 70..<76:
            let shared = Self.shared(roll / 2)
            kind = .registered(Registered(
                service: roll % 2 == 0 ? shared : a, scope: scopes[roll % 4], location: TraceBuilder.at(10 + roll % 3),
                replaced: roll == 75 ? Registered.Replaced(service: a, location: TraceBuilder.at(9)) : nil))
        case 76..<79:
            kind = .lazyResolved(LazyResolution(owner: a, service: b, location: TraceBuilder.at(30)))
        case 79..<81:
            kind = .missing(MissingRegistration(requested: TraceBuilder.id("Ghost\(roll % 2)"), requesterChain: [a, b],
                                                nearMisses: [], fix: "app.register { Ghost() }", location: nil))
        case 81..<82:
            kind = .resolvedToNil(MissingRegistration(requested: TraceBuilder.id("Maybe"), requesterChain: [a],
                                                      nearMisses: [], fix: "app.register { Maybe() }", location: nil))
        case 82..<84:
            kind = .cycle(DependencyCycle(path: [a, b, a]))
        case 84..<86:
            kind = .scopeMismatch(ScopeMismatch(holder: a, holderScope: .singleton, captive: b, captiveScope: .unique))
        case 86..<89:
            kind = .mappingChanged(MappingChange(
                action: roll == 88 ? .reset : .set, container: "app", from: a, to: roll == 88 ? nil : b,
                location: TraceBuilder.at(40 + roll % 2)))
        case 89..<91:
            kind = .staleOverride(StaleOverride(replaced: a, replacement: b, scope: .singleton, location: TraceBuilder.at(50)))
        case 91..<93:
            kind = .scopeReset(ScopeReset(container: "app", scope: .custom("session"), discarded: 1))
        case 93..<95:
            return .dropped(count: 3, time: time)
        default:
            // Mostly among a few services, whose edges are soon all seen.
            let hot = Int.random(in: 0..<7, using: &random)
            let service = hot == 6 ? Self.shared(Int(sequence)) : Self.service(hot)
            kind = .resolved(Resolved(
                service: service, requester: Self.service(hot + 3), scope: .singleton, outcome: .cached, source: .factory,
                durationNanoseconds: 10, depth: 2))
        }
        return .event(ResolutionEvent(sequence: sequence, time: time, thread: 1, kind: kind))
    }
}
