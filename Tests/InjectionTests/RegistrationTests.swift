import Injection
import Testing

/// Registering services: the type inferred from the factory, bound to a protocol, given
/// explicitly, or through an autoclosure; factories that resolve their own dependencies.
struct RegistrationTests {
    // MARK: - The registered type

    @Test func typeIsInferredFromTheFactory() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }

        let service: XYZService = app.resolve()
        #expect(service.decompress("x") == "image(x)")
        #expect(app.isRegistered(XYZService.self))
    }

    @Test func factoryCastToAProtocolRegistersTheProtocol() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZFetcher() as XYZFetching }

        let fetcher: XYZFetching = app.resolve()
        #expect(fetcher is XYZFetcher)
        #expect(app.isRegistered(XYZFetching.self))
        #expect(!app.isRegistered(XYZFetcher.self))
    }

    @Test func explicitTypeRegistersTheProtocol() {
        let app = Container(name: uniqueName("app"))
        app.register(XYZFetching.self) { XYZFetcher() }

        #expect(app.resolve(XYZFetching.self) is XYZFetcher)
        #expect(!app.isRegistered(XYZFetcher.self))
    }

    @Test func autoclosureWithAnExplicitProtocolType() {
        let app = Container(name: uniqueName("app"))
        app.register(WeatherProviding.self, WeatherService(city: "Split"))

        let weather: WeatherProviding = app.resolve()
        #expect(weather.city == "Split")
    }

    @Test func autoclosureIsEvaluatedOnEveryResolveNotAtRegistration() {
        let app = Container(name: uniqueName("app"))
        let calls = CallCounter()
        let makeWeather: @Sendable () -> WeatherService = {
            calls.increment()
            return WeatherService()
        }
        app.register(WeatherProviding.self, makeWeather())
        #expect(calls.value == 0)

        let first: WeatherProviding = app.resolve()
        let second: WeatherProviding = app.resolve()
        #expect(calls.value == 2)
        #expect(first !== second)
    }

    // MARK: - Factories that resolve their dependencies

    @Test func factoryResolvesItsDependenciesFromTheContainerItIsGiven() {
        let app = Container(name: uniqueName("app"))
        app.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        app.register { c in XYZFetcher(session: c.resolve()) as XYZFetching }
        app.register { XYZService() }
        app.register { XYZSessionManager() }

        let model: XYZViewModel = app.resolve()
        #expect(model.load() == "image(data(token))")
        #expect((model.fetcher as? XYZFetcher)?.session != nil)
    }

    @Test func resolverStyleRegistrationsInTheSharedContainer() {
        // The seed's `setupMyRegistrations`: `register { }` and `resolve()` without a receiver.
        withContainer(Container(name: uniqueName("shared"))) {
            Container.register { XYZViewModel(fetcher: Container.resolve(), service: Container.resolve()) }
            Container.register { XYZFetcher(session: Container.resolve()) as XYZFetching }
            Container.register { XYZService() }
            Container.register { XYZSessionManager() }

            let model: XYZViewModel = Container.resolve()
            #expect(model.load() == "image(data(token))")
        }
    }

    @Test func registrationOrderDoesNotMatter() {
        // A dependent service may be registered before its dependency: factories run at resolve.
        let app = Container(name: uniqueName("app"))
        app.register { c in WeatherDataServiceHolder(network: c.resolve()) }
        app.register { NetworkService() }

        let holder: WeatherDataServiceHolder = app.resolve()
        #expect(holder.network.fetchData() == "weather")
    }

    @Test func factoryErrorIsReportedAsAFactoryFailure() throws {
        struct Offline: Error {}
        let app = Container(name: "offline-app")
        app.register { () throws -> NetworkService in throw Offline() }

        let error = #expect(throws: ResolutionError.self) { try app.tryResolve(NetworkService.self) }
        #expect(error?.message == "Factory failed: NetworkService in 'offline-app' threw: Offline()")
    }

    // MARK: - Removing

    @Test func removeAllForgetsRegistrationsButNotTheParents() {
        let app = Container(name: uniqueName("app"))
        let feature = app.makeChild(name: uniqueName("feature"))
        app.register { XYZService() }
        feature.register { NetworkService() }

        feature.removeAll()

        #expect(!feature.isRegistered(NetworkService.self))
        #expect(feature.isRegistered(XYZService.self))
    }
}

final class WeatherDataServiceHolder {
    let network: NetworkService
    init(network: NetworkService) { self.network = network }
}
