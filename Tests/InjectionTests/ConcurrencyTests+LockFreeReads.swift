#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Injection
import Synchronization
import Testing

/// Resolves read a container's tables without its lock (``ContainerTables``): tables changed in
/// place (``ReadTable``), kept instances in atomic slots (``EntrySlot``), and writers that
/// release what they replaced only once every read in progress is over (``ReadSections``). These
/// tests change a container from one thread while others resolve from it, and check every
/// answer. Part of ``ConcurrencyTests``, so `make tsan` runs them under ThreadSanitizer too.
extension ConcurrencyTests {
    static let readers = 4

    @Test func resettingWhileThreadsResolveAnswersOnlyLiveInstances() {
        let app = Container(name: uniqueName("app"))
        let census = ProbeCensus()
        app.register(scope: .cached) { Probe(census) }
        let bad = Atomic<Int>(0)
        let answers = Atomic<Int>(0)

        onThreads(Self.readers + 1) { thread in
            if thread == Self.readers {
                for _ in 0..<300 { app.reset(.cached) }
                return
            }
            for _ in 0..<2_000 {
                let probe: Probe = app.resolve()
                if !probe.isIntact { bad.add(1, ordering: .relaxed) }
                answers.add(1, ordering: .relaxed)
            }
        }

        #expect(bad.load(ordering: .relaxed) == 0, "a resolve answered an instance that was being freed")
        #expect(answers.load(ordering: .relaxed) == Self.readers * 2_000)
        // Every instance a reset dropped is gone once nobody holds it; only the kept one lives.
        #expect(census.alive == (app.hasKept(Probe.self) ? 1 : 0))
    }

    @Test func replacingTheKeptInstanceWhileThreadsResolveFreesEveryReplacedOne() {
        let app = Container(name: uniqueName("app"))
        let census = ProbeCensus()
        app.register(scope: .singleton) { Probe(census) }
        let bad = Atomic<Int>(0)

        onThreads(Self.readers + 1) { thread in
            if thread == Self.readers {
                for _ in 0..<300 {
                    let fresh: Probe = app.resolve(lifetime: .newSingleton)
                    if !fresh.isIntact { bad.add(1, ordering: .relaxed) }
                }
                return
            }
            for _ in 0..<2_000 {
                let probe: Probe = app.resolve()
                if !probe.isIntact { bad.add(1, ordering: .relaxed) }
            }
        }

        #expect(bad.load(ordering: .relaxed) == 0)
        // The writer's 300, plus what readers that resolve before the writer's first make: first
        // builds race by design (everyThreadGetsTheSameSingleton: one is kept, each racing
        // reader may have built one), so up to one per reader; a writer that runs first leaves
        // the readers its instance (300 and 302 were both seen at load).
        #expect(census.created >= 300 && census.created <= 300 + Self.readers, "\(census.created)")
        #expect(census.alive == 1, "only the last kept instance lives; every replaced one was released")
        #expect(app.resolve(Probe.self).isIntact)
    }

    @Test func sharedInstancesResetWhileThreadsResolveStayValid() {
        let app = Container(name: uniqueName("app"))
        let census = ProbeCensus()
        app.register(scope: .shared) { Probe(census) }
        let bad = Atomic<Int>(0)

        onThreads(Self.readers + 1) { thread in
            if thread == Self.readers {
                for _ in 0..<300 { app.reset(.shared) }
                return
            }
            for _ in 0..<2_000 {
                let first: Probe = app.resolve()
                let second: Probe = app.resolve()
                if !first.isIntact || !second.isIntact { bad.add(1, ordering: .relaxed) }
            }
        }

        #expect(bad.load(ordering: .relaxed) == 0)
        #expect(census.alive == 0, "a .shared instance lives only while somebody holds it")
    }

    @Test func aThreadNeverSeesAnOlderRegistrationAfterANewerOne() {
        let app = Container(name: uniqueName("app"))
        app.register { Version(0) }
        let rounds = 400
        let wentBack = Atomic<Int>(0)
        let done = Atomic<Bool>(false)

        onThreads(Self.readers + 1) { thread in
            if thread == Self.readers {
                for round in 1...rounds { app.register { Version(round) } }
                done.store(true, ordering: .releasing)
                return
            }
            var last = 0
            while !done.load(ordering: .acquiring) {
                let seen = app.resolve(Version.self).number
                if seen < last { wentBack.add(1, ordering: .relaxed) }
                last = seen
            }
            // The writer finished before this read began: it must see the last registration.
            if app.resolve(Version.self).number != rounds { wentBack.add(1, ordering: .relaxed) }
        }

        #expect(wentBack.load(ordering: .relaxed) == 0)
    }

    @Test func aChangeOnOneThreadIsSeenByTheNextResolveOnAnother() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { Version(1) }
        let turn = Atomic<Int>(0)
        let seen = PerThreadValues(count: 2)

        onThreads(2) { thread in
            if thread == 0 {
                // Publishes the tables and keeps an instance.
                seen.record(app.resolve(Version.self).number, forThread: 0)
                turn.store(1, ordering: .sequentiallyConsistent)
                while turn.load(ordering: .sequentiallyConsistent) != 2 { sched_yield() }
                seen.record(app.resolve(Version.self).number, forThread: 1)
            } else {
                while turn.load(ordering: .sequentiallyConsistent) != 1 { sched_yield() }
                app.register(scope: .cached) { Version(2) }
                turn.store(2, ordering: .sequentiallyConsistent)
            }
        }

        #expect(seen.values == [1, 2])
    }

    @Test func removingEverythingWhileThreadsResolveAnswersAnInstanceOrNil() {
        let app = Container(name: uniqueName("app"))
        let census = ProbeCensus()
        app.register(scope: .cached) { Probe(census) }
        let bad = Atomic<Int>(0)
        let misses = Atomic<Int>(0)

        onThreads(Self.readers + 1) { thread in
            if thread == Self.readers {
                for _ in 0..<200 {
                    app.removeAll()
                    app.register(scope: .cached) { Probe(census) }
                }
                return
            }
            for _ in 0..<2_000 {
                if let probe = app.optional(Probe.self) {
                    if !probe.isIntact { bad.add(1, ordering: .relaxed) }
                } else {
                    misses.add(1, ordering: .relaxed)
                }
            }
        }

        #expect(bad.load(ordering: .relaxed) == 0)
        #expect(census.alive == (app.hasKept(Probe.self) ? 1 : 0))
    }

    @Test func aFactoryMayWaitForAThreadThatChangesTheSameContainer() {
        // A read never spans a factory: a writer on another thread, which waits for every read
        // in progress, is not kept waiting by the thread that runs the factory.
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { XYZSessionManager() }
        app.register(scope: .singleton) { c in
            let kept: XYZSessionManager = c.resolve()
            onThreads(1) { _ in
                c.register(name: "late") { XYZService() }
                c.reset(.cached)
            }
            return XYZFetcher(session: kept) as XYZFetching
        }

        onThreads(2) { _ in _ = app.resolve(XYZFetching.self) }
        #expect(app.isRegistered(XYZService.self, name: "late"))
    }

    @Test func aDroppedContainerLeavesNothingBehindAfterThreadsReadIt() {
        let census = ProbeCensus()
        do {
            let app = Container(name: uniqueName("app"))
            app.register(scope: .singleton) { Probe(census) }
            app.register(name: "cached", scope: .cached) { Probe(census) }
            app.register(name: "shared", scope: .shared) { Probe(census) }
            onThreads(Self.readers) { _ in
                for _ in 0..<200 {
                    _ = app.resolve(Probe.self)
                    _ = app.resolve(Probe.self, name: "cached")
                    _ = app.resolve(Probe.self, name: "shared")
                }
            }
            #expect(census.alive == 2)
        }
        // The kept instances live in the entries' slots, which the published tables list: the
        // tables and slots went with the container, though other threads read them. (Not the
        // registrations: a folding observer another test attached may hold them a while.)
        #expect(census.alive == 0)
    }

    /// A writer skips the wait when no other thread has a read section; while another thread is
    /// inside a read, it must wait for that read to end.
    @Test func aWriterWaitsForAReadInProgressOnAnotherThread() {
        // A handshake, no timing: the reader stays inside until the writer either reports, from
        // inside its wait, that it found this read still in progress, or returns. So a writer
        // that does not wait returns while the read is open, however the threads are scheduled,
        // and one that waits returns only after the reader, released by that report, ended.
        let inside = Atomic<UInt>(0)  // the reader's section, once it is inside
        let writerWaits = Atomic<Bool>(false)
        let writerReturned = Atomic<Bool>(false)
        let ended = Atomic<Bool>(false)
        let returnedBeforeTheEnd = Atomic<Bool>(false)
        let sawTheEnd = Atomic<Bool>(false)

        onThreads(2) { thread in
            if thread == 0 {
                let section = ResolutionContext.current.readSection
                section.begin()
                inside.store(UInt(bitPattern: ObjectIdentifier(section).hashValue), ordering: .releasing)
                while !writerWaits.load(ordering: .acquiring) && !writerReturned.load(ordering: .acquiring) {
                    sched_yield()
                }
                returnedBeforeTheEnd.store(writerReturned.load(ordering: .acquiring), ordering: .relaxed)
                ended.store(true, ordering: .releasing)
                section.end()
                return
            }
            while inside.load(ordering: .acquiring) == 0 { sched_yield() }
            let reader = inside.load(ordering: .acquiring)
            ReadSections.waitForReaders { waitedFor in
                if UInt(bitPattern: ObjectIdentifier(waitedFor).hashValue) == reader { writerWaits.store(true, ordering: .releasing) }
            }
            sawTheEnd.store(ended.load(ordering: .acquiring), ordering: .relaxed)
            writerReturned.store(true, ordering: .releasing)
        }

        let returnedEarly = returnedBeforeTheEnd.load(ordering: .relaxed)
        let waited = sawTheEnd.load(ordering: .relaxed)
        #expect(!returnedEarly, "the writer returned while a read was in progress")
        #expect(waited, "the writer returned before the read ended")
    }

    @Test func anEarlyReturnLeavesNoSectionOpen() throws {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZService() }
        let kept = app.resolve(XYZService.self)
        // A lookup that finds the kept instance, then leaves before anything answers it: the
        // lookup's end closes the section, whatever the path.
        func findsTheKeptInstance() throws -> Bool {
            let key = EntryKey.type(ObjectIdentifier(XYZService.self))
            let found = app.core.state.read(key, lifetime: .automatic, in: ThreadContextSlot.borrowCurrent())
            #expect(ResolutionContext.current.readSection.isOpen, "a lookup that found an entry holds its section")
            if found.answer == .kept { return true }
            throw CancellationError()
        }
        #expect(try findsTheKeptInstance())
        let leftOpen = ResolutionContext.current.readSection.isOpen
        #expect(!leftOpen, "the early return left the read section open")
        if leftOpen { return }  // a writer would wait for this thread's own read for ever
        // A writer on this thread goes on, and the kept instance still answers.
        app.register(name: "other", scope: .singleton) { XYZService() }
        #expect(app.resolve(XYZService.self) === kept)
    }

    @Test func anExitedThreadLeavesTheReadersList() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZService() }
        let sections = Lock<[WeakSection]>([])

        onThreads(Self.readers) { _ in
            _ = app.resolve(XYZService.self)
            let section = ResolutionContext.current.readSection
            sections.withLock { $0.append(WeakSection(section)) }
        }

        let listed = sections.withLock { $0 }
        #expect(listed.count == Self.readers)
        // A writer in another test (`ReadSections.waitForReaders()`) may be walking its copy of
        // the list as the threads exit, which holds their sections until it is done (a moment;
        // longer under ThreadSanitizer): wait for such a walk to end, bounded.
        var waited = 0
        while !listed.allSatisfy({ $0.section == nil }), waited < 500 {
            usleep(10_000)
            waited += 1
        }
        #expect(listed.allSatisfy { $0.section == nil }, "a thread's read section is forgotten when it exits")
    }
}

/// Counts the ``Probe``s alive.
private final class ProbeCensus: Sendable {
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

/// An instance that knows whether it is intact: freed memory (or a `deinit` already run) shows.
private final class Probe: Sendable {
    private static let expected: UInt64 = 0x5AFE_C0DE_0123_4567
    private let pattern = Probe.expected
    private let alive = Atomic<Bool>(true)
    private let census: ProbeCensus

    init(_ census: ProbeCensus) {
        self.census = census
        census.born()
    }

    deinit {
        alive.store(false, ordering: .releasing)
        census.died()
    }

    var isIntact: Bool { pattern == Probe.expected && alive.load(ordering: .acquiring) }
}

private struct Version: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}

private final class WeakSection: Sendable {
    weak let section: ReadSection?
    init(_ section: ReadSection) { self.section = section }
}

extension Container {
    /// Whether this container keeps an instance of `T` right now (read under its lock).
    fileprivate func hasKept<T>(_ type: T.Type) -> Bool {
        core.state.withLock { $0.entry(EntryKey(ObjectIdentifier(T.self), name: nil))?.slot.holdsInstance ?? false }
    }
}
