import Injection
import Testing

/// `@Injected`, `@LazyInjected`, `@WeakLazyInjected`, `@OptionalInjected` and `@Service`.
struct PropertyWrapperTests {
    // MARK: - @Injected

    @Test func injectedResolvesWhenTheObjectIsMade() {
        let app = Container(name: uniqueName("app"))
        let calls = CallCounter()
        app.register { () -> XYZFetching in
            calls.increment()
            return XYZFetcher()
        }
        app.register { XYZService() }

        withContainer(app) {
            let model = XYZInjectedViewModel()
            #expect(calls.value == 1)
            #expect(model.load() == "image(data(token))")
            #expect(calls.value == 1)
        }
    }

    @Test func injectedFromAnExplicitContainerWithAName() {
        let app = Container(name: uniqueName("app"))
        app.register(name: "mock") { XYZFetcherDouble() as XYZFetching }

        @Injected(name: "mock", container: app) var fetcher: XYZFetching
        #expect(fetcher is XYZFetcherDouble)
    }

    @Test func injectedIsAssignableForTests() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZService() }

        withContainer(app) {
            let model = XYZInjectedViewModel()
            model.fetcher = XYZFetcherDouble()
            #expect(model.load() == "image(stub)")
        }
    }

    @Test func registrationsMadeOnTheFlyAreSeenByInjectedViewModels() {
        // The seed's `register { XYZViewModel() }` with @Injected properties inside.
        let app = Container(name: uniqueName("app"))
        app.register { XYZInjectedViewModel() }
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZService() }

        let model: XYZInjectedViewModel = withContainer(app) { app.resolve() }
        #expect(model.load() == "image(data(token))")
    }

    // MARK: - @LazyInjected

    @Test func lazyInjectedResolvesAtFirstAccessOnly() {
        let app = Container(name: uniqueName("app"))
        let calls = CallCounter()
        app.register { () -> XYZService in
            calls.increment()
            return XYZService()
        }

        @LazyInjected(container: app) var service: XYZService
        #expect(calls.value == 0)
        #expect(!$service.isResolved)

        let first = service
        let second = service
        #expect(calls.value == 1)
        #expect(first === second)
        #expect($service.isResolved)
    }

    @Test func lazyInjectedNameIsChosenAtRunTimeThroughTheProjectedValue() {
        let app = Container(name: uniqueName("app"))
        for mode in ["edit", "add"] {
            app.register(name: mode) { _ in
                let model = XYZViewModel(fetcher: XYZFetcher(), service: XYZService())
                model.mode = mode
                return model
            }
        }

        withContainer(app) {
            #expect(XYZViewController().viewDidLoad(editing: true) == "edit")
            #expect(XYZViewController().viewDidLoad(editing: false) == "add")
        }
    }

    @Test func lazyInjectedContainerIsChosenThroughTheProjectedValue() {
        let live = Container(name: uniqueName("live"))
        let mock = Container(name: uniqueName("mock"))
        live.register { XYZFetcher() as XYZFetching }
        mock.register { XYZFetcherDouble() as XYZFetching }

        @LazyInjected(container: live) var fetcher: XYZFetching
        $fetcher.container = mock
        #expect(fetcher is XYZFetcherDouble)
    }

    @Test func lazyInjectedAssignedValueIsNeverResolved() {
        // Nothing is registered: an assigned value means no resolve happens.
        let empty = Container(name: uniqueName("empty"))
        @LazyInjected(container: empty) var fetcher: XYZFetching
        fetcher = XYZFetcherDouble()
        #expect(fetcher.getData("x") == "stub")
    }

    @Test func lazyInjectedReleaseResolvesAgain() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }

        @LazyInjected(container: app) var service: XYZService
        let first = service
        $service.release()
        #expect(!$service.isResolved)
        #expect(service !== first)
    }

    // MARK: - @WeakLazyInjected

    @Test func weakLazyInjectedDoesNotKeepTheServiceAlive() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { XYZSessionManager() }

        var holder: XYZSessionManager? = app.resolve(XYZSessionManager.self)
        @WeakLazyInjected(container: app) var session: XYZSessionManager?
        #expect(session === holder)

        holder = nil
        #expect(session == nil)
    }

    @Test func weakLazyInjectedResolvesAtFirstAccessAndSeesASingleton() {
        let app = Container(name: uniqueName("app"))
        let calls = CallCounter()
        app.register(scope: .singleton) { () -> XYZSessionManager in
            calls.increment()
            return XYZSessionManager()
        }

        @WeakLazyInjected(container: app) var session: XYZSessionManager?
        #expect(calls.value == 0)
        #expect(session === app.resolve(XYZSessionManager.self))
        #expect(calls.value == 1)
    }

    @Test func weakLazyInjectedNameIsSetThroughTheProjectedValue() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZSessionManager() }
        app.register(name: "backup", scope: .singleton) { XYZSessionManager() }

        @WeakLazyInjected(container: app) var session: XYZSessionManager?
        $session.name = "backup"
        #expect(session === app.resolve(XYZSessionManager.self, name: "backup"))
        #expect(session !== app.resolve(XYZSessionManager.self))
    }

    @Test func weakLazyInjectedIsAssignable() {
        let empty = Container(name: uniqueName("empty"))
        let session = XYZSessionManager()
        @WeakLazyInjected(container: empty) var weakSession: XYZSessionManager?
        weakSession = session
        #expect(weakSession === session)
    }

    // MARK: - @OptionalInjected

    @Test func optionalInjectedIsNilWhenNothingIsRegistered() {
        let app = Container(name: uniqueName("app"))
        @OptionalInjected(container: app) var missing: XYZService?
        #expect(missing == nil)

        app.register { XYZService() }
        @OptionalInjected(container: app) var present: XYZService?
        #expect(present != nil)
    }

    @Test func optionalInjectedUsesTheSharedContainerAndIsAssignable() {
        let app = Container(name: uniqueName("app"))
        app.register(name: "fast") { XYZService() }
        withContainer(app) {
            @OptionalInjected(name: "fast") var service: XYZService?
            #expect(service != nil)
            service = nil
            #expect(service == nil)
        }
    }

    // MARK: - @Service (seed 001)

    @Test func serviceOnMembers() {
        let app = Container(name: uniqueName("app"))
        app.register(NetworkService.self, NetworkService())
        withContainer(app) {
            #expect(WeatherDataService().forecast() == "weather")
        }
    }

    @Test func serviceOnLocalVariablesInAComputedProperty() {
        let app = Container(name: uniqueName("app"))
        app.register(TranslationService.self, TranslationService())
        app.register(UserSettingsService.self, UserSettingsService())
        withContainer(app) {
            #expect("hello".translated == "hello@hr")
        }
    }

    @Test func serviceOnLocalVariablesInAFunction() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { BluetoothService() }

        func connect() -> Int {
            @Service var bluetooth: BluetoothService
            return bluetooth.number
        }
        withContainer(app) {
            #expect(connect() == connect())
        }
    }

    @Test func serviceWithAPerUseServiceType() {
        let app = Container(name: uniqueName("app"))
        app.register { BluetoothService() }
        withContainer(app) {
            @Service(.singleton) var first: BluetoothService
            @Service(.singleton) var second: BluetoothService
            @Service(.new) var fresh: BluetoothService
            #expect(first === second)
            #expect(fresh !== first)
        }
    }
}
