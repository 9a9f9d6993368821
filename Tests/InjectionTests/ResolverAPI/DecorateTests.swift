import Injection
import Synchronization
import Testing

/// `decorate`: a container-wide hook called with every instance the container builds.
struct DecorateTests {
    final class Seen: Sendable {
        let names = Mutex<[String]>([])
        func add(_ service: Any) { names.withLock { $0.append("\(type(of: service))") } }
        var all: [String] { names.withLock { $0 } }
    }

    @Test func everyBuiltInstanceIsDecoratedOnce() {
        let app = Container(name: uniqueName("app"))
        let seen = Seen()
        app.decorate { seen.add($0) }
        app.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZService() }.scope(.cached)

        _ = app.resolve(XYZViewModel.self)
        _ = app.resolve(XYZViewModel.self)
        #expect(seen.all == ["XYZFetcher", "XYZService", "XYZViewModel", "XYZFetcher", "XYZViewModel"])
    }

    @Test func aDecoratorFinishesTheInstanceBeforeItIsKept() {
        let app = Container(name: uniqueName("app"))
        app.decorate { ($0 as? XYZArgumentService)?.string = "decorated" }
        app.register { XYZArgumentService() }.scope(.singleton)
        #expect(app.resolve(XYZArgumentService.self).string == "decorated")
        #expect(app.resolve(XYZArgumentService.self).string == "decorated")
    }

    @Test func aChildResolveRunsTheParentsDecoratorsFirst() {
        let app = Container(name: uniqueName("app"))
        let test = app.makeChild(name: uniqueName("test"))
        let order = Mutex<[String]>([])
        app.decorate { _ in order.withLock { $0.append("app") } }
        test.decorate { _ in order.withLock { $0.append("test") } }
        app.register { XYZService() }

        _ = test.resolve(XYZService.self)
        #expect(order.withLock { $0 } == ["app", "test"])
        _ = app.resolve(XYZService.self)
        #expect(order.withLock { $0 } == ["app", "test", "app"])
    }

    @Test func removedDecoratorsAreNotCalled() {
        let app = Container(name: uniqueName("app"))
        let seen = Seen()
        app.decorate { seen.add($0) }
        app.register { XYZService() }
        app.removeDecorators()
        _ = app.resolve(XYZService.self)
        #expect(seen.all.isEmpty)
    }

    @Test func validationDoesNotDecorate() {
        let app = Container(name: uniqueName("app"))
        let seen = Seen()
        app.decorate { seen.add($0) }
        app.register { XYZService() }
        #expect(app.validate().isValid)
        #expect(seen.all.isEmpty)
    }
}
