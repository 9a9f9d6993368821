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

    // MARK: - Read in place

    /// `Container.resolve()`, `@Injected`, `@Service` and `@OptionalInjected` read the binding
    /// in place instead of through `Container.shared`'s copying getter; they must still answer
    /// from exactly the container it names: the default, one bound by `Container.$shared.withValue`
    /// itself (not only `withContainer`), the innermost of nested bindings, and the outer one again.
    @Test func everySpellingThatReadsSharedFollowsWhatItNames() {
        let outer = Container(name: uniqueName("outer"))
        let inner = outer.makeChild(name: uniqueName("inner"))
        outer.register { Ferry(port: "Pula") }
        inner.register { Ferry(port: "Vis") }
        Container.$shared.withValue(outer) {
            #expect(Self.portsThroughEverySpelling() == ["Pula", "Pula", "Pula", "Pula"])
            withContainer(inner) {
                #expect(Self.portsThroughEverySpelling() == ["Vis", "Vis", "Vis", "Vis"])
            }
            #expect(Self.portsThroughEverySpelling() == ["Pula", "Pula", "Pula", "Pula"])
        }
        // Outside both, the default container answers: nothing registers a `Ferry` there.
        @OptionalInjected var none: Ferry?
        #expect(none == nil)
        #expect(Container.optional(Ferry.self) == nil)
    }

    /// A thread that is not a task keeps synchronous bindings in its own storage: the in-place
    /// read finds them there, and another thread, bound to nothing, reads the default.
    @Test func aPlainThreadsBindingIsReadInPlaceThereOnly() {
        let bound = Container(name: uniqueName("thread"))
        bound.register { Ferry(port: "Krk") }
        let answers = PerThreadValues(count: 2)
        onThreads(2) { thread in
            if thread == 0 {
                let ports = Container.$shared.withValue(bound) { Self.portsThroughEverySpelling() }
                answers.record(ports == ["Krk", "Krk", "Krk", "Krk"] ? 1 : -1, forThread: thread)
            } else {
                answers.record(Container.optional(Ferry.self) == nil ? 1 : -1, forThread: thread)
            }
        }
        #expect(answers.values == [1, 1])
    }

    /// The port each spelling that reads ``Container/shared`` resolves to.
    private static func portsThroughEverySpelling() -> [String] {
        @Injected var injected: Ferry
        @Service var service: Ferry
        @OptionalInjected var optional: Ferry?
        return [Container.resolve(Ferry.self).port, injected.port, service.port, optional?.port ?? "none"]
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

/// A service only the scoped containers of `TaskLocalContainerTests` register (never the
/// process's default container, which the default-reading checks rely on).
private final class Ferry: Sendable {
    let port: String
    init(port: String) { self.port = port }
}
