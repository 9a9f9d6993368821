import Injection
import Testing
@testable import InjectionGraph

/// Two runs compared: what was added, removed or changed, and which problems are new.
struct GraphDiffTests {
    typealias B = TraceBuilder
    static let view = B.id("LoginView")
    static let viewModel = B.id("LoginViewModel", layer: "Login", member: "viewModel")
    static let api = B.id("API", layer: "Network", member: "api")
    static let cache = B.id("Cache")
    static let audit = B.id("Audit")

    static var base: DependencyGraph {
        var trace = B()
        trace.register(viewModel)
        trace.register(api, .singleton)
        trace.register(cache, .cached)
        trace.register(audit)
        trace.resolve(viewModel, by: view)
        trace.resolve(api, by: viewModel, .singleton)
        trace.resolve(cache, by: api, .cached)
        trace.resolve(audit, by: view)
        return trace.graph
    }

    static var head: DependencyGraph {
        var trace = B()
        trace.register(viewModel)
        trace.register(api, .singleton)
        trace.register(cache, .singleton, line: 12)  // scope and place changed
        trace.resolve(viewModel, by: view)
        trace.resolve(api, by: viewModel, .singleton)
        trace.resolve(cache, by: api, .singleton)
        // The network layer now reaches back into the login layer: a breach.
        trace.resolve(viewModel, by: api)
        trace.event(.cycle(DependencyCycle(path: [viewModel, api, viewModel], enteredThrough: [view])))
        return trace.graph
    }

    @Test func servicesAddedRemovedAndChanged() {
        let diff = GraphDiff(base: Self.base, head: Self.head)
        let byType = Dictionary(uniqueKeysWithValues: diff.services.map { ($0.identity.type, $0) })
        #expect(byType["Audit"]?.change == .removed)
        #expect(byType["Cache"]?.change == .changed)
        #expect(byType["Cache"]?.details.contains("scope cached → singleton") == true)
        #expect(byType["Cache"]?.details.contains { $0.hasPrefix("registered at App/Assembly.swift:10 → App/Assembly.swift:12") } == true)
        #expect(byType["LoginViewModel"] == nil, "unchanged services are not listed")
        let edges = diff.edges.map { "\($0.change.mark) \($0.from.type)>\($0.to.type)" }
        #expect(edges.contains("+ API>LoginViewModel"))
        #expect(edges.contains("− LoginView>Audit"))
        #expect(edges.contains("~ LoginViewModel>API"), "now on the cycle")
    }

    @Test func newCycleAndBreachFailTheGate() {
        let diff = GraphDiff(base: Self.base, head: Self.head)
        #expect(diff.hasNewProblems)
        // The cycle crosses layers both ways: the layering is broken too (making the step lazy
        // ends the cycle, not the breach).
        #expect(diff.newProblems.map(\.kind) == ["cycle", "layerBreach"])
        #expect(diff.fixedProblems.isEmpty)
        #expect(diff.layers.contains { $0.name == "app/Network → app/Login" && $0.change == .added && $0.isNewBreach })
        #expect(diff.text.contains("New problems (2)"))
        #expect(diff.text.contains("NEW BREACH"))
        #expect(diff.text.hasPrefix("HEAD adds 2 problems and 2 breaching layer crossings:"))
    }

    @Test func theReverseDiffListsTheProblemAsFixed() {
        let diff = GraphDiff(base: Self.head, head: Self.base)
        #expect(!diff.hasNewProblems)
        #expect(diff.fixedProblems.map(\.kind) == ["cycle", "layerBreach"])
        #expect(diff.services.contains { $0.identity.type == "Audit" && $0.change == .added })
    }

    @Test func aRunComparedWithItselfHasNoDifferences() {
        let diff = GraphDiff(base: Self.head, head: Self.head)
        #expect(diff.isEmpty)
        #expect(!diff.hasNewProblems)
        #expect(diff.remainingProblems.map(\.kind) == ["cycle", "layerBreach"])
        #expect(diff.text.hasPrefix("No differences"))
    }

    @Test func problemsMatchWhateverTheirCounts() {
        var once = B()
        once.event(.cycle(DependencyCycle(path: [Self.viewModel, Self.api, Self.viewModel], enteredThrough: [])))
        var twice = once
        // The same loop entered at another service is the same problem.
        twice.event(.cycle(DependencyCycle(path: [Self.api, Self.viewModel, Self.api], enteredThrough: [])))
        let diff = GraphDiff(base: once.graph, head: twice.graph)
        #expect(diff.newProblems.isEmpty)
        #expect(diff.remainingProblems.map(\.kind) == ["cycle", "layerBreach"], "the cycle, and the layers it loops")
    }

    @Test func jsonHasEverySection() throws {
        let json = GraphDiff(base: Self.base, head: Self.head).json
        #expect(json.contains("\"format\": \"di-diff\""))
        #expect(json.contains("\"hasNewProblems\": true"))
        #expect(json.contains("{\"change\":\"removed\",\"service\":{"))
        #expect(json.contains("\"newBreach\":true"))
        #expect(json.contains("\"problems\": {\"new\":[{\"kind\":\"cycle\""))
    }
}
