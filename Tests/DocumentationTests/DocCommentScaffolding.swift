import Injection
import Synchronization

// The app the doc comments' examples are written against: the types they use without declaring
// them (a real app has its own). DocCommentExamples.swift declares the rest verbatim from the
// doc comments.

// Type-keyed services (Container, Container+Register, Container+Resolve, the property wrappers).
protocol XYZFetching: Sendable { func fetch() -> [String] }
final class XYZService: Sendable {}
struct XYZFetcher: XYZFetching {
    let service: XYZService
    init(service: XYZService = XYZService()) { self.service = service }
    func fetch() -> [String] { ["live"] }
}
struct MockFetcher: XYZFetching { func fetch() -> [String] { ["mock"] } }
final class XYZSessionManager: Sendable {}
final class Session: Sendable {
    let user: String
    init(user: String = "guest") { self.user = user }
}
/// What the hot-loop example (Container+WithService) counts with: a counter shared by every thread.
final class Metrics: Sendable {
    private let counted = Atomic<Int>(0)
    @discardableResult func count(_ amount: Int) -> Int { counted.add(amount, ordering: .relaxed).newValue }
}
protocol XYZEditing: AnyObject { func open() }
final class XYZEditor: XYZEditing {
    private(set) var isOpen = false
    func open() { isOpen = true }
}
final class PriceFormatter {}
final class XYZRepository {
    let fetcher: XYZFetching
    let service: XYZService
    init(fetcher: XYZFetching, service: XYZService) { self.fetcher = fetcher; self.service = service }
}
final class UserViewModel {
    let userID: Int
    init(userID: Int) { self.userID = userID }
}
struct Search { let query: String; let limit: Int }
final class BluetoothService {}
final class LoginFlow {}
protocol Analytics: AnyObject {}

// Resolver's API (Container+Children, +Decorate, +RegisterInstance, +StaticRegistration,
// RegistrationOptions, keyed Arguments).
protocol XYZUpdating: Sendable { func update(_ item: String) }
final class XYZCombinedService: XYZFetching, XYZUpdating {
    func fetch() -> [String] { ["combined"] }
    func update(_ item: String) {}
}
final class XYZPresenter {
    var fetcher: XYZFetching?
    var editMode = false
}
final class CyclicA {
    let b: CyclicB
    init(_ b: CyclicB) { self.b = b }
}
final class CyclicB {
    let c: CyclicC
    init(_ c: CyclicC) { self.c = c }
}
final class CyclicC {
    weak var a: CyclicA?
}
struct Logger: Sendable { let label: String }
/// The decorator example's singleton.
final class Clock: Sendable {}
protocol Loggable: AnyObject { var logger: Logger? { get set } }
final class ReportService: Loggable { var logger: Logger? }
protocol DashboardCoordinating: AnyObject, Sendable {}
final class DashboardCoordinator: DashboardCoordinating {}
final class EditorViewModel {
    let id: Int
    let mode: String
    private(set) var isLoaded = false
    init(id: Int, mode: String = "view") { self.id = id; self.mode = mode }
    func load() { isLoaded = true }
}

// @Service (Service.swift).
final class NetworkService {}
/// An address that may not parse: a failable initializer, as `URL(string:)`.
struct Endpoint: Sendable {
    let address: String
    init?(_ address: String) {
        guard address.hasPrefix("https://") else { return nil }
        self.address = address
    }
}
final class LocationService {}
final class TranslationService {
    func translate(_ text: String) -> String { "«\(text)»" }
}

// Keypath layers (DependencyLayer, Assembly, Provider, the mapper).
protocol LoginViewModel: Sendable { var title: String { get } }
struct DefaultLoginViewModel: LoginViewModel { var title: String { "Sign in" } }
struct MockTestLoginViewModel: LoginViewModel { var title: String { "mock test" } }
struct MockLoginViewModel: LoginViewModel { var title: String { "mock" } }
protocol LoginUseCase: Sendable { func signIn() -> Bool }
struct DefaultLoginUseCase: LoginUseCase { func signIn() -> Bool { true } }
struct MockLoginUseCase: LoginUseCase { func signIn() -> Bool { false } }

final class AppState: Sendable {}
protocol ViewModelLayer: DependencyLayer {
    var appState: Provider<AppState> { get }
}
protocol InteractorLayer: DependencyLayer {
    var search: Provider<Search> { get }
}
struct LiveViewModels: ViewModelLayer {
    let container: Container
    var appState: Provider<AppState> { provide(.singleton) { AppState() } }
}
struct LiveInteractors: InteractorLayer {
    let container: Container
    var search: Provider<Search> { provide { Search(query: "", limit: 50) } }
}
struct PreviewInteractors: InteractorLayer {
    let container: Container
    var search: Provider<Search> { provide { Search(query: "preview", limit: 3) } }
}
struct MockViewModels: ViewModelLayer {
    let container: Container
    let state: AppState
    var appState: Provider<AppState> { provide { state } }
}
struct LiveLayers: AppLayers {
    func viewModel(_ container: Container) -> any ViewModelLayer { LiveViewModels(container: container) }
    func interactor(_ container: Container) -> any InteractorLayer { LiveInteractors(container: container) }
}
struct PreviewLayers: AppLayers {
    func viewModel(_ container: Container) -> any ViewModelLayer { LiveViewModels(container: container) }
    func interactor(_ container: Container) -> any InteractorLayer { PreviewInteractors(container: container) }
}
struct MockLayers: AppLayers {
    var appState = AppState()
    func viewModel(_ container: Container) -> any ViewModelLayer { MockViewModels(container: container, state: appState) }
    func interactor(_ container: Container) -> any InteractorLayer { PreviewInteractors(container: container) }
}

final class APIClient: Sendable {}
final class ResponseCache: Sendable {}
final class UserRepository: Sendable {
    let api: APIClient
    let cache: ResponseCache
    init(api: APIClient, cache: ResponseCache) { self.api = api; self.cache = cache }
}
struct NetworkLayer: DependencyLayer {
    let container: Container
    var client: Provider<APIClient> { provide(.singleton) { APIClient() } }
}
extension Container {
    var network: NetworkLayer { NetworkLayer(container: self) }
}

/// The app's composition root, as the validation examples call it.
enum App {
    static func makeContainer() -> Container {
        let container = Container(name: "doc-app")
        container.use(LiveLayers())
        return container
    }
}

// The plain-property layer of the plain-keypath examples.
protocol ProfileViewModel: Sendable { var title: String { get } }
struct DefaultProfileViewModel: ProfileViewModel { var title: String { "Profile" } }
struct MockProfileViewModel: ProfileViewModel { var title: String { "mock profile" } }
protocol ProfileUseCase: Sendable { func load() -> String }
struct DefaultProfileUseCase: ProfileUseCase { func load() -> String { "loaded" } }
