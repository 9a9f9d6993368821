import Injection
import Testing

/// An `.implements` key answers through the key it aliases; an alias that leads back to itself
/// builds nothing on the way, and is still a cycle rather than a stack overflow.
struct AliasReentryTests {
    @Test func anAliasOfItsOwnKeyIsACycle() {
        let name = uniqueName("alias")
        let app = Container(name: name)
        app.register(name: "clock") { ReentryClock() }.implements(ReentryClock.self, name: "clock")
        do {
            _ = try app.tryResolve(ReentryClock.self, name: "clock"); let line = #line
            Issue.record("resolved through an alias of itself (line \(line))")
        } catch .cycle(let cycle) {
            #expect(cycle.pathDescription == #"ReentryClock (name: "clock") → ReentryClock (name: "clock") in '\#(name)'"#)
        } catch {
            Issue.record("expected a cycle, got \(error)")
        }
    }

    @Test func anAliasOfAnotherKeyAnswersIt() throws {
        let app = Container(name: uniqueName("alias"))
        app.register(name: "wall") { ReentryClock() }.scope(.singleton).implements(ReentryClock.self)
        #expect(try app.tryResolve(ReentryClock.self) === app.tryResolve(ReentryClock.self, name: "wall"))
    }
}
