import Injection

// The keypath half of the app: one sub-container per layer on the root `Container`.
// Screens (type-keyed) → view models → use cases → repositories → network (keypath) → the
// type-keyed infrastructure (HTTP clients, caches, database, analytics, session).

extension Container {
    var network: NetworkLayer { NetworkLayer(container: self) }
    var repositories: RepositoryLayer { RepositoryLayer(container: self) }
    var useCases: UseCaseLayer { UseCaseLayer(container: self) }
    var viewModels: ViewModelLayer { ViewModelLayer(container: self) }
}

struct NetworkLayer: DependencyLayer {
    let container: Container

    /// Cached, not singleton: going offline resets the cache before mapping `api` to `mockAPI`,
    /// so no screen keeps the live client (which would be a stale override).
    var api: Provider<any APIClient> {
        provide(.cached) { c in
            LiveAPIClient(http: c.resolve(name: "authenticated"), monitor: c.resolve()) as any APIClient
        }
    }
    /// What mock-network mode maps `api` to.
    var mockAPI: Provider<any APIClient> { provide(.cached) { MockAPIClient() as any APIClient } }
}

struct RepositoryLayer: DependencyLayer {
    let container: Container

    var products: Provider<ProductRepository> {
        provide(.cached) { c in ProductRepository(api: c.network.api(), cache: c.resolve()) }
    }
    var cart: Provider<CartRepository> { provide(.cached) { c in CartRepository(database: c.resolve()) } }
    var orders: Provider<OrderRepository> {
        provide { c in OrderRepository(api: c.network.api(), database: c.resolve(), tokens: c.resolve()) }
    }
    var users: Provider<UserRepository> {
        provide(.cached) { c in UserRepository(api: c.network.api(), session: c.resolve()) }
    }
    var reviews: Provider<ReviewRepository> {
        provide { c in ReviewRepository(api: c.network.api(), coder: c.resolve()) }
    }
}

struct UseCaseLayer: DependencyLayer {
    let container: Container

    var loadCatalog: Provider<LoadCatalogUseCase> {
        provide { c in LoadCatalogUseCase(products: c.repositories.products(), reviews: c.repositories.reviews()) }
    }
    var addToCart: Provider<AddToCartUseCase> {
        provide { c in AddToCartUseCase(cart: c.repositories.cart(), context: c.resolve()) }
    }
    var checkout: Provider<CheckoutUseCase> {
        provide { c in
            CheckoutUseCase(orders: c.repositories.orders(), cart: c.repositories.cart(), context: c.resolve())
        }
    }
    var loadProfile: Provider<LoadProfileUseCase> {
        provide { c in LoadProfileUseCase(users: c.repositories.users()) }
    }
    var search: Provider<SearchUseCase> { provide { c in SearchUseCase(products: c.repositories.products()) } }
    /// What an offline-search preview maps `search` to (`--fault mapping-left-active`).
    var offlineSearch: Provider<SearchUseCase> {
        provide { c in SearchUseCase(products: c.repositories.products()) }
    }
    var sync: Provider<SyncUseCase> {
        provide { c in SyncUseCase(products: c.repositories.products(), orders: c.repositories.orders(), logger: c.resolve()) }
    }
}

struct ViewModelLayer: DependencyLayer {
    let container: Container

    var catalog: Provider<CatalogViewModel> {
        provide { c in CatalogViewModel(load: c.useCases.loadCatalog(), addToCart: c.useCases.addToCart()) }
    }
    var cart: Provider<CartViewModel> {
        provide { c in CartViewModel(addToCart: c.useCases.addToCart(), images: c.resolve()) }
    }
    var checkout: Provider<CheckoutViewModel> { provide { c in CheckoutViewModel(checkout: c.useCases.checkout()) } }
    var profile: Provider<ProfileViewModel> { provide { c in ProfileViewModel(load: c.useCases.loadProfile()) } }
    var search: Provider<SearchViewModel> {
        provide { c in SearchViewModel(search: c.useCases.search(), images: c.resolve()) }
    }
}
