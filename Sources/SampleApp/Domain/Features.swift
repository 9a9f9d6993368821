import Injection

// Repositories, use cases, view models and screens of a small shop app.

final class ProductRepository: Sendable {
    let api: any APIClient
    let cache: ResponseCache
    init(api: any APIClient, cache: ResponseCache) {
        self.api = api
        self.cache = cache
    }
    func products() -> [String] { cache.value(for: "products") { api.fetch("products") } }
}

final class CartRepository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

final class OrderRepository: Sendable {
    let api: any APIClient
    let database: Database
    let tokens: AuthTokenProvider
    init(api: any APIClient, database: Database, tokens: AuthTokenProvider) {
        self.api = api
        self.database = database
        self.tokens = tokens
    }
}

final class UserRepository: Sendable {
    let api: any APIClient
    let session: SessionStore
    init(api: any APIClient, session: SessionStore) {
        self.api = api
        self.session = session
    }
}

final class ReviewRepository: Sendable {
    let api: any APIClient
    let coder: JSONCoder
    init(api: any APIClient, coder: JSONCoder) {
        self.api = api
        self.coder = coder
    }
}

final class LoadCatalogUseCase {
    let products: ProductRepository
    let reviews: ReviewRepository
    // Type-keyed property injection inside a keypath-built use case: the styles mix.
    @Injected var analytics: AnalyticsService
    init(products: ProductRepository, reviews: ReviewRepository) {
        self.products = products
        self.reviews = reviews
    }
    func run() -> Int {
        analytics.track("catalog")
        return products.products().count
    }
}

final class AddToCartUseCase {
    let cart: CartRepository
    let context: RequestContext
    init(cart: CartRepository, context: RequestContext) {
        self.cart = cart
        self.context = context
    }
}

final class CheckoutUseCase {
    let orders: OrderRepository
    let cart: CartRepository
    let context: RequestContext
    init(orders: OrderRepository, cart: CartRepository, context: RequestContext) {
        self.orders = orders
        self.cart = cart
        self.context = context
    }
}

final class LoadProfileUseCase {
    let users: UserRepository
    init(users: UserRepository) { self.users = users }
}

final class SearchUseCase {
    let products: ProductRepository
    @LazyInjected var flags: FeatureFlags
    init(products: ProductRepository) { self.products = products }
}

final class SyncUseCase {
    let products: ProductRepository
    let orders: OrderRepository
    let logger: Logger
    init(products: ProductRepository, orders: OrderRepository, logger: Logger) {
        self.products = products
        self.orders = orders
        self.logger = logger
    }
    func run() { _ = products.products() }
}

final class CatalogViewModel {
    let load: LoadCatalogUseCase
    let addToCart: AddToCartUseCase
    init(load: LoadCatalogUseCase, addToCart: AddToCartUseCase) {
        self.load = load
        self.addToCart = addToCart
    }
}

final class CartViewModel {
    let addToCart: AddToCartUseCase
    let images: ImageCache
    init(addToCart: AddToCartUseCase, images: ImageCache) {
        self.addToCart = addToCart
        self.images = images
    }
}

final class CheckoutViewModel {
    let checkout: CheckoutUseCase
    init(checkout: CheckoutUseCase) { self.checkout = checkout }
}

final class ProfileViewModel {
    let load: LoadProfileUseCase
    init(load: LoadProfileUseCase) { self.load = load }
}

final class SearchViewModel {
    let search: SearchUseCase
    let images: ImageCache
    init(search: SearchUseCase, images: ImageCache) {
        self.search = search
        self.images = images
    }
}

/// A screen of the app; registered type-keyed under one name per screen.
protocol Screen: AnyObject {
    var title: String { get }
    func render() -> Int
}

final class CatalogScreen: Screen {
    @Inject(\.viewModels.catalog) var viewModel
    var title: String { "Catalog" }
    func render() -> Int { viewModel.load.run() }
}

final class CartScreen: Screen {
    @Inject(\.viewModels.cart) var viewModel
    var title: String { "Cart" }
    func render() -> Int { 1 }
}

final class CheckoutScreen: Screen {
    @Inject(\.viewModels.checkout) var viewModel
    var title: String { "Checkout" }
    func render() -> Int { 1 }
}

final class ProfileScreen: Screen {
    @Inject(\.viewModels.profile) var viewModel
    var title: String { "Profile" }
    func render() -> Int { 1 }
}

final class SearchScreen: Screen {
    @Inject(\.viewModels.search) var viewModel
    var title: String { "Search" }
    func render() -> Int { viewModel.search.flags.recommendations ? 2 : 1 }
}
