import Injection

// "Layered Dependency Injection With Swift Property Wrappers" (seed 002). The article shows its
// code as images only, so these listings are written from its prose, in the spellings it
// describes: layers as protocols with plain members, one implementation per layer and a mock,
// interactors that inject from their own layer, the root's layers as computed properties, an
// assembly per target (app, previews, tests), and `@Injected(\.viewModel.appState)` with the
// type inferred. The article's own `Injected` wrapper and `DependencyInjection` root class are
// what the library's `@Injected` and `Container` replace.

// Scaffolding: the app's model, network and state, which the article does not show.
struct User: Equatable { let login: String }
final class Network {
    let name: String
    init(name: String = "live") { self.name = name }
    func fetchUsers() -> [User] { [User(login: "octocat")] }
}
final class AppState {
    var users: [User] = []
}

// Listing: the layers ("Here is the definition of the protocols")
protocol InteractorInjectionProtocol {
    var appState: AppState { get }
    var network: Network { get }
}

protocol ViewModelInjectionProtocol {
    var appState: AppState { get }
    var gitHubInteractor: GitHubInteractorProtocol { get }
}

// Listing: the layers in the root container (the article's `DependencyInjection` class)
extension Container {
    var interactor: any InteractorInjectionProtocol { resolve() }
    var viewModel: any ViewModelInjectionProtocol { resolve() }
}

// Listing: "The actual implementation of InteractorInjectionProtocol is straightforward"
final class InteractorInjection: InteractorInjectionProtocol {
    let appState: AppState
    let network = Network()

    init(appState: AppState) {
        self.appState = appState
    }
}

// Listing: "For ViewModelInjectionProtocol, we provide two implementations, including a mock
// version for tests"
final class ViewModelInjection: ViewModelInjectionProtocol {
    let appState: AppState
    lazy private(set) var gitHubInteractor: GitHubInteractorProtocol = GitHubInteractor()

    init(appState: AppState) {
        self.appState = appState
    }
}

final class MockViewModelInjection: ViewModelInjectionProtocol {
    let appState: AppState
    lazy private(set) var gitHubInteractor: GitHubInteractorProtocol = MockGitHubInteractor()

    init(appState: AppState) {
        self.appState = appState
    }
}

// Listing: the interactors, injecting from the interactor layer
protocol GitHubInteractorProtocol {
    func loadUsers()
}

final class GitHubInteractor: GitHubInteractorProtocol {
    @Injected(\.interactor.appState) private var appState
    @Injected(\.interactor.network) private var network

    func loadUsers() {
        appState.users = network.fetchUsers()
    }
}

final class MockGitHubInteractor: GitHubInteractorProtocol {
    @Injected(\.interactor.appState) private var appState

    func loadUsers() {
        appState.users = [User(login: "mock")]
    }
}

// Listing: a view model, injecting from the view-model layer
final class UserListViewModel {
    @Injected(\.viewModel.appState) private var appState
    @Injected(\.viewModel.gitHubInteractor) private var gitHubInteractor

    var users: [User] { appState.users }

    func onAppear() {
        gitHubInteractor.loadUsers()
    }
}

// Listing: the assemblies, one per target, each with one shared AppState
extension Container {
    func useAppAssembly() {
        register(scope: .singleton) { AppState() }
        register(scope: .singleton) { c in InteractorInjection(appState: c.resolve()) as InteractorInjectionProtocol }
        register(scope: .singleton) { c in ViewModelInjection(appState: c.resolve()) as ViewModelInjectionProtocol }
    }

    func useTestAssembly() {
        register(scope: .singleton) { AppState() }
        register(scope: .singleton) { c in InteractorInjection(appState: c.resolve()) as InteractorInjectionProtocol }
        register(scope: .singleton) { c in MockViewModelInjection(appState: c.resolve()) as ViewModelInjectionProtocol }
    }
}
