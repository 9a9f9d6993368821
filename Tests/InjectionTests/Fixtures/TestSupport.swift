import Injection
import InjectionTrace
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Names and counters

private let nameCounter = Atomic<Int>(0)

/// A container name no other test uses, so process-wide events can be filtered by it.
func uniqueName(_ prefix: String) -> String {
    "\(prefix)-\(nameCounter.add(1, ordering: .relaxed).newValue)"
}

/// Numbers instances so tests can tell "a new one" from "the same one".
enum InstanceNumbers {
    private static let counter = Atomic<Int>(0)
    static func next() -> Int { counter.add(1, ordering: .relaxed).newValue }
}

/// Counts factory calls; safe to capture in a `@Sendable` factory.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    @discardableResult
    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }
}

// MARK: - Events

/// Records the events of the named containers only: observers are process-wide and other tests
/// run in parallel.
final class EventRecorder: ResolutionObserver {
    let containers: Set<String>
    private let recorded = Lock<[ResolutionEvent]>([])

    init(_ containers: String...) { self.containers = Set(containers) }

    func observe(_ event: ResolutionEvent) {
        guard !containers.isDisjoint(with: event.kind.containers) else { return }
        recorded.withLock { $0.append(event) }
    }

    /// Runs `body` with this recorder attached.
    @discardableResult
    func record<R>(_ body: () throws -> R) rethrows -> R {
        let token = ResolutionEvents.addObserver(self)
        defer { token.cancel() }
        return try body()
    }

    var events: [ResolutionEvent] { recorded.withLock { $0 } }
    var kinds: [ResolutionEvent.Kind] { events.map(\.kind) }

    var registered: [Registered] {
        kinds.compactMap { if case .registered(let value) = $0 { value } else { nil } }
    }
    /// Resolutions with the duration zeroed, so they compare with `==`.
    var resolved: [Resolved] {
        kinds.compactMap { if case .resolved(var value) = $0 { value.durationNanoseconds = 0; return value } else { return nil } }
    }
    var durations: [UInt64] {
        kinds.compactMap { if case .resolved(let value) = $0 { value.durationNanoseconds } else { nil } }
    }
    var missing: [MissingRegistration] {
        kinds.compactMap { if case .missing(let value) = $0 { value } else { nil } }
    }
    var cycles: [DependencyCycle] {
        kinds.compactMap { if case .cycle(let value) = $0 { value } else { nil } }
    }
    var scopeMismatches: [ScopeMismatch] {
        kinds.compactMap { if case .scopeMismatch(let value) = $0 { value } else { nil } }
    }
    var staleOverrides: [StaleOverride] {
        kinds.compactMap { if case .staleOverride(let value) = $0 { value } else { nil } }
    }
    var resolvedToNil: [MissingRegistration] {
        kinds.compactMap { if case .resolvedToNil(let value) = $0 { value } else { nil } }
    }
    var lazyResolutions: [LazyResolution] {
        kinds.compactMap { if case .lazyResolved(let value) = $0 { value } else { nil } }
    }
    var scopeResets: [ScopeReset] {
        kinds.compactMap { if case .scopeReset(let value) = $0 { value } else { nil } }
    }
    var instancesEnded: [InstanceEnded] {
        kinds.compactMap { if case .instanceEnded(let value) = $0 { value } else { nil } }
    }
    var containersCreated: [ContainerCreated] {
        kinds.compactMap { if case .containerCreated(let value) = $0 { value } else { nil } }
    }
    var containersReleased: [ContainerReleased] {
        kinds.compactMap { if case .containerReleased(let value) = $0 { value } else { nil } }
    }
}

extension ResolutionEvent.Kind {
    /// The containers an event is about.
    var containers: [String] {
        switch self {
        case .containerCreated(let event): [event.container]
        case .registered(let event): [event.service.container]
        case .resolved(let event): [event.service.container] + (event.requester.map { [$0.container] } ?? [])
        case .missing(let event): [event.requested.container]
        case .cycle(let event): event.path.map(\.container)
        case .scopeMismatch(let event): [event.holder.container, event.captive.container]
        case .mappingChanged(let event): [event.container]
        case .staleOverride(let event): [event.replacement.container]
        case .scopeReset(let event): [event.container]
        case .resolvedToNil(let event): [event.requested.container]
        case .lazyResolved(let event): [event.service.container]
        case .instanceEnded(let event): [event.service.container]
        case .containerReleased(let event): [event.container]
        }
    }
}

// MARK: - Threads

/// Runs `body(index)` on `count` new threads at once and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    BackgroundThread.runConcurrently(count, body)
}

/// One number per thread, each written by its own thread, read once the threads are joined.
/// Atomics, not a `Mutex`: ThreadSanitizer cannot see a contended `Mutex` on Linux
/// (Scripts/tsan-suppressions.txt), and threads released by a barrier all record at once.
final class PerThreadValues: Sendable {
    private final class Slot: Sendable {
        let value = Atomic<Int>(0)
        let isSet = Atomic<Bool>(false)
    }
    private let slots: [Slot]

    init(count: Int) {
        slots = (0..<count).map { _ in Slot() }
    }

    func record(_ value: Int, forThread thread: Int) {
        slots[thread].value.store(value, ordering: .relaxed)
        slots[thread].isSet.store(true, ordering: .releasing)
    }

    /// The values recorded, in thread order (a thread that recorded nothing is left out).
    var values: [Int] {
        slots.compactMap { $0.isSet.load(ordering: .acquiring) ? $0.value.load(ordering: .relaxed) : nil }
    }
}

/// Lets `count` threads meet: each waits until all have arrived (or, so that a broken runtime
/// makes a test fail rather than hang, until a generous deadline passes).
final class Barrier: Sendable {
    private let count: Int
    private let arrived = Atomic<Int>(0)

    init(count: Int) { self.count = count }

    /// Returns whether everybody arrived.
    @discardableResult
    func arriveAndWait() -> Bool {
        arrived.add(1, ordering: .sequentiallyConsistent)
        let deadline = ResolutionEvents.now() + 10_000_000_000
        while arrived.load(ordering: .sequentiallyConsistent) < count {
            if ResolutionEvents.now() > deadline { return false }
            sched_yield()
        }
        return true
    }
}
