import Injection
import InjectionGraph
import InjectionTesting
import InjectionTrace
import Synchronization
import Testing

// Every ```swift block of the `///` doc comments in Sources/Injection, Sources/InjectionTrace and
// Sources/InjectionTesting is copied here verbatim, indented as a whole where it sits inside a
// function (DocCommentExampleTests checks that), so the examples compile with the tests. Blocks
// that use names they do not declare (`container`, `app`, `chunks`) get them as parameters of the
// wrapping function; the types of the example app are in DocCommentScaffolding.swift. Values an
// example computes are returned, so DocCommentExampleTests can check what the comments say.

// MARK: Declarations, at file scope as an app has them

// Injection/PropertyWrappers/Injected.swift
final class XYZViewModel {
    @Injected var fetcher: XYZFetching
    @Injected(name: "edit") var editor: XYZEditing
    @Injected(lifetime: .new) var formatter: PriceFormatter   // a fresh one for this model
}

// Injection/PropertyWrappers/Injected.swift
func translate(_ text: String) -> String {
    @Injected var translator: TranslationService
    return translator.translate(text)
}

// Injection/PropertyWrappers/Injected.swift
final class SettingsViewModel {
    @Injected(\.viewModel.appState) var appState
    @Inject(\.login.viewModel) var login
    @Inject(\.login.viewModel, lifetime: .new) var freshLogin
}

// Injection/PropertyWrappers/Injected.swift
final class LoginViewController {
    @Inject(\.login.viewModel) var viewModel
}

// Injection/PropertyWrappers/LazyInjected.swift
final class XYZViewController {
    @LazyInjected var editor: XYZEditing

    func viewDidLoad(editing: Bool) {
        $editor.name = editing ? "edit" : "add"   // chosen before the first read
        editor.open()
    }
}

// Injection/PropertyWrappers/LazyInjected.swift
final class LoginCoordinator {
    @LazyInjected(\.login.useCase) var useCase   // resolved when first read
}

// Injection/PropertyWrappers/Injected.swift
extension Container {
    var profile: ProfileContainer { ProfileContainer() }
}
struct ProfileContainer {
    var viewModel: ProfileViewModel { DefaultProfileViewModel() }
    var useCase: ProfileUseCase { DefaultProfileUseCase() }
    var mockViewModel: ProfileViewModel { MockProfileViewModel() }
}

final class ProfileViewController {
    @Inject(\.profile.viewModel) var viewModel   // a new DefaultProfileViewModel, or the mapped one
}

// Injection/PropertyWrappers/LazyInjected.swift
final class ProfileCoordinator {
    @LazyInjected(\.profile.useCase) var useCase   // `var useCase: ProfileUseCase { … }`
}

// Injection/PropertyWrappers/OptionalInjected.swift
final class Checkout {
    @OptionalInjected var analytics: Analytics?
}

// Injection/PropertyWrappers/Service.swift
final class WeatherDataService {
    @Service private var network: NetworkService            // .automatic
    @Service(.singleton) private var location: LocationService
    @Service(.new) private var formatter: TemperatureFormatter
}

func greet() {
    @Service var translator: TranslationService            // also on local variables
    print(translator.translate("Hello"))
}

// Injection/PropertyWrappers/WeakLazyInjected.swift
protocol Coordinator: AnyObject { func finish() }

final class DetailViewModel {
    @WeakLazyInjected var coordinator: Coordinator?   // a class-bound protocol, as in Resolver
}

// Injection/ServiceLifetime.swift
final class DeviceViewModel {
    @Injected(lifetime: .singleton) var bluetooth: BluetoothService   // reuse the kept one, build it once
    @Injected(lifetime: .newSingleton) var session: Session           // build a new one and keep it
    @Service(.new) var formatter: PriceFormatter                      // always a fresh one
    @Service var repository: XYZRepository                            // .automatic: the registration decides
}

// Injection/Keypaths/Assembly.swift
protocol AppLayers: Assembly {
    func viewModel(_ container: Container) -> any ViewModelLayer
    func interactor(_ container: Container) -> any InteractorLayer
}
extension Container {
    var viewModel: any ViewModelLayer { assembly(AppLayers.self).viewModel(self) }
    var interactor: any InteractorLayer { assembly(AppLayers.self).interactor(self) }
}

// Injection/Keypaths/DependencyLayer.swift
extension Container {
    var login: LoginContainer { LoginContainer(container: self) }
}

struct LoginContainer: DependencyLayer {
    let container: Container
    var viewModel: Provider<LoginViewModel> { provide { DefaultLoginViewModel() } }
    var useCase: Provider<LoginUseCase> { provide(.singleton) { DefaultLoginUseCase() } }
    var mockTestViewModel: Provider<LoginViewModel> { provide { MockTestLoginViewModel() } }
}

// Injection/Keypaths/DependencyLayer.swift
final class LoginScreen {
    @Inject(\.login.viewModel) var viewModel   // the type is inferred from the keypath
    let useCase = Container[\.login.useCase]   // the same from code, in Container.shared
}

// Injection/Keypaths/DependencyLayer.swift (a member of a layer)
struct DataLayer: DependencyLayer {
    let container: Container

    var repository: Provider<UserRepository> {
        provide(.cached) { c in UserRepository(api: c.network.client(), cache: c.resolve()) }
    }
}

// Injection/Validation/Container+Validate.swift
@Test func appGraphIsComplete() {
    let report = App.makeContainer().validate(\.login.viewModel, \.login.useCase)
    #expect(report.isValid, "\(report)")
}

// Injection/Validation/ValidationReport.swift
@Test func loginDependenciesAreComplete() {
    let report = App.makeContainer().validate(\.login.viewModel)
    #expect(report.isValid, "\(report)")
}

// InjectionTesting/ContainerTrait.swift
final class ItemsModel {
    @Injected var fetcher: XYZFetching
    var items: [String] { fetcher.fetch() }
}

@Test(.container { $0.register { MockFetcher() as XYZFetching } })
func showsTheMockedItems() {
    #expect(ItemsModel().items == ["mock"])   // resolved from this test's container
}

// Injection/PropertyWrappers/LazyInjected.swift (`args`, inside a type that declares the wrapper)
final class EditorScreen {
    @LazyInjected var editor: EditorViewModel

    func show() {
        $editor.args = ["id": 3, "mode": "edit"]
        editor.load()
    }
}

// MARK: Statements, inside functions

enum DocCommentExamples {
    // Injection/Keypaths/Container+PlainKeyPaths.swift
    static func plainKeyPathResolve(_ container: Container) -> ProfileUseCase {
        let useCase = container[\.profile.useCase]   // `var useCase: ProfileUseCase { … }`
        return useCase
    }

    // Injection/Keypaths/Container+PlainKeyPaths.swift
    static func plainKeyPathMapping(_ container: Container) {
        container.map(\.profile.mockViewModel, to: \.profile.viewModel)
    }

    // Injection/Container+StaticRegistration.swift
    static func serviceContainerRegistration() {
        Container.register(type: NetworkService.self, NetworkService())
    }

    // Injection/Container+StaticRegistration.swift
    static func serviceContainerResolve() -> NetworkService {
        guard let service = Container.resolve(.singleton, NetworkService.self) else {
            fatalError("No service of type NetworkService registered!")
        }
        return service
    }

    // Injection/Container.swift
    static func appContainer() -> XYZFetching {
        let app = Container(name: "app")
        app.register { XYZService() }
        app.register { XYZFetcher(service: app.resolve()) as XYZFetching }
        app.register(scope: .singleton) { XYZSessionManager() }

        let fetcher: XYZFetching = app.resolve()
        return fetcher
    }

    // Injection/Container.swift
    static func child(of app: Container) -> Container {
        let tests = app.makeChild(name: "tests")
        tests.register { MockFetcher() as XYZFetching }   // app is untouched
        return tests
    }

    // Injection/Container.swift
    static func resolverChild() -> Container {
        let mock = Container(child: .shared)
        mock.register { MockFetcher() as XYZFetching }   // the parent is untouched
        return mock
    }

    // Injection/Container+OptionalFactoryRegistration.swift
    static func optionalFactoryOfAType(_ container: Container, feedAddress: String) -> (Endpoint?, Endpoint?, Endpoint?) {
        container.register(Endpoint.self, name: "feed") { Endpoint(feedAddress) }
        let feed: Endpoint? = container.optional(name: "feed")   // nil when the factory returns nil

        container.register(Endpoint.self) { c in Endpoint(c.resolve(String.self, name: "address")) }

        container.register(Endpoint.self, name: "given") { _, args in Endpoint(args()) }
        let home: Endpoint? = container.optional(name: "given", args: "https://example.com")
        return (feed, home, container.optional(Endpoint.self))
    }

    // Injection/Container+OptionalFactoryRegistration.swift: registers in Container.shared.
    static func staticOptionalFactoryOfAType(feedAddress: String) {
        Container.register(Endpoint.self, name: "feed") { Endpoint(feedAddress) }
    }

    // Injection/Container+DefaultScope.swift: compiled, never run (the default is the whole
    // process's; CompatibilitySpellingTests runs it in an exit test).
    final class Account: Sendable {}
    final class Draft: Sendable {}
    static func defaultScope(_ container: Container) {
        Container.defaultScope = .graph
        container.register { Account() }                    // .graph
        container.register(scope: .unique) { Draft() }      // named scopes keep theirs
    }

    // Injection/Container.swift
    static func childOfShared() -> [String] {
        let test = Container(name: "test", parent: .shared)
        test.register { MockFetcher() as XYZFetching }
        let items = withContainer(test) {
            XYZViewModel().fetcher.fetch()   // its @Injected properties resolve from `test`
        }
        return items
    }

    // Injection/Container+Register.swift
    static func registrations(in container: Container) {
        container.register { XYZService() }                       // XYZService
        container.register { XYZFetcher() as XYZFetching }        // bound to the protocol
        container.register(XYZFetching.self) { XYZFetcher() }     // the type given explicitly
        container.register(name: "edit") { XYZEditor() as XYZEditing }
        container.register(scope: .singleton) { Session() }
    }

    // Injection/Container+Register.swift
    static func registerWithContainer(_ container: Container) {
        container.register { c in XYZRepository(fetcher: c.resolve(), service: c.resolve()) }
    }

    // Injection/Container+Register.swift
    static func registerWithArguments(_ container: Container) -> UserViewModel {
        container.register { _, args in UserViewModel(userID: args()) }
        let model: UserViewModel = container.resolve(args: 42)
        return model
    }

    // Injection/Container+Register.swift
    static func registerAutoclosure(_ container: Container) {
        container.register(WeatherFetching.self, WeatherService())
    }

    // Injection/Container+Register.swift
    static func resetScopes(_ container: Container) {
        container.reset(.cached)
        container.reset(.custom("session"))
    }

    // Injection/Container+Resolve.swift
    static func resolves(_ container: Container) -> (XYZFetching, XYZEditing, Session) {
        let fetcher: XYZFetching = container.resolve()
        let editor = container.resolve(XYZEditing.self, name: "edit")
        let fresh: Session = container.resolve(lifetime: .new)
        return (fetcher, editor, fresh)
    }

    // Injection/Container+WithService.swift (what to write instead of the deprecated withService)
    static func resolveBeforeAHotLoop(_ container: Container) {
        let metrics = container.resolve(Metrics.self)
        for _ in 0..<1_000 { metrics.count(1) }
    }

    // Injection/Container+Resolve.swift
    static func tryResolve(_ container: Container) {
        do {
            let fetcher = try container.tryResolve(XYZFetching.self)
            print(fetcher.fetch())
        } catch .missing(let missing) {
            print(missing.message)   // what was asked, by whom, what is near, how to fix it
        } catch {
            print(error.message)     // a cycle, or a factory that threw
        }
    }

    // Injection/Container+Resolve.swift
    static func optionalResolve(_ container: Container) -> Analytics? {
        let analytics: Analytics? = container.optional()
        return analytics
    }

    // Injection/Resolution/Arguments.swift
    static func arguments(_ container: Container) -> (UserViewModel, Search, Search) {
        container.register { _, args in UserViewModel(userID: args()) }
        let model: UserViewModel = container.resolve(args: 42)

        container.register { _, args in Search(query: args.get(0), limit: args.get(1)) }
        let search: Search = container.resolve(args: ("swift", 10))

        container.register { _, args in Search(query: args("query"), limit: args("limit")) }
        let labelled: Search = container.resolve(args: (query: "swift", limit: 10))
        return (model, search, labelled)
    }

    // Injection/Container+Children.swift
    static func addedChild() -> APIClient {
        let main = Container(name: "main")
        let network = Container(name: "network")
        network.register { APIClient() }
        main.add(child: network)
        let client: APIClient = main.resolve()     // found in `network`
        return client
    }

    // Injection/Container+Decorate.swift
    static func decorate(_ app: Container, appLogger: Logger) {
        app.decorate { service in
            (service as? Loggable)?.logger = appLogger
        }
    }

    // Injection/Container+Decorate.swift
    static func decorateResolvingItself(_ app: Container) {
        app.register(scope: .singleton) { Clock() }
        app.decorate { service in
            guard service is Clock else { return }
            let container = Container.current            // the container resolving right now
            _ = try? container.tryResolve(Clock.self)   // throws .cycle (Clock → Clock): it is being built
            _ = try? container.tryResolve(Logger.self)  // fine: a dependency of Clock
        }
    }

    // Injection/Container+RegisterInstance.swift
    static func registerInstances(_ container: Container) -> DashboardCoordinator {
        let coordinator = DashboardCoordinator()
        container.register(coordinator as DashboardCoordinating)
        container.register(Session(user: "ada"), name: "current")
        return coordinator
    }

    // Injection/Container+StaticRegistration.swift: these register in Container.shared.
    static func staticRegistrations() -> EditorViewModel {
        Container.register { c in XYZRepository(fetcher: c.resolve(), service: c.resolve()) }
        Container.register(WeatherFetching.self, WeatherService())
        Container.register(DashboardCoordinator() as DashboardCoordinating)

        Container.register { _, args in EditorViewModel(id: args("id")) }
        let editor: EditorViewModel = Container.resolve(args: ["id": 3])
        return editor
    }

    // Injection/Resolution/Arguments+Keyed.swift
    static func keyedArguments(_ container: Container) -> (EditorViewModel, EditorViewModel) {
        container.register { _, args in
            EditorViewModel(id: args("id"), mode: args.optional("mode") ?? "view")
        }
        let editor: EditorViewModel = container.resolve(args: (id: 3, mode: "edit"))
        let same: EditorViewModel = container.resolve(args: ["id": 3, "mode": "edit"])
        return (editor, same)
    }

    static func dictionaryLiteralArguments(_ container: Container) -> EditorViewModel {
        container.register { _, args in EditorViewModel(id: args("id"), mode: args("mode")) }
        let editor: EditorViewModel = container.resolve(args: ["id": 3, "mode": "edit"])
        return editor
    }

    // Injection/Resolution/RegistrationOptions.swift
    static func chainedOptions(_ container: Container) {
        container.register { XYZCombinedService() }
            .implements(XYZFetching.self)
            .implements(XYZUpdating.self)
            .scope(.cached)

        container.register { XYZPresenter() }
            .resolveProperties { c, presenter in
                presenter.fetcher = c.resolve(XYZFetching.self)
            }
    }

    // Injection/Resolution/RegistrationOptions.swift
    static func applicationScope(_ container: Container) {
        container.register { Session() }.scope(.application)
    }

    // Injection/Resolution/RegistrationOptions.swift
    static func implementsShared(_ container: Container) -> (XYZFetching, XYZUpdating) {
        container.register { XYZCombinedService() }
            .implements(XYZFetching.self)
            .implements(XYZUpdating.self)
            .scope(.shared)
        let fetcher: XYZFetching = container.resolve()   // the same XYZCombinedService…
        let updater: XYZUpdating = container.resolve()   // …as this one, while it is alive
        return (fetcher, updater)
    }

    // Injection/Resolution/RegistrationOptions.swift
    static func breakCycle(_ container: Container) {
        container.register { CyclicA(container.resolve()) }
            .resolveProperties { c, a in
                c.resolve(CyclicC.self).a = a     // C is built inside A, and points back to it
            }
    }

    // Injection/Resolution/RegistrationOptions.swift
    static func propertiesWithArguments(_ container: Container) {
        container.register { XYZPresenter() }
            .resolveProperties { _, presenter, args in presenter.editMode = args() }
    }

    // Injection/Resolution/RegistrationOptions.swift
    static func renamed(_ container: Container) {
        container.register { XYZEditor() as XYZEditing }.name("edit")
    }

    // Injection/Vocabulary/Scope.swift
    static func scopes(_ container: Container) {
        container.register(scope: .singleton) { Session() }
        container.register(scope: .graph) { RequestContext() }
        container.register(scope: .custom("login")) { LoginFlow() }
        container.reset(.custom("login"))  // the next resolve builds a new LoginFlow
    }

    // Injection/Vocabulary/Scope.swift
    static func captiveRule() -> (Bool, Bool) {
        let captive = Scope.singleton.captures(.graph)   // true: the graph instance lives as long
        let fine = Scope.graph.captures(.singleton)      // false
        return (captive, fine)
    }

    // Injection/Vocabulary/MissingRegistration.swift
    static func missingRegistration(_ container: Container) {
        do { _ = try container.tryResolve(XYZFetching.self) }
        catch .missing(let missing) { print(missing.message) }
        catch { print(error.message) }
    }

    // Injection/Keypaths/Assembly.swift
    static func installAssemblies(_ container: Container) {
        container.use(LiveLayers())       // the app
        container.use(PreviewLayers())    // previews: no network
        container.use(MockLayers())       // tests: mocks per layer
    }

    // Injection/Keypaths/Assembly.swift
    static func installMocks(_ container: Container) {
        // A test's setUp, on the same container every time:
        container.use(MockLayers(appState: AppState()))
    }

    // Injection/Keypaths/Container+Mapping.swift
    static func map(_ container: Container) {
        container.map(\.login.mockTestViewModel, to: \.login.viewModel)
        // or: container.mappings[\.login.viewModel] = \.login.mockTestViewModel
    }

    // Injection/Keypaths/Container+Mapping.swift: the mappings subscript.
    static func mappingsSubscript(_ container: Container) {
        container.mappings[\.login.viewModel] = \.login.mockTestViewModel
        container.mappings[\.login.viewModel] = nil                  // answers for itself again
        container.mappings[\.login.viewModel] = \.login.viewModel   // the same
    }

    // Injection/Keypaths/Container+Mapping.swift: the mapper works on Container.shared.
    static func mapper() {
        InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
        InjectionMapper.map(\.login.mockTestViewModel, to: \.login.viewModel)   // the same, as a call
        InjectionMapper.reset(\.login.viewModel)
        InjectionMapper[\.login.viewModel] = nil                                  // the same as reset
        InjectionMapper.resetAll()
    }

    // Injection/Keypaths/Container+Providers.swift
    static func keypathSubscript(_ container: Container) -> LoginUseCase {
        let useCase = container[\.login.useCase]
        return useCase
    }

    // Injection/Keypaths/Container+Providers.swift
    static func keypathLiteral(_ container: Container) -> (LoginUseCase, LoginUseCase) {
        let useCase = container[\.login.useCase]
        let another = container[\.login.useCase, lifetime: .new]
        return (useCase, another)
    }

    // Injection/Keypaths/Container+Providers.swift
    static func keypathLiteralThrowing(_ container: Container) throws(ResolutionError) -> LoginUseCase {
        let useCase = try container.tryResolve(\.login.useCase)
        return useCase
    }

    // Injection/Keypaths/Container+Providers.swift
    static func heldKeypath(_ container: Container) -> LoginUseCase {
        let path: any KeyPath<Container, Provider<LoginUseCase>> & Sendable = \.login.useCase
        let useCase = container[path]
        return useCase
    }

    // Injection/Keypaths/Provider.swift
    static func provider(_ container: Container) -> LoginViewModel {
        let viewModel = container.login.viewModel()          // resolve
        container.login.viewModel.register { MockLoginViewModel() }   // override, last one wins
        return viewModel
    }

    // Injection/Keypaths/Provider.swift
    static func overrideProvider(_ container: Container) {
        container.login.useCase.register { MockLoginUseCase() }
    }

    // Injection/Diagnostics/InjectionDiagnostics.swift
    static func trapHandler(_ recorder: TraceRecorder) {
        InjectionDiagnostics.addTrapHandler { reason in recorder.stop(reason: reason) }
    }

    // Injection/Events/EventHub.swift
    static func observeClosure() {
        let seen = Mutex<[ResolutionEvent]>([])
        let token = ResolutionEvents.addObserver { event in seen.withLock { $0.append(event) } }
        // … resolve …
        token.cancel()   // detaches the observer
    }

    // Injection/Events/ResolutionObserver.swift
    static func observeWithObserver() {
        struct PrintingObserver: ResolutionObserver {
            func observe(_ event: ResolutionEvent) { print(event.kind) }
        }

        let token = ResolutionEvents.addObserver(PrintingObserver())
        // … resolve …
        token.cancel()
    }

    // Injection/Vocabulary/ResolutionEvent.swift
    static func printMissing() {
        let token = ResolutionEvents.addObserver { event in
            if case .missing(let missing) = event.kind { print(missing.message) }
        }
        // … resolve …
        token.cancel()
    }

    // Injection/Tracing/TraceRecorder.swift
    static func recordToMemory(_ app: Container) -> String {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink)
        recorder.start()
        app.register { XYZService() }
        recorder.stop()          // writes {"kind":"end",…,"reason":"exit"} and closes the sink
        print(sink.text)
        return sink.text
    }

    // Injection/TraceWriter/Transport/MemoryTraceSink.swift
    static func memorySink() -> String {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink)
        recorder.start()
        // … resolve …
        recorder.stop()
        print(sink.text)
        return sink.text
    }

    // Injection/TraceWriter/Transport/TraceSink.swift
    static func startRecorder() -> TraceRecorder {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink)
        recorder.start()
        return recorder
    }

    // Injection/TraceWriter/Transport/FileTraceSink.swift
    static func fileRecorder() -> TraceRecorder {
        let recorder = TraceRecorder(sink: FileTraceSink(path: "/tmp/app.ndjson"))
        return recorder
    }

    // Injection/TraceWriter/Transport/SocketTraceSink.swift
    static func socketRecorder() -> (TraceRecorder, SocketTraceSink) {
        let recorder = TraceRecorder(sink: SocketTraceSink(address: .unix(path: "/tmp/di.sock")))
        let remote = SocketTraceSink(address: .tcp(host: "192.168.1.20", port: 7777), token: "5f0c…")
        return (recorder, remote)
    }

    // Injection/TraceWriter/Transport/TraceDestination.swift
    static func destinationRecorder() throws -> TraceRecorder {
        let destination = try TraceDestination(parsing: "tcp:127.0.0.1:7777")
        let recorder = TraceRecorder(sink: destination.makeSink())
        return recorder
    }

    // Injection/TraceWriter/Transport/TraceSocketAddress.swift
    static func socketAddresses() -> (SocketTraceSink, TraceSocketAddress) {
        let sink = SocketTraceSink(address: .unix(path: "/tmp/di.sock"))
        let local = TraceSocketAddress.loopback(port: 7777)   // tcp:127.0.0.1:7777
        return (sink, local)
    }

    // Injection/Tracing/TraceBootstrap.swift
    static func bootstrapDestinations() -> [Result<TraceDestination?, TraceDestinationError>] {
        let file = TraceBootstrap.destination(forEnvironmentValue: "file:/tmp/t.ndjson")  // .success(.file(path: "/tmp/t.ndjson"))
        let none = TraceBootstrap.destination(forEnvironmentValue: "")                    // .success(nil)
        return [file, none]
    }

    // InjectionTrace/Decoding/TraceReader.swift
    static func readChunks(_ chunks: [[UInt8]]) -> ([TraceRecord], [TraceDiagnostic]) {
        var reader = TraceReader()
        var records: [TraceRecord] = []
        for chunk in chunks {                  // bytes as they arrive, cut anywhere
            records += reader.feed(chunk)
        }
        _ = reader.finish()                    // an incomplete last line is reported as truncated
        let problems = reader.takeDiagnostics()
        return (records, problems)
    }

    // InjectionTrace/Decoding/TraceReader.swift
    static func readerWithASmallWindow() -> TraceReader {
        var reader = TraceReader(maximumLineLength: 1 << 16, sequenceWindow: 1 << 16)
        _ = reader.finish()
        return reader
    }

    // InjectionTrace/Decoding/TraceReader.swift
    static func feedWithClosure(_ chunk: UnsafeRawBufferPointer) -> [TraceRecord] {
        var reader = TraceReader()
        var records: [TraceRecord] = []
        reader.feed(chunk) { record in records.append(record) }
        return records
    }

    // InjectionTrace/Decoding/TraceFile.swift
    static func readFile() throws {
        let trace = try TraceReader.read(contentsOfFile: "/tmp/app.ndjson")
        print(trace.header.app, trace.records.count)
        trace.diagnostics.forEach { print($0) }   // line 12: error: truncated line: …
    }

    // InjectionTrace/Decoding/TraceDiagnostic.swift
    static func printDiagnostics() throws {
        let trace = try TraceReader.read(contentsOfFile: "/tmp/app.ndjson")
        for diagnostic in trace.diagnostics { print(diagnostic) }
        // line 7: warning: unknown record kind "teleported"; ignored
    }

    // Injection/TraceWriter/Encoding/TraceEncoder.swift
    static func encodeEnd() -> String {
        let line = TraceEncoder.line(.end(time: 42, reason: "exit"))
        // {"kind":"end","t":42,"reason":"exit"}\n
        return line
    }

    // Injection/TraceWriter/Transport/TraceConnectionToken.swift
    static func connectionToken() -> String {
        let token = TraceConnectionToken.random()
        // listener: print("DI_INSPECT=tcp:192.168.1.20:7777 DI_INSPECT_TOKEN=\(token)")
        // app:      DI_INSPECT=tcp:192.168.1.20:7777 DI_INSPECT_TOKEN=… ./app
        return token
    }

    // Injection/Vocabulary/LazyResolution.swift
    static func printLazyResolution(_ event: ResolutionEvent) {
        if case .lazyResolved(let lazy) = event.kind {
            print("\(lazy.owner?.description ?? "app code") ⇢ \(lazy.service) at \(lazy.location)")
        }
    }

    // Injection/Vocabulary/ResolutionEvent.swift
    static func printInstanceEnded(_ event: ResolutionEvent) {
        if case .instanceEnded(let ended) = event.kind, ended.reason == .replaced {
            print("\(ended.service) replaced by a newSingleton at \(ended.location?.description ?? "a keypath resolve")")
        }
    }

    // Injection/Vocabulary/ResolutionEvent.swift
    static func printCaptureRoute(_ event: ResolutionEvent) {
        if case .scopeMismatch(let mismatch) = event.kind, case .decorator(let installedAt) = mismatch.capturedBy {
            print("a decorator installed at \(installedAt) resolved \(mismatch.captive)")
        }
    }

    // Injection/Vocabulary/ServiceIdentity.swift
    static func identity() -> ServiceIdentity {
        let id = ServiceIdentity(type: "LoginViewModel", container: "app", layer: "Login", member: "viewModel")
        print(id)  // Login.viewModel: LoginViewModel
        return id
    }

    // Injection/Vocabulary/SourceLocation.swift
    static func sourceLocation() -> Injection.SourceLocation {
        let location = SourceLocation(fileID: "MyApp/AppDelegate.swift", line: 12)
        print(location)  // MyApp/AppDelegate.swift:12
        return location
    }

    // Injection/TraceWriter/Records/TraceHeader+Process.swift
    static func processHeader() -> TraceHeader {
        let header = TraceHeader.forCurrentProcess()
        // TraceHeader(version: 1, app: "sample-app", pid: 4242, startTime: "2026-11-22T04:23:13Z",
        //             libraryVersion: "0.1.0-dev")
        return header
    }

    // Injection/TraceWriter/Records/InjectionVersion.swift
    static func printVersion() {
        print(InjectionVersion.current)  // 0.1.0-dev
    }

    // InjectionGraph/Model/SaturatingArithmetic.swift
    static func saturating() -> UInt64 {
        var total: UInt64 = .max - 1
        total.addSaturating(5)   // UInt64.max
        return total
    }

    // Injection/Text/String+ControlEscaping.swift
    static func escaped() -> String {
        let shown = "Evil\u{1B}[2J".escapingControlCharacters  // Evil\u{1B}[2J, as visible text
        return shown
    }

    // Injection/Text/String+ControlEscaping.swift
    static func escapedKeepingNewlines() -> String {
        let shown = "a\u{1B}]52;c;x\u{07}\nb".escapingControlCharacters(keepingNewlines: true)  // a\u{1B}]52;c;x\u{07} / b
        return shown
    }

    // Injection/Platform/WakePipe.swift
    static func wakePipe() throws -> ([String], Bool) {
        let pipe = try WakePipe()
        let pending = Mutex<[String]>([])

        // A producer, on any thread:
        pending.withLock { $0.append("event") }
        pipe.wake()

        // The waiting side, once poll() reports pipe.readDescriptor readable:
        pipe.drain()
        let batch = pending.withLock { queue in defer { queue.removeAll() }; return queue }
        return (batch, pipe.drain())
    }

    // Injection/Platform/BackgroundThread.swift
    static func backgroundThread() throws {
        let thread = try BackgroundThread { print("on a thread of its own") }
        thread.join()   // returns once the closure has run
    }

    // InjectionTrace/Listening/TraceListener.swift (compiled only: it would listen on a socket)
    static func listenIntoAGraph() throws {
        let graph = Mutex(DependencyGraph())
        let listener = try TraceListener(address: .defaultUnix) { event in   // on the listener's thread
            if case .records(_, let records) = event {
                graph.withLock { graph in records.forEach { graph.apply($0) } }
            }
        }
        print("DI_INSPECT=\(listener.destination)")   // what the app should be started with
        // …
        listener.stop()
    }

    // InjectionTrace/Listening/TraceListener.swift (compiled only)
    static func listenAsAStream() async throws {
        let (listener, events) = try TraceListener.stream(address: .loopback(port: 7777))
        for await event in events { print(event) }
        _ = listener
    }

    // InjectionTrace/Listening/TraceSession.swift
    static func describeSession(_ event: TraceListenerEvent) {
        switch event {
        case .connected(let session): print("#\(session.number) \(session.peer)")   // #1 unix (pid 4242)
        default: break
        }
    }
}
