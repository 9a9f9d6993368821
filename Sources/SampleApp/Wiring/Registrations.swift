import Injection

/// The type-keyed half of the app: infrastructure and screens, Resolver style.
enum Registrations {
    static let screenNames = ["catalog", "cart", "checkout", "profile", "search"]

    static func registerAll(in app: Container) {
        // Network: two named HTTP clients.
        app.register(name: "public", scope: .singleton) { HTTPClient(baseURL: "https://api.shop.example", authenticated: false) }
        app.register(name: "authenticated", scope: .singleton) { HTTPClient(baseURL: "https://api.shop.example", authenticated: true) }
        app.register(scope: .singleton) { NetworkMonitor() }
        app.register(scope: .graph) { RequestContext() }
        app.register { JSONCoder() }

        // Caches, resettable (a weak `.shared` image cache nothing long-lived holds was rebuilt on every use).
        app.register(scope: .cached) { ResponseCache() }
        app.register(scope: .cached) { ImageCache(capacity: 64) }

        // Database.
        app.register(scope: .cached) { DatabaseMigrator() }
        app.register(scope: .singleton) { c in Database(path: "/tmp/shop.sqlite", migrator: c.resolve()) }

        // Analytics and utilities; the autoclosure form with an explicit type.
        app.register(AnalyticsBuffer.self, AnalyticsBuffer(), scope: .cached)
        app.register(scope: .singleton) { c in AnalyticsService(buffer: c.resolve(), clock: c.resolve()) }
        app.register(scope: .singleton) { Clock() }
        app.register(scope: .singleton) { Logger(label: "shop") }
        app.register(scope: .cached) { FeatureFlags(recommendations: true) }

        // Session: lives until logout resets the `session` scope.
        app.register(scope: .custom("session")) { SessionStore(user: "ada") }
        app.register(scope: .custom("session")) { c in AuthTokenProvider(session: c.resolve()) }

        // Screens: one named registration of `Screen` each.
        app.register(name: "catalog") { CatalogScreen() as any Screen }
        app.register(name: "cart") { CartScreen() as any Screen }
        app.register(name: "checkout") { CheckoutScreen() as any Screen }
        app.register(name: "profile") { ProfileScreen() as any Screen }
        app.register(name: "search") { SearchScreen() as any Screen }
    }
}
