import Injection
import Synchronization
import Testing

/// Resolving: the type inferred, optional resolves, named registrations, arguments.
struct ResolutionTests {
    // MARK: - Inferred and optional

    @Test func resolveInfersTheTypeFromTheDestination() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        app.register { XYZFetcher() as XYZFetching }

        let service: XYZService = app.resolve()
        let fetcher: XYZFetching = app.resolve()
        #expect(service.decompress("a") == "image(a)")
        #expect(fetcher.getData("t") == "data(t)")
    }

    @Test func optionalResolveReturnsNilInsteadOfFailing() {
        let app = Container(name: uniqueName("app"))
        let missing: XYZService? = app.optional()
        #expect(missing == nil)

        app.register { XYZService() }
        let present: XYZService? = app.optional()
        #expect(present != nil)
    }

    @Test func throwingResolvePropagatesAMissingDependencyOfAFactory() {
        let app = Container(name: uniqueName("app"))
        app.register { c in try XYZViewModel(fetcher: c.tryResolve(), service: c.tryResolve()) }
        app.register { XYZService() }

        #expect(app.isRegistered(XYZViewModel.self))
        let error = #expect(throws: ResolutionError.self) { try app.tryResolve(XYZViewModel.self) }
        guard case .missing(let missing) = error else {
            Issue.record("expected a missing registration, got \(String(describing: error))")
            return
        }
        #expect(missing.requested.type == "XYZFetching")
    }

    @Test func throwingResolveThrowsMissing() {
        let app = Container(name: uniqueName("app"))
        #expect(throws: ResolutionError.self) { try app.tryResolve(XYZService.self) }
        app.register { XYZService() }
        #expect(throws: Never.self) { try app.tryResolve(XYZService.self) }
    }

    // MARK: - Named registrations

    @Test func namedRegistrationsAreKeptApart() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZFetcher() as XYZFetching }
        app.register(name: "mock") { XYZFetcherDouble() as XYZFetching }

        #expect(app.resolve(XYZFetching.self) is XYZFetcher)
        #expect(app.resolve(XYZFetching.self, name: "mock") is XYZFetcherDouble)
        #expect(app.optional(XYZFetching.self, name: "other") == nil)
    }

    @Test func aNameDoesNotFallBackToTheUnnamedRegistration() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        #expect(!app.isRegistered(XYZService.self, name: "fast"))
        #expect(app.optional(XYZService.self, name: "fast") == nil)
    }

    // MARK: - Arguments

    @Test func argumentIsPassedToTheFactory() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in WeatherService(city: args()) as WeatherProviding }

        let split: WeatherProviding = app.resolve(args: "Split")
        let pula: WeatherProviding = app.resolve(args: "Pula")
        #expect(split.city == "Split")
        #expect(pula.city == "Pula")
    }

    @Test func tupleArgumentsAreReadByIndex() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in
            WeatherService(city: "\(args.get(0, as: String.self))-\(args.get(1, as: Int.self))")
        }

        let weather: WeatherService = app.resolve(args: ("Rijeka", 3))
        #expect(weather.city == "Rijeka-3")
    }

    @Test func optionalArgumentReadsNilWhenNoneIsGiven() {
        let app = Container(name: uniqueName("app"))
        app.register { _, args in WeatherService(city: args.optional(String.self) ?? "home") }

        #expect(app.resolve(WeatherService.self).city == "home")
        #expect(app.resolve(WeatherService.self, args: "Osijek").city == "Osijek")
        #expect(app.resolve(WeatherService.self, args: 7).city == "home")
    }

    // MARK: - The container resolving now

    @Test func currentContainerIsTheOneResolvingOnThisThread() {
        let app = Container(name: uniqueName("app"))
        let seen = ContainerBox()
        app.register { () -> XYZService in
            seen.set(Container.current)
            return XYZService()
        }
        withContainer(Container(name: uniqueName("other"))) {
            _ = app.resolve(XYZService.self)
        }
        #expect(seen.container === app)
    }
}

/// Carries a container out of a `@Sendable` factory.
final class ContainerBox: Sendable {
    private let stored = Mutex<Container?>(nil)
    var container: Container? { stored.withLock { $0 } }
    func set(_ container: Container) { stored.withLock { $0 = container } }
}
