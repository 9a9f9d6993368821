import Injection
import Testing

/// Asking a lazy or weak wrapper whether it holds an instance (`$service.isEmpty`).
struct WrapperStateTests {
    final class Detail {
        @WeakLazyInjected var coordinator: DashboardCoordinator?
        @LazyInjected var service: XYZService
    }

    @Test func lazyInjectedIsEmptyUntilReadAndAfterRelease() {
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        withContainer(app) {
            let detail = Detail()
            #expect(detail.$service.isEmpty)
            _ = detail.service
            #expect(!detail.$service.isEmpty)
            detail.$service.release()
            #expect(detail.$service.isEmpty)
            detail.service = XYZService()
            #expect(!detail.$service.isEmpty)
        }
    }

    @Test func weakLazyInjectedIsEmptyOnceEverybodyElseLetsGo() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { DashboardCoordinator() }
        withContainer(app) {
            let detail = Detail()
            #expect(detail.$coordinator.isEmpty)
            #expect(!detail.$coordinator.isResolved)
            var holder: DashboardCoordinator? = app.resolve(DashboardCoordinator.self)
            #expect(detail.coordinator === holder)
            #expect(!detail.$coordinator.isEmpty)
            holder = nil
            _ = holder
            #expect(detail.$coordinator.isEmpty)
            #expect(detail.$coordinator.isResolved)
            #expect(detail.coordinator == nil)   // resolved once: it does not resolve again
        }
    }

    @Test func weakLazyInjectedPassesItsArguments() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { _, args in XYZArgumentService(condition: args("on")) }
        withContainer(app) {
            let holder: XYZArgumentService = app.resolve(args: ["on": true])
            @WeakLazyInjected var service: XYZArgumentService?
            $service.args = ["on": false]
            // The shared instance is kept: the weak wrapper gets the same one.
            #expect(service === holder)
            _ = holder
        }
    }
}
