import Injection
import Testing

/// Explicit containers, the default shared one, and child containers that fall back to their
/// parent.
struct ContainerHierarchyTests {
    // MARK: - Explicit containers

    @Test func explicitContainersAreIndependent() {
        let live = Container(name: uniqueName("live"))
        let mock = Container(name: uniqueName("mock"))
        live.register { XYZFetcher() as XYZFetching }
        mock.register { XYZFetcherDouble() as XYZFetching }

        #expect(live.resolve(XYZFetching.self) is XYZFetcher)
        #expect(mock.resolve(XYZFetching.self) is XYZFetcherDouble)
    }

    @Test func unnamedContainersGetDistinctNames() {
        #expect(Container().name != Container().name)
    }

    @Test func defaultSharedContainerIsNamedShared() async {
        // Outside any `withContainer`, the wrappers and statics use the process's shared container.
        let shared = await Task.detached { Container.shared }.value
        #expect(shared.name == "shared")
        #expect(shared.parent == nil)
    }

    // MARK: - Children

    @Test func childFallsBackToItsParent() {
        let app = Container(name: uniqueName("app"))
        let feature = app.makeChild(name: uniqueName("feature"))
        app.register { XYZService() }

        #expect(feature.parent === app)
        #expect(feature.isRegistered(XYZService.self))
        #expect(feature.optional(XYZService.self) != nil)
    }

    @Test func grandchildFallsBackThroughTheChain() {
        let app = Container(name: uniqueName("app"))
        let feature = app.makeChild(name: uniqueName("feature"))
        let screen = feature.makeChild(name: uniqueName("screen"))
        app.register(name: "edit") { XYZService() }

        #expect(screen.optional(XYZService.self, name: "edit") != nil)
    }

    @Test func childRegistrationShadowsTheParentsAndLeavesItUntouched() {
        let app = Container(name: uniqueName("app"))
        let tests = app.makeChild(name: uniqueName("tests"))
        app.register { XYZFetcher() as XYZFetching }
        tests.register { XYZFetcherDouble() as XYZFetching }

        #expect(tests.resolve(XYZFetching.self) is XYZFetcherDouble)
        #expect(app.resolve(XYZFetching.self) is XYZFetcher)
    }

    @Test func parentDoesNotSeeItsChildrensRegistrations() {
        let app = Container(name: uniqueName("app"))
        let tests = app.makeChild(name: uniqueName("tests"))
        tests.register { XYZService() }
        #expect(!app.isRegistered(XYZService.self))
        #expect(app.optional(XYZService.self) == nil)
    }

    @Test func childOverridesApplyToStaticResolvesInsideAParentsFactory() {
        // `Container.resolve()` in a factory follows the container the resolution started in.
        let app = Container(name: uniqueName("app"))
        let tests = app.makeChild(name: uniqueName("tests"))
        app.register { XYZViewModel(fetcher: Container.resolve(), service: Container.resolve()) }
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZService() }
        tests.register { XYZFetcherDouble() as XYZFetching }

        #expect(tests.resolve(XYZViewModel.self).load() == "image(stub)")
        #expect(app.resolve(XYZViewModel.self).load() == "image(data(token))")
    }

    @Test func childOverridesApplyToTheContainerGivenToAParentsFactory() {
        let app = Container(name: uniqueName("app"))
        let tests = app.makeChild(name: uniqueName("tests"))
        app.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZService() }
        tests.register { XYZFetcherDouble() as XYZFetching }

        #expect(tests.resolve(XYZViewModel.self).load() == "image(stub)")
        #expect(app.resolve(XYZViewModel.self).load() == "image(data(token))")
    }

    @Test func childDecoratorResolvesTheParentsRegistrationOfTheSameType() throws {
        // Two containers resolving the same type in one chain is not a cycle.
        let app = Container(name: uniqueName("app"))
        let feature = app.makeChild(name: uniqueName("feature"))
        app.register { XYZFetcher() as XYZFetching }
        feature.register { c in try LoggingFetcher(inner: c.parent!.tryResolve()) as XYZFetching }

        let fetcher = try feature.tryResolve(XYZFetching.self)
        #expect(fetcher.getData("t") == "logged(data(t))")
    }
}

/// A decorator registered in a child container around the parent's fetcher.
final class LoggingFetcher: XYZFetching {
    let inner: XYZFetching
    init(inner: XYZFetching) { self.inner = inner }
    func getData(_ token: String) -> String { "logged(\(inner.getData(token)))" }
}
