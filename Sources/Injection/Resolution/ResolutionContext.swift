#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What one thread is resolving right now: the stack of services under construction (for cycle
/// detection, the requester chain and captive checks) and the graph scope's instances.
///
/// A resolution pass is synchronous and never leaves its thread, so each thread owns one context
/// and nothing in it is shared: a factory that waits on another thread's resolve does not see
/// (or falsely cycle with) that thread's stack.
final class ResolutionContext {
    struct Frame {
        /// The registration being built. `unowned(unsafe)` is sound for the reason `container`
        /// is: `build` receives it borrowed (+0), so its caller keeps it alive for the whole
        /// call, and `build` pops the frame before it returns or throws. A strong reference
        /// cost a retain on the push and a release on the pop (callgrind).
        unowned(unsafe) let registration: AnyRegistration
        /// The lifetime the resolve asked for: with the registration's scope, the scope the
        /// frame builds under (``scope``). Kept instead of the ``Scope`` itself, whose name is a
        /// `String`: copying it into the frame and out again cost a retain and a release of
        /// the string each (callgrind), on every build, for a value read only by diagnostics.
        let lifetime: ServiceLifetime
        /// The container running this step. `unowned(unsafe)` is sound: the caller of the
        /// outermost resolve keeps the container alive, since it is passed down borrowed (+0)
        /// through synchronous calls only, and `build` pops the frame in a `defer` around the
        /// factory call, so no exit (return or throw) leaves it on the stack. No step retains
        /// it, so nothing else vouches for its lifetime.
        unowned(unsafe) let container: Container
        /// Set while the registration's `resolveProperties` block runs: what it resolves is
        /// reported as property injection.
        var injectsProperties = false

        /// The scope this frame builds under.
        var scope: Scope { ScopeRules.effectiveScope(registration.scope, lifetime) }

        /// The kind of ``scope``, without making the scope.
        /// Inlined: a build asks it of its requester's frame (it was a call per build, callgrind).
        var scopeKind: Scope.Kind {
            @inline(__always) get { ScopeRules.effectiveKind(registration.scope.kind, lifetime) }
        }
    }

    // `@exclusivity(unchecked)`: a context is only ever touched by its own thread, and no access
    // overlaps another (no inout access spans a call that could re-enter), so the dynamic
    // exclusivity checks (swift_beginAccess/endAccess, ~300 instructions per resolve) buy nothing.
    @exclusivity(unchecked) var frames = FrameStack(capacity: 16)
    /// Instances of graph-scoped registrations built in the current pass, by registration.
    @exclusivity(unchecked) var graphInstances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
    let threadNumber: UInt64
    /// Set while ``Container/validate(_:)`` builds services on this thread in its sandbox.
    @exclusivity(unchecked) var validation: ValidationRun?
    /// Captive dependencies a validation found, by the stack index of their holder, until the
    /// holder's build ends (see ``settleMismatches(heldAt:built:)``).
    @exclusivity(unchecked) var pendingMismatches: [(holderIndex: Int, mismatch: ScopeMismatch)] = []
    /// The `.implements` aliases being followed, with the stack depth at which each was entered:
    /// an alias builds nothing, so only this shows a resolve coming back to one
    /// (``Container/follow(alias:_:holder:origin:lifetime:args:file:line:site:)``).
    @exclusivity(unchecked) var followedAliases: [(alias: AnyRegistration, depth: Int)] = []
    /// The decorator running on this thread: the stack index of the frame it decorates and the
    /// line that installed it (``Container/decorate(built:)``); read only to word a captive.
    @exclusivity(unchecked) var runningDecorator: (holderIndex: Int, file: StaticString, line: UInt)?
    /// The `@LazyInjected` declaration whose first read, from app code, started the resolve
    /// running on this thread (``Container/readingLazily(file:line:_:)``); read only by failures.
    @exclusivity(unchecked) var lazyRead: (file: StaticString, line: UInt)?
    /// Set when a build found a cycle, until the resolve that asked reports it with its site.
    @exclusivity(unchecked) var hasUnreportedCycle = false
    /// The line of the `.newSingleton` resolve being built on this thread, for the event that
    /// says which instance it replaced (``Container/answer(_:_:key:lifetime:args:source:mappedFrom:origin:site:)``
    /// sets it around such a build only).
    @exclusivity(unchecked) var replacingSite: (file: StaticString, line: UInt)?
    /// The observers this thread last took from ``EventHub``, and the hub's generation then.
    @exclusivity(unchecked) var observerList: EventHub.ObserverList?
    @exclusivity(unchecked) var observerGeneration: UInt64 = 0
    /// Whether every observer in ``observerList`` folds repeats (``EventHub/foldRepeat``).
    @exclusivity(unchecked) var foldsRepeats = false
    /// This thread's folded repeats (``RepeatTable``), made on first use.
    @exclusivity(unchecked) var repeatTable: RepeatTable? {
        didSet { repeatTableReference = repeatTable.map(Unmanaged.passUnretained) }
    }
    /// ``repeatTable``, borrowed: a repeat calls it without a retain and a release (~40
    /// instructions, callgrind). `repeatTable` keeps it alive as long as it is set.
    @exclusivity(unchecked) private(set) var repeatTableReference: Unmanaged<RepeatTable>?
    /// Set when a failure was reported on this thread: the next resolution is delivered as an
    /// event even if it repeats.
    @exclusivity(unchecked) var emitNextResolution = false
    /// The time stamp the untimed builds of the current resolution pass share (a raw
    /// ``EventClock`` reading; 0 until one is taken), cleared when the pass ends (``unwind()``):
    /// ``EventHub/buildEnd(start:inPassOf:)``.
    @exclusivity(unchecked) var passStamp: UInt64 = 0

    /// Instances (and `.shared` boxes) this thread's writes took out of entries' slots under a
    /// container's lock, released after it (``EntrySlot``, ``ContainerTables/withLock(_:)``).
    @exclusivity(unchecked) var retired: [AnyObject] = []

    /// Takes ``retired``, leaving it empty.
    @inline(__always)
    func takeRetired() -> [AnyObject] {
        if retired.isEmpty { return [] }
        defer { retired = [] }
        return retired
    }

    /// Takes back the room of a list ``takeRetired()`` returned, once emptied, unless a change
    /// made meanwhile (in a `deinit`) started a new list; a big one (a reset of many instances)
    /// is not kept for the thread's whole life.
    @inline(__always)
    func giveBackRetiredRoom(_ emptied: inout [AnyObject]) {
        if retired.isEmpty && retired.capacity < emptied.capacity && emptied.capacity <= 64 { swap(&retired, &emptied) }
    }

    /// This thread's mark for reading containers' tables without their locks
    /// (``ContainerTables/read(_:lifetime:)``), listed for writers while the thread lives.
    let readSection = ReadSection()

    /// The kept instances this thread holds for ``Container/withService(_:name:lifetime:file:line:_:)``.
    let lent = LentInstances()

    init(threadNumber: UInt64) {
        self.threadNumber = threadNumber
        ReadSections.add(readSection)
    }

    deinit {
        frames.deallocate()
        ReadSections.remove(readSection)
        // The thread exited; its last counts are still collected.
        repeatTable?.retire()
    }

    /// The calling thread's context.
    @inline(__always)
    static var current: ResolutionContext {
        if let raw = pthread_getspecific(ContextKey.value) {
            return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
        }
        return makeCurrent()
    }

    /// The calling thread's context, unretained: the thread-specific slot keeps it alive until
    /// the thread exits. For code on this thread that borrows it (`_withUnsafeGuaranteedRef`).
    static var currentReference: Unmanaged<ResolutionContext> {
        @inline(__always) get {
            if let raw = pthread_getspecific(ContextKey.value) { return Unmanaged.fromOpaque(raw) }
            return Unmanaged.passUnretained(makeCurrent())
        }
    }

    /// The calling thread's context if it has one, unretained; nil on a thread that never
    /// resolved (or inside its exit), where making one only to find it empty would be waste.
    static var ifMade: Unmanaged<ResolutionContext>? {
        pthread_getspecific(ContextKey.value).map { Unmanaged.fromOpaque($0) }
    }

    /// Runs `body` with the calling thread's context, borrowed without a retain: the
    /// thread-specific slot keeps it alive until the thread exits, and `body` runs on this thread.
    @inline(__always)
    static func withCurrent<R>(_ body: (ResolutionContext) -> R) -> R {
        if let raw = pthread_getspecific(ContextKey.value) {
            return Unmanaged<ResolutionContext>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
        }
        return body(makeCurrent())
    }

    @inline(never)
    private static func makeCurrent() -> ResolutionContext {
        let context = ResolutionContext(threadNumber: ThreadNumber.next())
        pthread_setspecific(ContextKey.value, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// The registration being built on this thread (whose factory is asking), read in place:
    /// `frames.last` copies the whole frame, with its retains, to take one field.
    var requester: AnyRegistration? {
        @inline(__always) get { frames.isEmpty ? nil : frames[frames.count - 1].registration }
    }

    /// The address of ``requester`` (0 for none), without retaining it: a repeat's fold key.
    var requesterID: UInt {
        @inline(__always) get {
            frames.isEmpty ? 0 : UInt(bitPattern: ObjectIdentifier(frames[frames.count - 1].registration).hashValueBits)
        }
    }

    /// Whether the innermost frame is resolving its service's properties (see
    /// ``Frame/injectsProperties``).
    var requesterInjectsProperties: Bool {
        @inline(__always) get { !frames.isEmpty && frames[frames.count - 1].injectsProperties }
    }

    /// The registrations on the stack, outermost first, as identities.
    var chain: [ServiceIdentity] { frames.map(\.registration.identity) }
}

/// The key under which each thread keeps its ``ResolutionContext``; the destructor releases the
/// context when the thread exits.
///
/// Made on first use and kept in an atomic (the key plus one; zero until made) rather than in a
/// lazily initialised global: reading such a global calls `swift_once` on every access, and every
/// build reads the key (~12 instructions, callgrind). Two threads that both find it unmade each
/// make one; the one that loses the exchange deletes its own and uses the winner's.
private enum ContextKey {
    private static let stored = Atomic<UInt>(0)

    static var value: pthread_key_t {
        @inline(__always) get {
            let raw = stored.load(ordering: .acquiring)
            if raw != 0 { return pthread_key_t(truncatingIfNeeded: raw &- 1) }
            return make()
        }
    }

    @inline(never)
    private static func make() -> pthread_key_t {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            Unmanaged<ResolutionContext>.fromOpaque(raw).release()
            #else
            if let raw { Unmanaged<ResolutionContext>.fromOpaque(raw).release() }
            #endif
        }
        precondition(status == 0, "Injection could not create its thread-local key (pthread_key_create: \(status))")
        let (exchanged, current) = stored.compareExchange(
            expected: 0, desired: UInt(key) &+ 1, ordering: .acquiringAndReleasing)
        if exchanged { return key }
        pthread_key_delete(key)
        return pthread_key_t(truncatingIfNeeded: current &- 1)
    }
}

/// Small, stable thread numbers for events (1 is the first thread that resolved anything).
enum ThreadNumber {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }

    static var current: UInt64 { ResolutionContext.current.threadNumber }
}
