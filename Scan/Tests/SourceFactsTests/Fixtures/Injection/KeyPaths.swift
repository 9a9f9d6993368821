import Injection

protocol LoginViewModel: AnyObject {}
protocol LoginUseCase: AnyObject {}
final class DefaultLoginViewModel: LoginViewModel {}
final class MockLoginViewModel: LoginViewModel {}
final class DefaultLoginUseCase: LoginUseCase {}

extension Container {
    var login: LoginContainer { LoginContainer() }
}

struct LoginContainer {
    var viewModel: LoginViewModel { DefaultLoginViewModel() }  // #R:kpViewModel
    var useCase: LoginUseCase { DefaultLoginUseCase() }  // #R:kpUseCase
    var mockViewModel: LoginViewModel { MockLoginViewModel() }  // #R:kpMock
}

protocol SignInUseCasing {}
final class SignInUseCase: SignInUseCasing {}

protocol PresentationLayer: DependencyLayer {
    var signIn: Provider<SignInUseCasing> { get }
}
protocol ShopLayers: Assembly {  // #C:layers
    func presentation(_ container: Container) -> any PresentationLayer
}
extension Container {
    var presentation: any PresentationLayer { assembly(ShopLayers.self).presentation(self) }
}
struct LiveShopLayers: ShopLayers {  // #C:liveLayers
    func presentation(_ container: Container) -> any PresentationLayer { LivePresentationLayer(container: container) }
}
struct LivePresentationLayer: PresentationLayer {
    let container: Container
    var signIn: Provider<SignInUseCasing> { provide(.singleton) { SignInUseCase() } }  // #R:provider
}

final class LoginViewController {
    @Inject(\.login.viewModel) var viewModel  // #S:inject
    @Injected(\.presentation.signIn) var signIn  // #S:injectedKeyPath
}

func keyPathUses() {
    let useCase = Container[\.login.useCase]  // #S:subscript
    Container.shared.use(LiveShopLayers())  // #C:use
    Container.shared.presentation.signIn.register { SignInUseCase() }  // #R:providerOverride
    InjectionMapper[\.login.viewModel] = \.login.mockViewModel  // #M:set
    InjectionMapper.map(\.login.useCase, to: \.login.useCase)  // #M:map
    InjectionMapper[\.login.viewModel] = nil  // #M:nil
    InjectionMapper.reset(\.login.viewModel)  // #M:reset
    InjectionMapper.resetAll()  // #M:resetAll
    _ = useCase
}
