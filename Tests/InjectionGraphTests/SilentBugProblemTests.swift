import Injection
import Testing
@testable import InjectionGraph

/// Problems that fail no resolve (layer breaches, shadowed registrations) come from the one
/// problem list every output reads, and fixes are checked against the graph before they are
/// printed: a captive's first fix, a cycle's alternative.
struct SilentBugProblemTests {
    typealias B = TraceBuilder
    static let screen = B.id("Screen")
    static let viewModel = B.id("VM", layer: "ViewModel", member: "vm")
    static let useCase = B.id("UC", layer: "UseCase", member: "uc")
    static let repository = B.id("Repo", layer: "Repository", member: "repo")
    static let orders = B.id("Orders", layer: "Repository", member: "orders")
    static let http = B.id("HTTP")
    static let cartViewModel = B.id("CartVM", layer: "ViewModel", member: "cart")

    /// Screen → VM → UC → Repo/Orders → HTTP; with `breach`, Orders (registered at line 40) also
    /// resolves the cart view model: Repository reaches back up into ViewModel, though no service
    /// reaches itself.
    static func layered(breach: Bool) -> TraceBuilder {
        var trace = B()
        trace.register(orders, line: 40)
        for _ in 0..<3 {
            trace.resolve(viewModel, by: screen)
            trace.resolve(useCase, by: viewModel)
            trace.resolve(repository, by: useCase)
            trace.resolve(orders, by: useCase)
            trace.resolve(http, by: repository)
        }
        if breach { trace.resolve(cartViewModel, by: orders) }
        return trace
    }

    // MARK: - Layer breaches

    @Test func aLoopBetweenLayersIsAProblemNamingTheCrossingAgainstTheLayering() {
        let report = Self.layered(breach: true).graph.check()
        #expect(report.problems.map(\.kind) == ["layerBreach"])
        #expect(report.problems.first?.area == .layers)
        #expect(report.text == """
            1 problem in sample-app (pid 42): 1 layer breach

            [1] Layer breach: app/Repository → app/ViewModel closes a loop between layers: app/ViewModel → app/UseCase → app/Repository → app/ViewModel
              Against the layering: Repository.orders: Orders → ViewModel.cart: CartVM ×1 (registered at App/Assembly.swift:40)
              Fix: app/Repository must not resolve from app/ViewModel: give Repository.orders: Orders what it needs from a lower layer (or as a parameter from its caller), or declare it in app/ViewModel.

            """)
    }

    /// A breach carried by many service edges names the most resolved ones and how many more,
    /// and its fix the first requesters: the text stays readable, `against` keeps every edge.
    @Test func aBreachOfManyEdgesListsTheFirstAndCountsTheRest() throws {
        var trace = Self.layered(breach: false)
        for index in 0..<25 {
            let requester = B.id("Orders\(index)", layer: "Repository", member: "orders\(index)")
            trace.resolve(requester, by: Self.useCase)
            for _ in 0...(index == 7 ? 3 : 0) { trace.resolve(Self.cartViewModel, by: requester) }
        }
        let breach = try #require(trace.graph.layerBreaches().first)
        #expect(breach.against.map(\.steps.count) == [25])
        let lines = breach.message.split(separator: "\n").map(String.init)
        let listed = lines.filter { $0.hasPrefix("  Against the layering: ") }
        #expect(listed.count == LayerBreach.shownSteps)
        #expect(listed.first == "  Against the layering: Repository.orders7: Orders7 → ViewModel.cart: CartVM ×4")
        #expect(lines.contains("  … and 15 more service edges from app/Repository to app/ViewModel"))
        let fix = try #require(lines.last)
        #expect(fix.hasPrefix("  Fix: app/Repository must not resolve from app/ViewModel: give Repository.orders7: Orders7, "))
        #expect(fix.contains(" and 17 others what they need from a lower layer"), "\(fix)")
    }

    /// A crossing's edges: most resolved first, then by the requester's key, then the
    /// service's, whatever order they were recorded in.
    @Test func aCrossingListsItsEdgesMostResolvedFirstThenByKey() throws {
        var trace = Self.layered(breach: false)
        let zed = B.id("Zed", layer: "Repository", member: "zed")
        let alpha = B.id("Alpha", layer: "Repository", member: "alpha")
        let mid = B.id("Mid", layer: "Repository", member: "mid")
        for requester in [zed, alpha, mid] { trace.resolve(requester, by: Self.useCase) }
        trace.resolve(Self.cartViewModel, by: zed)
        trace.resolve(Self.viewModel, by: alpha)
        trace.resolve(Self.cartViewModel, by: alpha)
        trace.resolve(Self.cartViewModel, by: mid)
        trace.resolve(Self.viewModel, by: mid)
        trace.resolve(Self.viewModel, by: mid)
        let breach = try #require(trace.graph.layerBreaches().first)
        let steps = try #require(breach.against.first?.steps)
        let alphasInKeyOrder = [Self.cartViewModel, Self.viewModel].sorted { $0.key < $1.key }
        #expect(steps.map { "\($0.requester.type)→\($0.service.type)×\($0.count)" } == [
            "Mid→VM×2",
            "Alpha→\(alphasInKeyOrder[0].type)×1", "Alpha→\(alphasInKeyOrder[1].type)×1",
            "Mid→CartVM×1", "Zed→CartVM×1",
        ])
    }

    @Test func everyOutputDerivesTheBreachFromTheSameRule() {
        let graph = Self.layered(breach: true).graph
        let crossings = graph.layerCrossings().filter { $0.from.layer != nil && $0.to.layer != nil }
        #expect(crossings.allSatisfy { $0.isBreach }, "a three-layer loop: every crossing on it is a breach")
        let map = LayerMap(graph)
        #expect(map.arrows.filter(\.isBreach).count == crossings.count)
        #expect(graph.check().json.contains("\"kind\":\"layerBreach\""))
        #expect(GraphDiff(base: Self.layered(breach: false).graph, head: graph).newProblems.map(\.kind) == ["layerBreach"])
        #expect(GraphDiff(base: Self.layered(breach: false).graph, head: graph).hasNewProblems)
        #expect(Self.layered(breach: false).graph.check().isClean)
    }

    @Test func twoLayersThatUseEachOtherNameTheWeakerDirection() {
        var trace = B()
        for _ in 0..<4 { trace.resolve(Self.useCase, by: Self.viewModel) }
        trace.resolve(B.id("VM2", layer: "ViewModel", member: "vm2"), by: Self.useCase)
        let breaches = trace.graph.layerBreaches()
        #expect(breaches.map(\.loopDescription) == ["app/ViewModel → app/UseCase → app/ViewModel"])
        #expect(breaches.first?.against.map(\.description) == ["app/UseCase → app/ViewModel"])
    }

    // MARK: - Shadowed registrations

    static let fraud = B.id("FraudCheck", in: "legacy")
    static let newFraud = B.id("FraudCheck", in: "payments")

    static func modules(addOwnToo: Bool = false) -> TraceBuilder {
        var trace = B()
        trace.container("app")
        trace.container("legacy")
        trace.container("payments")
        trace.event(.containerCreated(ContainerCreated(container: "legacy", parent: nil, location: B.at(8), addedTo: "app")))
        trace.event(.containerCreated(ContainerCreated(container: "payments", parent: nil, location: B.at(9), addedTo: "app")))
        trace.register(fraud, .singleton, line: 3)
        trace.register(newFraud, .singleton, line: 5)
        if addOwnToo { trace.register(B.id("FraudCheck"), .singleton, line: 7) }
        trace.resolve(addOwnToo ? B.id("FraudCheck") : fraud, by: nil, .singleton)
        return trace
    }

    @Test func aKeyTwoModulesRegisterIsShadowedSayingWhichAnsweredAndWhichWasPassedOver() {
        let graph = Self.modules().graph
        #expect(graph.containers.first { $0.name == "app" }?.addedChildren.map(\.name) == ["legacy", "payments"])
        #expect(graph.containers.first { $0.name == "legacy" }?.createdAt == B.at(1), "adding is not creating")
        let report = graph.check()
        #expect(report.problems.map(\.kind) == ["shadowed"])
        #expect(report.problems.first?.message == """
            Shadowed registration: FraudCheck resolved from 'app' is answered by 'legacy' and passes over 'payments'
              Answers: FraudCheck in 'legacy' (added child 'legacy' of 'app', added at App/Assembly.swift:8), registered at App/Assembly.swift:3 ×1
              Passed over: FraudCheck in 'payments' (added child 'payments' of 'app', added at App/Assembly.swift:9), registered at App/Assembly.swift:5
              Fix: keep both, each under a name of its own: register the one at App/Assembly.swift:5 with name: "payments" and resolve it by that name where 'payments' uses it: c.resolve(FraudCheck.self, name: "payments"). Deleting either registration would hand its module the other one.
              Or: name the one that answers instead: register the one at App/Assembly.swift:3 with name: "legacy" and resolve it by that name where 'legacy' uses it: c.resolve(FraudCheck.self, name: "legacy"); what resolves FraudCheck from 'app' by type then gets the one in 'payments'.
            """)
        #expect(report.json.contains("\"kind\":\"shadowed\""))
    }

    /// Each module's own service resolves the key by type and gets the answering module's
    /// registration: deleting either registration would leave one module on the other's backend,
    /// so the fix names the module's services that must resolve by the new name.
    @Test func theShadowFixNamesEachModulesOwnUsersAndDeletesNothing() {
        var trace = Self.modules()
        let legacyCheckout = B.id("Checkout", in: "legacy"), paymentsCheckout = B.id("PaymentsCheckout", in: "payments")
        trace.register(legacyCheckout, .unique, line: 4)
        trace.register(paymentsCheckout, .unique, line: 6)
        trace.resolve(Self.fraud, by: legacyCheckout, .singleton, .cached)
        trace.resolve(Self.fraud, by: paymentsCheckout, .singleton, .cached)
        let report = trace.graph.check()
        #expect(report.problems.map(\.kind) == ["shadowed"])
        let message = report.problems.first?.message ?? ""
        #expect(message.contains("""
              Resolved by: Checkout in 'legacy' (registered at App/Assembly.swift:4), PaymentsCheckout in 'payments' (registered at App/Assembly.swift:6)
              Fix: keep both, each under a name of its own: register the one at App/Assembly.swift:5 with name: "payments" and resolve it by that name where 'payments' uses it (PaymentsCheckout, registered at App/Assembly.swift:6): c.resolve(FraudCheck.self, name: "payments"). Deleting either registration would hand its module the other one.
              Or: name the one that answers instead: register the one at App/Assembly.swift:3 with name: "legacy" and resolve it by that name where 'legacy' uses it (Checkout, registered at App/Assembly.swift:4): c.resolve(FraudCheck.self, name: "legacy"); what resolves FraudCheck from 'app' by type then gets the one in 'payments'.
            """), "\(message)")
        #expect(!message.contains("delete"), "\(message)")
        #expect(report.json.contains(#""resolvedBy":[{"service":"#), "\(report.json)")

        // The fix applied: the one passed over registered and resolved by its new name.
        var fixed = B()
        fixed.container("app")
        fixed.container("legacy")
        fixed.container("payments")
        fixed.event(.containerCreated(ContainerCreated(container: "legacy", parent: nil, location: B.at(8), addedTo: "app")))
        fixed.event(.containerCreated(ContainerCreated(container: "payments", parent: nil, location: B.at(9), addedTo: "app")))
        let named = B.id("FraudCheck", name: "payments", in: "payments")
        fixed.register(Self.fraud, .singleton, line: 3)
        fixed.register(named, .singleton, line: 5)
        fixed.register(legacyCheckout, .unique, line: 4)
        fixed.register(paymentsCheckout, .unique, line: 6)
        fixed.resolve(Self.fraud, by: legacyCheckout, .singleton)
        fixed.resolve(named, by: paymentsCheckout, .singleton)
        #expect(fixed.graph.check().isClean)
    }

    @Test func aContainersOwnRegistrationOverAModuleIsAnOverride() {
        #expect(Self.modules(addOwnToo: true).graph.check().isClean, "the container's own answers, nearer than both")
        var trace = B()
        trace.container("app")
        trace.container("module")
        trace.event(.containerCreated(ContainerCreated(container: "module", parent: nil, location: B.at(8), addedTo: "app")))
        trace.register(B.id("FraudCheck", in: "module"), line: 3)
        trace.register(B.id("FraudCheck"), line: 4)
        trace.resolve(B.id("FraudCheck"))
        trace.container("child", parent: "app")
        trace.register(B.id("FraudCheck", in: "child"), line: 5)
        trace.resolve(B.id("FraudCheck", in: "child"))
        #expect(trace.graph.check().isClean, "\(trace.graph.check().text)")
    }

    @Test func aShadowNobodyResolvedIsNotReported() {
        var trace = Self.modules()
        trace.records.removeLast()
        #expect(trace.graph.check().isClean)
    }

    // MARK: - Fixes checked against the graph

    @Test func aCaptiveWhoseHolderIsHeldByALongLivedServiceGetsTheFactoryFix() {
        var trace = B()
        let root = B.id("Root"), holder = B.id("Holder"), context = B.id("Context")
        trace.register(holder, .singleton, line: 20)
        trace.event(.scopeMismatch(ScopeMismatch(holder: holder, holderScope: .singleton, captive: context, captiveScope: .graph)))
        trace.resolve(context, by: holder, .graph)
        trace.resolve(holder, by: root, .singleton)
        trace.resolve(root, by: nil, .singleton)
        let problems = trace.graph.check().problems
        #expect(problems.map(\.message) == ["""
            Scope mismatch: Holder in 'app' (singleton) captured Context in 'app' (graph) while being built; the graph instance now lives as long as the singleton one.
              Fix: keep Holder singleton and give it a factory to call at each use, not an instance: { c.resolve(Context.self) }
              (Not a shorter scope for Holder: Root in 'app' (singleton) holds it, so it would be captured in turn.)
            """])
    }

    @Test func aCaptiveWhoseHolderNothingLongLivedHoldsKeepsBothFixes() {
        var trace = B()
        let holder = B.id("Holder"), context = B.id("Context")
        trace.register(holder, .singleton, line: 20)
        trace.event(.scopeMismatch(ScopeMismatch(holder: holder, holderScope: .singleton, captive: context, captiveScope: .graph)))
        trace.resolve(context, by: holder, .graph)
        trace.resolve(holder, by: nil, .singleton)
        let message = trace.graph.check().problems.first?.message ?? ""
        #expect(message.contains("  Fix: make the holder as short-lived as what it keeps (registered at App/Assembly.swift:20): app.register(scope: .graph) { … Holder … }"))
        #expect(message.contains("  Or: keep Holder singleton"))
    }

    @Test func aCycleOpenedByASingletonOffersNoGraphScopedAlternative() {
        func message(openerScope: Scope) -> String {
            var trace = B()
            let a = B.id("A"), b = B.id("B")
            trace.register(a, openerScope, line: 30)
            trace.register(b, line: 31)
            trace.event(.cycle(DependencyCycle(path: [a, b, a], closedAt: B.at(31))))
            return trace.graph.check().problems.first?.message ?? ""
        }
        #expect(message(openerScope: .singleton) == """
            Dependency cycle: A → B → A in 'app'
              Closed at: App/Assembly.swift:31 (B asks for A again)
              Fix: break the cycle where it closes: let B get A lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built.
            """)
        #expect(message(openerScope: .unique).contains("Or set it once both are built"))
    }

    @Test func aMissingServiceIsRegisteredInAScopeEveryRequesterCanHold() {
        var trace = B()
        let ledger = B.id("Ledger"), screen = B.id("Screen"), holder = B.id("Holder"), session = B.id("Session")
        trace.register(screen, line: 1)
        trace.register(holder, .singleton, line: 2)
        trace.register(session, .custom("session"), line: 3)
        for (requester, fix) in [(screen, "app.register { <#Ledger#>() }"),
                                 (session, "app.register(scope: .custom(\"session\")) { <#Ledger#>() }"),
                                 (holder, "app.register(scope: .singleton) { <#Ledger#>() }")] {
            trace.event(.missing(MissingRegistration(
                requested: ledger, requesterChain: [requester], nearMisses: [], fix: fix, location: B.at(9))))
        }
        trace.event(.missing(MissingRegistration(
            requested: B.id("Clock", name: "utc"), requesterChain: [holder], nearMisses: [],
            fix: "app.register(name: \"utc\", scope: .singleton) { <#Implementation#>() as any Clock }", location: B.at(10))))
        let fixes = trace.graph.check().problems.compactMap { problem -> String? in
            if case .missing(let missing) = problem { missing.fix } else { nil }
        }
        #expect(fixes == [
            "app.register(scope: .singleton) { <#Ledger#>() }",
            "app.register(scope: .singleton) { <#Ledger#>() }",
            "app.register(scope: .singleton) { <#Ledger#>() }",
            "app.register(name: \"utc\", scope: .singleton) { <#Implementation#>() as any Clock }",
        ])
        #expect(DependencyGraph.registration("did you mean the name \"a\"? Resolve X with name: \"a\", or add app.register { <#X#>() }", scope: .singleton) == nil)
    }

    // MARK: - The trap's message is said once

    @Test func aTrapOnAListedProblemPointsToIt() {
        var trace = B()
        let missing = MissingRegistration(
            requested: B.id("Gateway"), requesterChain: [B.id("Screen")], nearMisses: [],
            fix: "app.register { <#Gateway#>() }", location: B.at(12))
        trace.event(.missing(missing))
        trace.records.append(.end(time: 9_000, reason: missing.message))
        #expect(trace.graph.check().text == """
            1 problem in sample-app (pid 42): 1 missing registration

            [1] Missing registration: Gateway in 'app'
              Requested by: Screen in 'app', at App/Assembly.swift:12
              Fix: app.register { <#Gateway#>() }

            Note: the app stopped on [1] above (Missing registration: Gateway in 'app')

            """)
    }
}
