import Foundation
import Injection
import Synchronization
import Testing

func uniqueName(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString)" }

/// What this test binary's `registerAllServices()` does: whatever the running test set, nothing
/// for every other test (the conformance is the whole process's).
enum RegisteringFixture {
    @TaskLocal static var services: (@Sendable () -> Void)?
}

// Resolver's spelling is `extension Resolver: ResolverRegistering` with `typealias Resolver = Container`.
extension Container: ResolverRegistering {
    public static func registerAllServices() {
        RegisteringFixture.services?()
    }
}

/// Resolver's `ResolverRegistering`: `registerAllServices()` fills a root container on its first
/// miss, once, and the resolve that missed gets its instance.
struct ResolverRegisteringTests {
    final class Session: Sendable {}
    final class Service: Sendable {
        let session: Session?
        init(_ session: Session?) { self.session = session }
    }

    /// How many times `registerAllServices()` ran for one test.
    final class Calls: Sendable {
        private let count = Atomic<Int>(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Runs `body` with `registerAllServices()` registering Resolver's test data, counting its calls.
    func withServices<R>(_ body: (Calls) throws -> R) rethrows -> R {
        let calls = Calls()
        return try RegisteringFixture.$services.withValue({
            calls.add()
            Container.register { Session() }
            Container.register { Service(Container.optional()) }
        }) { try body(calls) }
    }

    @Test func theFirstMissFillsTheContainerOnceAndGetsItsInstance() {
        withServices { calls in
            let app = Container(name: uniqueName("app"))
            withContainer(app) {
                let service: Service = Container.resolve()
                #expect(service.session != nil)
                #expect(calls.value == 1)
                // Filled: another miss is a miss, and nothing runs again.
                #expect(Container.optional(String.self) == nil)
                _ = Container.resolve(Service.self)
                #expect(calls.value == 1)
            }
        }
    }

    @Test func aHitNeverCallsIt() {
        withServices { calls in
            let app = Container(name: uniqueName("app"))
            app.register { Session() }
            _ = app.resolve(Session.self)
            #expect(calls.value == 0)
        }
    }

    @Test func aChildsMissFillsItsRootAndTheChildFindsItThere() {
        withServices { calls in
            let root = Container(name: uniqueName("root"))
            let child = Container(child: root)
            let service: Service = withContainer(root) { child.resolve() }
            #expect(service.session != nil)
            #expect(root.isRegistered(Service.self))
            #expect(calls.value == 1)
            // The child itself was not filled: its own table is still empty.
            #expect(withContainer(root) { Container(child: root).optional(Session.self) } != nil)
            #expect(calls.value == 1)
        }
    }

    @Test func aMissInsideRegisterAllServicesIsAMissNotARecursion() {
        let calls = Calls()
        RegisteringFixture.$services.withValue({
            calls.add()
            #expect(Container.optional(Session.self) == nil)  // not registered yet
            Container.register { Session() }
        }) {
            let app = Container(name: uniqueName("app"))
            #expect(withContainer(app) { app.optional(Session.self) } != nil)
            #expect(calls.value == 1)
        }
    }

    /// As Resolver never filled a `Resolver()` instance: only `Container.shared` and its children.
    @Test func aContainerUsedDirectlyIsNeverFilled() {
        withServices { calls in
            let standalone = Container(name: uniqueName("standalone"))
            #expect(standalone.optional(Session.self) == nil)
            #expect(Container(child: standalone).optional(Session.self) == nil)
            #expect(calls.value == 0)
        }
    }

    @Test func withoutServicesAMissStaysAMiss() {
        let app = Container(name: uniqueName("app"))
        #expect(app.optional(Session.self) == nil)
        #expect(!app.isRegistered(Session.self))
    }
}

/// Under ThreadSanitizer too (`make tsan` runs every `…ConcurrencyTests` suite).
struct ResolverRegisteringConcurrencyTests {
    @Test func concurrentFirstMissesRunItOnceAndAllGetInstances() async {
        let calls = ResolverRegisteringTests.Calls()
        await RegisteringFixture.$services.withValue({
            calls.add()
            Container.register { ResolverRegisteringTests.Session() }
        }) {
            let app = Container(name: uniqueName("app"))
            let found = await withContainer(app) {
                await withTaskGroup(of: Bool.self) { group in
                    for _ in 0..<8 { group.addTask { app.optional(ResolverRegisteringTests.Session.self) != nil } }
                    return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
            }
            #expect(found == 8)
            #expect(calls.value == 1)
        }
    }
}
