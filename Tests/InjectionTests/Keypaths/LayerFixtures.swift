import Injection

// The seed-002 style: layers as protocols over the root container that expose only what each
// layer may inject, and an assembly that is swapped as a whole.

final class AppState { var user = "guest" }
protocol Networking: AnyObject { var name: String { get } }
final class LiveNetwork: Networking { var name: String { "live" } }
final class MockNetwork: Networking { var name: String { "mock" } }

protocol ViewModelLayer: DependencyLayer {
    var appState: Provider<AppState> { get }
}

protocol InteractorLayer: DependencyLayer {
    var appState: Provider<AppState> { get }
    var network: Provider<Networking> { get }
}

protocol AppLayers: Assembly {
    func viewModel(_ container: Container) -> any ViewModelLayer
    func interactor(_ container: Container) -> any InteractorLayer
}

extension Container {
    var viewModel: any ViewModelLayer { assembly(AppLayers.self).viewModel(self) }
    var interactor: any InteractorLayer { assembly(AppLayers.self).interactor(self) }
}

// MARK: - The app's assembly

struct LiveViewModelLayer: ViewModelLayer {
    let container: Container
    // Both layers share the one type-keyed AppState: keypath and type-keyed styles mix.
    var appState: Provider<AppState> { provide { c in c.resolve(AppState.self) } }
}

struct LiveInteractorLayer: InteractorLayer {
    let container: Container
    var appState: Provider<AppState> { provide { c in c.resolve(AppState.self) } }
    var network: Provider<Networking> { provide(.singleton) { LiveNetwork() } }
}

struct LiveLayers: AppLayers {
    func viewModel(_ container: Container) -> any ViewModelLayer { LiveViewModelLayer(container: container) }
    func interactor(_ container: Container) -> any InteractorLayer { LiveInteractorLayer(container: container) }
}

// MARK: - The tests' assembly: mocks per layer

struct MockInteractorLayer: InteractorLayer {
    let container: Container
    var appState: Provider<AppState> { provide(.singleton) { AppState() } }
    var network: Provider<Networking> { provide { MockNetwork() } }
}

struct MockLayers: AppLayers {
    func viewModel(_ container: Container) -> any ViewModelLayer { LiveViewModelLayer(container: container) }
    func interactor(_ container: Container) -> any InteractorLayer { MockInteractorLayer(container: container) }
}

// MARK: - Code that injects, unchanged whatever the assembly

final class GitHubInteractor {
    @Injected(\.interactor.network) var network
    @Injected(\.interactor.appState) var appState
}

final class RepositoriesViewModel {
    @Injected(\.viewModel.appState) var appState
    let interactor = GitHubInteractor()
}
