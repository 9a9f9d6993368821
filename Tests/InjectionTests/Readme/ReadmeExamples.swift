import Injection

// Every ```swift block of README.md is copied here verbatim (ReadmeTests checks that), so the
// README's examples are compiled with the test target.

// README: type-keyed
protocol Fetching { func fetch() -> [String] }
final class Fetcher: Fetching { func fetch() -> [String] { ["swift", "di"] } }
final class ListViewModel {
    @Injected var fetcher: Fetching
    @LazyInjected var title: String
}

func typeKeyedExample() -> [String] {
    Container.shared.register { Fetcher() as Fetching }
    Container.shared.register(name: "list") { "Repositories" }
    let viewModel = ListViewModel()
    viewModel.$title.name = "list"
    return viewModel.fetcher.fetch() + [viewModel.title]
}
// README: end

// README: keypath
protocol SignInUseCasing { func signIn(_ user: String) -> Bool }
final class SignInUseCase: SignInUseCasing { func signIn(_ user: String) -> Bool { !user.isEmpty } }
final class OfflineSignInUseCase: SignInUseCasing { func signIn(_ user: String) -> Bool { true } }

// A layer exposes only what its code may inject: view models get use cases, not the network.
protocol PresentationLayer: DependencyLayer {
    var signIn: Provider<SignInUseCasing> { get }
    var offlineSignIn: Provider<SignInUseCasing> { get }
}

// The assembly picks each layer's implementation: the app's here, a preview's or a test's elsewhere.
protocol ShopLayers: Assembly {
    func presentation(_ container: Container) -> any PresentationLayer
}
extension Container {
    var presentation: any PresentationLayer { assembly(ShopLayers.self).presentation(self) }
}
struct LiveShopLayers: ShopLayers {
    func presentation(_ container: Container) -> any PresentationLayer { LivePresentationLayer(container: container) }
}
struct LivePresentationLayer: PresentationLayer {
    let container: Container
    var signIn: Provider<SignInUseCasing> { provide(.singleton) { SignInUseCase() } }
    var offlineSignIn: Provider<SignInUseCasing> { provide { OfflineSignInUseCase() } }
}

final class SignInViewModel {
    @Injected(\.presentation.signIn) var useCase   // type inferred; \.presentation.network won't compile
}

func keypathExample() -> (Bool, Bool) {
    Container.shared.use(LiveShopLayers())
    let online = SignInViewModel().useCase.signIn("")
    InjectionMapper[\.presentation.signIn] = \.presentation.offlineSignIn   // for tests and previews
    defer { InjectionMapper.reset(\.presentation.signIn) }
    return (online, SignInViewModel().useCase.signIn(""))
}
// README: end
