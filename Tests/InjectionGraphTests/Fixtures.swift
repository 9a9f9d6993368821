import Injection
@testable import InjectionGraph

private typealias B = TraceBuilder

/// A small app graph used by the query, check and exporter tests:
///
///     LoginView (app code) → Login.viewModel → Login.useCase → Network.api
///                                            ↘ Session (singleton)
///     A ⇄ B (a loop no cycle caught), a caught cycle C → D → C, a missing XYZFetching
enum Fixtures {
    static let view = B.id("LoginView")
    static let viewModel = B.id("LoginViewModel", layer: "Login", member: "viewModel")
    static let useCase = B.id("LoginUseCase", layer: "Login", member: "useCase")
    static let api = B.id("API", layer: "Network", member: "api")
    static let session = B.id("Session")
    static let mockAPI = B.id("MockAPI", layer: "Network", member: "mockAPI")
    static let analytics = B.id("Analytics")

    static var small: TraceBuilder {
        var trace = B()
        trace.container("app")
        trace.register(view, .unique, line: 2)
        trace.register(viewModel, .unique, line: 3)
        trace.register(useCase, .graph, line: 4)
        trace.register(api, .cached, line: 5)
        trace.register(session, .singleton, line: 6)
        trace.resolve(api, by: useCase, .cached, ns: 400, depth: 3)
        trace.resolve(useCase, by: viewModel, .graph, ns: 600, depth: 2)
        trace.resolve(session, by: viewModel, .singleton, ns: 100, depth: 2)
        trace.resolve(viewModel, by: view, .unique, ns: 1_000, depth: 2)
        trace.resolve(view, ns: 1_200)
        trace.resolve(session, by: viewModel, .singleton, .cached, ns: 0, depth: 2)
        return trace
    }

    /// A singleton that keeps a `unique` helper with no stored properties, as the runtime
    /// records it (`captiveHoldsNothing`): a note.
    static var statelessCaptive: TraceBuilder {
        var trace = B()
        trace.container("app")
        let holder = B.id("Checkout"), helper = B.id("PriceFormatter")
        trace.register(holder, .singleton, line: 12)
        trace.register(helper, .unique, line: 13)
        trace.event(.scopeMismatch(ScopeMismatch(
            holder: holder, holderScope: .singleton, captive: helper, captiveScope: .unique, captiveHoldsNothing: true)))
        trace.resolve(helper, by: holder, .unique)
        trace.resolve(holder, .singleton)
        return trace
    }

    /// ``small`` plus every kind of problem.
    static var withProblems: TraceBuilder {
        var trace = small
        let a = B.id("A"), b = B.id("B"), c = B.id("C"), d = B.id("D")
        trace.resolve(b, by: a)
        trace.resolve(a, by: b)
        trace.event(.cycle(DependencyCycle(path: [c, d, c], enteredThrough: [view])))
        trace.event(.missing(MissingRegistration(
            requested: B.id("XYZFetching"), requesterChain: [view, viewModel],
            nearMisses: [NearMiss(kind: .concreteType, service: B.id("XYZFetcher"))],
            fix: "app.register { XYZFetcher() as XYZFetching }", location: B.at(12, "App/LoginViewModel.swift"))))
        trace.event(.scopeMismatch(ScopeMismatch(holder: session, holderScope: .singleton, captive: view, captiveScope: .unique)))
        trace.register(session, .singleton, line: 40, replacing: (session, 6))
        trace.event(.staleOverride(StaleOverride(replaced: session, replacement: session, scope: .singleton, location: B.at(40))))
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: api, to: mockAPI, location: B.at(7, "Tests/LoginTests.swift"))))
        return trace
    }

    /// ``small`` with every kind of problem and note `check` reports, each as the runtime
    /// would record it: Analytics (singleton) captures a LoginView while being built and holds a
    /// Session and, through the view, the API when both are overridden; an optional Promotions
    /// gave nil; E ⇢ F → E is closed by a lazy read.
    static var everyDiagnostic: TraceBuilder {
        var trace = small
        let a = B.id("A"), b = B.id("B"), c = B.id("C"), d = B.id("D")
        trace.resolve(b, by: a)
        trace.resolve(a, by: b)
        trace.event(.cycle(DependencyCycle(path: [c, d, c], enteredThrough: [view])))
        trace.event(.missing(MissingRegistration(
            requested: B.id("XYZFetching"), requesterChain: [view, viewModel],
            nearMisses: [NearMiss(kind: .concreteType, service: B.id("XYZFetcher"))],
            fix: "app.register { XYZFetcher() as XYZFetching }", location: B.at(12, "App/LoginViewModel.swift"))))
        trace.register(analytics, .singleton, line: 8)
        trace.event(.scopeMismatch(ScopeMismatch(holder: analytics, holderScope: .singleton, captive: view, captiveScope: .unique)))
        trace.resolve(view, by: analytics, .unique)
        trace.resolve(session, by: analytics, .singleton, .cached)
        trace.resolve(analytics, .singleton)
        trace.register(session, .singleton, line: 40, replacing: (session, 6))
        trace.event(.staleOverride(StaleOverride(replaced: session, replacement: session, scope: .singleton, location: B.at(40))))
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: api, to: mockAPI, location: B.at(7, "Tests/LoginTests.swift"))))
        trace.resolve(analytics, .singleton, .cached)
        trace.event(.resolvedToNil(MissingRegistration(
            requested: B.id("Promotions"), requesterChain: [view], nearMisses: [],
            fix: "app.register { <#Promotions#>() }", location: B.at(21, "App/LoginView.swift"))))
        let e = B.id("E"), f = B.id("F")
        trace.resolve(e, by: f)
        trace.event(.lazyResolved(LazyResolution(owner: e, service: f, location: B.at(30, "App/E.swift"))))
        return trace
    }
}
