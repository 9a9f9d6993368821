import Injection
import Testing

/// The service type chosen where a service is used (seed 001): `singleton`, `newSingleton`,
/// `new`, `automatic`.
struct ServiceLifetimeTests {
    // MARK: - singleton

    @Test func singletonBuildsOnceAndReusesTheKeptInstance() {
        let app = Container(name: uniqueName("app"))
        let calls = CallCounter()
        app.register { () -> BluetoothService in
            calls.increment()
            return BluetoothService()
        }

        let first: BluetoothService = app.resolve(lifetime: .singleton)
        let second: BluetoothService = app.resolve(lifetime: .singleton)
        #expect(first === second)
        #expect(calls.value == 1)
    }

    // MARK: - newSingleton

    @Test func newSingletonBuildsANewInstanceAndReplacesTheKeptOne() {
        let app = Container(name: uniqueName("app"))
        app.register { BluetoothService() }

        let old: BluetoothService = app.resolve(lifetime: .singleton)
        let replacement: BluetoothService = app.resolve(lifetime: .newSingleton)
        #expect(replacement !== old)
        #expect(app.resolve(BluetoothService.self, lifetime: .singleton) === replacement)
    }

    // MARK: - new

    @Test func newAlwaysBuildsAndKeepsNothing() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { BluetoothService() }

        let kept: BluetoothService = app.resolve()
        let fresh: BluetoothService = app.resolve(lifetime: .new)
        #expect(fresh !== kept)
        #expect(app.resolve(BluetoothService.self) === kept)
    }

    // MARK: - automatic

    @Test func automaticFollowsTheRegistrationsScope() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        app.register(scope: .singleton) { XYZSessionManager() }

        #expect(app.resolve(XYZService.self, lifetime: .automatic) !== app.resolve(XYZService.self))
        #expect(app.resolve(XYZSessionManager.self, lifetime: .automatic) === app.resolve(XYZSessionManager.self))
    }

    @Test func automaticResolveOfAUniqueRegistrationStaysUniqueAfterASingletonUse() {
        let app = Container(name: uniqueName("app"))
        app.register { BluetoothService() }

        let single: BluetoothService = app.resolve(lifetime: .singleton)
        let automatic: BluetoothService = app.resolve()
        #expect(automatic !== single)
        #expect(app.resolve(BluetoothService.self) !== automatic)
    }

    @Test func automaticResolveOfACachedRegistrationSeesASingletonUse() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { BluetoothService() }

        let single: BluetoothService = app.resolve(lifetime: .singleton)
        #expect(app.resolve(BluetoothService.self) === single)
    }

    @Test func resettingTheRegistrationsScopeDropsAnInstanceKeptBySingletonUse() {
        // The kept instance belongs to the registration's own scope: `reset(.cached)` drops it.
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { BluetoothService() }

        let single: BluetoothService = app.resolve(lifetime: .singleton)
        app.reset(.cached)
        #expect(app.resolve(BluetoothService.self) !== single)
        #expect(app.resolve(BluetoothService.self, lifetime: .singleton) !== single)
    }

    @Test func wrappersDefaultToAutomatic() {
        let app = Container(name: uniqueName("app"))
        app.register { BluetoothService() }
        withContainer(app) {
            @Service var first: BluetoothService
            @Service var second: BluetoothService
            @LazyInjected var lazy: BluetoothService
            #expect(first !== second)
            #expect($lazy.lifetime == .automatic)
            #expect(lazy !== first)
        }
    }
}
