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
    InjectionMapper.map(\.login.mockViewModel, to: \.login.viewModel)  // #M:map
    InjectionMapper[\.login.viewModel] = nil  // #M:nil
    InjectionMapper.reset(\.login.viewModel)  // #M:reset
    InjectionMapper.resetAll()  // #M:resetAll
    _ = useCase
}

// Keypath calls inside factories: edges from the provider or member whose body makes them.
protocol APIClient {}
final class LiveAPIClient: APIClient {}
final class ProductRepository { init(api: APIClient) {} }
final class ReviewRepository { init(api: APIClient) {} }
final class ProductList { init(repository: ProductRepository) {} }
extension Container {
    var network: NetworkLayer { NetworkLayer(container: self) }
    var repositories: RepositoryLayer { RepositoryLayer(container: self) }
}
struct NetworkLayer: DependencyLayer {
    let container: Container
    var api: Provider<APIClient> { provide(.cached) { LiveAPIClient() } }  // #R:api
}
struct RepositoryLayer: DependencyLayer {
    let container: Container
    var products: Provider<ProductRepository> {
        provide { c in ProductRepository(api: c.network.api()) }  // #R:products #S:parameterPath
    }
    var reviews: Provider<ReviewRepository> {
        provide { ReviewRepository(api: container.network.api()) }  // #R:reviews #S:layerContainerPath
    }
}
struct CatalogComponents {
    let container: Container
    var list: ProductList { ProductList(repository: container.repositories.products()) }  // #R:list #S:memberBodyPath
}
func registerProductList(in app: Container) {
    app.register { c in ProductList(repository: c.repositories.products()) }  // #R:registered #S:registerPath
}
