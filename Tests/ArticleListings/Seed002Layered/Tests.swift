import ArticleListingSupport
import Injection
import Synchronization
import Testing

/// Seed 002's scenarios: each test sets up its assembly on a container of its own, as the
/// article's tests do in `setUp`.
struct LayeredArticleTests {
    func withAssembly<R>(_ name: String = #function, test: Bool, _ body: (Container) throws -> R) rethrows -> R {
        let container = Container(name: "seed002-\(name)")
        if test { container.useTestAssembly() } else { container.useAppAssembly() }
        return try withContainer(container) { try body(container) }
    }

    @Test func theAppAssemblyLoadsThroughTheInteractorsNetwork() {
        withAssembly(test: false) { _ in
            let viewModel = UserListViewModel()
            viewModel.onAppear()
            #expect(viewModel.users == [User(login: "octocat")])
        }
    }

    @Test func theTestAssemblyGivesTheViewModelLayerItsMocks() {
        withAssembly(test: true) { _ in
            let viewModel = UserListViewModel()
            viewModel.onAppear()
            #expect(viewModel.users == [User(login: "mock")])
        }
    }

    @Test func bothLayersShareTheAssemblysAppState() {
        withAssembly(test: false) { container in
            #expect(container[\.viewModel.appState] === container[\.interactor.appState])
            UserListViewModel().onAppear()
            #expect(UserListViewModel().users.count == 1)   // another view model sees the same state
        }
        withAssembly("aNewAssembly", test: false) { container in
            #expect(container[\.viewModel.appState].users.isEmpty)   // a new assembly, a new state
        }
    }

    @Test func keypathResolvesAreNamedByLayer() {
        let names = Mutex<Set<String>>([])
        let token = ResolutionEvents.addObserver { event in
            if case .resolved(let resolved) = event.kind, resolved.service.container == "seed002-trace",
               resolved.service.layer != nil {
                names.withLock { _ = $0.insert(resolved.service.description) }
            }
        }
        defer { token.cancel() }
        withAssembly("trace", test: false) { _ in UserListViewModel().onAppear() }
        #expect(names.withLock { $0 } == [
            "ViewModel.appState: AppState", "ViewModel.gitHubInteractor: GitHubInteractorProtocol",
            "Interactor.appState: AppState", "Interactor.network: Network",
        ])
    }
}

/// The layer refuses, at compile time, what it must not reach: a view model cannot inject the
/// network, which only the interactor layer exposes.
struct LayeredArticleCompileTests {
    static let layers = """
        import Injection
        final class AppState {}
        final class Network {}
        protocol InteractorInjectionProtocol {
            var appState: AppState { get }
            var network: Network { get }
        }
        protocol ViewModelInjectionProtocol {
            var appState: AppState { get }
        }
        extension Container {
            var interactor: any InteractorInjectionProtocol { resolve() }
            var viewModel: any ViewModelInjectionProtocol { resolve() }
        }

        """

    @Test func aViewModelCannotInjectTheNetwork() throws {
        let result = try SnippetTypecheck.run(Self.layers + """
            final class UserListViewModel {
                @Injected(\\.viewModel.network) private var network
            }
            """)
        #expect(result.status != 0)
        #expect(result.output.contains("value of type 'any ViewModelInjectionProtocol' has no member 'network'"), "\(result.output)")
    }

    @Test func theAllowedTwinCompiles() throws {
        let result = try SnippetTypecheck.run(Self.layers + """
            final class UserListViewModel {
                @Injected(\\.viewModel.appState) private var appState
            }
            final class GitHubInteractor {
                @Injected(\\.interactor.network) private var network
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }
}
