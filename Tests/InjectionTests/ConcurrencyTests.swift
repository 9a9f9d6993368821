import Injection
import Synchronization
import Testing

/// Registering and resolving from many threads at once. Run under ThreadSanitizer by `make tsan`.
struct ConcurrencyTests {
    static let threads = 8

    // MARK: - Hammer

    @Test func registerResolveResetAndChildrenFromEightThreads() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { BluetoothService() }
        app.register(scope: .cached) { XYZSessionManager() }
        app.register(scope: .shared) { NetworkService() }
        app.register(scope: .graph) { XYZService() }
        app.register(scope: .custom("session")) { UserSettingsService() }
        app.register { c in XYZFetcher(session: c.resolve()) as XYZFetching }
        app.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        // Atomics rather than a Mutex<Set<Int>>: TSan cannot see a contended Mutex on Linux
        // (Scripts/tsan-suppressions.txt), and this test's own bookkeeping must not need a rule.
        let firstSingleton = Atomic<Int>(Int.min)
        let otherSingletons = Atomic<Int>(0)
        let graphShared = Atomic<Int>(0)
        let recorder = EventRecorder(app.name)
        let token = ResolutionEvents.addObserver(recorder)
        defer { token.cancel() }

        onThreads(Self.threads) { thread in
            let child = app.makeChild(name: "\(app.name)-child-\(thread)")
            for round in 0..<200 {
                switch round % 8 {
                case 0:
                    child.register { XYZFetcherDouble() as XYZFetching }
                    app.register(name: "thread-\(thread)") { TranslationService() }
                case 1:
                    app.reset(.cached)
                    app.reset(.custom("session"))
                case 2:
                    let pair = SessionPair(first: app.resolve(), second: app.resolve(), fetcher: child.resolve())
                    _ = pair
                case 3:
                    // One pass: the graph-scoped service is shared within it, never across threads.
                    let model: XYZViewModel = child.resolve()
                    _ = model.load()
                    let inner = Container(name: "\(app.name)-pass-\(thread)", parent: app)
                    inner.register { c in XYZPassProbe(first: c.resolve(), second: c.resolve()) }
                    let probe: XYZPassProbe = inner.resolve()
                    if probe.first === probe.second { graphShared.add(1, ordering: .relaxed) }
                case 4:
                    let network: NetworkService = app.resolve()
                    _ = app.resolve(NetworkService.self) === network
                    _ = app.resolve(UserSettingsService.self)
                case 5:
                    _ = app.resolve(TranslationService.self, name: "thread-\(thread)", lifetime: .new)
                    _ = app.optional(TranslationService.self, name: "nobody")
                case 6:
                    let grandchild = child.makeChild()
                    grandchild.register(scope: .cached) { XYZSessionManager() }
                    _ = grandchild.resolve(XYZSessionManager.self) === grandchild.resolve(XYZSessionManager.self)
                    _ = child.resolve(BluetoothService.self, lifetime: .singleton)
                default:
                    let number = app.resolve(BluetoothService.self).number
                    let (stored, seen) = firstSingleton.compareExchange(
                        expected: Int.min, desired: number, ordering: .relaxed)
                    if !stored && seen != number { otherSingletons.add(1, ordering: .relaxed) }
                }
            }
        }

        #expect(firstSingleton.load(ordering: .relaxed) != Int.min)
        #expect(otherSingletons.load(ordering: .relaxed) == 0, "every thread got the same singleton")
        #expect(graphShared.load(ordering: .relaxed) == Self.threads * 25)
        #expect(recorder.cycles.isEmpty)
        #expect(recorder.missing.isEmpty)
    }

    // MARK: - Singleton under a race

    @Test func everyThreadGetsTheSameSingleton() {
        let app = Container(name: uniqueName("app"))
        let barrier = Barrier(count: Self.threads)
        let calls = CallCounter()
        app.register(scope: .singleton) { () -> BluetoothService in
            // Every thread enters the factory before any of them returns: a real race.
            calls.increment()
            barrier.arriveAndWait()
            return BluetoothService()
        }
        let numbers = PerThreadValues(count: Self.threads)

        onThreads(Self.threads) { thread in
            numbers.record(app.resolve(BluetoothService.self).number, forThread: thread)
        }

        let seen = numbers.values
        #expect(seen.count == Self.threads)
        #expect(Set(seen).count == 1)
        #expect(app.resolve(BluetoothService.self).number == seen.first)
        #expect(calls.value >= 1)
    }

    @Test func cachedAndSingletonLifetimeUnderARaceAgree() {
        let app = Container(name: uniqueName("app"))
        let barrier = Barrier(count: Self.threads)
        app.register(scope: .cached) { () -> XYZSessionManager in
            barrier.arriveAndWait()
            return XYZSessionManager()
        }
        let sessions = PerThreadValues(count: Self.threads)
        onThreads(Self.threads) { thread in
            let session: XYZSessionManager = app.resolve(lifetime: thread.isMultiple(of: 2) ? .automatic : .singleton)
            sessions.record(ObjectIdentifier(session).hashValue, forThread: thread)
        }
        // The kept instance is alive (the container keeps it), so no other answer can have had
        // its address: every thread got exactly that one.
        let kept = ObjectIdentifier(app.resolve(XYZSessionManager.self)).hashValue
        #expect(sessions.values == Array(repeating: kept, count: Self.threads))
    }

    // MARK: - No deadlock, no false cycle

    @Test func factoryWaitingOnAThreadThatResolvesFromTheSameContainer() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { XYZSessionManager() }
        app.register(scope: .singleton) { c in
            // Spawn a thread that resolves another service of this container, and join it.
            let session = Lock<XYZSessionManager?>(nil)
            onThreads(1) { _ in session.withLock { $0 = c.resolve(XYZSessionManager.self) } }
            return XYZFetcher(session: session.withLock { $0! }) as XYZFetching
        }

        onThreads(Self.threads) { _ in
            let fetcher = app.resolve(XYZFetching.self) as? XYZFetcher
            precondition(fetcher?.session === app.resolve(XYZSessionManager.self))
        }
        #expect((app.resolve(XYZFetching.self) as? XYZFetcher)?.session === app.resolve(XYZSessionManager.self))
    }

    @Test func sameServiceOnTwoThreadsAtOnceIsNotACycle() {
        // Each thread has its own resolution stack: A on one thread is not on the other's.
        let app = Container(name: uniqueName("app"))
        let barrier = Barrier(count: 2)
        app.register { c in
            barrier.arriveAndWait()
            return try XYZViewModel(fetcher: XYZFetcher(), service: c.tryResolve())
        }
        app.register { XYZService() }
        let failures = Lock<[String]>([])

        onThreads(2) { _ in
            do { _ = try app.tryResolve(XYZViewModel.self) } catch { failures.withLock { $0.append("\(error)") } }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test func factoriesResolvingDependenciesFromManyThreadsAtOnce() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .cached) { XYZService() }
        app.register { c in XYZFetcher(session: c.resolve()) as XYZFetching }
        app.register(scope: .graph) { XYZSessionManager() }
        app.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        let loads = CallCounter()

        onThreads(Self.threads) { _ in
            for _ in 0..<100 where app.resolve(XYZViewModel.self).load() == "image(data(token))" {
                loads.increment()
            }
        }
        #expect(loads.value == Self.threads * 100)
    }
}

/// Resolves the graph-scoped service twice in one pass.
final class XYZPassProbe {
    let first: XYZService
    let second: XYZService
    init(first: XYZService, second: XYZService) {
        self.first = first
        self.second = second
    }
}

extension ConcurrencyTests {
    // MARK: - Repeats folded at the source

    /// Counts, per service type, the resolutions of one container a folding observer is told
    /// about: events plus the repeats the resolving threads counted themselves.
    final class RepeatCounter: ResolutionObserver {
        let container: String
        private let state = Lock<(events: [String: UInt64], repeats: [String: UInt64])>(([:], [:]))

        init(_ container: String) { self.container = container }

        var foldsRepeatedResolutions: Bool { true }

        func observe(_ event: ResolutionEvent) {
            guard case .resolved(let resolved) = event.kind, resolved.service.container == container else { return }
            state.withLock { $0.events[resolved.service.type, default: 0] += 1 }
        }

        func observeRepeats(_ aggregates: [ResolutionAggregate]) {
            state.withLock { state in
                for aggregate in aggregates where aggregate.service.container == container {
                    #expect(aggregate.count > 0 && aggregate.firstTime <= aggregate.lastTime)
                    state.repeats[aggregate.service.type, default: 0] += aggregate.count
                }
            }
        }

        var totals: [String: UInt64] {
            state.withLock { state in state.events.merging(state.repeats, uniquingKeysWith: +) }
        }
    }

    @Test func repeatsFoldedOnManyThreadsAddUpExactly() {
        let app = Container(name: uniqueName("fold"))
        app.register(scope: .singleton) { XYZSessionManager() }
        app.register { c in XYZFetcher(session: c.resolve()) }
        app.register(scope: .custom("session")) { XYZService() }
        let counter = RepeatCounter(app.name)
        let token = ResolutionEvents.addObserver(counter)
        let rounds = 2000
        onThreads(Self.threads) { thread in
            var late: ObservationToken?
            for round in 0..<rounds {
                if thread == 0 {
                    // Observers come and go, and counts are collected, while the others resolve.
                    if round == rounds / 4 { late = ResolutionEvents.addObserver(RepeatCounter(app.name)) }
                    if round == rounds / 2 { late?.cancel() }
                    if round % 100 == 0 { ResolutionEvents.collectRepeats() }
                }
                _ = app.resolve(XYZFetcher.self)
                _ = app.resolve(XYZSessionManager.self)
                _ = app.resolve(XYZService.self)
            }
        }
        token.cancel()
        let total = UInt64(Self.threads * rounds)
        #expect(counter.totals == ["XYZFetcher": total, "XYZSessionManager": 2 * total, "XYZService": total])
    }

    // MARK: - Arguments

    /// Arguments are read where each resolve's caller has them: eight threads resolving with
    /// their own values, in every spelling, each get back exactly what they passed, while an
    /// observer is attached (the captive check reads the keyed arguments of a long-lived build).
    @Test func eachThreadsArgumentsReachOnlyItsOwnFactory() {
        final class Built: Sendable {
            let values: [String]
            init(_ values: [String]) { self.values = values }
        }
        let app = Container(name: uniqueName("app"))
        app.register(name: "tuple") { _, args in Built(["\(args.get(0, as: Int.self))", args.get(1, as: String.self)]) }
        app.register(name: "keyed") { _, args in Built(["\(args("id", as: Int.self))", args("name", as: String.self)]) }
        app.register(name: "kept", scope: .cached) { _, args in Built(["\(args("id", as: Int.self))"]) }
        let recorder = EventRecorder(app.name)
        let token = ResolutionEvents.addObserver(recorder)
        defer { token.cancel() }
        let mismatches = Atomic<Int>(0)

        onThreads(Self.threads) { thread in
            for round in 0..<200 {
                let id = thread * 1_000 + round, name = String(repeating: "t\(thread)", count: 1 + round % 9)
                let expected = ["\(id)", name]
                let built: [[String]] = [
                    app.resolve(Built.self, name: "tuple", args: (id, name)).values,
                    app.resolve(Built.self, name: "keyed", args: (id: id, name: name)).values,
                    app.resolve(Built.self, name: "keyed", args: ["id": id, "name": name]).values,
                    app.resolve(Built.self, name: "tuple", args: (id, name) as Any).values,
                ]
                if built.contains(where: { $0 != expected }) { mismatches.add(1, ordering: .relaxed) }
                _ = app.resolve(Built.self, name: "kept", args: ["id": id])
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
