@testable import Injection
import Testing

/// The time stamp the untimed builds of one resolution pass share
/// (``ResolutionContext/passStamp``, ``EventHub/buildEnd(start:inPassOf:)``), driven on a context
/// of the test's own, so that no other test's observers or resolves touch it.
struct PassStampTests {
    private static func registration(_ type: String) -> AnyRegistration {
        PlainFactory<Int>({ 0 }, RegistrationFields(
            identitySource: .given(ServiceIdentity(type: type, container: "pass-stamp")), scope: .unique,
            location: SourceLocation(fileID: "PassStampTests.swift", line: 1), isOverride: false, takesArguments: false))
    }

    @Test func untimedBuildsOfOnePassShareOneStampTimedOnesRenewItAndThePassEndForgetsIt() {
        let context = ResolutionContext(threadNumber: 0)
        let container = Container(name: "pass-stamp")
        let outer = Self.registration("Outer"), inner = Self.registration("Inner")
        let before = EventClock.coarse()
        #expect(context.passStamp == 0, "no pass yet")

        context.frames.append(.init(registration: outer, lifetime: .automatic, container: container))
        context.frames.append(.init(registration: inner, lifetime: .automatic, container: container))
        let first = EventHub.buildEnd(start: 0, inPassOf: context)
        #expect(first >= before, "the pass's first untimed build reads the coarse clock")
        #expect(context.passStamp == first)
        context.unwind()
        #expect(EventHub.buildEnd(start: 0, inPassOf: context) == first, "later untimed builds share it")

        // A timed build's precise end is at least as recent: the pass's later builds take it.
        context.frames.append(.init(registration: inner, lifetime: .automatic, container: container))
        let start = EventClock.raw()
        let timedEnd = EventHub.buildEnd(start: start, inPassOf: context)
        #expect(timedEnd >= start)
        context.unwind()
        #expect(EventHub.buildEnd(start: 0, inPassOf: context) == timedEnd)

        // The outermost frame's pop ends the pass: the next pass takes a reading of its own.
        context.unwind()
        #expect(context.frames.isEmpty)
        #expect(context.passStamp == 0, "a stamp never outlives its pass")
        context.frames.append(.init(registration: outer, lifetime: .automatic, container: container))
        let next = EventHub.buildEnd(start: 0, inPassOf: context)
        #expect(next != 0 && next >= before)
        context.unwind()
        #expect(context.passStamp == 0)
    }
}
