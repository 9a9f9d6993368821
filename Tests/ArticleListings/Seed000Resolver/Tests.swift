import ArticleListingSupport
import Injection
import Testing

/// Seed 000's scenarios in its own spellings, each on a container of its own (`Resolver`'s
/// statics use `Container.shared`, which is task-local).
struct ResolverArticleTests {
    typealias Constructor = Resolver.ConstructorInjection
    typealias Property = Resolver.PropertyInjection
    typealias Named = Resolver.NamedServices

    func onFreshContainer<R>(_ name: String = #function, _ body: (Container) throws -> R) rethrows -> R {
        let container = Container(name: "seed000-\(name)")
        return try withContainer(container) { try body(container) }
    }

    @Test func theRegistrationBlockBuildsTheGraphForTheViewController() {
        onFreshContainer { _ in
            Constructor().setupMyRegistrations()
            _ = Constructor.XYZViewController()   // resolves its view model, and that its parts
            let viewModel: Constructor.XYZViewModel = Resolver.resolve()
            #expect(viewModel.load() == Array("nekot".utf8))
        }
    }

    @Test func propertyInjectionNeedsNoInitializer() {
        onFreshContainer { _ in
            Property().setupMyRegistrations()
            _ = Property.XYZViewController()
            let viewModel: Property.XYZViewModel = Resolver.resolve()
            #expect(viewModel.load() == Array("nekot".utf8))
        }
    }

    @Test func everyInjectedPropertyIsResolvedAtInit() {
        struct Bundle: BundleProviding {}
        struct TouchID: TouchIDManaging {}
        struct Status: SystemStatusProviding {}
        onFreshContainer { container in
            container.register { UserStateMachine() }
            container.register { KeyValueStore() }
            container.register { Bundle() as BundleProviding }
            container.register { TouchID() as TouchIDManaging }
            container.register { Status() as SystemStatusProviding }
            container.register(scope: .singleton) { KeychainManager() }
            let model = Property.MyViewModel()
            #expect(model.bundle is Bundle)
            #expect(Property.KeychainUser().keychain === Property.KeychainUser().keychain)
            let constructed = Constructor.MyViewModel(
                userStateMachine: model.userStateMachine, bundle: model.bundle, touchID: model.touchIdService,
                status: model.status, keyValueStore: model.keyValueStore)
            #expect(constructed.userStateMachine === model.userStateMachine)
        }
    }

    @Test func theNameChosenInViewDidLoadPicksTheViewModel() {
        onFreshContainer { _ in
            Named().setupMyRegistrations()
            let adding = Named.XYZViewController()
            adding.viewDidLoad()
            #expect(adding.shownViewModel is Named.NewXYZViewModel)
            let editing = Named.XYZViewController()
            editing.myData = MyData()
            editing.viewDidLoad()
            #expect(editing.shownViewModel is Named.EditXYZViewModel)
        }
    }
}

/// The article's first spelling, `$viewModel.name = …` on an `@Injected` property, stays refused
/// (it resolves at init, so a later name could change nothing), and the compiler says what to
/// write instead.
struct NamedInjectedCompileTests {
    @Test func settingTheNameOfAnInjectedPropertyIsRefusedWithTheFix() throws {
        let result = try SnippetTypecheck.run("""
            import Injection
            protocol XYZViewModel: AnyObject {}
            struct MyData {}
            final class XYZViewController {
                @Injected private var viewModel: XYZViewModel
                var myData: MyData?
                func viewDidLoad() {
                    $viewModel.name = myData == nil ? "add" : "edit"
                }
            }
            """)
        #expect(result.status != 0)
        #expect(result.output.contains("'name' is unavailable: @Injected resolves when its object is created"), "\(result.output)")
        #expect(result.output.contains("declare it @LazyInjected"), "\(result.output)")
    }

    @Test func theLazyTwinCompiles() throws {
        let result = try SnippetTypecheck.run("""
            import Injection
            protocol XYZViewModel: AnyObject {}
            struct MyData {}
            final class XYZViewController {
                @LazyInjected private var viewModel: XYZViewModel
                var myData: MyData?
                func viewDidLoad() {
                    $viewModel.name = myData == nil ? "add" : "edit"
                }
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }
}
