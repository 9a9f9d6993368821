#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Injection
import Synchronization
import Testing

/// `withService` lends kept instances from each thread's own hold (``LentInstances``) while
/// other threads reset and replace them. Every body must see an intact instance, and once the
/// threads are gone nothing they held is left alive. Part of ``ConcurrencyTests``, so `make tsan`
/// runs them under ThreadSanitizer too.
extension ConcurrencyTests {
    @Test func lendingWhileAnotherThreadResetsSeesOnlyLiveInstancesAndLeavesNoneBehind() {
        let app = Container(name: uniqueName("app"))
        let census = LentCensus()
        app.register(scope: .singleton) { LentProbe(census) }
        let bad = Atomic<Int>(0)
        let lends = Atomic<Int>(0)

        onThreads(Self.readers + 1) { thread in
            if thread == Self.readers {
                for round in 0..<300 {
                    if round % 2 == 0 {
                        app.reset(.singleton)
                    } else {
                        _ = app.resolve(LentProbe.self, lifetime: .newSingleton)
                    }
                }
                return
            }
            for _ in 0..<2_000 {
                app.withService(LentProbe.self) { probe in
                    // Nested lends of the same instance borrow the same hold.
                    let nested = app.withService(LentProbe.self) { $0.isIntact }
                    if !probe.isIntact || !nested { bad.add(1, ordering: .relaxed) }
                }
                lends.add(1, ordering: .relaxed)
            }
        }

        #expect(bad.load(ordering: .relaxed) == 0, "a body borrowed an instance that was being freed")
        #expect(lends.load(ordering: .relaxed) == Self.readers * 2_000)
        // The lending threads exited and released their holds; only the kept instance (if any) lives.
        let kept = app.withService(LentProbe.self) { $0.isIntact }
        #expect(kept)
        #expect(census.alive == 1, "only the kept instance lives; every replaced one was released")
    }

    @Test func aThreadThatLendsAgainReleasesWhatTheContainerDroppedMeanwhile() throws {
        let app = Container(name: uniqueName("app"))
        let census = LentCensus()
        app.register(scope: .singleton) { LentProbe(census) }
        let lender = try LendingThread(app)

        lender.lend()                       // holds the first instance
        app.reset(.singleton)               // dropped by the container; the lender may still hold it
        lender.lend()                       // builds and holds the second; the first is released
        #expect(census.created == 2)
        #expect(census.alive == 1, "the lender released the dropped instance at its lend's end")
        lender.stop()
    }
}

/// A thread that lends `LentProbe` from `container` each time it is asked, and waits in between.
private final class LendingThread: Sendable {
    private final class Signals: Sendable {
        let requests = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    private let signals: Signals
    private let thread: BackgroundThread

    init(_ container: Container) throws {
        let signals = Signals()
        self.signals = signals
        thread = try BackgroundThread {
            var served = 0
            while !signals.stopped.load(ordering: .acquiring) {
                if signals.requests.load(ordering: .acquiring) > served {
                    container.withService(LentProbe.self) { precondition($0.isIntact) }
                    served += 1
                    signals.done.store(served, ordering: .releasing)
                } else {
                    sched_yield()
                }
            }
        }
    }

    /// Asks for one lend and waits until it is over.
    func lend() {
        let target = signals.requests.add(1, ordering: .releasing).newValue
        while signals.done.load(ordering: .acquiring) < target { sched_yield() }
    }

    func stop() {
        signals.stopped.store(true, ordering: .releasing)
        thread.join()
    }
}

private final class LentCensus: Sendable {
    private let counts = Atomic<Int>(0)
    private let total = Atomic<Int>(0)

    var alive: Int { counts.load(ordering: .acquiring) }
    var created: Int { total.load(ordering: .acquiring) }

    fileprivate func born() {
        counts.add(1, ordering: .relaxed)
        total.add(1, ordering: .relaxed)
    }

    fileprivate func died() { counts.subtract(1, ordering: .releasing) }
}

private final class LentProbe: Sendable {
    private static let expected: UInt64 = 0x1E47_C0DE_89AB_CDEF
    private let pattern = LentProbe.expected
    private let alive = Atomic<Bool>(true)
    private let census: LentCensus

    init(_ census: LentCensus) {
        self.census = census
        census.born()
    }

    deinit {
        alive.store(false, ordering: .releasing)
        census.died()
    }

    var isIntact: Bool { pattern == LentProbe.expected && alive.load(ordering: .acquiring) }
}
