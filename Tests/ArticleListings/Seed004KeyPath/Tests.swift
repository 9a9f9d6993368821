import Injection
import Synchronization
import Testing
import InjectionGraph
import InjectionTrace

/// Seed 004's scenarios in its own spellings, each on a container of its own (the listings use
/// `Container.shared`, which is task-local).
struct KeyPathArticleTests {
    func onFreshContainer<R>(_ name: String = #function, _ body: () throws -> R) rethrows -> R {
        try withContainer(Container(name: "seed004-\(name)")) { try body() }
    }

    @Test func theContainerBuildsTheDefaultsAnewOnEachRead() {
        onFreshContainer {
            let first = resolveUseCase()
            let second = resolveUseCase()
            #expect(first is DefaultLoginUseCase)
            #expect(first !== second)   // a computed property: a new instance every time
            let one = LoginViewController(), two = LoginViewController()
            #expect(one.viewModel is DefaultLoginViewModel)
            #expect(one.viewModel !== two.viewModel)
        }
    }

    @Test func theMappedViewModelIsTheMockAndResetRestoresTheDefault() {
        onFreshContainer {
            mapViewModelToMock()
            #expect(LoginViewController().viewModel is MockTestLoginViewModel)
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.mockTestViewModel)
            InjectionMapper.reset(\.login.viewModel)
            #expect(LoginViewController().viewModel is DefaultLoginViewModel)
            #expect(InjectionMapper[\.login.viewModel] == nil, "unmapped, the article's getter answers nil")
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.viewModel, "it answers for itself again")
        }
    }

    @Test func mappingAppliesToInstancesCreatedAfterIt() {
        onFreshContainer {
            let before = LoginViewController()
            mapViewModelToPreview()
            let after = LoginViewController()
            // "We need to inject dependency using InjectionMapper before class/struct instance is
            // created, else the Inject will use the default dependency implementation."
            #expect(before.viewModel is DefaultLoginViewModel)
            #expect(after.viewModel is PreviewLoginViewModel)
        }
    }

    @Test func mapRedirectsTheUseCase() {
        onFreshContainer {
            mapUseCaseToPreview()
            #expect(resolveUseCase() is PreviewLoginUseCase)
            #expect(Container[\.login.useCase] is PreviewLoginUseCase)
            InjectionMapper.resetAll()
            #expect(resolveUseCase() is DefaultLoginUseCase)
        }
    }

    @Test func aLoopOfPlainMappingsIsRefusedWhenSet() async {
        // Inside an exit test, `#line` defaults resolve to the `#expect` line that holds the body.
        let line = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container(name: "seed004-loops")
            container.map(\.login.mockTestViewModel, to: \.login.viewModel)
            container.map(\.login.previewViewModel, to: \.login.mockTestViewModel)
            container.map(\.login.viewModel, to: \.login.previewViewModel)
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("""
            Mapping loop: mapping Login.previewViewModel: LoginViewModel to Login.viewModel: LoginViewModel \
            at Seed004KeyPathArticleTests/Tests.swift:\(line) would lead back to it.
            """), "\(stderr)")
    }

    @Test func validateBuildsThePlainPropertiesItIsGiven() {
        let container = Container(name: "seed004-validate")
        let report = container.validate(\.login.viewModel, \.login.useCase)
        #expect(report.isValid, "\(report)")
        #expect(report.checked == 2)
    }
}

/// What the inspector sees: a resolve through a plain keypath is a service with the keypath as
/// its identity, its requester and its layer.
struct KeyPathArticleTraceTests {
    /// A screen the app builds through the container, whose wrapper reads the plain keypath.
    final class LoginScreen {
        @Inject(\.login.viewModel) var viewModel
    }

    /// Runs `body` on a fresh container and returns its events read back into a graph.
    func graph(_ body: (Container) -> Void) throws -> (DependencyGraph, [ResolutionEvent]) {
        let name = "seed004-trace-\(UInt64.random(in: 0...UInt64.max))"
        let events = Mutex<[ResolutionEvent]>([])
        let token = ResolutionEvents.addObserver { event in
            let mine: Bool = switch event.kind {
            case .registered(let registered): registered.service.container == name
            case .resolved(let resolved): resolved.service.container == name
            case .mappingChanged(let change): change.container == name
            default: false
            }
            if mine { events.withLock { $0.append(event) } }
        }
        body(Container(name: name))
        token.cancel()
        let recorded = events.withLock { $0 }
        var bytes = Array(TraceEncoder.encode(.header(TraceHeader(app: "seed004", pid: 1, startTime: "2026-01-01T00:00:00Z"))))
        for event in recorded { bytes += TraceEncoder.encode(.event(event)) }
        let file = try TraceReader.read(bytes: bytes)
        #expect(file.diagnostics == [])
        return (DependencyGraph(records: file.records), recorded)
    }

    @Test func aPlainKeyPathResolveIsRecordedWithItsIdentityRequesterAndLayer() throws {
        let (graph, events) = try graph { container in
            container.register { LoginScreen() }
            withContainer(container) {
                let _: LoginScreen = container.resolve()
                mapViewModelToMock()
                let _: LoginScreen = container.resolve()
            }
        }
        let resolved = events.compactMap { event -> Resolved? in
            if case .resolved(let resolved) = event.kind, resolved.service.member != nil { return resolved }
            return nil
        }
        #expect(resolved.map(\.service.description) == ["Login.viewModel: LoginViewModel", "Login.mockTestViewModel: LoginViewModel"])
        #expect(resolved.map { $0.requester?.description } == ["LoginScreen", "LoginScreen"])
        #expect(resolved.last?.mappedFrom?.description == "Login.viewModel: LoginViewModel")

        let layers = graph.layers.map { $0.id.layer }
        #expect(layers.contains("Login"))
        let viewModel = try graph.lookup("Login.viewModel")
        let why = try #require(graph.why(viewModel))
        #expect(why.map { graph.nodes[$0].identity.description } == ["LoginScreen", "Login.viewModel: LoginViewModel"])
    }
}
