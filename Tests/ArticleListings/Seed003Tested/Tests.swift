import Injection
import Testing

/// Seed 003's scenarios, each on a container of its own (`Container.register` registers in the
/// task-local `Container.shared`).
struct TestedArticleTests {
    func onFreshContainer<R>(_ name: String = #function, _ body: () throws -> R) rethrows -> R {
        try withContainer(Container(name: "seed003-\(name)")) { try body() }
    }

    @Test func theCoordinatorNeedsNothingInjected() {
        #expect(DashboardCoordinator().start() == "dashboard")
    }

    @Test func theScreenGetsTheRegisteredCoordinator() {
        onFreshContainer {
            registerDependencies()
            #expect(DashboardViewController().coordinator.start() == "dashboard")
        }
    }

    @Test func aDoubleRegisteredBeforeTheScreenOverridesTheAppsCoordinator() {
        onFreshContainer {
            registerDependencies()   // what the app registered at launch
            let double = DashboardCoordinatorDouble()
            Container.register(double as DashboardCoordinating)   // the last one wins
            let screen = DashboardViewController()
            #expect(screen.coordinator.start() == "double")
            #expect(double.startCount == 1)
        }
    }

    @Test func aMissingRegistrationStopsWithTheTypesName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            withContainer(Container(name: "seed003-missing")) { _ = DashboardViewController() }
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("Missing registration: DashboardCoordinating in 'seed003-missing'"), "\(stderr)")
    }
}
