import Injection
import Testing
@testable import InjectionGraph

struct QueryTests {
    let graph = Fixtures.withProblems.graph

    func names(_ ids: [NodeID]) -> [String] { ids.map { graph.nodes[$0].identity.description } }
    func id(_ identity: ServiceIdentity) -> NodeID { graph.nodeID(for: identity)! }

    // MARK: - Traversal

    @Test func dependenciesAreTransitiveWithDepthLimit() {
        let view = id(Fixtures.view)
        #expect(graph.dependencies(of: view).map { "\($0.depth) \(graph.nodes[$0.node].identity)" } == [
            "1 Login.viewModel: LoginViewModel", "1 C", "2 Login.useCase: LoginUseCase", "2 Session", "2 D",
            "3 Network.api: API",
        ])
        // The view entered the caught cycle C → D → C, so C counts as one of its dependencies.
        #expect(names(graph.dependencies(of: view, maxDepth: 1).map(\.node)) == ["Login.viewModel: LoginViewModel", "C"])
    }

    @Test func dependentsFollowEdgesBackwards() {
        #expect(names(graph.dependents(of: id(Fixtures.api)).map(\.node)) == [
            "Login.useCase: LoginUseCase", "Login.viewModel: LoginViewModel", "LoginView",
        ])
    }

    @Test func whyIsTheShortestChainFromARoot() {
        #expect(names(graph.why(id(Fixtures.api))!) == [
            "LoginView", "Login.viewModel: LoginViewModel", "Login.useCase: LoginUseCase", "Network.api: API",
        ])
        #expect(names(graph.why(id(Fixtures.view))!) == ["LoginView"])
        // A and B only request each other: no root reaches them.
        #expect(graph.why(id(TraceBuilder.id("A"))) == nil)
    }

    @Test func pathsAreSimpleAndBounded() {
        var trace = TraceBuilder()
        let (a, b, c, d) = (TraceBuilder.id("A"), TraceBuilder.id("B"), TraceBuilder.id("C"), TraceBuilder.id("D"))
        trace.resolve(b, by: a)
        trace.resolve(c, by: a)
        trace.resolve(d, by: b)
        trace.resolve(d, by: c)
        trace.resolve(c, by: b)
        trace.resolve(b, by: c)  // a loop between B and C must not repeat them
        let graph = trace.graph
        let paths = graph.paths(from: graph.nodeID(for: a)!, to: graph.nodeID(for: d)!)
        let text = paths.map { $0.map { graph.nodes[$0].identity.type }.joined(separator: "→") }
        #expect(Set(text) == ["A→B→D", "A→C→D", "A→B→C→D", "A→C→B→D"])
        #expect(text.prefix(2).allSatisfy { $0.count == 5 })
        #expect(graph.paths(from: graph.nodeID(for: a)!, to: graph.nodeID(for: d)!, maxCount: 1).count == 1)
        #expect(graph.paths(from: graph.nodeID(for: a)!, to: graph.nodeID(for: d)!, maxLength: 2).count == 2)
    }

    // MARK: - Components

    @Test func stronglyConnectedComponentsFindLoops() {
        let components = graph.stronglyConnectedComponents().map { Set(names($0)) }
        #expect(Set(components) == [["A", "B"], ["C", "D"]])
        #expect(graph.dependencyLoops().map { $0.path.map(\.type) } == [["B", "A", "B"]])
    }

    @Test func tarjanHandlesAHundredThousandNodeChainWithoutRecursion() {
        var graph = DependencyGraph()
        let ids = (0..<100_000).map { TraceBuilder.id("S\($0)") }
        for index in 1..<ids.count {
            graph.apply(.event(ResolutionEvent(sequence: UInt64(index), time: 0, thread: 1, kind: .resolved(Resolved(
                service: ids[index], requester: ids[index - 1], scope: .unique, outcome: .created, source: .factory,
                durationNanoseconds: 1, depth: 2)))))
        }
        #expect(graph.stronglyConnectedComponents().isEmpty)
        graph.apply(.event(ResolutionEvent(sequence: 0, time: 0, thread: 1, kind: .resolved(Resolved(
            service: ids[0], requester: ids[99_999], scope: .unique, outcome: .created, source: .factory,
            durationNanoseconds: 1, depth: 2)))))
        #expect(graph.stronglyConnectedComponents().map(\.count) == [100_000])
    }

    // MARK: - Filters and lookup

    @Test func filterLanguageParsesKeysWordsAndQuotes() throws {
        let filter = try ServiceFilter(parsing: "layer:Login scope:GRAPH  \"use case\" layer:Network")
        #expect(filter.values == [.layer: ["login", "network"], .scope: ["graph"]])
        #expect(filter.words == ["use case"])
        #expect(try ServiceFilter(parsing: "  ").isEmpty)
        #expect(try ServiceFilter(parsing: "Optional<Int>:x").words == ["optional<int>:x"])
    }

    @Test func filterErrorsSayWhatToType() {
        #expect(throws: FilterParseError.unknownKey("lyr")) { try ServiceFilter(parsing: "lyr:Network") }
        #expect(FilterParseError.unknownKey("lyr").description == "unknown filter key 'lyr'; use layer:, scope:, container:, name:, type: or flag:")
        #expect(FilterParseError.emptyValue("scope").description == "'scope:' needs a value, as in scope:singleton")
        #expect(throws: FilterParseError.unclosedQuote) { try ServiceFilter(parsing: "\"open") }
    }

    @Test func filtersSelectByLayerScopeAndText() throws {
        #expect(names(graph.nodes(matching: try ServiceFilter(parsing: "layer:Login"))) == [
            "Login.viewModel: LoginViewModel", "Login.useCase: LoginUseCase",
        ])
        #expect(names(graph.nodes(matching: try ServiceFilter(parsing: "layer:app/network scope:cached"))) == ["Network.api: API"])
        #expect(names(graph.nodes(matching: try ServiceFilter(parsing: "layer:Login layer:Network case"))) == ["Login.useCase: LoginUseCase"])
        #expect(names(graph.nodes(matching: try ServiceFilter(parsing: "scope:singleton"))) == ["Session"])
        #expect(graph.nodes(matching: ServiceFilter()).count == graph.nodes.count)
    }

    @Test func lookupMatchesDescriptionTypeAndMemberCaseInsensitively() throws {
        #expect(try graph.lookup("loginview") == id(Fixtures.view))
        #expect(try graph.lookup("login.viewmodel") == id(Fixtures.viewModel))
        #expect(try graph.lookup("Network.api: API in 'app'") == id(Fixtures.api))
        #expect(try graph.lookup("usecase") == id(Fixtures.useCase))
        #expect(try graph.lookup("mockap") == id(Fixtures.mockAPI))
    }

    @Test func lookupErrorsSuggestCloseNames() {
        #expect(throws: ServiceLookupError.noMatch(query: "Sesion", suggestions: ["Session"])) { try graph.lookup("Sesion") }
        #expect(ServiceLookupError.noMatch(query: "Sesion", suggestions: ["Session"]).description
            == "no service matches 'Sesion'; did you mean 'Session'?")
        #expect(ServiceLookupError.noMatch(query: "zzz", suggestions: []).description == "no service matches 'zzz'")
        #expect(throws: ServiceLookupError.self) { try graph.lookup("login") }
        do {
            _ = try graph.lookup("Login")
        } catch {
            #expect(error.description == "'Login' matches 3 services: 'LoginView in 'app'', 'Login.viewModel: LoginViewModel in 'app'', 'Login.useCase: LoginUseCase in 'app''; type more of the name (or add the container: 'Type in 'app'')")
        }
    }
}
