import Injection
import Testing
@testable import InjectionGraph

private typealias B = TraceBuilder

struct DependencyGraphTests {
    static let service = B.id("XYZService")
    static let fetcher = B.id("XYZFetching")
    static let session = B.id("Session")

    // MARK: - Nodes and edges

    @Test func buildsNodesEdgesAndCountsFromResolves() {
        var trace = B()
        trace.container("app")
        trace.register(Self.service, .singleton, line: 3)
        trace.register(Self.fetcher, .unique, line: 4)
        trace.register(Self.session, .cached, line: 5)
        // Post-order, as the runtime emits: children before the parent.
        trace.resolve(Self.fetcher, by: Self.service, ns: 200)
        trace.resolve(Self.session, by: Self.service, .cached, ns: 300)
        trace.resolve(Self.service, .singleton, ns: 1_000)
        trace.resolve(Self.service, .singleton, .cached, ns: 0)
        trace.records.append(.end(time: 900, reason: "exit"))

        #expect(trace.graph.treeDescription == """
            session sample-app pid 42, 8 events, 0 dropped, ended: exit
            containers:
              app created App/Assembly.swift:1
            services:
              #0 XYZService in 'app' [singleton] registered App/Assembly.swift:3; 2 resolves (1 new, 1 cached), 2 from app, 1 alive, total 1000ns, self 500ns
              #1 XYZFetching in 'app' [unique] registered App/Assembly.swift:4; 1 resolve (1 new, 0 cached), total 200ns, self 200ns
              #2 Session in 'app' [cached] registered App/Assembly.swift:5; 1 resolve (1 new, 0 cached), 1 alive, total 300ns, self 300ns
            edges:
              XYZService → XYZFetching ×1 (1 new, 0 cached)
              XYZService → Session ×1 (1 new, 0 cached)
            """)
    }

    @Test func aggregatesAddToCountsAndTimes() {
        var trace = B()
        trace.resolve(Self.fetcher, by: Self.service, ns: 10)
        trace.records.append(.aggregate(ResolutionAggregate(
            service: Self.fetcher, requester: Self.service, scope: .unique, outcome: .created, source: .factory,
            count: 999, totalNanoseconds: 9_990, firstTime: 500, lastTime: 90_000)))
        trace.records.append(.dropped(count: 7, time: 95_000))
        let graph = trace.graph
        let fetcher = graph.nodeID(for: Self.fetcher)!, service = graph.nodeID(for: Self.service)!
        let edge = graph.edges[graph.edgeID(from: service, to: fetcher)!]
        #expect(edge.count == 1_000)
        #expect(edge.totalNanoseconds == 10_000)
        #expect(graph.nodes[fetcher].resolveCount == 1_000)
        #expect(graph.nodes[fetcher].firstSeen == 100)
        #expect(graph.nodes[fetcher].lastSeen == 90_000)
        #expect(graph.nodes[service].childNanoseconds == 10_000)
        #expect(graph.session.droppedCount == 7)
        #expect(graph.session.resolveCount == 1_000)
        #expect(graph.session.lastTime == 95_000)
    }

    @Test func scopeResetDiscardsAliveInstances() {
        var trace = B()
        trace.register(Self.session, .custom("login"))
        trace.resolve(Self.session, .custom("login"))
        #expect(trace.graph.nodes[0].aliveInstances == 1)
        trace.event(.scopeReset(ScopeReset(container: "app", scope: .custom("login"), discarded: 1)))
        #expect(trace.graph.nodes[0].aliveInstances == 0)
        trace.resolve(Self.session, .custom("login"))
        #expect(trace.graph.nodes[0].aliveInstances == 1)
    }

    @Test func uniqueAndSharedScopesHaveNoAliveCount() {
        var trace = B()
        trace.resolve(Self.fetcher, .unique)
        trace.resolve(Self.session, .shared)
        #expect(trace.graph.nodes.map(\.aliveInstances) == [nil, nil])
    }

    // MARK: - Layers

    @Test func reportsCrossLayerEdgesAndTwoWayBreaches() {
        let viewModel = B.id("LoginViewModel", layer: "Login", member: "viewModel")
        let useCase = B.id("LoginUseCase", layer: "Domain", member: "login")
        let api = B.id("API", layer: "Network", member: "api")
        let back = B.id("LoginRouter", layer: "Login", member: "router")
        var trace = B()
        trace.resolve(useCase, by: viewModel)
        trace.resolve(api, by: useCase)
        trace.resolve(api, by: useCase, .unique, .cached)
        trace.resolve(back, by: useCase)  // the domain reaching back up into the view layer
        let graph = trace.graph
        #expect(graph.layers.map(\.id.description) == ["app/Domain", "app/Login", "app/Network"])
        let lines = graph.layerCrossings().map { "\($0.from) → \($0.to): \($0.edgeCount) edges, \($0.resolveCount) resolves\($0.isBreach ? ", breach" : "")" }
        #expect(lines == [
            "app/Domain → app/Login: 1 edges, 1 resolves, breach",
            "app/Domain → app/Network: 1 edges, 2 resolves",
            "app/Login → app/Domain: 1 edges, 1 resolves, breach",
        ])
    }

    // MARK: - Overrides and mappings

    @Test func overridesTrackActiveReplacedResetAndStale() {
        let real = B.id("LoginViewModel", layer: "Login", member: "viewModel")
        let mock = B.id("MockLoginViewModel", layer: "Login", member: "mockViewModel")
        var trace = B()
        let holder = B.id("FeedService")
        trace.register(Self.fetcher, .singleton, line: 3)
        trace.register(holder, .singleton, line: 4)
        trace.resolve(Self.fetcher, by: holder, .singleton)
        trace.resolve(holder, .singleton)  // a singleton holds the fetcher now
        trace.register(Self.fetcher, .singleton, line: 20, replacing: (Self.fetcher, 3))
        trace.event(.staleOverride(StaleOverride(replaced: Self.fetcher, replacement: Self.fetcher, scope: .singleton, location: B.at(20))))
        trace.register(Self.fetcher, .singleton, line: 30, replacing: (Self.fetcher, 20))
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: real, to: mock, location: B.at(40, "Tests/LoginTests.swift"))))
        trace.event(.mappingChanged(MappingChange(action: .reset, container: "app", from: real, to: nil, location: B.at(41, "Tests/LoginTests.swift"))))
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: real, to: mock, location: B.at(50, "Tests/LoginTests.swift"))))
        let graph = trace.graph
        #expect(graph.overrides.map(\.summary) == [
            "registration XYZFetching → XYZFetching in 'app' set at App/Assembly.swift:20 (replaced App/Assembly.swift:3), replaced, stale (heldByLongLived)",
            "registration XYZFetching → XYZFetching in 'app' set at App/Assembly.swift:30 (replaced App/Assembly.swift:20), active",
            "mapping Login.viewModel: LoginViewModel → Login.mockViewModel: MockLoginViewModel in 'app' set at Tests/LoginTests.swift:40, reset at Tests/LoginTests.swift:41",
            "mapping Login.viewModel: LoginViewModel → Login.mockViewModel: MockLoginViewModel in 'app' set at Tests/LoginTests.swift:50, active",
        ])
        // The override replaced the entry, so the old kept instance is no longer the container's.
        #expect(graph.nodes[0].aliveInstances == 0)
        #expect(graph.overrides[0].holders.map(\.service) == [holder])
    }

    // MARK: - Failures

    @Test func missingRequestsAreDedupedWithTheirChains() {
        let viewModel = B.id("XYZViewModel")
        let missing = MissingRegistration(
            requested: Self.fetcher, requesterChain: [viewModel, Self.service],
            nearMisses: [NearMiss(kind: .otherName, service: B.id("XYZFetching", name: "mock"))],
            fix: "app.register { <#XYZFetching#>() }", location: B.at(7, "App/XYZService.swift"))
        var trace = B()
        trace.event(.missing(missing))
        trace.event(.missing(missing))
        trace.event(.missing(MissingRegistration(requested: Self.fetcher, requesterChain: [], nearMisses: [], fix: "app.register { <#XYZFetching#>() }", location: nil)))
        let graph = trace.graph
        #expect(graph.missing.map(\.count) == [2, 1])
        #expect(graph.missing[0].requester == Self.service)
        #expect(graph.edges.map { "\(graph.nodes[$0.from].identity) → \(graph.nodes[$0.to].identity) ×\($0.count)" } == ["XYZViewModel → XYZService ×0"])
    }

    @Test func cyclesAreDedupedAcrossRotationsAndMarkTheirEdges() {
        let a = B.id("A"), b = B.id("B"), c = B.id("C")
        var trace = B()
        trace.event(.cycle(DependencyCycle(path: [a, b, a], enteredThrough: [c])))
        trace.event(.cycle(DependencyCycle(path: [b, a, b])))
        let graph = trace.graph
        #expect(graph.cycles.count == 1)
        #expect(graph.cycles[0].count == 2)
        #expect(graph.cycles[0].cycle.pathDescription == "A → B → A in 'app'")
        #expect(graph.edges.filter(\.isOnObservedCycle).count == 2)
        #expect(graph.stronglyConnectedComponents() == [[1, 2]])  // C (0) only entered it
    }

    @Test func scopeMismatchesAreDeduped() {
        let mismatch = ScopeMismatch(holder: Self.service, holderScope: .singleton, captive: Self.fetcher, captiveScope: .unique)
        var trace = B()
        trace.event(.scopeMismatch(mismatch))
        trace.event(.scopeMismatch(mismatch))
        #expect(trace.graph.scopeMismatches.map(\.count) == [2])
        #expect(trace.graph.treeDescription.hasSuffix("scope mismatches:\n  XYZService (singleton) holds XYZFetching (unique) ×2"))
    }
}
