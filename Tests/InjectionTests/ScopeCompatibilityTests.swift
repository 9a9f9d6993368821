import Injection
import Testing

/// Resolver's scope behaviour: `graph` and `shared` apply to class instances, a value is built
/// fresh under both; `@WeakLazyInjected` takes class-bound protocol existentials.
struct ScopeCompatibilityTests {
    @Test func graphSharesClassInstancesButNotValuesWithinAPass() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .graph) { TableValue() }
        app.register(scope: .graph) { TableObject() }
        app.register([Int].self) { c in
            [c.resolve(TableValue.self).serial, c.resolve(TableValue.self).serial,
             c.resolve(TableObject.self).serial, c.resolve(TableObject.self).serial]
        }
        let serials: [Int] = app.resolve()
        #expect(serials[0] != serials[1])
        #expect(serials[2] == serials[3])
    }

    @Test func sharedKeepsClassInstancesWhileHeldAndBuildsValuesFresh() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { TableValue() }
        app.register(scope: .shared) { TableObject() }
        #expect(app.resolve(TableValue.self).serial != app.resolve(TableValue.self).serial)
        let held: TableObject = app.resolve()
        #expect(app.resolve(TableObject.self) === held)
    }

    @Test func weakLazyInjectedTakesAClassBoundProtocol() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .shared) { AppCoordinator() as Coordinator }
        var strong: Coordinator? = app.resolve(Coordinator.self)
        @WeakLazyInjected(container: app) var coordinator: Coordinator?
        #expect(coordinator === strong)
        strong = nil
        #expect(coordinator == nil)
    }
}

protocol Coordinator: AnyObject {}
final class AppCoordinator: Coordinator {}
