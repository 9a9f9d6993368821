import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Attaches observers to the process-wide event stream.
///
/// ```swift
/// let seen = Mutex<[ResolutionEvent]>([])
/// let token = ResolutionEvents.addObserver { event in seen.withLock { $0.append(event) } }
/// // … resolve …
/// token.cancel()   // detaches the observer
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

    /// Hands the repeats counted so far to the observers that fold them
    /// (``ResolutionObserver/observeRepeats(_:)``). ``TraceRecorder`` does it on its own.
    public static func collectRepeats() { EventHub.shared.collectRepeats() }
}

/// The process-wide list of observers. With none attached, emitting costs one atomic load and
/// one branch: ``isActive`` is checked before an event is even built.
///
/// The list is an immutable ``ObserverList``, replaced under the lock on every change with a
/// generation bumped after it. Each thread keeps the last list it took in its
/// ``ResolutionContext`` and takes the lock only when the generation moved: nothing but the
/// atomic and the thread's own context is read without the lock.
final class EventHub: Sendable {
    static let shared = EventHub()

    /// An immutable snapshot of the attached observers, each as the function that delivers to it
    /// (a closure observer's own body; calling an existential in an array copied it first).
    final class ObserverList: Sendable {
        typealias Deliver = @Sendable (ResolutionEvent) -> Void
        /// One observer. A class with a concrete function property: a function stored in an array is
        /// called through a reabstraction thunk that copied the event.
        final class Receiver: Sendable {
            let deliver: Deliver
            init(_ deliver: @escaping Deliver) { self.deliver = deliver }

            /// Calls the function while `self` keeps it alive (no retain of its context).
            @inline(never)
            func callAsFunction(_ event: ResolutionEvent) { deliver(event) }
        }

        let ids: [Int]
        let observers: [Receiver]
        /// The observers that take repeated resolutions as counts.
        let folding: [any ResolutionObserver]
        /// Whether every observer folds repeats, so the resolving thread counts them itself
        /// (``RepeatTable``) instead of building events.
        let folds: Bool

        init(ids: [Int], observers: [Receiver], folding: [any ResolutionObserver]) {
            self.ids = ids
            self.observers = observers
            self.folding = folding
            folds = !observers.isEmpty && folding.count == observers.count
        }

        static let empty = ObserverList(ids: [], observers: [], folding: [])
    }

    /// Whether any observer is attached. Static: reaching ``shared`` calls its lazy initialiser's
    /// `swift_once` on every check.
    private static let active = Atomic<Bool>(false)
    private let sequence = Atomic<UInt64>(0)
    /// Changes (under the lock, after `list` is replaced) whenever the list does; starts at 1 so
    /// that a fresh context's 0 never matches.
    private static let generation = Atomic<UInt64>(1)
    private let observers = Lock<State>(State())
    /// Held from taking counts out of the tables until they are delivered (``deliveringRepeats(_:)``);
    /// taken before `observers`, never under it.
    private let delivery = Lock<Void>(())
    /// The number of the thread holding `delivery` (``ThreadNumber``), or 0.
    private let deliverer = Atomic<UInt64>(0)
    /// The threads (``ThreadNumber``) waiting for `delivery`: a test's handshake, proof that a
    /// thread reached the wait for a delivery in flight.
    let waitingForDelivery = Lock<Set<UInt64>>([])

    private struct State: ~Copyable {
        var nextID = 0
        var list = ObserverList.empty
        /// Every thread's repeat counts (``RepeatTable``), for ``collectRepeats()``.
        var tables: [RepeatTable] = []
        /// The observer id of each folding observer in `list`, in `list.folding` order.
        var foldingIDs: [Int] = []
    }

    var isActive: Bool {
        @inline(__always) get { Self.isActive }
    }

    /// ``isActive`` without reaching ``shared``: what the resolve path checks.
    static var isActive: Bool {
        @inline(__always) get { active.load(ordering: .relaxed) }
    }

    func add(_ observer: some ResolutionObserver) -> ObservationToken {
        deliveringRepeats { addDelivering(observer) }
    }

    private func addDelivering(_ observer: some ResolutionObserver) -> ObservationToken {
        let (id, repeats, previous) = observers.withLock { state in
            // Counts so far belong to the observers that were attached while they were counted.
            let repeats = collect(&state, resetTo: Self.generation.load(ordering: .relaxed) &+ 1)
            let previous = state.list
            state.nextID += 1
            let deliver: ObserverList.Deliver =
                if let closure = observer as? ClosureObserver { closure.body } else { { observer.observe($0) } }
            var folding = state.list.folding
            if observer.foldsRepeatedResolutions {
                folding.append(observer)
                state.foldingIDs.append(state.nextID)
            }
            state.list = ObserverList(
                ids: state.list.ids + [state.nextID], observers: state.list.observers + [ObserverList.Receiver(deliver)],
                folding: folding)
            Self.generation.add(1, ordering: .releasing)
            Self.active.store(true, ordering: .releasing)
            return (state.nextID, repeats, previous)
        }
        Self.deliver(repeats, to: previous)
        return ObservationToken(id: id)
    }

    func remove(_ id: Int) {
        deliveringRepeats { removeDelivering(id) }
    }

    private func removeDelivering(_ id: Int) {
        let delivery: ([ResolutionAggregate], ObserverList)? = observers.withLock { state in
            guard let index = state.list.ids.firstIndex(of: id) else { return nil }
            let repeats = collect(&state, resetTo: Self.generation.load(ordering: .relaxed) &+ 1)
            let previous = state.list
            var ids = state.list.ids, list = state.list.observers, folding = state.list.folding
            ids.remove(at: index)
            list.remove(at: index)
            if let foldingIndex = state.foldingIDs.firstIndex(of: id) {
                state.foldingIDs.remove(at: foldingIndex)
                folding.remove(at: foldingIndex)
            }
            state.list = ObserverList(ids: ids, observers: list, folding: folding)
            Self.generation.add(1, ordering: .releasing)
            Self.active.store(!ids.isEmpty, ordering: .releasing)
            return (repeats, previous)
        }
        if case let (repeats, previous)? = delivery { Self.deliver(repeats, to: previous) }
    }

    // MARK: - Repeats folded at the source

    /// Takes every thread's folded repeats and hands them, as aggregates, to the folding
    /// observers. A recorder calls it every aggregation interval and before a flush; changes to
    /// the observers call it too, so counts go to the observers attached while they were counted.
    func collectRepeats() {
        deliveringRepeats {
            let (repeats, list) = observers.withLock { state in
                (collect(&state, resetTo: nil), state.list)
            }
            Self.deliver(repeats, to: list)
        }
    }

    /// Runs `body`, which takes counts from the tables (under `observers`) and hands them to the
    /// folding observers (after it), while no other such hand-off is under way.
    ///
    /// Counts taken are in no table and not yet in an observer until delivered, and an observer
    /// detached in between would lose counts made while it was attached: so detaching (`remove`)
    /// runs here too and waits for a delivery in flight. Deliveries run outside `observers`: an
    /// observer may take its own locks, under which a resolving thread may ask for a new list.
    ///
    /// Re-entrant on one thread (an observer may attach, detach or collect from
    /// ``ResolutionObserver/observeRepeats(_:)``): `deliverer` holds the holding thread's number,
    /// written only by that thread.
    private func deliveringRepeats<R>(_ body: () -> R) -> R {
        let thread = ThreadNumber.current
        if deliverer.load(ordering: .relaxed) == thread { return body() }
        waitingForDelivery.withLock { _ = $0.insert(thread) }
        return delivery.withLock { _ in
            waitingForDelivery.withLock { _ = $0.remove(thread) }
            deliverer.store(thread, ordering: .relaxed)
            defer { deliverer.store(0, ordering: .relaxed) }
            return body()
        }
    }

    /// Called under the lock, so that the counts match `state.list` (a table's keys are only
    /// counted under the generation they were seen in, and generations change under the lock).
    private func collect(_ state: inout State, resetTo generation: UInt64?) -> [ResolutionAggregate] {
        guard !state.tables.isEmpty else { return [] }
        var repeats: [ResolutionAggregate] = []
        state.tables.removeAll { table in table.collect(into: &repeats, resetTo: generation) }
        return repeats
    }

    private static func deliver(_ repeats: [ResolutionAggregate], to list: ObserverList) {
        guard !repeats.isEmpty else { return }
        for observer in list.folding { observer.observeRepeats(repeats) }
    }

    /// The calling thread's repeat table, made and registered on first use.
    @inline(never)
    func makeRepeatTable(for context: ResolutionContext) -> RepeatTable {
        let table = observers.withLock { state in
            let table = RepeatTable(generation: Self.generation.load(ordering: .relaxed))
            state.tables.append(table)
            return table
        }
        context.repeatTable = table
        return table
    }

    /// Counts a repeat of an identical resolution on `context`'s thread when every observer folds
    /// and the key was seen before; false when the caller must deliver the event (through
    /// ``receivers(in:)``). Builds and retains nothing on a repeat. `start` and `end` are raw
    /// ``EventClock`` readings; `scope` is made only for a new key or a `.custom` one (a copy
    /// retains its name). Static, like ``isActive``.
    @inline(__always)
    static func foldRepeat(
        _ registration: AnyRegistration, kind: Scope.Kind, scope: @autoclosure () -> Scope, outcome: Resolved.Outcome,
        source: Resolved.Source, start: UInt64, end: UInt64, in context: ResolutionContext
    ) -> Bool {
        if context.observerGeneration != generation.load(ordering: .acquiring) { _ = shared.refresh(context) }
        guard context.foldsRepeats, !ValidationRun.isActive(in: context) else { return false }
        if context.emitNextResolution {
            // A failure was reported on this thread: the next resolution is an event, which tells
            // a recorder the thread went on (it forgets the failure as the reason for a trap).
            context.emitNextResolution = false
            return false
        }
        // The requester's frame, read once for both questions.
        let requesterID: UInt
        if context.frames.isEmpty {
            requesterID = 0
        } else {
            let requester = context.frames[context.frames.count - 1]
            // Property-injection resolves are never folded: the fold key has no room for the edge kind.
            if requester.injectsProperties { return false }
            // Nor is a kept build's pass: what the kept instance holds is read from all of it,
            // whichever container answered each resolve (docs/TRACE_FORMAT.md, Folding).
            if context.isInKeptBuild { return false }
            requesterID = UInt(bitPattern: ObjectIdentifier(requester.registration).hashValueBits)
        }
        func fold(_ table: RepeatTable) -> Bool {
            table.fold(
                registration, requesterID: requesterID, requester: context.requester, kind: kind, scope: scope(),
                outcome: outcome, source: source, start: start, end: end, generation: context.observerGeneration)
        }
        return context.withRepeatTable(fold) ?? fold(shared.makeRepeatTable(for: context))
    }

    /// A build's start on `context`'s thread: a precise ``EventClock`` reading, or 0 when the
    /// build may be counted without one (``BuildSampling``: every observer folds, and this
    /// thread timed and counted `registration` under the current observers). A requester that
    /// injects properties is never folded, so its dependencies' builds are always timed.
    @inline(__always)
    static func buildStart(of registration: AnyRegistration, in context: ResolutionContext) -> UInt64 {
        if context.foldsRepeats, !context.requesterInjectsProperties,
           context.observerGeneration == generation.load(ordering: .acquiring),
           context.withRepeatTable({
               $0.skipsClock(UInt(bitPattern: ObjectIdentifier(registration).hashValueBits),
                             generation: context.observerGeneration)
           }) == true {
            return 0
        }
        return EventClock.raw()
    }

    /// A build's end on `context`'s thread, read while its frame is on the stack: a precise reading
    /// for a timed build; an untimed one (`start` 0) takes its pass's stamp
    /// (``ResolutionContext/passStamp``): one coarse reading per pass, refreshed by each timed
    /// build's end, so a graph of transients reads the clock once per pass.
    @inline(__always)
    static func buildEnd(start: UInt64, inPassOf context: ResolutionContext) -> UInt64 {
        if start != 0 {
            let end = EventClock.raw()
            context.passStamp = end
            return end
        }
        let stamp = context.passStamp
        return stamp != 0 ? stamp : takePassStamp(in: context)
    }

    /// The time stamp of a repeat counted on `context`'s thread that is not a build's end (a
    /// cache hit): inside a resolution pass the pass's stamp, as an untimed build takes
    /// (``buildEnd(start:inPassOf:)``), else a coarse reading.
    @inline(__always)
    static func repeatStamp(in context: ResolutionContext) -> UInt64 {
        if context.frames.isEmpty { return EventClock.coarse() }
        let stamp = context.passStamp
        return stamp != 0 ? stamp : takePassStamp(in: context)
    }

    /// The pass's first untimed build's end: a coarse reading, kept for the pass's other builds.
    @inline(__always)
    private static func takePassStamp(in context: ResolutionContext) -> UInt64 {
        let stamp = EventClock.coarse()
        context.passStamp = stamp
        return stamp
    }

    /// The duration and end time an event reports for a build that was not folded: measured,
    /// or for an untimed build (`start` 0, rare: its key was not known after all) the
    /// registration's last measured build on this thread, ending now.
    @inline(never)
    static func untimedBuild(
        _ registration: AnyRegistration, in context: ResolutionContext
    ) -> (duration: UInt64, end: UInt64) {
        let measured = context.withRepeatTable {
            $0.lastDuration(of: UInt(bitPattern: ObjectIdentifier(registration).hashValueBits))
        }
        return (measured ?? 0, EventClock.raw())
    }

    /// The current list, from `context`'s copy when no change was published since it was taken.
    @inline(__always)
    private func list(for context: ResolutionContext) -> ObserverList {
        if let list = context.observerList, context.observerGeneration == Self.generation.load(ordering: .acquiring) {
            return list
        }
        return refresh(context)
    }

    @inline(never)
    private func refresh(_ context: ResolutionContext) -> ObserverList {
        // The list and the generation only change together under the lock, so this pair matches.
        let (list, current) = observers.withLock { ($0.list, Self.generation.load(ordering: .relaxed)) }
        context.observerList = list
        context.observerGeneration = current
        context.foldsRepeats = list.folds
        return list
    }

    /// Builds the event's envelope and delivers it. Callers check ``isActive`` first.
    func emit(_ kind: consuming ResolutionEvent.Kind) {
        emit(kind, in: ResolutionContext.current)
    }

    /// ``emit(_:)`` for a caller that holds the thread's context, and perhaps a clock reading
    /// (``EventClock/raw()``) taken just before (the end of the resolve it reports).
    @inline(__always)
    func emit(_ kind: consuming ResolutionEvent.Kind, in context: ResolutionContext, rawTime: UInt64? = nil) {
        guard let list = receivers(in: context) else { return }
        switch kind {
        case .missing, .cycle: context.emitNextResolution = true
        default: break
        }
        let event = ResolutionEvent(
            sequence: nextSequence(), time: EventClock.since(raw: rawTime ?? EventClock.raw()),
            thread: context.threadNumber, kind: kind)
        list.deliver(event)
    }

    /// The observers an event built on `context`'s thread goes to; nil when none is attached or
    /// the thread is validating (validation builds services in a sandbox; those builds are not the
    /// app's resolutions). For hot paths that build the event only after this check.
    @inline(__always)
    func receivers(in context: ResolutionContext) -> ObserverList? {
        if ValidationRun.isActive(in: context) { return nil }
        let list = list(for: context)
        return list.observers.isEmpty ? nil : list
    }

    /// The next event's sequence number.
    @inline(__always)
    func nextSequence() -> UInt64 { sequence.add(1, ordering: .relaxed).newValue }
}

extension EventHub.ObserverList {
    @inline(__always)
    func deliver(_ event: ResolutionEvent) {
        for receiver in observers { receiver(event) }
    }
}

/// A monotonic clock whose zero is the first reading in the process.
enum EventClock {
    private static let origin: UInt64 = raw()

    @inline(__always)
    static func raw() -> UInt64 { PosixIO.monotonicNanoseconds() }

    /// A ``raw()`` reading as of the last timer tick (up to 1–10 ms behind, and a fraction of
    /// its cost on Linux): the time stamp of a repeat that is only counted.
    @inline(__always)
    static func coarse() -> UInt64 { PosixIO.coarseMonotonicNanoseconds() }

    static func now() -> UInt64 { since(raw: raw()) }

    /// A ``raw()`` reading on this clock.
    @inline(__always)
    static func since(raw value: UInt64) -> UInt64 {
        let origin = origin
        return value >= origin ? value - origin : 0
    }
}
