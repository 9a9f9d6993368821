import Injection

// The services of the seed articles, as an app would write them.

// MARK: - 000 Resolver-style

protocol XYZFetching: AnyObject {
    func getData(_ token: String) -> String
}

final class XYZFetcher: XYZFetching {
    let session: XYZSessionManager?
    init(session: XYZSessionManager) { self.session = session }
    init() { session = nil }
    func getData(_ token: String) -> String { "data(\(token))" }
}

/// The test double a test registers in place of ``XYZFetcher``.
final class XYZFetcherDouble: XYZFetching {
    func getData(_ token: String) -> String { "stub" }
}

final class XYZService {
    func decompress(_ data: String) -> String { "image(\(data))" }
}

final class XYZSessionManager {}

/// Constructor injection: the registration's factory resolves the dependencies.
final class XYZViewModel {
    let fetcher: XYZFetching
    let service: XYZService
    var mode = "default"

    init(fetcher: XYZFetching, service: XYZService) {
        self.fetcher = fetcher
        self.service = service
    }

    func load() -> String { service.decompress(fetcher.getData("token")) }
}

/// Property injection: resolved from `Container.shared` when the object is made.
final class XYZInjectedViewModel {
    @Injected var fetcher: XYZFetching
    @Injected var service: XYZService

    func load() -> String { service.decompress(fetcher.getData("token")) }
}

/// Chooses which view model to use at run time, before the first read.
final class XYZViewController {
    @LazyInjected var viewModel: XYZViewModel

    func viewDidLoad(editing: Bool) -> String {
        $viewModel.name = editing ? "edit" : "add"
        return viewModel.mode
    }
}

// MARK: - 001 @Service

final class NetworkService {
    func fetchData() -> String { "weather" }
}

final class WeatherDataService {
    @Service private var networkService: NetworkService

    func forecast() -> String { networkService.fetchData() }
}

protocol WeatherProviding: AnyObject {
    var city: String { get }
}

final class WeatherService: WeatherProviding {
    let city: String
    init(city: String = "Zagreb") { self.city = city }
}

final class TranslationService {
    func translate(key: String, language: String) -> String { "\(key)@\(language)" }
}

final class UserSettingsService {
    var selectedLanguage = "hr"
}

extension String {
    /// The seed's computed property with `@Service` on local variables.
    var translated: String {
        @Service var translationService: TranslationService
        @Service var userSettingsService: UserSettingsService
        return translationService.translate(key: self, language: userSettingsService.selectedLanguage)
    }
}

/// A bluetooth-like service whose instances are told apart by number.
final class BluetoothService {
    let number = InstanceNumbers.next()
}

// MARK: - 003 Tested container

protocol DashboardCoordinating: AnyObject {
    func start() -> String
}

final class DashboardCoordinator: DashboardCoordinating {
    func start() -> String { "dashboard" }
}

final class DashboardCoordinatorDouble: DashboardCoordinating {
    private(set) var startCount = 0
    func start() -> String {
        startCount += 1
        return "double"
    }
}

final class DashboardViewController {
    @Injected var coordinator: DashboardCoordinating

    func viewDidLoad() -> String { coordinator.start() }
}
