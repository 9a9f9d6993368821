import Injection
import Testing

/// `withContainer(_:operation:)` overrides `Container.shared` for a scope, so tests running in
/// parallel never see each other's registrations.
struct TaskLocalContainerTests {
    // MARK: - Scoped override

    @Test func withContainerReplacesSharedForItsScopeOnly() {
        let outside = Container.shared
        let test = Container(name: uniqueName("test"))
        withContainer(test) {
            #expect(Container.shared === test)
            Container.register { XYZService() }
        }
        #expect(Container.shared === outside)
        #expect(test.isRegistered(XYZService.self))
    }

    @Test func nestedOverridesRestoreTheOuterOne() {
        let outer = Container(name: uniqueName("outer"))
        let inner = outer.makeChild(name: uniqueName("inner"))
        withContainer(outer) {
            withContainer(inner) { #expect(Container.shared === inner) }
            #expect(Container.shared === outer)
        }
    }

    @Test func withContainerReturnsAndRethrows() {
        struct Stop: Error {}
        let test = Container(name: uniqueName("test"))
        test.register { WeatherService(city: "Zadar") }
        let city = withContainer(test) { Container.resolve(WeatherService.self).city }
        #expect(city == "Zadar")
        #expect(throws: Stop.self) { try withContainer(test) { throw Stop() } }
    }

    @Test func wrappersInsideUseTheScopedContainer() {
        let test = Container(name: uniqueName("test"))
        test.register { DashboardCoordinatorDouble() as DashboardCoordinating }
        let screen = withContainer(test) { DashboardViewController() }
        #expect(screen.viewDidLoad() == "double")
    }

    // MARK: - Tasks

    @Test func childTasksInheritTheScopedContainer() async {
        let test = Container(name: uniqueName("test"))
        test.register { WeatherService(city: "Hvar") }
        let city = await withContainer(test) {
            await Task { Container.resolve(WeatherService.self).city }.value
        }
        #expect(city == "Hvar")
    }

    @Test func parallelTasksDoNotSeeEachOthersRegistrations() async {
        let cities = (0..<32).map { "city-\($0)" }
        let results = await withTaskGroup(of: (String, String, Bool).self) { group in
            for city in cities {
                group.addTask {
                    await withContainer(Container(name: uniqueName("test"))) {
                        Container.register(WeatherProviding.self) { WeatherService(city: city) }
                        await Task.yield()
                        @Injected var weather: WeatherProviding
                        await Task.yield()
                        // Every other task's registration is of the same key, in its own container.
                        let only = Container.shared.isRegistered(WeatherProviding.self)
                        return (city, weather.city, only)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == cities.count)
        for (asked, got, registered) in results {
            #expect(asked == got)
            #expect(registered)
        }
    }

    @Test func registrationsInAScopedContainerDoNotLeakIntoTheDefaultOne() async {
        let test = Container(name: uniqueName("test"))
        withContainer(test) { Container.register { UserSettingsService() } }
        // A detached task does not inherit task-locals: it sees the process's default container.
        let leaked = await Task.detached { Container.shared.isRegistered(UserSettingsService.self) }.value
        #expect(!leaked)
    }
}
