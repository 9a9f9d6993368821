import Injection
import InjectionTrace
import Synchronization
import Testing
@testable import InjectionGraph

/// Resolver-style registration options as the graph shows them, through a real trace:
/// `.implements` is one node with several keys, `.resolveProperties` resolves are property edges,
/// and `.scope(…)` updates the node rather than counting an override.
struct RegistrationOptionsGraphTests {
    protocol Fetching: AnyObject {}
    protocol Updating: AnyObject {}
    final class Combined: Fetching, Updating {}
    final class Screen {
        let fetcher: Fetching
        var updater: Updating?
        init(fetcher: Fetching) { self.fetcher = fetcher }
    }

    /// Runs `body` against a fresh container and returns the graph read back from the trace lines
    /// its events encode to.
    func graph(_ body: (Container) -> Void) throws -> DependencyGraph {
        let name = "options-\(UInt64.random(in: 0...UInt64.max))"
        let lines = Mutex<[UInt8]>(Array(TraceEncoder.encode(.header(TraceHeader(app: "t", pid: 1, startTime: "2026-01-01T00:00:00Z")))))
        let token = ResolutionEvents.addObserver { event in
            let mine: Bool = switch event.kind {
            case .registered(let registered): registered.service.container == name
            case .resolved(let resolved): resolved.service.container == name
            default: false
            }
            if mine { lines.withLock { $0 += TraceEncoder.encode(.event(event)) } }
        }
        body(Container(name: name))
        token.cancel()
        let file = try TraceReader.read(bytes: lines.withLock { $0 })
        #expect(file.diagnostics == [])
        return DependencyGraph(records: file.records)
    }

    @Test func implementsIsOneNodeWithSeveralKeys() throws {
        let graph = try graph { app in
            app.register(line: 5) { Combined() }
                .implements(Fetching.self)
                .implements(Updating.self)
                .scope(.cached)
            app.register(line: 9) { c in Screen(fetcher: c.resolve()) }
            _ = app.resolve(Screen.self)
            _ = app.resolve(Updating.self)
        }
        let combined = try #require(graph.nodes.first { $0.identity.type.hasSuffix("Combined") })
        #expect(combined.implements.map(\.type).map { $0.split(separator: ".").last.map(String.init) ?? $0 }
            == ["Fetching", "Updating"])
        #expect(combined.registrationCount == 1)
        #expect(combined.scope == .cached)
        #expect(combined.resolveCount == 2)
        #expect(!graph.nodes.contains { $0.identity.type.hasSuffix("Fetching") || $0.identity.type.hasSuffix("Updating") })
        let screen = try #require(graph.nodes.first { $0.identity.type.hasSuffix("Screen") })
        #expect(graph.outgoing[screen.id].map { graph.edges[$0].to } == [combined.id])
    }

    @Test func resolvePropertiesResolvesArePropertyEdges() throws {
        let graph = try graph { app in
            app.register { c in Screen(fetcher: c.resolve()) }
                .resolveProperties { c, screen in screen.updater = c.optional() }
            app.register { Combined() as Fetching }
            app.register { Combined() as Updating }
            _ = app.resolve(Screen.self)
            _ = app.resolve(Screen.self)
        }
        let screen = try #require(graph.nodes.first { $0.identity.type.hasSuffix("Screen") })
        let edges = graph.outgoing[screen.id].map { graph.edges[$0] }
        let byTarget = Dictionary(uniqueKeysWithValues: edges.map {
            (graph.nodes[$0.to].identity.type.split(separator: ".").last.map(String.init) ?? "", $0)
        })
        #expect(byTarget["Fetching"]?.isPropertyInjection == false)
        #expect(byTarget["Updating"]?.isPropertyInjection == true)
        #expect(byTarget["Updating"]?.count == 2)

        let dot = DotExporter().render(graph)
        #expect(dot.contains("label=\"2 (property)\", arrowhead=empty"))
        let mermaid = MermaidExporter().render(graph)
        #expect(mermaid.contains("|\"2 property\"|"))
    }
}
