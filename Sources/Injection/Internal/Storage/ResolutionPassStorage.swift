/// The fields of a thread's ``ResolutionContext`` every resolve, build or event touches.
///
/// Why `@exclusivity(unchecked)` is sound: a context is reached only from its own thread (its
/// ``ThreadContextSlot`` and the resolve path that fetched it there), and no access to a field
/// spans a call that can come back to it (each is read or written whole, or by a
/// standard-library call that runs no runtime or app code; factories, observers and `deinit`s
/// run between accesses). The checks could never fire; they cost a transient resolve about
/// half its instructions again (`Benchmarks/guard.sh`).
class ResolutionPassStorage {
    /// The services under construction on this thread, outermost first.
    @exclusivity(unchecked) final var frames: [ResolutionFrame] = []
    /// How many of ``frames`` are observed builds of a scope that keeps its instance: while one
    /// is under way, nothing resolved on this thread is folded (its pass is read whole).
    @exclusivity(unchecked) final var keptBuildsUnderWay = 0
    /// Instances of graph-scoped registrations built in the current pass, by registration.
    @exclusivity(unchecked) final var graphInstances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
    /// The raw ``EventClock`` stamp the untimed builds of this pass share (0 until taken), cleared
    /// by ``ResolutionContext/unwind()``.
    @exclusivity(unchecked) final var passStamp: UInt64 = 0
    /// Set while ``Container/validate(_:)`` builds services on this thread in its sandbox.
    @exclusivity(unchecked) final var validation: ValidationRun?
    /// The observers this thread last took from ``EventHub``, and the hub's generation then.
    @exclusivity(unchecked) final var observerList: EventHub.ObserverList?
    @exclusivity(unchecked) final var observerGeneration: UInt64 = 0
    /// Whether every observer in ``observerList`` folds repeats (``EventHub/foldRepeat``).
    @exclusivity(unchecked) final var foldsRepeats = false
    /// This thread's folded repeats (``RepeatTable``), made on first use.
    @exclusivity(unchecked) final var repeatTable: RepeatTable? {
        didSet { repeatTableReference = repeatTable.map(Unmanaged.passUnretained) }
    }
    /// ``repeatTable``, unretained, for the repeat folding (``EventHub``), which borrows it: a
    /// strong read of the optional retains and releases it on every folded build. Sound:
    /// `repeatTable` keeps the table while it is set, and only this thread reads or sets either.
    @exclusivity(unchecked) private(set) final var repeatTableReference: Unmanaged<RepeatTable>?
    /// Set when a failure was reported on this thread: the next resolution is delivered as an
    /// event even if it repeats.
    @exclusivity(unchecked) final var emitNextResolution = false
    /// Instances (and `.shared` boxes) this thread's writes took out of entries' slots under a
    /// container's lock, released after it (``EntrySlot``, ``ContainerTables/withLock(_:)``).
    @exclusivity(unchecked) final var retired: [AnyObject] = []

    init() {}
}

/// One service under construction on a thread (``ResolutionPassStorage/frames``).
///
/// Why `unowned(unsafe)` is sound: a build pushes the frame of the registration and container
/// it holds (both passed down borrowed through synchronous calls) and pops it before it
/// returns or throws (a `defer` around the factory call); nothing keeps a frame after its pop.
/// Strong references cost every build two retains and two releases (`Benchmarks/peers.sh`).
struct ResolutionFrame {
    /// The registration being built.
    unowned(unsafe) let registration: AnyRegistration
    /// The lifetime the resolve asked for; with the registration's scope, the frame's ``scope``.
    let lifetime: ServiceLifetime
    /// The container running this step (factories resolve from it).
    unowned(unsafe) let container: Container
    /// Set while the registration's `resolveProperties` block runs: what it resolves is
    /// reported as property injection.
    var injectsProperties = false

    init(registration: AnyRegistration, lifetime: ServiceLifetime, container: Container) {
        self.registration = registration
        self.lifetime = lifetime
        self.container = container
    }

    /// The scope this frame builds under.
    var scope: Scope { ScopeRules.effectiveScope(registration.scope, lifetime) }

    /// The kind of ``scope``, without making the scope. Inlined: an observed build asks it of its
    /// requester's frame, and the call cost more than the answer (`Benchmarks/guard.sh`).
    @inline(__always)
    var scopeKind: Scope.Kind { ScopeRules.effectiveKind(registration.scope.kind, lifetime) }
}
