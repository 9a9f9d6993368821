import Injection
import Testing

/// Factories of an explicit type that may return nil, as every factory in Resolver may
/// (`register(XYZSessionProtocol.self) { return nil }` in its basic tests).
struct ExplicitTypeOptionalFactoryTests {
    protocol FeedProviding: AnyObject { var url: String { get } }

    @Test func aFactoryThatReturnsNilGivesNilToOptional() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register(FeedProviding.self) { return nil }
        let feed: (any FeedProviding)? = resolver.optional()
        #expect(feed == nil)
        #expect(resolver.isRegistered((any FeedProviding).self))
    }

    @Test func aFailableInitializerUnderItsOwnType() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register(RemoteFeed.self, name: "good") { RemoteFeed(url: "https://feed") }
        resolver.register(RemoteFeed.self, name: "bad") { RemoteFeed(url: "ftp://feed") }
        #expect(resolver.resolve(RemoteFeed.self, name: "good").url == "https://feed")
        #expect(resolver.optional(RemoteFeed.self, name: "bad") == nil)
    }

    @Test func theFactoryGetsTheResolvingContainerAndTheArguments() {
        let resolver = Container(name: uniqueName("resolver"))
        resolver.register(name: "host") { "https://host" }
        resolver.register(RemoteFeed.self) { r in RemoteFeed(url: r.resolve(String.self, name: "host")) }
        resolver.register(RemoteFeed.self, name: "given") { _, args in RemoteFeed(url: args()) }
        #expect(resolver.resolve(RemoteFeed.self).url == "https://host")
        #expect(resolver.optional(RemoteFeed.self, name: "given", args: "https://given")?.url == "https://given")
        #expect(resolver.optional(RemoteFeed.self, name: "given", args: "gopher://given") == nil)
    }

    @Test func theOptionsChainOnTheServiceNotItsOptional() {
        let resolver = Container(name: uniqueName("resolver"))
        final class Feed: FeedProviding {
            var url = "https://feed"
            init?() {}
        }
        resolver.register(Feed.self) { Feed() }
            .implements(FeedProviding.self)
            .resolveProperties { _, feed in feed.url += "/updated" }
            .scope(.cached)
        let feed = resolver.resolve(Feed.self)
        #expect(feed.url == "https://feed/updated")
        #expect(resolver.resolve((any FeedProviding).self) === feed)
    }

    @Test func theStaticFormsRegisterInShared() {
        let app = Container(name: uniqueName("app"))
        withContainer(app) {
            Container.register(RemoteFeed.self) { RemoteFeed(url: "ftp://feed") }
            Container.register(RemoteFeed.self, name: "container") { _ in RemoteFeed(url: "https://c") }
            Container.register(RemoteFeed.self, name: "args") { _, args in RemoteFeed(url: args()) }
        }
        #expect(app.optional(RemoteFeed.self) == nil)
        #expect(app.resolve(RemoteFeed.self, name: "container").url == "https://c")
        #expect(app.resolve(RemoteFeed.self, name: "args", args: "https://a").url == "https://a")
    }

    /// A factory of the explicit type that always returns one stays the plain registration: the
    /// multi-statement closure is not ambiguous, and `resolve` never meets a nil.
    @Test func aFactoryThatReturnsTheServiceIsThePlainForm() {
        let resolver = Container(name: uniqueName("resolver"))
        let counter = CallCounter()
        resolver.register(XYZService.self) {
            counter.increment()
            return XYZService()
        }
        .scope(.cached)
        #expect(resolver.resolve(XYZService.self) === resolver.resolve(XYZService.self))
        #expect(counter.value == 1)
    }
}
