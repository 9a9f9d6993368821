import Injection
import Testing

/// Scopes: how long an instance lives and who shares it; resetting scopes.
struct ScopeTests {
    // MARK: - unique

    @Test func uniqueBuildsANewInstanceEveryTime() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        #expect(app.resolve(XYZService.self) !== app.resolve(XYZService.self))
    }

    // MARK: - graph

    @Test func graphSharesOneInstanceWithinAResolutionPass() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .graph) { XYZSessionManager() }
        app.register { c in XYZFetcher(session: c.resolve()) as XYZFetching }
        app.register { c in SessionPair(first: c.resolve(), second: c.resolve(), fetcher: c.resolve()) }

        let pair: SessionPair = app.resolve()
        #expect(pair.first === pair.second)
        #expect((pair.fetcher as? XYZFetcher)?.session === pair.first)

        let next: SessionPair = app.resolve()
        #expect(next.first !== pair.first)
    }

    @Test func graphResolvedFromAppCodeIsNewEachTime() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .graph) { XYZSessionManager() }
        #expect(app.resolve(XYZSessionManager.self) !== app.resolve(XYZSessionManager.self))
    }

    // MARK: - cached

    @Test func cachedKeepsOneInstancePerContainerUntilReset() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { XYZSessionManager() }
        let first: XYZSessionManager = app.resolve()
        #expect(app.resolve(XYZSessionManager.self) === first)

        app.reset(.cached)
        let afterReset: XYZSessionManager = app.resolve()
        #expect(afterReset !== first)
        #expect(app.resolve(XYZSessionManager.self) === afterReset)
    }

    @Test func cachedIsPerContainer() {
        let one = Container(name: uniqueName("one"))
        let two = Container(name: uniqueName("two"))
        for container in [one, two] { container.register(scope: .cached) { XYZSessionManager() } }
        #expect(one.resolve(XYZSessionManager.self) !== two.resolve(XYZSessionManager.self))
    }

    @Test func resettingAnotherScopeKeepsTheCachedInstance() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { XYZSessionManager() }
        let first: XYZSessionManager = app.resolve()
        app.reset(.singleton)
        app.reset(.custom("session"))
        #expect(app.resolve(XYZSessionManager.self) === first)
    }

    // MARK: - shared

    @Test func sharedLivesWhileSomebodyHoldsIt() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { BluetoothService() }

        var held: BluetoothService? = app.resolve(BluetoothService.self)
        let number = held!.number
        #expect(app.resolve(BluetoothService.self).number == number)

        held = nil
        #expect(app.resolve(BluetoothService.self).number != number)
    }

    @Test func sharedResetForgetsAHeldInstance() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { BluetoothService() }
        let held: BluetoothService = app.resolve()
        app.reset(.shared)
        #expect(app.resolve(BluetoothService.self) !== held)
    }

    // MARK: - singleton

    @Test func singletonLivesAsLongAsTheContainer() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { BluetoothService() }
        let number = app.resolve(BluetoothService.self).number
        app.reset(.cached)
        #expect(app.resolve(BluetoothService.self).number == number)
    }

    @Test func applicationIsTheSingletonScope() {
        #expect(Scope.application == Scope.singleton)
        let app = Container(name: uniqueName("app"))
        app.register(scope: .application) { XYZSessionManager() }
        #expect(app.resolve(XYZSessionManager.self) === app.resolve(XYZSessionManager.self))
    }

    @Test func singletonCanBeResetExplicitly() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZSessionManager() }
        let first: XYZSessionManager = app.resolve()
        app.reset(.singleton)
        #expect(app.resolve(XYZSessionManager.self) !== first)
    }

    // MARK: - custom

    @Test func customScopeIsResetOnItsOwn() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .custom("login")) { XYZSessionManager() }
        app.register(scope: .custom("cart")) { XYZService() }
        app.register(scope: .cached) { NetworkService() }
        let session: XYZSessionManager = app.resolve()
        let service: XYZService = app.resolve()
        let network: NetworkService = app.resolve()

        app.reset(.custom("login"))

        #expect(app.resolve(XYZSessionManager.self) !== session)
        #expect(app.resolve(XYZService.self) === service)
        #expect(app.resolve(NetworkService.self) === network)
    }

    @Test func scopesAreLookedUpByName() {
        #expect(Scope(named: "graph") == .graph)
        #expect(Scope(named: "application") == .singleton)
        #expect(Scope(named: "login") == .custom("login"))
        #expect(Scope(named: "") == nil)
    }

    // MARK: - Children

    @Test func parentsCachedInstanceIsSharedWithChildren() {
        let app = Container(name: uniqueName("app"))
        let feature = app.makeChild(name: uniqueName("feature"))
        app.register(scope: .cached) { XYZSessionManager() }
        #expect(feature.resolve(XYZSessionManager.self) === app.resolve(XYZSessionManager.self))

        feature.reset(.cached)  // resets only the child's own instances
        #expect(feature.resolve(XYZSessionManager.self) === app.resolve(XYZSessionManager.self))
    }
}

final class SessionPair {
    let first: XYZSessionManager
    let second: XYZSessionManager
    let fetcher: XYZFetching
    init(first: XYZSessionManager, second: XYZSessionManager, fetcher: XYZFetching) {
        self.first = first
        self.second = second
        self.fetcher = fetcher
    }
}
