import Foundation
import Injection
import Testing

/// Keeps the doc comments true: every ```swift block of a `///` comment in the libraries apps use
/// is compiled here (DocCommentExamples.swift holds them verbatim), and the examples run with the
/// results their comments state.
struct DocCommentExampleTests {
    static let documentedModules = ["Sources/Injection", "Sources/InjectionTrace", "Sources/InjectionTesting"]

    /// `block` as it appears in the examples file: at file scope, or indented as a whole inside a
    /// type or function.
    static func isCompiled(_ block: String, in examples: String) -> Bool {
        [0, 4, 8].contains { width in
            let indent = String(repeating: " ", count: width)
            let indented = block.components(separatedBy: "\n")
                .map { $0.isEmpty ? $0 : indent + $0 }
                .joined(separator: "\n")
            return examples.contains(indented)
        }
    }

    @Test func everyDocCommentSwiftBlockIsCompiledByTheTests() throws {
        let examples = try String(
            contentsOf: ArticleExampleTests.root.appendingPathComponent("Tests/DocumentationTests/DocCommentExamples.swift"),
            encoding: .utf8)
        var blockCount = 0
        for module in Self.documentedModules {
            for file in try DocumentationSources.files(in: module, extension: "swift") {
                for block in try DocumentationSources.swiftBlocks(inDocComments: file) {
                    blockCount += 1
                    #expect(
                        Self.isCompiled(block, in: examples),
                        "\(file.lastPathComponent): doc comment block not in DocCommentExamples.swift:\n\(block)")
                }
            }
        }
        #expect(blockCount >= 60)
    }

    @Test func theVerbatimCheckNeedsTheWholeBlock() {
        let examples = "func f() {\n    let a = 1\n    let b = 2\n}\n"
        #expect(Self.isCompiled("let a = 1\nlet b = 2", in: examples))
        #expect(!Self.isCompiled("let a = 1\nlet b = 3", in: examples))
        #expect(!Self.isCompiled("let a = 1\n  let b = 2", in: examples))
    }

    @Test func typeKeyedExamplesRun() {
        let container = Container(name: "doc-type-keyed")
        DocCommentExamples.registrations(in: container)
        DocCommentExamples.registerWithContainer(container)
        let (fetcher, editor, fresh) = DocCommentExamples.resolves(container)
        #expect(fetcher.fetch() == ["live"])
        #expect(editor is XYZEditor)
        let kept: Session = container.resolve()
        #expect(fresh !== kept)   // lifetime: .new builds one beside the kept singleton
        let repository: XYZRepository = container.resolve()
        #expect(repository.fetcher.fetch() == ["live"])
        #expect(DocCommentExamples.optionalResolve(container) == nil)

        #expect(DocCommentExamples.appContainer().fetch() == ["live"])
        let app = Container(name: "doc-app-parent")
        app.register { XYZFetcher() as XYZFetching }
        let tests = DocCommentExamples.child(of: app)
        let appFetcher: XYZFetching = app.resolve()
        let testFetcher: XYZFetching = tests.resolve()
        #expect((appFetcher.fetch(), testFetcher.fetch()) == (["live"], ["mock"]))
    }

    @Test func plainKeyPathExamplesRun() {
        let container = Container(name: "doc-plain-keypaths")
        #expect(DocCommentExamples.plainKeyPathResolve(container).load() == "loaded")
        #expect(withContainer(container) { ProfileViewController().viewModel.title } == "Profile")
        DocCommentExamples.plainKeyPathMapping(container)
        #expect(withContainer(container) { ProfileViewController().viewModel.title } == "mock profile")
        #expect(withContainer(container) { ProfileCoordinator().useCase.load() } == "loaded")
    }

    @Test func serviceContainerStaticFormsRun() {
        let container = Container(name: "doc-service-container")
        withContainer(container) {
            DocCommentExamples.serviceContainerRegistration()
            let first = DocCommentExamples.serviceContainerResolve()
            #expect(first === DocCommentExamples.serviceContainerResolve())   // .singleton keeps it
            #expect(Container.resolve(.singleton, PriceFormatter.self) == nil)   // nothing registered
        }
    }

    @Test func childOfSharedResolvesTheWrappersFromTheChild() {
        let shared = Container(name: "doc-shared")
        shared.register { XYZFetcher() as XYZFetching }
        shared.register(name: "edit") { XYZEditor() as XYZEditing }
        shared.register { PriceFormatter() }
        #expect(withContainer(shared) { DocCommentExamples.childOfShared() } == ["mock"])
    }

    @Test func resolverChildIsAChildOfShared() {
        let shared = Container(name: "doc-resolver-child")
        shared.register { XYZFetcher() as XYZFetching }
        let mock = withContainer(shared) { DocCommentExamples.resolverChild() }
        #expect(mock.parent === shared)
        #expect(mock.resolve(XYZFetching.self).fetch() == ["mock"])
        #expect(shared.resolve(XYZFetching.self).fetch() != ["mock"])
    }

    @Test func optionalFactoriesOfATypeGiveNilOrTheInstance() {
        let container = Container(name: "doc-optional-of-a-type")
        container.register(name: "address") { "https://address" }
        let (feed, home, addressed) = DocCommentExamples.optionalFactoryOfAType(container, feedAddress: "ftp://feed")
        #expect(feed == nil)
        #expect(home?.address == "https://example.com")
        #expect(addressed?.address == "https://address")
        let shared = Container(name: "doc-optional-of-a-type-static")
        withContainer(shared) { DocCommentExamples.staticOptionalFactoryOfAType(feedAddress: "https://feed") }
        #expect(shared.resolve(Endpoint.self, name: "feed").address == "https://feed")
    }

    @Test func argumentAndScopeExamplesRun() {
        let container = Container(name: "doc-arguments")
        #expect(DocCommentExamples.registerWithArguments(container).userID == 42)
        let (model, search, labelled) = DocCommentExamples.arguments(container)
        #expect(model.userID == 42)
        #expect((search.query, search.limit) == ("swift", 10))
        #expect((labelled.query, labelled.limit) == ("swift", 10))

        #expect(DocCommentExamples.captiveRule() == (true, false))
        DocCommentExamples.scopes(container)
        let first: LoginFlow = container.resolve()
        container.reset(.custom("login"))
        let second: LoginFlow = container.resolve()
        #expect(first !== second)
    }

    @Test func propertyWrapperExamplesRun() {
        let container = Container(name: "doc-wrappers")
        container.register { TranslationService() }
        container.register(name: "edit") { XYZEditor() as XYZEditing }
        container.register(scope: .singleton) { BluetoothService() }
        container.register { Session() }
        container.register { PriceFormatter() }
        container.register { c in XYZRepository(fetcher: MockFetcher(), service: XYZService()) }
        container.register(scope: .singleton) { AppCoordinator() as Coordinator }
        let coordinator: Coordinator = container.resolve()
        withContainer(container) {
            #expect(translate("Hello") == "«Hello»")
            let controller = XYZViewController()
            controller.viewDidLoad(editing: true)
            #expect((controller.editor as? XYZEditor)?.isOpen == true)
            #expect(Checkout().analytics == nil)
            #expect(DetailViewModel().coordinator === coordinator)
            let device = DeviceViewModel()
            #expect(device.bluetooth === DeviceViewModel().bluetooth)
            #expect(device.session !== DeviceViewModel().session)
        }
    }

    @Test func keypathExamplesRun() throws {
        let container = Container(name: "doc-keypaths")
        DocCommentExamples.installAssemblies(container)
        let state = AppState()
        container.use(MockLayers(appState: state))
        withContainer(container) {
            #expect(SettingsViewModel().appState === state)
            #expect(LoginScreen().viewModel.title == "Sign in")
            #expect(LoginScreen().useCase.signIn())
        }
        #expect(container[\.interactor.search].query == "preview")
        DocCommentExamples.installMocks(container)
        #expect(container[\.viewModel.appState] !== state)

        #expect(DocCommentExamples.provider(container).title == "Sign in")
        #expect(container.login.viewModel().title == "mock")   // the override
        DocCommentExamples.map(container)
        #expect(container[\.login.viewModel].title == "mock test")
        DocCommentExamples.overrideProvider(container)
        #expect(!DocCommentExamples.keypathSubscript(container).signIn())
        // A literal and a held keypath resolve the same provider (here the override above).
        #expect(!DocCommentExamples.keypathLiteral(container).0.signIn())
        #expect(!DocCommentExamples.keypathLiteral(container).1.signIn())
        #expect(try !DocCommentExamples.keypathLiteralThrowing(container).signIn())
        #expect(!DocCommentExamples.heldKeypath(container).signIn())

        container.register { ResponseCache() }
        let repository = DataLayer(container: container).repository()
        #expect(repository === DataLayer(container: container).repository())   // .cached
    }

    @Test func resolveBeforeAHotLoopExampleRuns() {
        let container = Container(name: "doc-with-service")
        container.register(scope: .singleton) { Metrics() }
        DocCommentExamples.resolveBeforeAHotLoop(container)
        #expect(container.resolve(Metrics.self).count(0) == 1_000, "every iteration counted on the one kept Metrics")
    }

    @Test func resolverStyleExamplesRun() {
        _ = DocCommentExamples.addedChild()   // stops the program if the added child were not searched
        let container = Container(name: "doc-resolver")
        let coordinator = DocCommentExamples.registerInstances(container)
        let resolved: DashboardCoordinating = container.resolve()
        #expect(resolved === coordinator)
        #expect(container.resolve(Session.self, name: "current").user == "ada")

        let (keyed, same) = DocCommentExamples.keyedArguments(container)
        #expect((keyed.id, keyed.mode) == (3, "edit"))
        #expect((same.id, same.mode) == (3, "edit"))
        let literal = DocCommentExamples.dictionaryLiteralArguments(container)
        #expect((literal.id, literal.mode) == (3, "edit"))
        withContainer(container) {
            let screen = EditorScreen()
            screen.show()
            #expect(screen.editor.isLoaded && screen.editor.mode == "edit")
        }

        DocCommentExamples.chainedOptions(container)
        let fetcher: XYZFetching = container.resolve()
        let updater: XYZUpdating = container.resolve()
        let oneInstance = (fetcher as AnyObject) === (updater as AnyObject)
        #expect(oneInstance)   // one instance, .cached
        #expect(container.resolve(XYZPresenter.self).fetcher?.fetch() == ["combined"])
        DocCommentExamples.propertiesWithArguments(container)
        #expect(container.resolve(XYZPresenter.self, args: true).editMode)
        DocCommentExamples.renamed(container)
        #expect(container.resolve(XYZEditing.self, name: "edit") is XYZEditor)

        let shared = Container(name: "doc-implements")
        let (sharedFetcher, sharedUpdater) = DocCommentExamples.implementsShared(shared)
        let oneSharedInstance = (sharedFetcher as AnyObject) === (sharedUpdater as AnyObject)
        #expect(oneSharedInstance)

        let cyclic = Container(name: "doc-cycle")
        cyclic.register { c in CyclicB(c.resolve()) }
        cyclic.register(scope: .graph) { CyclicC() }
        DocCommentExamples.breakCycle(cyclic)
        let a: CyclicA = cyclic.resolve()
        #expect(a.b.c.a === a)

        let app = Container(name: "doc-decorate")
        app.register { ReportService() }
        DocCommentExamples.decorate(app, appLogger: Logger(label: "app"))
        #expect(app.resolve(ReportService.self).logger?.label == "app")

        weak var released: Container?
        do {
            let clocks = Container(name: "doc-decorate-cycle")
            clocks.register { Logger(label: "clock") }
            DocCommentExamples.decorateResolvingItself(clocks)
            #expect(clocks.resolve(Clock.self) === clocks.resolve(Clock.self), "the decorator's cycle is thrown to it; the build goes on")
            released = clocks
        }
        #expect(released == nil, "a decorator that resolves through Container.current does not keep its container")

        let editor = withContainer(Container(name: "doc-static")) { DocCommentExamples.staticRegistrations() }
        #expect(editor.id == 3)
    }

    @Test func mapperExampleLeavesSharedUnmapped() {
        let container = Container(name: "doc-mapper")
        withContainer(container) {
            DocCommentExamples.mapper()
            #expect(LoginViewController().viewModel.title == "Sign in")
        }
    }

    @Test func assigningNilRemovesAMapping() {
        let container = Container(name: "doc-mappings-nil")
        container.mappings[\.login.viewModel] = \.login.mockTestViewModel
        #expect(container.mapping(for: \.login.viewModel) != nil)
        #expect(container.mappings[\.login.viewModel] == \.login.mockTestViewModel)
        container.mappings[\.login.viewModel] = nil
        #expect(container.mapping(for: \.login.viewModel) == nil)
        #expect(container.mappings[\.login.viewModel] == \.login.viewModel)

        withContainer(container) {
            InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.mockTestViewModel)
            InjectionMapper[\.login.viewModel] = nil
            #expect(InjectionMapper[\.login.viewModel] == nil)
            #expect(InjectionMapper.target(of: \.login.viewModel) == \.login.viewModel)
            #expect(Container.shared.mapping(for: \.login.viewModel) == nil)
        }
    }

    @Test func mappingsSubscriptExampleEndsUnmapped() {
        let container = Container(name: "doc-mappings")
        DocCommentExamples.mappingsSubscript(container)
        #expect(container.mapping(for: \.login.viewModel) == nil)
        #expect(container.mappings[\.login.viewModel] == \.login.viewModel)
    }

    @Test func traceExamplesRun() throws {
        let app = Container(name: "doc-trace")
        #expect(DocCommentExamples.recordToMemory(app).contains(#""reason":"exit""#))
        #expect(DocCommentExamples.encodeEnd() == "{\"kind\":\"end\",\"t\":42,\"reason\":\"exit\"}\n")

        let line = Array(DocCommentExamples.encodeEnd().utf8)
        let (records, problems) = DocCommentExamples.readChunks([Array(line[..<7]), Array(line[7...]), Array(#"{"kind":"#.utf8)])
        #expect(records.count == 1)
        #expect(problems.contains { "\($0)".contains("truncated") })   // the incomplete last line
        #expect(line.withUnsafeBytes { DocCommentExamples.feedWithClosure($0) }.count == 1)

        #expect("\(DocCommentExamples.identity())" == "Login.viewModel: LoginViewModel")
        #expect("\(DocCommentExamples.sourceLocation())" == "MyApp/AppDelegate.swift:12")
        let token = DocCommentExamples.connectionToken()
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(DocCommentExamples.saturating() == .max)
        #expect(!DocCommentExamples.escaped().unicodeScalars.contains { $0.value == 0x1B })
        let kept = DocCommentExamples.escapedKeepingNewlines()
        #expect(kept.contains("\n") && !kept.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(DocCommentExamples.socketAddresses().1 == .loopback(port: 7777))
        let destinations = DocCommentExamples.bootstrapDestinations()
        #expect(try destinations[0].get() == .file(path: "/tmp/t.ndjson"))
        #expect(try destinations[1].get() == nil)
        #expect(try DocCommentExamples.wakePipe() == (["event"], false))
        try DocCommentExamples.backgroundThread()
    }
}

final class AppCoordinator: Coordinator {
    func finish() {}
}
