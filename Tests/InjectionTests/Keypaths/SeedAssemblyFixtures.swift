import Injection

// Seed 002's own shapes: an assembly that is handed the app's shared `AppState` and gives each
// layer only what it may inject. A new assembly (with a new AppState) is installed on the same
// container for the app, for previews and in every test's setUp.

/// The app's shared state: one per assembly, as the seed's tests make it.
final class SeedAppState: Sendable {
    let number = InstanceNumbers.next()
}

final class SeedNetwork: Networking, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

protocol SeedViewModelLayer: DependencyLayer {
    var appState: Provider<SeedAppState> { get }
}

protocol SeedInteractorLayer: DependencyLayer {
    var appState: Provider<SeedAppState> { get }
    var network: Provider<Networking> { get }
    var offlineNetwork: Provider<Networking> { get }
}

protocol SeedLayers: Assembly {
    func viewModel(_ container: Container) -> any SeedViewModelLayer
    func interactor(_ container: Container) -> any SeedInteractorLayer
}

extension Container {
    var seedViewModel: any SeedViewModelLayer { assembly(SeedLayers.self).viewModel(self) }
    var seedInteractor: any SeedInteractorLayer { assembly(SeedLayers.self).interactor(self) }
}

/// `AppState` is shared and handed in by whoever makes the assembly.
struct SeedStateViewModelLayer: SeedViewModelLayer {
    let container: Container
    let state: SeedAppState
    var appState: Provider<SeedAppState> { provide { state } }
}

struct SeedLiveInteractorLayer: SeedInteractorLayer {
    let container: Container
    let state: SeedAppState
    var appState: Provider<SeedAppState> { provide { state } }
    var network: Provider<Networking> { provide(.singleton) { SeedNetwork("live") } }
    var offlineNetwork: Provider<Networking> { provide(.singleton) { SeedNetwork("live offline") } }
}

struct SeedPreviewInteractorLayer: SeedInteractorLayer {
    let container: Container
    let state: SeedAppState
    var appState: Provider<SeedAppState> { provide { state } }
    var network: Provider<Networking> { provide(.singleton) { SeedNetwork("preview") } }
    var offlineNetwork: Provider<Networking> { provide(.singleton) { SeedNetwork("preview offline") } }
}

/// One network for both: `offlineNetwork` is `network`'s provider, so the two keypaths name one
/// provider under this assembly.
struct SeedOneNetworkInteractorLayer: SeedInteractorLayer {
    let container: Container
    let state: SeedAppState
    var appState: Provider<SeedAppState> { provide { state } }
    var network: Provider<Networking> { provide(.singleton) { SeedNetwork("only") } }
    var offlineNetwork: Provider<Networking> { network }
}

struct SeedOneNetworkLayers: SeedLayers {
    let appState: SeedAppState
    func viewModel(_ container: Container) -> any SeedViewModelLayer { SeedStateViewModelLayer(container: container, state: appState) }
    func interactor(_ container: Container) -> any SeedInteractorLayer { SeedOneNetworkInteractorLayer(container: container, state: appState) }
}

struct SeedLiveLayers: SeedLayers {
    let appState: SeedAppState
    func viewModel(_ container: Container) -> any SeedViewModelLayer { SeedStateViewModelLayer(container: container, state: appState) }
    func interactor(_ container: Container) -> any SeedInteractorLayer { SeedLiveInteractorLayer(container: container, state: appState) }
}

struct SeedPreviewLayers: SeedLayers {
    let appState: SeedAppState
    func viewModel(_ container: Container) -> any SeedViewModelLayer { SeedStateViewModelLayer(container: container, state: appState) }
    func interactor(_ container: Container) -> any SeedInteractorLayer { SeedPreviewInteractorLayer(container: container, state: appState) }
}

final class SeedInteractor {
    @Inject(\.seedInteractor.network) var network
    @Inject(\.seedInteractor.appState) var appState
}

final class SeedViewModel {
    @Inject(\.seedViewModel.appState) var appState
    let interactor = SeedInteractor()
}
