@testable import Injection
import Synchronization
import Testing

/// `withService`, deprecated, is `body(resolve(…))`: code written against it compiles, answers
/// what `resolve()` answers, reports what `resolve()` reports, and keeps no instance alive.
/// (Each call warns: the deprecation is what an app's code sees too.)
struct WithServiceTests {
    // MARK: - What it answers

    @Test func answersTheKeptSingletonThatResolveReturns() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZService() }
        let resolved: XYZService = app.resolve()
        let first = app.withService(XYZService.self) { ObjectIdentifier($0) }
        let second = app.withService(XYZService.self) { ObjectIdentifier($0) }
        #expect(first == ObjectIdentifier(resolved))
        #expect(second == first)
    }

    @Test func answersAKeptValueTypeAsResolveCopiesIt() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { LentSettings(limit: 100, names: ["a", "b"]) }
        #expect(app.withService(LentSettings.self) { $0 } == app.resolve(LentSettings.self))
        #expect(app.withService(LentSettings.self) { $0.names.count } == 2)
    }

    @Test func returnsWhatTheBodyReturnsAndRethrowsItsTypedError() {
        struct Refused: Error, Equatable {}
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 3) }
        #expect(app.withService(Lent.self) { $0.tag * 2 } == 6)
        #expect(throws: Refused()) {
            try app.withService(Lent.self) { (_: Lent) throws(Refused) in throw Refused() }
        }
    }

    @Test func namedRegistrationsAndLifetimesAnswerAsResolveDoes() {
        let app = Container(name: uniqueName("app"))
        app.register(name: "a", scope: .singleton) { Lent(tag: 1) }
        app.register(name: "b", scope: .singleton) { Lent(tag: 2) }
        #expect(app.withService(Lent.self, name: "b") { $0.tag } == 2)
        #expect(app.withService(Lent.self, name: "a") { $0.tag } == 1)
        let kept = app.resolve(Lent.self, name: "a")
        let fresh = app.withService(Lent.self, name: "a", lifetime: .new) { ObjectIdentifier($0) }
        #expect(fresh != ObjectIdentifier(kept), "lifetime: .new builds a new one, as resolve(lifetime: .new) does")
    }

    @Test func aTransientIsBuiltForTheBodyAndReleasedAfterIt() {
        let app = Container(name: uniqueName("app"))
        app.register { Lent(tag: 5) }
        weak var seen: Lent?
        let ids = (0..<2).map { _ in
            app.withService(Lent.self) { lent -> ObjectIdentifier in
                seen = lent
                return ObjectIdentifier(lent)
            }
        }
        #expect(seen == nil, "nothing holds a transient after its body")
        #expect(ids.count == 2)
    }

    @Test func theStaticFormResolvesFromTheSharedContainer() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 9) }
        Container.$shared.withValue(app) {
            #expect(Container.withService(Lent.self) { $0.tag } == 9)
            #expect(Container.withService(Lent.self) { ObjectIdentifier($0) } == ObjectIdentifier(app.resolve(Lent.self)))
        }
    }

    @Test func aChildContainersOverrideAnswersInsteadOfTheParentsInstance() {
        let parent = Container(name: uniqueName("parent"))
        parent.register(scope: .singleton) { Lent(tag: 1) }
        #expect(parent.withService(Lent.self) { $0.tag } == 1)
        let child = parent.makeChild(name: uniqueName("child"))
        child.register(scope: .singleton) { Lent(tag: 2) }
        #expect(child.withService(Lent.self) { $0.tag } == 2)
        #expect(parent.withService(Lent.self) { $0.tag } == 1)
    }

    // MARK: - Nothing is kept beyond resolve()

    @Test func aResetReleasesTheInstanceABodyUsed() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 1) }
        weak var first: Lent?
        app.withService(Lent.self) { first = $0 }
        #expect(first != nil, "kept by the container")
        app.reset(.singleton)
        #expect(first == nil, "nothing keeps it after a reset")
        let next = app.withService(Lent.self) { ObjectIdentifier($0) }
        #expect(next == ObjectIdentifier(app.resolve(Lent.self)), "the next call answers the new instance")
    }

    @Test func removingEveryRegistrationReleasesTheInstanceABodyUsed() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 1) }
        weak var lent: Lent?
        app.withService(Lent.self) { lent = $0 }
        app.removeAll()
        #expect(lent == nil)
    }

    @Test func aReleasedContainersInstanceIsNotKeptAlive() {
        weak var lent: Lent?
        do {
            let app = Container(name: uniqueName("app"))
            app.register(scope: .singleton) { Lent(tag: 1) }
            app.withService(Lent.self) { lent = $0 }
            #expect(lent != nil)
        }
        #expect(lent == nil)
    }

    // MARK: - Events

    @Test func anObservedCallReportsWhatAnObservedResolveReports() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .singleton) { Lent(tag: 1) }
        app.register { XYZService() }
        _ = app.withService(Lent.self) { $0.tag }      // built before the observer
        let viaResolve = EventRecorder(name)
        viaResolve.record {
            _ = app.resolve(Lent.self)
            _ = app.resolve(XYZService.self)
        }
        let viaCall = EventRecorder(name)
        viaCall.record {
            app.withService(Lent.self) { _ in }
            app.withService(XYZService.self) { _ in }
        }
        #expect(viaCall.resolved.count == 2)
        #expect(viaCall.resolved.map(\.outcome) == [.cached, .created])
        #expect(viaCall.resolved.map(\.service) == viaResolve.resolved.map(\.service))
        #expect(viaCall.resolved.map(\.outcome) == viaResolve.resolved.map(\.outcome))
    }

    @Test func aMissingRegistrationIsReportedAsResolveReportsIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.withService(Lent.self) { _ in }
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("Lent"), "\(output)")
        #expect(output.contains("WithServiceTests.swift"), "the message names the line that asked: \(output)")
    }
}

private final class Lent: Sendable {
    let tag: Int
    init(tag: Int) { self.tag = tag }
}

private struct LentSettings: Equatable, Sendable {
    let limit: Int
    let names: [String]
}
