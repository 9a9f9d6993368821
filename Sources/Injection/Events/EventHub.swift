import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Attaches observers to the process-wide event stream.
///
/// ```swift
/// let token = ResolutionEvents.addObserver { event in log.append(event) }
/// ```
public enum ResolutionEvents {
    /// Attaches an observer for every later event, from every container.
    @discardableResult
    public static func addObserver(_ observer: some ResolutionObserver) -> ObservationToken {
        EventHub.shared.add(observer)
    }

    /// Attaches a closure as an observer.
    @discardableResult
    public static func addObserver(_ body: @escaping @Sendable (ResolutionEvent) -> Void) -> ObservationToken {
        EventHub.shared.add(ClosureObserver(body: body))
    }

    /// Whether any observer is attached (the branch every emitting site takes).
    public static var isObserved: Bool { EventHub.shared.isActive }

    /// Runs `body` with `observer` attached, detaching it afterwards.
    public static func withObserver<R, E: Error>(
        _ observer: some ResolutionObserver, _ body: () throws(E) -> R
    ) throws(E) -> R {
        let token = addObserver(observer)
        defer { token.cancel() }
        return try body()
    }

    /// Nanoseconds on the events' monotonic clock.
    public static func now() -> UInt64 { EventClock.now() }
}

/// The process-wide list of observers. With none attached, emitting costs one atomic load and
/// one branch: ``isActive`` is checked before an event is even built.
final class EventHub: Sendable {
    static let shared = EventHub()

    private let active = Atomic<Bool>(false)
    private let sequence = Atomic<UInt64>(0)
    private let observers = Mutex<(nextID: Int, list: [(id: Int, observer: any ResolutionObserver)])>((0, []))

    var isActive: Bool {
        @inline(__always) get { active.load(ordering: .relaxed) }
    }

    func add(_ observer: some ResolutionObserver) -> ObservationToken {
        let id = observers.withLock { state in
            state.nextID += 1
            state.list.append((state.nextID, observer))
            active.store(true, ordering: .releasing)
            return state.nextID
        }
        return ObservationToken(id: id)
    }

    func remove(_ id: Int) {
        observers.withLock { state in
            state.list.removeAll { $0.id == id }
            active.store(!state.list.isEmpty, ordering: .releasing)
        }
    }

    /// Builds the event's envelope and delivers it. Callers check ``isActive`` first.
    func emit(_ kind: ResolutionEvent.Kind) {
        // Validation builds services in a sandbox; those builds are not the app's resolutions.
        if ValidationRun.isActiveOnThisThread { return }
        let list = observers.withLock { $0.list }
        guard !list.isEmpty else { return }
        let event = ResolutionEvent(
            sequence: sequence.add(1, ordering: .relaxed).newValue,
            time: EventClock.now(),
            thread: ThreadNumber.current,
            kind: kind
        )
        for entry in list { entry.observer.observe(event) }
    }
}

/// A monotonic clock whose zero is the first reading in the process.
enum EventClock {
    private static let origin: UInt64 = raw()

    static func raw() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    static func now() -> UInt64 {
        let origin = origin
        let value = raw()
        return value >= origin ? value - origin : 0
    }
}
