import Injection
import Testing

/// Seed 001's scenarios in its own spellings, each on a container of its own (the static
/// `ServiceContainer` forms use `Container.shared`, which is task-local).
struct ServiceArticleTests {
    func onFreshContainer<R>(_ name: String = #function, _ body: () throws -> R) rethrows -> R {
        try withContainer(Container(name: "seed001-\(name)")) { try body() }
    }

    @Test func theAppRegistersAndTheWrappersResolve() {
        onFreshContainer {
            _ = ServicesDIApp()
            _ = NewViewModel()   // would stop the program if a service were missing
            _ = ViewModel(servicaA: ServiceA(), serviceB: ServiceB(), serviceC: ServiceC())
            #expect(ServiceContainer.resolve(.automatic, ServiceA.self) != nil)
        }
    }

    @Test func theServiceTypesChooseSharedOrNewAtTheUseSite() throws {
        try onFreshContainer {
            _ = ServicesDIApp()
            let singleton = try #require(ServiceContainer.resolve(.singleton, ServiceA.self))
            #expect(ServiceContainer.resolve(.singleton, ServiceA.self) === singleton)   // cached
            #expect(ServiceContainer.resolve(.new, ServiceA.self) !== singleton)         // built anew
            #expect(ServiceContainer.resolve(.automatic, ServiceA.self) !== singleton)   // .new by default
            let replaced = try #require(ServiceContainer.resolve(.newSingleton, ServiceA.self))
            #expect(replaced !== singleton)
            #expect(ServiceContainer.resolve(.singleton, ServiceA.self) === replaced)    // the new one is kept
            #expect(resolveOrFail(.singleton, ServiceA.self) === replaced)
        }
    }

    @Test func aMissingServiceIsNil() {
        onFreshContainer {
            // "If we don't find a service, we return nil."
            #expect(ServiceContainer.resolve(.automatic, NetworkService.self) == nil)
        }
    }

    @Test func servicesUseServicesAndLocalWrappers() {
        onFreshContainer {
            ServiceContainer.register(type: NetworkService.self, NetworkService())
            ServiceContainer.register(type: TranslationService.self, TranslationService())
            ServiceContainer.register(type: UserSettingsService.self, UserSettingsService())
            WeatherDataService().someMethod()
            #expect("hello".translated == "hello [hr]")
        }
    }

    @Test func aMissingServiceStopsTheWrapperWithItsName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            withContainer(Container(name: "seed001-missing")) { _ = WeatherDataService() }
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("Missing registration: NetworkService in 'seed001-missing'"), "\(stderr)")
    }
}
