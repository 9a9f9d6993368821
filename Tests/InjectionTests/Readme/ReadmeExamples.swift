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
protocol SignInUseCasing { func login(_ user: String) -> Bool }
final class SignInUseCase: SignInUseCasing { func login(_ user: String) -> Bool { !user.isEmpty } }
final class OfflineSignInUseCase: SignInUseCasing { func login(_ user: String) -> Bool { true } }

extension Container {
    var auth: AuthLayer { AuthLayer(container: self) }
}

struct AuthLayer: DependencyLayer {
    let container: Container
    var useCase: Provider<SignInUseCasing> { provide(.singleton) { SignInUseCase() } }
    var offlineUseCase: Provider<SignInUseCasing> { provide { OfflineSignInUseCase() } }
}

final class SignInViewModel {
    @Inject(\.auth.useCase) var useCase
}

func keypathExample() -> (Bool, Bool) {
    let online = SignInViewModel().useCase.login("")
    InjectionMapper[\.auth.useCase] = \.auth.offlineUseCase
    defer { InjectionMapper.reset(\.auth.useCase) }
    return (online, SignInViewModel().useCase.login(""))
}
// README: end
