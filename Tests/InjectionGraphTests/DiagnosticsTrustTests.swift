import Injection
import Testing
@testable import InjectionGraph

private typealias B = TraceBuilder

/// Fix lines that fix, nothing invisible, no false alarms: each behaviour with its exact words.
struct DiagnosticsTrustTests {
    static let feed = B.id("FeedService")
    static let formatter = B.id("PriceFormatter")

    /// A singleton built with a unique formatter, then the formatter is re-registered.
    static func overrideAfterASingletonCapturedIt() -> TraceBuilder {
        var trace = B()
        trace.register(formatter, .unique, line: 3)
        trace.register(feed, .singleton, line: 4)
        trace.resolve(formatter, by: feed, .unique)
        trace.resolve(feed, .singleton)
        trace.register(formatter, .unique, line: 20, replacing: (formatter, 3))
        return trace
    }

    @Test func anOverrideOfAUniqueServiceCapturedByASingletonIsStaleAndNamesTheHolder() {
        var trace = Self.overrideAfterASingletonCapturedIt()
        trace.resolve(Self.feed, .singleton, .cached)  // the singleton keeps serving the old formatter
        let problems = trace.graph.check().problems
        #expect(problems.map(\.kind) == ["staleOverride"])
        #expect(problems.first?.message == """
            Stale override: PriceFormatter in 'app' was replaced at App/Assembly.swift:20 after these were built with the old one and kept it:
                FeedService in 'app' (singleton), served from its old instance 1 time
              Fix: rebuild them right after overriding: app.reset(.singleton); or set the override before the first resolve.
            """)
    }

    @Test func resettingTheHoldersScopeRightAfterTheOverrideClearsIt() {
        var trace = Self.overrideAfterASingletonCapturedIt()
        trace.event(.scopeReset(ScopeReset(container: "app", scope: .singleton, discarded: 1)))
        trace.resolve(Self.feed, .singleton)  // rebuilt with the new formatter
        trace.resolve(Self.feed, .singleton, .cached)
        #expect(trace.graph.check().isClean)
    }

    @Test func resettingTheOverriddenServicesOwnScopeDoesNotHelp() {
        var trace = Self.overrideAfterASingletonCapturedIt()
        trace.event(.scopeReset(ScopeReset(container: "app", scope: .unique, discarded: 0)))
        #expect(trace.graph.check().problems.map(\.kind) == ["staleOverride"])
    }

    @Test func aHolderRebuiltOnlyAfterServingTheOldInstanceIsStillReported() {
        var trace = Self.overrideAfterASingletonCapturedIt()
        trace.resolve(Self.feed, .singleton, .cached)
        trace.resolve(Self.feed, .singleton, .cached)
        trace.event(.scopeReset(ScopeReset(container: "app", scope: .singleton, discarded: 1)))
        let message = trace.graph.check().problems.first?.message ?? ""
        #expect(message.contains("    FeedService in 'app' (singleton), served from its old instance 2 times, rebuilt later\n"), "\(message)")
    }

    @Test func anOverrideNothingLongLivedHoldsIsNotStale() {
        var trace = B()
        trace.register(Self.formatter, .cached, line: 3)
        trace.resolve(Self.formatter, .cached)  // kept, but only app code used it
        trace.register(Self.formatter, .cached, line: 20, replacing: (Self.formatter, 3))
        #expect(trace.graph.check().isClean)
    }

    @Test func aMappingLeftActiveNamesWhoResolvedTheReplacementAndHowOften() {
        let search = B.id("SearchUseCase", layer: "UseCase", member: "search")
        let offline = B.id("SearchUseCase", layer: "UseCase", member: "offlineSearch")
        let viewModel = B.id("SearchViewModel", layer: "ViewModel", member: "search")
        var trace = B()
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: search, to: offline, location: B.at(9, "App/Preview.swift"))))
        for _ in 0..<3 { trace.resolve(offline, by: viewModel) }
        trace.resolve(offline)
        let problems = trace.graph.check().problems
        #expect(problems.map(\.message) == ["""
            Mapping still active at the end of the trace: requests for UseCase.search: SearchUseCase in 'app' go to UseCase.offlineSearch: SearchUseCase in 'app' (set at App/Preview.swift:9).
              Resolved by: ViewModel.search: SearchViewModel in 'app' ×3, app code ×1
              Fix: reset it as soon as the test or preview that set it is done: app.resetAllMappings() (or resetMapping with the keypath mapped at App/Preview.swift:9).
            """])
        trace.event(.mappingChanged(MappingChange(action: .resetAll, container: "app", from: nil, to: nil, location: B.at(12, "App/Preview.swift"))))
        #expect(trace.graph.check().isClean)
    }

    @Test func aHolderWhoseBuildFailedCapturedNothing() {
        let holder = B.id("Analytics"), context = B.id("RequestContext")
        var trace = B()
        trace.event(.scopeMismatch(ScopeMismatch(holder: holder, holderScope: .singleton, captive: context, captiveScope: .graph)))
        trace.resolve(context, by: holder, .graph)
        trace.event(.missing(MissingRegistration(
            requested: B.id("Clock"), requesterChain: [holder], nearMisses: [], fix: "app.register { <#Clock#>() }", location: nil)))
        #expect(trace.graph.check().problems.map(\.kind) == ["missing"])
        trace.resolve(holder, .singleton)  // a later build succeeds: now it holds the context
        #expect(trace.graph.check().problems.map(\.kind) == ["missing", "scopeMismatch"])
    }

    @Test func anOptionalThatGaveNilIsANoteAndStrictMakesItAProblem() {
        var trace = B()
        trace.event(.resolvedToNil(MissingRegistration(
            requested: B.id("PromotionBanner"), requesterChain: [B.id("CheckoutPromotions")], nearMisses: [],
            fix: "app.register { <#PromotionBanner#>() }", location: B.at(55, "App/Checkout.swift"))))
        trace.event(.resolvedToNil(MissingRegistration(
            requested: B.id("PromotionBanner"), requesterChain: [B.id("CheckoutPromotions")], nearMisses: [],
            fix: "app.register { <#PromotionBanner#>() }", location: B.at(55, "App/Checkout.swift"))))
        let report = trace.graph.check()
        #expect(report.isClean)
        #expect(report.text == """
            No problems in sample-app (pid 42): 1 service, 0 edges, 2 events.

            1 note (not problems: the exit code ignores them; --strict counts nils): 1 optional resolved to nil

            (note 1) Resolved to nil: PromotionBanner in 'app' (optional; nothing is registered)
              Requested by: CheckoutPromotions in 'app', at App/Checkout.swift:55
              Fix: app.register { <#PromotionBanner#>() }, or leave it nil if that is intended
              Seen 2 times.

            """)
        let strict = trace.graph.check(strict: true)
        #expect(strict.problems.map(\.kind) == ["resolvedToNil"])
        #expect(strict.notes.isEmpty)
    }

    @Test func aLoopClosedByALazyEdgeIsANoteNotALoop() {
        let pricing = B.id("CartPricing"), engine = B.id("PromotionEngine")
        var trace = B()
        trace.resolve(pricing, by: engine, .singleton)
        trace.event(.lazyResolved(LazyResolution(owner: pricing, service: engine, location: B.at(44, "App/Cart.swift"))))
        let graph = trace.graph
        #expect(graph.dependencyLoops().isEmpty)
        let report = graph.check()
        #expect(report.isClean)
        #expect(report.notes.map(\.message) == ["""
            Cycle broken lazily: CartPricing ⇢ PromotionEngine → CartPricing in 'app'
              CartPricing ⇢ PromotionEngine is read after its holder is built (@LazyInjected), so no cycle happens at run time; resolving it eagerly there would make one.
            """])
        let dot = DotExporter(includesLegend: false).render(graph)
        #expect(dot.contains("n0 -> n1 [label=\"lazy 1\", style=dashed, arrowhead=empty, color=gray40];"), "\(dot)")
        #expect(!dot.contains("color=red"))
    }

    @Test func twoContainersWithTheSameNameMakeNoFalseLoop() {
        // A child container named like its parent decorates the parent's Logger.
        let logger = B.id("Logger")
        var trace = B()
        trace.container("app")
        trace.container("app", parent: "app")
        trace.register(logger, .singleton, line: 3)
        trace.register(logger, .singleton, line: 9)
        trace.resolve(logger, by: logger, .singleton)
        trace.resolve(logger, .singleton)
        let graph = trace.graph
        #expect(graph.check().isClean, "\(graph.check().text)")
        #expect(!DotExporter(includesLegend: false).render(graph).contains("color=red"))
    }

    @Test func aSingletonsLazyInjectedStillCapturesWhatItFirstReads() {
        let cart = B.id("CartService"), context = B.id("RequestContext")
        var trace = B()
        trace.register(cart, .singleton, line: 3)
        trace.register(context, .graph, line: 4)
        trace.resolve(cart, .singleton)
        trace.resolve(context, .graph)   // the first read, from app code
        trace.event(.lazyResolved(LazyResolution(owner: cart, service: context, location: B.at(30, "App/Cart.swift"))))
        let problems = trace.graph.check().problems
        #expect(problems.map(\.message) == ["""
            Scope mismatch: CartService in 'app' (singleton) captured RequestContext in 'app' (graph) on the first read of its @LazyInjected at App/Cart.swift:30; the graph instance now lives as long as the singleton one.
              Fix: make the holder as short-lived as what it keeps (registered at App/Assembly.swift:3): app.register(scope: .graph) { … CartService … }
              Or: keep CartService singleton and give it a factory to call at each use, not an instance: { c.resolve(RequestContext.self) }
            """])
    }

    @Test func aCycleMetFromEachOfItsServicesIsOneCycle() {
        let a = B.id("A"), b = B.id("B")
        var trace = B()
        trace.event(.cycle(DependencyCycle(path: [a, b, a])))
        trace.event(.cycle(DependencyCycle(path: [b, a, b])))
        #expect(trace.graph.check().problems.count == 1)
    }

    @Test func everyProblemCarriesItsAreaAndDotMarksCaptivesAndMappings() {
        let graph = Fixtures.everyDiagnostic.graph
        let report = graph.check()
        #expect(report.problems.map(\.area) == [.missing, .cycles, .cycles, .scopes, .overrides, .overrides, .overrides])
        #expect(report.notes.map(\.kind) == ["resolvedToNil", "lazyLoop"])
        let dot = DotExporter(includesLegend: false).render(graph)
        #expect(dot.contains("color=orange, penwidth=2, xlabel=\"captive\""))
        #expect(dot.contains("label=\"mapping (left active) (stale)\", color=orange"))
        #expect(dot.contains("label=\"holds old\""))
        #expect(dot.contains("(nil: optional)"))
    }
}
