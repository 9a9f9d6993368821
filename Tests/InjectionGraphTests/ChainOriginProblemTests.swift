import Injection
import InjectionTrace
import Synchronization
import Testing
@testable import InjectionGraph

/// Where a failing chain came from and how a captive was taken, said the same way by the
/// runtime's message, the trace and `check`: the `@LazyInjected` declaration whose first read (in
/// app code) started a chain that failed deeper down, the `.implements` alias the code wrote on a
/// cycle's path, and a captive taken by a decorator or as an argument.
@Suite(.serialized)
struct ChainOriginProblemTests {
    final class OriginRepository: Sendable {}
    final class OriginService: Sendable {}
    final class OriginViewModel: Sendable {}
    protocol OriginFetching: Sendable {}
    final class OriginFetcher: OriginFetching {}
    final class OriginLoader: Sendable {}
    final class OriginAudit: Sendable {}
    /// Holds state (its start), so keeping it is a captive problem, not a note.
    final class OriginRequest: Sendable { let started = 1 }

    /// Runs `body` against a fresh container named `name`, and returns the problems `check`
    /// reads from the trace lines its events encode to.
    func check(_ name: String, _ body: (Container) -> Void) throws -> [String] {
        let lines = Mutex<[UInt8]>(Array(TraceEncoder.encode(.header(TraceHeader(app: "t", pid: 1, startTime: "2026-01-01T00:00:00Z")))))
        let token = ResolutionEvents.addObserver { event in
            let container: String? = switch event.kind {
            case .registered(let registered): registered.service.container
            case .resolved(let resolved): resolved.service.container
            case .missing(let missing): missing.requested.container
            case .cycle(let cycle): cycle.path.first?.container
            case .scopeMismatch(let mismatch): mismatch.holder.container
            case .lazyResolved(let lazy): lazy.service.container
            default: nil
            }
            if container == name { lines.withLock { $0 += TraceEncoder.encode(.event(event)) } }
        }
        let app = Container(name: name)
        defer { app.removeAll() }
        body(app)
        token.cancel()
        let file = try TraceReader.read(bytes: lines.withLock { $0 })
        #expect(file.diagnostics == [])
        return DependencyGraph(records: file.records).check().problems.map(\.message)
    }

    @Test func aMissingRegistrationDeepInALazyReadNamesTheDeclarationThatStartedIt() throws {
        let caught = Mutex<ResolutionError?>(nil)
        let problems = try check("lazyorigin") { app in
            app.register(line: 3) { c in
                do throws(ResolutionError) { _ = try c.tryResolve(OriginRepository.self, file: "App/Service.swift", line: 20) }
                catch { caught.withLock { $0 = error } }
                return OriginService()
            }
            app.register(line: 4) { c in _ = c.resolve(OriginService.self); return OriginViewModel() }
            var viewModel = LazyInjected<OriginViewModel>(container: app, file: "App/Screen.swift", line: 12)
            _ = viewModel.wrappedValue
        }
        let expected = """
            Missing registration: OriginRepository in 'lazyorigin'
              Requested by: OriginViewModel in 'lazyorigin' → OriginService in 'lazyorigin', at App/Service.swift:20
              Requested at: App/Screen.swift:12 (the first read of the @LazyInjected property declared there, in app code)
              Fix: lazyorigin.register { <#OriginRepository#>() }
            """
        #expect(caught.withLock { $0 }?.message == expected)
        #expect(problems == [expected])
    }

    @Test func aChainStartedByAnEagerResolveNamesNoDeclaration() throws {
        let caught = Mutex<[String]>([])
        _ = try check("eagerorigin") { app in
            app.register { c in
                do throws(ResolutionError) { _ = try c.tryResolve(OriginRepository.self, file: "App/Service.swift", line: 20) }
                catch { caught.withLock { $0.append(error.message) } }
                return OriginService()
            }
            // An eager resolve from app code: its own line is the request's.
            _ = app.resolve(OriginService.self)
        }
        #expect(caught.withLock { $0 } == [
            """
            Missing registration: OriginRepository in 'eagerorigin'
              Requested by: OriginService in 'eagerorigin', at App/Service.swift:20
              Fix: eagerorigin.register { <#OriginRepository#>() }
            """,
        ])
    }

    @Test func aCycleThroughAnAliasShowsTheKeyTheCodeWroteAndTheLazyReadThatStartedIt() throws {
        let caught = Mutex<ResolutionError?>(nil)
        let problems = try check("aliasorigin") { app in
            app.register(line: 5) { c in _ = c.resolve(OriginLoader.self); return OriginFetcher() }
                .implements(OriginFetching.self)
            app.register(line: 7) { c in
                do throws(ResolutionError) { _ = try c.tryResolve(OriginFetching.self, file: "App/Loader.swift", line: 9) }
                catch { caught.withLock { $0 = error } }
                return OriginLoader()
            }
            var fetcher = LazyInjected<OriginFetching>(container: app, file: "App/Screen.swift", line: 14)
            _ = fetcher.wrappedValue
        }
        let expected = """
            Dependency cycle: OriginFetching → (implements) OriginFetcher → OriginLoader → OriginFetching → (implements) OriginFetcher in 'aliasorigin'
              Requested at: App/Screen.swift:14 (the first read of the @LazyInjected property declared there, in app code)
              Closed at: App/Loader.swift:9 (OriginLoader asks for OriginFetching again)
              Fix: break the cycle where it closes: let OriginLoader get OriginFetcher lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built. Or set it once both are built: .resolveProperties on OriginFetcher's registration (OriginLoader in .graph scope, so it is the one OriginFetcher holds).
            """
        #expect(caught.withLock { $0 }?.message == expected)
        #expect(problems == [expected])
    }

    @Test func aCaptiveTakenByADecoratorNamesTheDecorateLine() throws {
        let problems = try check("decoratororigin") { app in
            app.register(scope: .singleton, line: 3) { OriginAudit() }
            app.register(scope: .graph, line: 4) { OriginRequest() }
            app.decorate(file: "App/Wiring.swift", line: 30) { service in
                if service is OriginAudit { _ = app.resolve(OriginRequest.self) }
            }
            _ = app.resolve(OriginAudit.self)
            app.removeDecorators()
        }
        #expect(problems == ["""
            Scope mismatch: OriginAudit in 'decoratororigin' (singleton) captured OriginRequest in 'decoratororigin' (graph) by a decorator (installed at App/Wiring.swift:30) while being built; the graph instance now lives as long as the singleton one.
              Fix: make the holder as short-lived as what it keeps (registered at InjectionGraphTests/ChainOriginProblemTests.swift:3): decoratororigin.register(scope: .graph) { … OriginAudit … }
              Or: keep OriginAudit singleton and give it a factory to call at each use, not an instance: { c.resolve(OriginRequest.self) }
            """])
    }

    @Test func aCaptivePassedAsAnArgumentSaysSo() throws {
        let problems = try check("argumentorigin") { app in
            app.register(scope: .graph, line: 3) { OriginRequest() }
            app.register(scope: .singleton, line: 4) { _, args in
                let _: OriginRequest = args("request")
                return OriginAudit()
            }
            let request: OriginRequest = app.resolve()
            _ = app.resolve(OriginAudit.self, args: ["request": request])
        }
        #expect(problems == ["""
            Scope mismatch: OriginAudit in 'argumentorigin' (singleton) captured OriginRequest in 'argumentorigin' (graph) as an argument it was built with; the graph instance now lives as long as the singleton one.
              Fix: make the holder as short-lived as what it keeps (registered at InjectionGraphTests/ChainOriginProblemTests.swift:4): argumentorigin.register(scope: .graph) { … OriginAudit … }
              Or: keep OriginAudit singleton and give it a factory to call at each use, not an instance: { c.resolve(OriginRequest.self) }
            """])
    }
}
