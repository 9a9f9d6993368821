import Injection
import Testing

/// An app's keypath layer named `cache`, as apps name one for their caches.
struct ImageCacheLayer: DependencyLayer {
    let container: Container
    var thumbnails: Provider<ThumbnailCache> { provide(.cached) { ThumbnailCache() } }
}

final class ThumbnailCache: Sendable {}

extension Container {
    var cache: ImageCacheLayer { ImageCacheLayer(container: self) }
}

/// The runtime's `Container.cache` (Resolver's `resolver.cache`) does not take the name from an
/// app: in the app's module its own `cache` member wins, for reads and for keypaths.
struct AppCacheLayerTests {
    @Test func anAppsOwnCacheLayerShadowsResolversCache() {
        let app = Container(name: "app-cache-layer")
        let first = app.cache.thumbnails()
        #expect(app[\.cache.thumbnails] === first)
        app.reset(.cached)
        #expect(app[\.cache.thumbnails] !== first)
    }
}
