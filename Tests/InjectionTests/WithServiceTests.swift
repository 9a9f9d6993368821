@testable import Injection
import Synchronization
import Testing

/// `withService` lends a resolved service to a closure: a kept instance from this thread's own
/// hold (no reference count write per use), anything else resolved as `resolve()` would. It
/// answers what `resolve()` answers, reports what `resolve()` reports, and never keeps an
/// instance alive past what its note promises.
struct WithServiceTests {
    // MARK: - What it answers

    @Test func lendsTheKeptSingletonThatResolveReturns() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZService() }
        let resolved: XYZService = app.resolve()
        let first = app.withService(XYZService.self) { ObjectIdentifier($0) }
        let second = app.withService(XYZService.self) { ObjectIdentifier($0) }
        #expect(first == ObjectIdentifier(resolved))
        #expect(second == first)
    }

    @Test func lendsAKeptValueTypeAsResolveCopiesIt() {
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
        // A throwing body left no lend open: the next one is an outermost one again.
        #expect(ResolutionContext.current.lent.lending == 0)
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

    @Test func theStaticFormLendsFromTheSharedContainer() {
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

    // MARK: - Instances are released as promised

    @Test func aResetReleasesTheLentInstanceOnTheResettingThread() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 1) }
        weak var first: Lent?
        app.withService(Lent.self) { first = $0 }
        #expect(first != nil, "kept by the container")
        app.reset(.singleton)
        #expect(first == nil, "neither the container nor this thread's hold keeps it after a reset")
        let next = app.withService(Lent.self) { ObjectIdentifier($0) }
        #expect(next == ObjectIdentifier(app.resolve(Lent.self)), "the next lend answers the new instance")
    }

    @Test func removingEveryRegistrationReleasesTheLentInstance() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 1) }
        weak var lent: Lent?
        app.withService(Lent.self) { lent = $0 }
        app.removeAll()
        #expect(lent == nil)
    }

    @Test func aReleasedContainersInstanceIsNotKeptAliveByTheLend() {
        weak var lent: Lent?
        do {
            let app = Container(name: uniqueName("app"))
            app.register(scope: .singleton) { Lent(tag: 1) }
            app.withService(Lent.self) { lent = $0 }
            #expect(lent != nil)
        }
        #expect(lent == nil)
    }

    @Test func aResetInsideTheBodyKeepsTheBorrowedInstanceAliveUntilTheBodyEnds() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Lent(tag: 4) }
        _ = app.withService(Lent.self) { $0.tag }      // held by this thread from here
        weak var outer: Lent?
        let tag = app.withService(Lent.self) { lent -> Int in
            outer = lent
            app.reset(.singleton)
            // Nested, after the reset: the new instance is built and lent owned (taking a hold
            // inside a body could evict the instance that body borrows).
            let inner = app.withService(Lent.self) { ObjectIdentifier($0) }
            #expect(inner != ObjectIdentifier(lent))
            return lent.tag
        }
        #expect(tag == 4)
        #expect(outer == nil, "released when the outermost body ended")
    }

    @Test func moreServicesThanTheHoldKeepsStillAnswerCorrectly() {
        let app = Container(name: uniqueName("app"))
        let names = (0..<(LentInstances.capacity * 2)).map { "n\($0)" }
        for (tag, name) in names.enumerated() { app.register(name: name, scope: .singleton) { Lent(tag: tag) } }
        for _ in 0..<3 {
            for (tag, name) in names.enumerated() {
                #expect(app.withService(Lent.self, name: name) { $0.tag } == tag)
                #expect(app.withService(Lent.self, name: name) { ObjectIdentifier($0) }
                    == ObjectIdentifier(app.resolve(Lent.self, name: name)))
            }
        }
    }

    // MARK: - Events

    @Test func anObservedLendReportsWhatAnObservedResolveReports() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .singleton) { Lent(tag: 1) }
        app.register { XYZService() }
        _ = app.withService(Lent.self) { $0.tag }      // built and held before the observer
        let viaResolve = EventRecorder(name)
        viaResolve.record {
            _ = app.resolve(Lent.self)
            _ = app.resolve(XYZService.self)
        }
        let viaLend = EventRecorder(name)
        viaLend.record {
            app.withService(Lent.self) { _ in }
            app.withService(XYZService.self) { _ in }
        }
        #expect(viaLend.resolved.count == 2)
        #expect(viaLend.resolved.map(\.outcome) == [.cached, .created])
        #expect(viaLend.resolved.map(\.service) == viaResolve.resolved.map(\.service))
        #expect(viaLend.resolved.map(\.outcome) == viaResolve.resolved.map(\.outcome))
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
