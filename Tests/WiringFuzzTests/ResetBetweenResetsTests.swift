import Foundation
import Injection
import InjectionGraph
import Synchronization
import Testing

/// Real containers, two threads: a logout resets the session scope and then the cached scope
/// that holds it (`reset(.custom("session")); reset(.cached)`), while a background refresh
/// resolves the session. When the refresh runs between the two resets it builds a new session
/// while the cached client still holds the old one: the check says so, names the refresh's
/// thread, and asks for what fixes it (nothing resolves between the two resets), not for the
/// holders' reset the app already does. With the refresh waited for across both resets, the
/// same app is clean.
struct ResetBetweenResetsTests {
    final class Session: Sendable {}
    final class APIClient: Sendable {
        let session: Session
        init(_ session: Session) { self.session = session }
    }

    private static let counter = Atomic<Int>(0)

    /// Runs the logout with the refresh's resolve between the two resets or after both; returns
    /// `check --strict`'s problems, the refresh's thread number in the trace and the reset lines.
    static func run(
        refreshBetweenResets: Bool
    ) -> (problems: [GraphProblem], app: String, refreshThread: UInt64?, lines: [Int]) {
        let prefix = "between\(counter.add(1, ordering: .relaxed).newValue)-"
        let events = Mutex<[ResolutionEvent]>([])
        let token = ResolutionEvents.addObserver { event in
            if event.kind.containers.contains(where: { $0.hasPrefix(prefix) }) { events.withLock { $0.append(event) } }
        }
        let app = Container(name: prefix + "app")
        app.register(Session.self, scope: .custom("session")) { Session() }
        app.register(APIClient.self, scope: .cached) { c in APIClient(c.resolve(Session.self)) }
        // The client is asked for again and again (each a hit of the cached one).
        for _ in 0..<2 { _ = app.resolve(APIClient.self) }

        // The refresh runs on its own thread, ordered by semaphores: it resolves the session
        // when the logout lets it.
        let refreshMayRun = DispatchSemaphore(value: 0), refreshDone = DispatchSemaphore(value: 0)
        let refresh = Thread {
            refreshMayRun.wait()
            _ = app.resolve(Session.self)
            refreshDone.signal()
        }
        refresh.start()
        var lines: [Int] = []
        lines.append(#line + 1)
        app.reset(.custom("session"))
        if refreshBetweenResets {
            refreshMayRun.signal()
            refreshDone.wait()
        }
        lines.append(#line + 1)
        app.reset(.cached)
        if !refreshBetweenResets {
            refreshMayRun.signal()
            refreshDone.wait()
        }
        for _ in 0..<2 { _ = app.resolve(APIClient.self) }
        token.cancel()

        let recorded = events.withLock { $0 }.sorted { $0.sequence < $1.sequence }
        var graph = DependencyGraph()
        for event in recorded { graph.apply(event) }
        // The session built after the logout's first reset is the refresh's build.
        let resetThread = recorded.first { if case .scopeReset = $0.kind { true } else { false } }?.thread
        let refreshThread = recorded.last { event in
            guard case .resolved(let resolved) = event.kind else { return false }
            return resolved.service.type.hasSuffix("Session") && resolved.outcome == .created && event.thread != resetThread
        }?.thread
        withExtendedLifetime(app) {}
        return (graph.check(strict: true).all, app.name, refreshThread, lines)
    }

    @Test func aRefreshBetweenTheTwoResetsIsNamedWithAFixThatWaitsForIt() throws {
        let run = Self.run(refreshBetweenResets: true)
        let thread = try #require(run.refreshThread)
        let problem = try #require(run.problems.first { $0.kind == "replacedInstance" }, "\(run.problems.map(\.message))")
        let app = run.app
        let file = "WiringFuzzTests/ResetBetweenResetsTests.swift"
        #expect(problem.message.hasSuffix("""
            two Session instances were live until their own reset:
                APIClient in '\(app)' (cached), holds instance 1, rebuilt later
              Their reset (\(app).reset(.cached) at \(file):\(run.lines[1])) came after it, and in between thread \(thread) built a new Session.
              Fix: let nothing resolve Session between the two resets: wait for (or stop) the work on thread \(thread) before \(app).reset(.custom("session")) at \(file):\(run.lines[0]) and resume it after \(app).reset(.cached); or resolve Session where it is used instead of keeping it.
            """), "\(problem.message)")
        #expect(!problem.message.contains("right after the reset"), "\(problem.message)")
    }

    @Test func theRefreshWaitedForAcrossBothResetsIsClean() {
        let run = Self.run(refreshBetweenResets: false)
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
    }
}
