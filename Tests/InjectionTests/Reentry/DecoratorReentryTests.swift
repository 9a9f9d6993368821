import Injection
import Synchronization
import Testing

/// A decorator runs inside the build of the instance it decorates: what it resolves is a
/// dependency of that instance, and resolving the instance itself again is a cycle, thrown by
/// `tryResolve`, trapped with the same words by `resolve`, recorded in the trace. Never a stack
/// overflow (issue 23).
final class ReentryClock: Sendable {}
final class ReentryLedger: Sendable {}
final class ReentryPrinter: Sendable {}

struct DecoratorReentryTests {
    /// What the decorators' own resolves ended with, in order.
    final class Outcomes: Sendable {
        let errors = Mutex<[ResolutionError]>([])
        func record(_ body: () throws -> Void) {
            do { try body() } catch { errors.withLock { $0.append(error as! ResolutionError) } }
        }
        var all: [ResolutionError] { errors.withLock { $0 } }
    }

    @Test func aDecoratorResolvingTheSingletonItDecoratesMeetsACycle() throws {
        let name = uniqueName("clock")
        let app = Container(name: name)
        let outcomes = Outcomes()
        let recorder = EventRecorder(name)
        app.register { ReentryClock() }.scope(.singleton)
        app.decorate { [unowned app] service in
            guard service is ReentryClock else { return }
            outcomes.record { _ = try app.tryResolve(ReentryClock.self) }
        }; let closing = #line - 1

        let clock = try recorder.record { try app.tryResolve(ReentryClock.self) }
        #expect(try app.tryResolve(ReentryClock.self) === clock, "the singleton is kept once its build ends")
        #expect(outcomes.all.count == 1, "decorated once: the second resolve answers the kept instance")
        guard case .cycle(let cycle) = outcomes.all.first else {
            Issue.record("expected a cycle, got \(outcomes.all)")
            return
        }
        #expect(cycle.message == """
            Dependency cycle: ReentryClock → ReentryClock in '\(name)'
              Closed at: \(#fileID):\(closing) (a decorator of ReentryClock, installed at \(#fileID):\(closing - 2), asks for ReentryClock again)
              Fix: the decorator installed at \(#fileID):\(closing - 2) runs inside the build of the ReentryClock it is given, before ReentryClock can be handed out: use the instance it is given (`if let service = service as? ReentryClock { … }`) instead of resolving it.
            """)
        // Not the factory's fix ("let ReentryClock get ReentryClock lazily"): the decorator asked.
        #expect(cycle.decoratorAt == SourceLocation(fileID: "\(#fileID)", line: Int(closing) - 2))
        #expect(recorder.cycles == [cycle], "the trace records the cycle the decorator met")
    }

    @Test func twoServicesWhoseDecoratorsResolveEachOtherMeetACycle() throws {
        let name = uniqueName("pair")
        let app = Container(name: name)
        let outcomes = Outcomes()
        let recorder = EventRecorder(name)
        app.register { ReentryLedger() }.scope(.singleton)
        app.register { ReentryPrinter() }.scope(.singleton)
        app.decorate { [unowned app] service in
            if service is ReentryLedger { outcomes.record { _ = try app.tryResolve(ReentryPrinter.self) } }
            if service is ReentryPrinter { outcomes.record { _ = try app.tryResolve(ReentryLedger.self) } }
        }; let closing = #line - 1

        let ledger = try recorder.record { try app.tryResolve(ReentryLedger.self) }
        guard case .cycle(let cycle) = outcomes.all.first, outcomes.all.count == 1 else {
            Issue.record("expected one cycle, got \(outcomes.all)")
            return
        }
        #expect(cycle.path.map(\.type) == ["ReentryLedger", "ReentryPrinter", "ReentryLedger"])
        #expect(cycle.closedAt?.line == closing)
        #expect(cycle.decoratorAt?.line == closing - 2, "the decorate line, named as the one to change")
        #expect(cycle.message.contains(
            "Fix: the decorator installed at \(#fileID):\(closing - 2) runs inside the build of ReentryPrinter, which ReentryLedger is still waiting for"),
            "\(cycle.message)")
        #expect(recorder.cycles == [cycle])
        // The decorator's resolve is part of the build it decorates: ReentryPrinter is ReentryLedger's dependency.
        #expect(recorder.resolved.contains { $0.service.type == "ReentryPrinter" && $0.requester?.type == "ReentryLedger" })
        #expect(try app.tryResolve(ReentryLedger.self) === ledger)
        #expect(outcomes.all.count == 1)
    }

    @Test func aDecoratorMayResolveOtherServices() throws {
        let app = Container(name: uniqueName("app"))
        app.register { ReentryLedger() }.scope(.singleton)
        app.register { ReentryPrinter() }
        let printers = Mutex(0)
        app.decorate { [unowned app] service in
            if service is ReentryLedger, (try? app.tryResolve(ReentryPrinter.self)) != nil { printers.withLock { $0 += 1 } }
        }
        _ = try app.tryResolve(ReentryLedger.self)
        #expect(printers.withLock { $0 } == 1)
    }

    @Test func theTrappingResolveStopsWithTheSameWords() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "decorated")
            app.register { ReentryClock() }.scope(.singleton)
            app.decorate { service in if service is ReentryClock { _ = app.resolve(ReentryClock.self) } }
            _ = app.resolve(ReentryClock.self)
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains(
            "Dependency cycle: ReentryClock → ReentryClock in 'decorated'"), "\(stderr)")
    }
}
