import Injection

// "Dependency injection with property wrappers" (tested) (seed 003). The article shows its code
// as images only; these listings are written from its prose: a coordinator registered by its
// protocol at launch, a screen whose property wrapper resolves it in its initializer, and a test
// double registered under the same protocol before the screen is built (the last registration
// wins). The article's own container and wrapper are what the library's `Container` and
// `@Injected` replace.

// Listing: "An example of a dependency is a coordinator"
protocol DashboardCoordinating: AnyObject {
    func start() -> String
}

final class DashboardCoordinator: DashboardCoordinating {
    func start() -> String { "dashboard" }
}

// Listing: the screen, whose wrapper resolves the coordinator in its initializer
final class DashboardViewController {
    @Injected var coordinator: DashboardCoordinating
}

// Listing: registering at launch (`didFinishLaunchingWithOptions`)
func registerDependencies() {
    Container.register(DashboardCoordinator() as DashboardCoordinating)
}

// Listing: the test double, registered under the same protocol
final class DashboardCoordinatorDouble: DashboardCoordinating {
    private(set) var startCount = 0
    func start() -> String {
        startCount += 1
        return "double"
    }
}
