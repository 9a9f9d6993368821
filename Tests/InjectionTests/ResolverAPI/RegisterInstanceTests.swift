import Injection
import InjectionTesting
import Testing

/// Registering a ready-made instance, and the static registration forms.
struct RegisterInstanceTests {
    @Test func everyResolveReturnsTheRegisteredInstance() {
        let app = Container(name: uniqueName("app"))
        let coordinator = DashboardCoordinator()
        app.register(coordinator as DashboardCoordinating)

        #expect(app.resolve(DashboardCoordinating.self) === coordinator)
        #expect(app.resolve(DashboardCoordinating.self) === coordinator)
        #expect(app.resolve(DashboardCoordinating.self, lifetime: .new) === coordinator)
    }

    @Test func aLaterInstanceReplacesTheEarlierOneAsADouble() {
        // Seed 003: register the real coordinator, then the test's double under the same protocol.
        let app = Container(name: uniqueName("app"))
        app.register(DashboardCoordinator() as DashboardCoordinating)
        let double = DashboardCoordinatorDouble()
        app.register(double as DashboardCoordinating)

        #expect(app.resolve(DashboardCoordinating.self) === double)
    }

    @Test func anInstanceCanBeNamedAndIsASingletonInEvents() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record {
            app.register("https://api.example.com", name: "baseURL")
            #expect(app.resolve(String.self, name: "baseURL") == "https://api.example.com")
        }
        #expect(recorder.registered.map(\.service.description) == [#"String (name: "baseURL")"#])
        #expect(recorder.registered.map(\.scope) == [.singleton])
    }

    @Test func aFactoryClosureIsStillAFactory() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        #expect(app.resolve(XYZService.self) !== app.resolve(XYZService.self))
    }

    // MARK: - Static forms

    @Test(.container) func staticFormsRegisterInTheSharedContainer() {
        let coordinator = DashboardCoordinator()
        Container.register(coordinator as DashboardCoordinating)
        Container.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        Container.register { _, args in EditorViewModel(id: args("id"), mode: "edit") }
        Container.register(XYZFetching.self, XYZFetcher())
        Container.register { XYZService() }

        #expect(Container.shared.resolve(DashboardCoordinating.self) === coordinator)
        let model: XYZViewModel = Container.resolve()
        #expect(model.load() == "image(data(token))")
        #expect(Container.resolve(EditorViewModel.self, args: ["id": 5]).id == 5)
    }
}
