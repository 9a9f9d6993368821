import Injection

// "Swift 5.1 Takes Dependency Injection to the Next Level" (seed 000), its listings as they stand.
// The article's text lost its line breaks before some declarations and the closing braces of
// most listings; those braces (and the `()` of `func setupMyRegistrations`) are restored, nothing
// else. Not compiled: the article's own `struct Injected` (both versions: the library's
// `@Injected` and `@LazyInjected` replace them), the hypothetical `@Keychain`, `@Error`,
// `@Constrain` and `@Status` wrappers it imagines, and the named view controller's `@Injected`
// line, which the article's update replaces with `@LazyInjected` (the `@Injected` spelling is
// refused with a message saying so: NamedInjectedCompileTests).

// Scaffolding: the one typealias the article's spelling needs.
typealias Resolver = Container

// Scaffolding: the types the article uses without showing them.
typealias Image = [UInt8]
let token = "token"
protocol XYZFetching { func getData(_ token: String) -> [UInt8] }
final class XYZSessionManager {}
final class XYZFetcher: XYZFetching {
    init() {}
    init(session: XYZSessionManager) {}
    func getData(_ token: String) -> [UInt8] { Array(token.utf8) }
}
final class XYZService { func decompress(_ data: [UInt8]) -> Image { data.reversed() } }
class UIViewController {
    init() {}
    func viewDidLoad() {}
}
final class UserStateMachine {}
final class KeyValueStore {}
protocol BundleProviding {}
protocol TouchIDManaging {}
protocol SystemStatusProviding {}
final class KeychainManager {}
struct MyData {}

// Scaffolding: the article shows the view model before and after property wrappers; each
// version lives in a namespace of its own (nested in `Resolver`, where Resolver code registers).
extension Resolver {
    struct ConstructorInjection {
// Listing: a view model with constructor injection
class XYZViewModel {    private var fetcher: XYZFetching
private var service: XYZService
init(fetcher: XYZFetching, service: XYZService) {
self.fetcher = fetcher
self.service = service
}
func load() -> Image {
let data = fetcher.getData(token)
return service.decompress(data)
}
}

// Listing: the view controller asks Resolver
class XYZViewController: UIViewController {    private let viewModel: XYZViewModel = Resolver.resolve()    
override func viewDidLoad() {
}
}

// Listing: a typical registration block
func setupMyRegistrations() {
register { XYZViewModel(fetcher: resolve(), service: resolve()) }
register { XYZFetcher(session: resolve()) as XYZFetching }
register { XYZService() }
register { XYZSessionManager() }
}

// Listing: the problem, an initializer out of hand
class MyViewModel {var userStateMachine: UserStateMachine
var keyValueStore: KeyValueStore
var bundle: BundleProviding
var touchIdService: TouchIDManaging
var status: SystemStatusProviding
init(userStateMachine: UserStateMachine,
bundle: BundleProviding,
touchID: TouchIDManaging,
status: SystemStatusProviding,
keyValueStore: KeyValueStore) {
self.userStateMachine = userStateMachine
self.bundle = bundle
self.touchIdService = touchID
self.status = status
self.keyValueStore = keyValueStore
}
}
    }

    struct PropertyInjection {
// Listing: the same view model with @Injected
class MyViewModel {    @Injected var userStateMachine: UserStateMachine
@Injected var keyValueStore: KeyValueStore
@Injected var bundle: BundleProviding
@Injected var touchIdService: TouchIDManaging
@Injected var status: SystemStatusProviding
}

// Listing: our original view controller is now…
class XYZViewController: UIViewController {
@Injected private var viewModel: XYZViewModel
override func viewDidLoad() {
}
}

// Listing: our ViewModel trims down to the bare essentials…
class XYZViewModel {
@Injected private var fetcher: XYZFetching
@Injected private var service: XYZService
func load() -> Image {
let data = fetcher.getData(token)
return service.decompress(data)
}
}

// Listing: even our registration code is simplified
func setupMyRegistrations() {
register { XYZViewModel() }
register { XYZFetcher() as XYZFetching }
register { XYZService() }
register { XYZSessionManager() }
}

// Listing: a keychain manager is simply injected
final class KeychainUser {
@Injected var keychain: KeychainManager
}
    }

    struct NamedServices {
// Scaffolding: the two view models the named registrations bind to the `XYZViewModel` protocol.
class NewXYZViewModel: XYZViewModel {}
class EditXYZViewModel: XYZViewModel {}
protocol XYZViewModel: AnyObject {}

// Listing: named registrations
func setupMyRegistrations() {
register(name: "add") { NewXYZViewModel() as XYZViewModel }
register(name: "edit") { EditXYZViewModel() as XYZViewModel }
}

// Listing: the view controller chooses the name (its `@Injected` line as the article's update
// writes it: `@LazyInjected private var viewModel: XYZViewModel`)
class XYZViewController: UIViewController {    @LazyInjected private var viewModel: XYZViewModel    
var myData: MyData?    
override func viewDidLoad() {
$viewModel.name = myData == nil ? "add" : "edit"
}
// Scaffolding: a read, for the tests.
var shownViewModel: XYZViewModel { viewModel }
}
    }
}
