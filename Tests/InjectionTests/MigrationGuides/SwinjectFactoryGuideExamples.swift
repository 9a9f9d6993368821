import Injection

// Every ```swift block of docs/MIGRATING_FROM_SWINJECT_AND_FACTORY.md is copied here verbatim;
// MigrationGuideTests checks that, so the guide's examples are compiled with the test target.

// Guide: block
protocol ForecastFetching: AnyObject { func forecast(for city: String) -> String }
final class ForecastClient {}
final class ForecastFetcher: ForecastFetching {
    let client: ForecastClient
    weak var screen: ForecastScreen?
    init(client: ForecastClient) { self.client = client }
    func forecast(for city: String) -> String { "Sunny in \(city)" }
}
final class ForecastScreen {
    let fetcher: ForecastFetching
    let city: String
    init(fetcher: ForecastFetching, city: String) {
        self.fetcher = fetcher
        self.city = city
    }
}

func swinjectStyle() -> (forecast: String, linked: Bool) {
    let container = Container(name: "forecast")
    container.register(ForecastClient.self) { _ in ForecastClient() }
        .scope(.cached)                                          // .inObjectScope(.container)
    container.register(ForecastFetching.self) { r in ForecastFetcher(client: r.resolve()) }
    container.register(ForecastScreen.self) { r, args in ForecastScreen(fetcher: r.resolve(), city: args()) }
        .resolveProperties { _, screen in                        // .initCompleted { r, screen in … }
            (screen.fetcher as? ForecastFetcher)?.screen = screen
        }
    let screen = container.resolve(ForecastScreen.self, args: "Split")   // resolve(…, argument: "Split")!
    return (screen.fetcher.forecast(for: screen.city), (screen.fetcher as? ForecastFetcher)?.screen === screen)
}
// Guide: end

// Guide: block
final class StubForecastFetcher: ForecastFetching {
    func forecast(for city: String) -> String { "Stub weather" }
}

func swinjectChildContainer() -> String {
    let app = Container(name: "forecast-app")
    app.register(ForecastClient.self) { _ in ForecastClient() }
    app.register(ForecastFetching.self) { r in ForecastFetcher(client: r.resolve()) }
    let test = Container(name: "forecast-test", parent: app)      // Container(parent: app)
    test.register(ForecastFetching.self) { _ in StubForecastFetcher() }
    return test.resolve(ForecastFetching.self).forecast(for: "Zagreb")
}
// Guide: end

// Guide: block
struct ForecastContainer: DependencyLayer {
    let container: Container
    var client: Provider<ForecastClient> { provide(.singleton) { ForecastClient() } }
    var fetcher: Provider<ForecastFetching> { provide { c in ForecastFetcher(client: c.forecast.client()) } }
}

extension Container {
    var forecast: ForecastContainer { ForecastContainer(container: self) }
}

final class ForecastViewModel {
    @Injected(\.forecast.fetcher) var fetcher                    // @Injected(\.fetcher)
}

func factoryStyle() -> [String] {
    let container = Container(name: "forecast-factory")
    return withContainer(container) {
        let live = ForecastViewModel().fetcher.forecast(for: "Split")
        container.forecast.fetcher.register { StubForecastFetcher() }   // .fetcher.register { … }
        let stubbed = ForecastViewModel().fetcher.forecast(for: "Split")
        container.forecast.fetcher.reset()
        return [live, stubbed, container.forecast.fetcher().forecast(for: "Hvar")]
    }
}
// Guide: end
