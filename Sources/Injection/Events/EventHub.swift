import Synchronization

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

    /// Nanoseconds on the events' monotonic clock.
    public static func now() -> UInt64 { EventClock.now() }

    /// Hands the repeats counted so far to the observers that fold them
    /// (``ResolutionObserver/observeRepeats(_:)``). ``TraceRecorder`` does it on its own.
    public static func collectRepeats() { EventHub.shared.collectRepeats() }
}

/// The process-wide observer list: an immutable ``ObserverList`` replaced under the lock, with a
/// generation bumped after it. Each thread keeps its last list in its ``ResolutionContext`` and
/// takes the lock only when the generation moved; with no observer, emitting is one atomic load.
final class EventHub: Sendable {
    static let shared = EventHub()

    /// An immutable snapshot of the observers, each as the function that delivers to it.
    final class ObserverList: Sendable {
        typealias Deliver = @Sendable (ResolutionEvent) -> Void
        /// One observer: a class with a concrete function property, so calling it does not copy the
        /// event through a reabstraction thunk.
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
        /// Whether every observer folds repeats, so resolving threads count them (``RepeatTable``).
        let folds: Bool

        init(ids: [Int], observers: [Receiver], folding: [any ResolutionObserver]) {
            self.ids = ids
            self.observers = observers
            self.folding = folding
            folds = !observers.isEmpty && folding.count == observers.count
        }

        static let empty = ObserverList(ids: [], observers: [], folding: [])
    }

    /// Static: reaching ``shared`` runs its lazy initialiser's `swift_once` on every check.
    private static let active = Atomic<Bool>(false)
    private let sequence = Atomic<UInt64>(0)
    /// Bumped under the lock after `list` changes; starts at 1 so a fresh context's 0 never matches.
    private static let generation = Atomic<UInt64>(1)
    private let observers = Lock<State>(State())
    /// Held from taking counts out of the tables until they are delivered; taken before `observers`.
    private let delivery = Lock<Void>(())
    /// The number of the thread holding `delivery` (``ThreadNumber``), or 0.
    private let deliverer = Atomic<UInt64>(0)
    /// The threads waiting for `delivery`: a test's handshake.
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
        deliveringRepeats {
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
    }

    func remove(_ id: Int) {
        deliveringRepeats {
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
    }

    // MARK: - Repeats folded at the source

    /// Hands every thread's counted repeats to the folding observers (a recorder's interval, a
    /// flush, a change of observers).
    func collectRepeats() {
        deliveringRepeats {
            let (repeats, list) = observers.withLock { state in
                (collect(&state, resetTo: nil), state.list)
            }
            Self.deliver(repeats, to: list)
        }
    }

    /// Runs `body` (take counts under `observers`, deliver after) while no other hand-off runs, so
    /// a detaching observer (`remove` runs here too) loses no counts made while it was attached.
    /// Deliveries run outside `observers`: an observer may take locks a resolving thread holds.
    /// Re-entrant on one thread: `deliverer` is the holder's ``ThreadNumber``.
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

    /// Under the lock, so the counts match `state.list` (generations change under it).
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

    /// Counts a repeat on `context`'s thread when every observer folds and the key was seen; false
    /// when the caller must deliver the event. Retains nothing on a repeat; `start`/`end` are raw
    /// ``EventClock`` readings.
    @inline(__always)
    static func foldRepeat(
        _ registration: AnyRegistration, kind: Scope.Kind, scope: @autoclosure () -> Scope, outcome: Resolved.Outcome,
        source: Resolved.Source, start: UInt64, end: UInt64, in context: ResolutionContext
    ) -> Bool {
        if context.observerGeneration != generation.load(ordering: .acquiring) { _ = shared.refresh(context) }
        guard context.foldsRepeats, !ValidationRun.isActive(in: context) else { return false }
        if context.emitNextResolution {
            // After a reported failure the next resolution is an event: it tells a recorder the thread went on.
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
            // Nor a kept build's pass (docs/TRACE_FORMAT.md, Folding).
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

    /// A build's start: a precise reading, or 0 when ``BuildSampling`` lets it go untimed.
    @inline(__always)
    static func buildStart(of registration: AnyRegistration, in context: ResolutionContext) -> UInt64 {
        if context.foldsRepeats, !context.requesterInjectsProperties,
           context.observerGeneration == generation.load(ordering: .acquiring),
           context.withRepeatTable({
               $0.sampling.skipsClock(UInt(bitPattern: ObjectIdentifier(registration).hashValueBits),
                                      generation: context.observerGeneration)
           }) == true {
            return 0
        }
        return EventClock.raw()
    }

    /// A build's end: precise for a timed build; an untimed one takes its pass's coarse stamp
    /// (``ResolutionContext/passStamp``), so a graph of transients reads the clock once per pass.
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

    /// A counted cache hit's time stamp: the pass's stamp inside a pass, else a coarse reading.
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

    /// Duration and end for an untimed build whose key was not known after all: the last measured
    /// duration of its registration on this thread, ending now.
    @inline(never)
    static func untimedBuild(
        _ registration: AnyRegistration, in context: ResolutionContext
    ) -> (duration: UInt64, end: UInt64) {
        let measured = context.withRepeatTable {
            $0.sampling.lastDuration(of: UInt(bitPattern: ObjectIdentifier(registration).hashValueBits))
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

    /// ``emit(_:)`` with the thread's context and, perhaps, a raw clock reading taken just before.
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

    /// The observers for an event on `context`'s thread; nil when none is attached or the thread is
    /// validating (sandboxed builds are not the app's resolutions).
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

    /// A coarse ``raw()`` reading (up to a timer tick behind, cheaper on Linux): a counted repeat's stamp.
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
