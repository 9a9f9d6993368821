@testable import Injection
import Testing
@testable import InjectionGraph

/// Children made at one site (a child per request) are one container in the graph, however many
/// the app makes; children made once, or with names of their own, stay themselves.
struct ContainerFoldTests {
    typealias B = TraceBuilder

    /// What a server sends for one request: its child, its services, a two-service graph
    /// resolved through it, its end.
    static func serve(_ number: Int, in trace: inout TraceBuilder, released: Bool = true, aggregateAfterRelease: Bool = false) {
        let name = "request-\(number)"
        trace.container(name, parent: "app", line: 40)
        let handler = B.id("RequestHandler", in: name), user = B.id("RequestUser", in: name)
        trace.register(user, .cached, line: 41)
        trace.register(handler, line: 42)
        trace.resolve(user, by: handler, .cached)
        trace.resolve(handler)
        if released { trace.event(.containerReleased(ContainerReleased(container: name))) }
        if aggregateAfterRelease {
            // The recorder writes the repeats of a key up to 250 ms after them: after the release.
            trace.records.append(.aggregate(ResolutionAggregate(
                service: user, requester: handler, scope: .cached, outcome: .cached, source: .factory,
                count: 3, totalNanoseconds: 30, firstTime: 1, lastTime: 2)))
        }
    }

    static func appTrace() -> TraceBuilder {
        var trace = TraceBuilder()
        trace.container("app")
        trace.register(B.id("Database"), .singleton)
        return trace
    }

    @Test func aThousandChildrenOfOneSiteAreOneContainerWithTheirCountsSummed() throws {
        var trace = Self.appTrace()
        for number in 1...1_000 { Self.serve(number, in: &trace, aggregateAfterRelease: number == 500) }
        let graph = trace.graph

        #expect(graph.containers.map(\.name) == ["app", "request-1"])
        let requests = try #require(graph.container(named: "request-1"))
        #expect(requests.made == 1_000)
        #expect(requests.releases == 1_000)
        #expect(requests.live == 0)
        #expect(requests.label == "request child ×1000")
        // The last one made is the one to look at; its services are the container's.
        #expect(requests.lastMade == "request-1000")
        let handler = try graph.lookup("RequestHandler")
        #expect(graph.nodes[handler].identity.container == "request-1")
        #expect(graph.nodes.count == 3)  // Database, RequestHandler, RequestUser
        let user = try graph.lookup("RequestUser")
        // Every child's resolves, and the aggregate that came after its child was released.
        #expect(graph.nodes[user].resolveCount == 1_000 + 3)
        #expect(graph.nodes[handler].resolveCount == 1_000)
        #expect(graph.edges.count == 1)
        #expect(graph.check().problems.isEmpty, "re-registering a child's services is no override")
    }

    @Test func theGraphStaysTheSizeOfOneChild() {
        var few = Self.appTrace(), many = Self.appTrace()
        for number in 1...10 { Self.serve(number, in: &few) }
        for number in 1...5_000 { Self.serve(number, in: &many) }
        let small = few.graph, large = many.graph
        #expect(large.nodes.count == small.nodes.count)
        #expect(large.containers.count == small.containers.count)
        // Only what children alive at once hold stays: every one here was released.
        #expect(large.residentBytes <= small.residentBytes + 4_096, "\(large.residentBytes) vs \(small.residentBytes)")
    }

    @Test func childrenStillAliveAreCountedAndTheirNamesWeigh() throws {
        var trace = Self.appTrace()
        for number in 1...100 { Self.serve(number, in: &trace, released: number % 10 != 0) }
        let graph = trace.graph
        let requests = try #require(graph.container(named: "request-1"))
        #expect(requests.made == 100)
        #expect(requests.live == 10)
        // The ten held are remembered by name (their late records still fold): counted.
        var released = Self.appTrace()
        for number in 1...100 { Self.serve(number, in: &released) }
        #expect(graph.residentBytes > released.graph.residentBytes)
    }

    @Test func childrenMadeOnceOrWithNamesOfTheirOwnStayThemselves() {
        var trace = Self.appTrace()
        // One line making feature containers by name (a helper), and a test's child.
        for name in ["payments", "profile", "search"] { trace.container(name, parent: "app", line: 50) }
        trace.container("tests", parent: "app", line: 60)
        // The same stem at another site, or under another parent, is another container.
        trace.container("request-1", parent: "app", line: 40)
        trace.container("request-2", parent: "app", line: 41)
        trace.container("admin")
        trace.container("request-3", parent: "admin", line: 40)
        let graph = trace.graph
        #expect(graph.containers.map(\.name) == ["app", "payments", "profile", "search", "tests", "request-1", "request-2", "admin", "request-3"])
        #expect(graph.containers.allSatisfy { $0.made == 1 && $0.label == $0.name })
    }

    @Test func containersOfOneSiteThatLiveOnStayApart() {
        var trace = Self.appTrace()
        // A loop making shards, all kept: none is released, so none folds.
        for number in 0..<8 { Self.serve(number, in: &trace, released: false) }
        let graph = trace.graph
        #expect(graph.containers.count == 9)
        #expect(graph.containers.allSatisfy { $0.made == 1 })
    }

    @Test func childrenMadeBeforeTheFirstReleaseStayThemselvesAndTheRestFold() throws {
        var trace = Self.appTrace()
        // Three requests at once; then the first ends, and every later one folds into it.
        for number in 1...3 {
            trace.container("request-\(number)", parent: "app", line: 40)
            trace.register(B.id("RequestUser", in: "request-\(number)"), .cached, line: 41)
        }
        trace.event(.containerReleased(ContainerReleased(container: "request-1")))
        for number in 4...50 { Self.serve(number, in: &trace) }
        let graph = trace.graph
        #expect(graph.containers.map(\.name) == ["app", "request-1", "request-2", "request-3"])
        let requests = try #require(graph.container(named: "request-1"))
        #expect(requests.made == 48)
        #expect(requests.live == 0)
        #expect(graph.container(named: "request-2")?.live == 1)
    }

    @Test func childrenWithOneNameFoldAsWell() throws {
        var trace = Self.appTrace()
        for _ in 1...3 {
            trace.container("request", parent: "app", line: 40)
            trace.register(B.id("RequestUser", in: "request"), .cached, line: 41)
            trace.event(.containerReleased(ContainerReleased(container: "request")))
        }
        let graph = trace.graph
        let requests = try #require(graph.container(named: "request"))
        #expect(requests.made == 3)
        #expect(requests.live == 0)
        #expect(requests.label == "request child ×3")
    }

    @Test func everyChildsServiceIsOneIdentityAndItsRepeatedRegistrationsAreLeftOut() throws {
        var trace = Self.appTrace()
        for number in 1...200 { Self.serve(number, in: &trace) }
        // A child that registers its user in another scope, or from another line, is news.
        trace.container("request-201", parent: "app", line: 40)
        trace.register(B.id("RequestUser", in: "request-201"), .unique, line: 41)
        trace.register(B.id("RequestHandler", in: "request-201"), line: 43)
        var fold = ContainerFold()
        let folded = fold.foldDroppingRepeats(trace.records)
        let registrations = folded.compactMap { record -> Registered? in
            guard case .event(let event) = record, case .registered(let registered) = event.kind else { return nil }
            return registered
        }
        // The app's, the stand-in's own two, the first folded child's two, then the two changes.
        #expect(registrations.map(\.service.container) == ["app"] + Array(repeating: "request-1", count: 6))
        #expect(registrations.suffix(2).map(\.scope) == [.unique, .unique])
        // Every folded record names a child's service by one identity, made once.
        var storages = Set<ObjectIdentifier>()
        for record in folded {
            guard case .event(let event) = record, case .resolved(let resolved) = event.kind,
                  resolved.service.type == "RequestUser", resolved.service.container == "request-1" else { continue }
            storages.insert(ObjectIdentifier(resolved.service.storage))
        }
        #expect(storages.count <= 2, "the stand-in's own, and the one folded ones share")
        // And the graph is the one the whole trace makes, counts included.
        var graph = DependencyGraph()
        for record in folded { graph.apply(record) }
        let whole = trace.graph
        #expect(graph.nodes.map(\.identity) == whole.nodes.map(\.identity))
        #expect(graph.nodes.map(\.resolveCount) == whole.nodes.map(\.resolveCount))
        #expect(graph.nodes.map(\.scope) == whole.nodes.map(\.scope))
        #expect(graph.container(named: "request-1")?.made == whole.container(named: "request-1")?.made)
        #expect(graph.check().all.map(\.message) == whole.check().all.map(\.message))
    }

    @Test func stemsDropANumberAndItsSeparatorOnly() {
        #expect(ContainerFold.stem(of: "request-17") == "request")
        #expect(ContainerFold.stem(of: "container-4") == "container")
        #expect(ContainerFold.stem(of: "app#2") == "app")
        #expect(ContainerFold.stem(of: "v2") == "v")
        #expect(ContainerFold.stem(of: "42") == "42")
        #expect(ContainerFold.stem(of: "payments") == "payments")
        #expect(ContainerFold.stem(of: "") == "")
        #expect(ContainerFold.stem(of: "-7") == "-7")
    }
}
