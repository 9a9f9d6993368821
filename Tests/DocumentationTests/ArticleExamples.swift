import Injection
import InjectionTesting
import Synchronization
import Testing

// Every ```swift block of the DocC articles (Sources/Injection/Injection.docc) is copied here
// verbatim (DocumentationTests checks that), so the articles' examples compile with the tests.

// Article: Diagnostics.md
protocol ReceiptPrinting {}
final class ReceiptPrinter: ReceiptPrinting {}

func missingPrinterMessage() -> String {
    let container = Container(name: "checkout")
    container.register(name: "thermal") { ReceiptPrinter() as ReceiptPrinting }
    do {
        _ = try container.tryResolve(ReceiptPrinting.self)
        return "resolved"
    } catch {
        return error.message
    }
}

// Article: Diagnostics.md
final class ReceiptScreen {
    let printer: ReceiptPrinting
    init(printer: ReceiptPrinting) { self.printer = printer }
}

func checkoutValidation() -> ValidationReport {
    let container = Container(name: "checkout-validation")
    container.register { c in ReceiptScreen(printer: c.resolve()) }
    return container.validate()   // one problem: ReceiptPrinting is missing
}

// Article: GettingStarted.md
protocol WeatherFetching { func forecast(for city: String) -> String }
final class WeatherService: WeatherFetching {
    func forecast(for city: String) -> String { "Sunny in \(city)" }
}
final class WeatherViewModel {
    @Injected var fetcher: WeatherFetching
    @LazyInjected var units: String

    func headline(for city: String) -> String { "\(fetcher.forecast(for: city)) (\(units))" }
}

func registerWeather(in container: Container) {
    container.register { WeatherService() as WeatherFetching }
    container.register(name: "metric") { "°C" }
    container.register(name: "imperial") { "°F" }
}

func weatherHeadline(imperial: Bool) -> String {
    let container = Container(name: "weather")
    registerWeather(in: container)
    return withContainer(container) {
        let model = WeatherViewModel()
        model.$units.name = imperial ? "imperial" : "metric"   // chosen before the first read
        return model.headline(for: "Oslo")
    }
}

// Article: GettingStarted.md
final class TemperatureFormatter {
    func format(_ degrees: Double) -> String { "\(Int(degrees.rounded()))°" }
}
final class LocationTracker {
    var fixes = 0
}

func trackAndFormat(in container: Container) -> (Int, String) {
    container.register(scope: .singleton) { LocationTracker() }
    container.register { TemperatureFormatter() }
    return withContainer(container) {
        @Service(.singleton) var tracker: LocationTracker   // the kept one, built once
        @Service(.new) var formatter: TemperatureFormatter  // always a fresh one
        tracker.fixes += 1
        return (tracker.fixes, formatter.format(21.4))
    }
}

// Article: GettingStarted.md
final class ForecastRepository {
    let fetcher: WeatherFetching
    init(fetcher: WeatherFetching) { self.fetcher = fetcher }
}

func repositoryCity(in container: Container) -> String {
    container.register(scope: .cached) { c in ForecastRepository(fetcher: c.resolve()) }
    container.register { WeatherService() as WeatherFetching }   // registered after its user
    let repository: ForecastRepository = container.resolve()
    return repository.fetcher.forecast(for: "Lima")
}

// Article: KeypathLayersAndAssemblies.md
protocol NotesStoring: Sendable { func titles() -> [String] }
struct DiskNotesStore: NotesStoring { func titles() -> [String] { ["groceries", "ideas"] } }
struct SampleNotesStore: NotesStoring { func titles() -> [String] { ["preview note"] } }

protocol NotesViewModelLayer: DependencyLayer {
    var store: Provider<NotesStoring> { get }
}
protocol NotesAssembly: Assembly {
    func viewModels(_ container: Container) -> any NotesViewModelLayer
}
extension Container {
    var notesViewModels: any NotesViewModelLayer { assembly(NotesAssembly.self).viewModels(self) }
}

struct LiveNotesAssembly: NotesAssembly {
    func viewModels(_ container: Container) -> any NotesViewModelLayer { LiveNotesViewModels(container: container) }
}
struct LiveNotesViewModels: NotesViewModelLayer {
    let container: Container
    var store: Provider<NotesStoring> { provide(.singleton) { DiskNotesStore() } }
}

struct PreviewNotesAssembly: NotesAssembly {
    func viewModels(_ container: Container) -> any NotesViewModelLayer { PreviewNotesViewModels(container: container) }
}
struct PreviewNotesViewModels: NotesViewModelLayer {
    let container: Container
    var store: Provider<NotesStoring> { provide(.singleton) { SampleNotesStore() } }
}

final class NotesListViewModel {
    @Injected(\.notesViewModels.store) var store   // the type is inferred from the keypath
}

// Article: KeypathLayersAndAssemblies.md
func notesTitles() -> ([String], [String]) {
    let container = Container(name: "notes")
    container.use(LiveNotesAssembly())
    let live = withContainer(container) { NotesListViewModel().store.titles() }
    container.use(PreviewNotesAssembly())   // previews: nothing touches the disk
    let preview = withContainer(container) { NotesListViewModel().store.titles() }
    return (live, preview)
}

// Article: KeypathLayersAndAssemblies.md
protocol CatalogSearching: AnyObject { func search(_ text: String) -> [String] }
final class RemoteCatalogSearch: CatalogSearching { func search(_ text: String) -> [String] { ["\(text) (remote)"] } }
final class OfflineCatalogSearch: CatalogSearching { func search(_ text: String) -> [String] { ["\(text) (offline)"] } }

extension Container {
    var catalog: CatalogContainer { CatalogContainer() }
}
struct CatalogContainer {
    var search: CatalogSearching { RemoteCatalogSearch() }   // built anew on each read
    var offlineSearch: CatalogSearching { OfflineCatalogSearch() }
}

final class CatalogViewModel {
    @Inject(\.catalog.search) var search   // the type is inferred, as for a provider
}

// Article: KeypathLayersAndAssemblies.md
struct CatalogProviders: DependencyLayer {
    let container: Container
    var search: Provider<CatalogSearching> { provide(.cached) { RemoteCatalogSearch() } }
    var offlineSearch: Provider<CatalogSearching> { provide(.cached) { OfflineCatalogSearch() } }
}
extension Container {
    var catalogProviders: CatalogProviders { CatalogProviders(container: self) }
}

final class CachedCatalogViewModel {
    @Inject(\.catalogProviders.search) var search   // one instance until `reset(.cached)`
}

// Article: OverridesAndTheMapper.md
func mappedCatalogSearch() -> [String] {
    let container = Container(name: "catalog")
    return withContainer(container) {
        var results = CatalogViewModel().search.search("swift")
        InjectionMapper[\.catalog.search] = \.catalog.offlineSearch
        results += CatalogViewModel().search.search("swift")
        InjectionMapper.reset(\.catalog.search)
        results += CatalogViewModel().search.search("swift")
        return results   // ["swift (remote)", "swift (offline)", "swift (remote)"]
    }
}

// Article: OverridesAndTheMapper.md
protocol PaymentProcessing { func charge(_ cents: Int) -> Bool }
struct CardProcessor: PaymentProcessing { func charge(_ cents: Int) -> Bool { cents < 10_000 } }
struct AlwaysApproves: PaymentProcessing { func charge(_ cents: Int) -> Bool { true } }

func chargeWithDouble() -> (Bool, Bool) {
    let container = Container(name: "payments")
    container.register { CardProcessor() as PaymentProcessing }
    let live: PaymentProcessing = container.resolve()
    container.register { AlwaysApproves() as PaymentProcessing }   // the test double
    let double: PaymentProcessing = container.resolve()
    return (live.charge(50_000), double.charge(50_000))   // (false, true)
}

// Article: OverridesAndTheMapper.md
protocol Greeting: Sendable { func text() -> String }
struct FriendlyGreeting: Greeting { func text() -> String { "Hello" } }
struct TestGreeting: Greeting { func text() -> String { "test" } }

struct GreetingContainer: DependencyLayer {
    let container: Container
    var greeting: Provider<Greeting> { provide { FriendlyGreeting() } }
    var testGreeting: Provider<Greeting> { provide { TestGreeting() } }
}
extension Container {
    var greetings: GreetingContainer { GreetingContainer(container: self) }
}

func mappedGreetings() -> [String] {
    let container = Container(name: "greetings")
    var texts = [container[\.greetings.greeting].text()]
    container.mappings[\.greetings.greeting] = \.greetings.testGreeting
    texts.append(container[\.greetings.greeting].text())
    texts.append(container.greetings.greeting().text())   // a direct call is mapped too
    container.resetMapping(\.greetings.greeting)
    texts.append(container[\.greetings.greeting].text())
    return texts   // ["Hello", "test", "test", "Hello"]
}

// Article: ScopesAndLifetimes.md
final class RequestContext {}
final class AuditLog {
    let context: RequestContext
    init(context: RequestContext) { self.context = context }
}
final class RequestHandler {
    let context: RequestContext
    let audit: AuditLog
    init(context: RequestContext, audit: AuditLog) { self.context = context; self.audit = audit }
}

func graphScopeIsSharedWithinOnePass() -> (Bool, Bool) {
    let container = Container(name: "requests")
    container.register(scope: .graph) { RequestContext() }
    container.register { c in AuditLog(context: c.resolve()) }
    container.register { c in RequestHandler(context: c.resolve(), audit: c.resolve()) }
    let first: RequestHandler = container.resolve()
    let second: RequestHandler = container.resolve()
    // One context inside a pass, a new one for the next pass.
    return (first.context === first.audit.context, first.context === second.context)
}

// Article: ScopesAndLifetimes.md
final class SignedInUser {
    let id = Int.random(in: 1...1_000_000)
}

func signOutBuildsANewUser() -> Bool {
    let container = Container(name: "session")
    container.register(scope: .custom("login")) { SignedInUser() }
    let before: SignedInUser = container.resolve()
    container.reset(.custom("login"))
    let after: SignedInUser = container.resolve()
    return before !== after
}

// Article: ScopesAndLifetimes.md
final class BluetoothLink {}

func lifetimesShareOneSlot() -> (Bool, Bool) {
    let container = Container(name: "devices")
    container.register(scope: .cached) { BluetoothLink() }
    let kept: BluetoothLink = container.resolve(lifetime: .singleton)
    let fresh: BluetoothLink = container.resolve(lifetime: .new)
    let again: BluetoothLink = container.resolve()
    return (kept === again, kept === fresh)   // (true, false)
}

// Article: TestingInParallel.md
protocol TimeSource: Sendable { func now() -> Int }
struct FixedClock: TimeSource { func now() -> Int { 42 } }
final class Stopwatch {
    @Injected var clock: TimeSource
}

@Test(.container { $0.register { FixedClock() as TimeSource } })
func stopwatchReadsTheInjectedClock() {
    #expect(Stopwatch().clock.now() == 42)
}

// Article: TestingInParallel.md
@Test func stopwatchGraphIsComplete() {
    let container = Container(name: "stopwatch")
    container.register { FixedClock() as TimeSource }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
}

// Article: TracingAndDIInspect.md
final class Cart {}

func observedKinds() -> [String] {
    let kinds = Mutex<[String]>([])
    let container = Container(name: "observed-cart")
    let token = ResolutionEvents.addObserver { event in
        if case .registered(let registered) = event.kind, registered.service.container == "observed-cart" {
            kinds.withLock { $0.append("registered \(registered.service.type)") }
        }
        if case .resolved(let resolved) = event.kind, resolved.service.container == "observed-cart" {
            kinds.withLock { $0.append("resolved \(resolved.service.type)") }
        }
    }
    defer { token.cancel() }
    container.register { Cart() }
    let _: Cart = container.resolve()
    return kinds.withLock { $0 }   // ["registered Cart", "resolved Cart"]
}
