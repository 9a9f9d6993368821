import Synchronization
import Injection
import Testing

/// Factories that may return nil, as in Resolver (`register { Feed(url) as Feed? }`).
struct OptionalFactoryTests {
    @Test func optionalGivesNilWhenTheFactoryDoes() {
        let app = Container(name: uniqueName("app"))
        let url = Mutex<String>("ftp://old")
        app.register { RemoteFeed(url: url.withLock { $0 }) as RemoteFeed? }

        #expect(app.optional(RemoteFeed.self) == nil)
        url.withLock { $0 = "https://feed" }
        #expect(app.optional(RemoteFeed.self)?.url == "https://feed")
        #expect(app.resolve(RemoteFeed.self).url == "https://feed")
    }

    @Test func aFailableInitializerNeedsNoCast() {
        let app = Container(name: uniqueName("app"))
        app.register { RemoteFeed(url: "gopher://x") }
        #expect(app.optional(RemoteFeed.self) == nil)
        #expect(!app.isRegistered(RemoteFeed?.self))
        #expect(app.isRegistered(RemoteFeed.self))
    }

    @Test func tryResolveThrowsNoInstanceNamingTheFactory() {
        let app = Container(name: uniqueName("app"))
        app.register(file: "App/Feeds.swift", line: 9) { RemoteFeed(url: "ftp://x") }
        #expect(throws: ResolutionError.self) { try app.tryResolve(RemoteFeed.self) }
        do {
            _ = try app.tryResolve(RemoteFeed.self)
        } catch {
            guard case .noInstance(let service, let location) = error else {
                Issue.record("expected noInstance, got \(error)")
                return
            }
            #expect(service.type == "RemoteFeed")
            #expect(location.description == "App/Feeds.swift:9")
        }
    }

    @Test func aNilIsNotKept() {
        let app = Container(name: uniqueName("app"))
        let counter = CallCounter()
        app.register { () -> RemoteFeed? in
            counter.increment() == 1 ? nil : RemoteFeed(url: "https://feed")
        }
        .scope(.cached)
        #expect(app.optional(RemoteFeed.self) == nil)
        let feed = app.resolve(RemoteFeed.self)
        #expect(app.resolve(RemoteFeed.self) === feed)
        #expect(counter.value == 2)
    }

    @Test func optionalInjectedIsNilForANilFactory() {
        let app = Container(name: uniqueName("app"))
        app.register { RemoteFeed(url: "ftp://x") }
        withContainer(app) {
            @OptionalInjected var feed: RemoteFeed?
            #expect(feed == nil)
        }
    }

    @Test func validationAcceptsAFactoryThatReturnsNil() {
        let app = Container(name: uniqueName("app"))
        app.register { RemoteFeed(url: "ftp://x") }
        #expect(app.validate().isValid)
    }

    @Test func resolveStopsWithTheMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "feeds")
            app.register(file: "App/Feeds.swift", line: 12) { RemoteFeed(url: "ftp://x") }
            _ = app.resolve(RemoteFeed.self)
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("""
            No instance: the factory of RemoteFeed in 'feeds' registered at App/Feeds.swift:12 returned nil.
              Fix: resolve it with optional() where nil is expected, or make the factory return an instance.
            """), "\(stderr)")
    }
}
