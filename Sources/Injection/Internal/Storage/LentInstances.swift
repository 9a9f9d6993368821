import Synchronization

/// The kept instances one thread has lent to ``Container/withService(_:name:lifetime:file:line:_:)``
/// bodies, each held by this thread with a reference of its own.
///
/// Why it exists: every owned return of a class instance retains it, and the caller releases
/// it. Two threads resolving one singleton write its reference count, one cache line, twice
/// per resolve each, and that line moving between cores is what a class singleton's 2-thread
/// resolve costs (BENCHMARKS.md, "2-thread singleton scaling"). A thread that holds its own
/// reference can lend the instance to a body without touching the count: the lookup still runs
/// (overrides, resets and scopes answer as for a resolve), and when it finds the instance this
/// thread already holds, the body borrows that, writing nothing another thread writes.
///
/// Sound without an unowned reference: what the body borrows is held strongly here, and an
/// entry is released only when no body runs on this thread (``lending`` is zero) — a nested
/// lend never evicts, and a thread's holds are dropped when it exits.
///
/// What it costs when containers change often: any container dropping an instance, or releasing
/// its tables (a registration after a resolve, a container released), makes every thread drop
/// all its holds at its next lend's end, and take each again (one retain) at the lend after.
/// An app that makes and releases containers all the time (a child per request) lends at about
/// `resolve()`'s cost; one whose containers settle lends without the shared write.
///
/// What it costs in memory: an instance a container drops (a reset, a replaced registration,
/// the container released) stays alive until each thread that held it ends its next lend, or
/// exits. The thread that dropped it releases its own hold at once, so a test that resets and
/// then checks that the instance went away sees it gone. ``drops`` tells the other threads.
///
/// Only its thread touches an instance (the context that owns it is thread-local); the
/// `@exclusivity(unchecked)` fields follow ``ResolutionContext``'s reasoning: no access spans a
/// call that could come back here, since releases happen after the fields are updated.
final class LentInstances {
    /// How many instances a thread holds at most: the singletons a hot loop lends. Beyond it the
    /// oldest hold is replaced (by a lend outside any body).
    static let capacity = 8

    /// Counts the kept instances any container has dropped, so that a thread can tell whether
    /// one it holds may be gone from its container. Written only when an instance is dropped;
    /// read once at the end of each outermost lend, a line no resolve writes.
    private static let drops = Atomic<UInt64>(0)

    // The fields below are written on every lend (`lending`) by this thread only: padded so
    // that no other thread's memory shares their cache line (as ``ReadSection``'s mark).
    private let paddingBefore: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    /// Owned references (+1 each), to ``Instance`` boxes.
    @exclusivity(unchecked) private var held: [Unmanaged<AnyObject>] = []
    @exclusivity(unchecked) private var replaceNext = 0
    /// How many bodies on this thread are borrowing right now.
    @exclusivity(unchecked) private(set) var lending = 0
    /// ``drops`` when this thread last dropped its holds.
    @exclusivity(unchecked) private var seenDrops: UInt64 = 0
    private let paddingAfter: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    init() {
        held.reserveCapacity(Self.capacity)
        seenDrops = Self.drops.load(ordering: .relaxed)
    }

    deinit {
        // The thread exited: no body of it runs.
        for entry in held { entry.release() }
    }

    /// Lends the kept instance of a `.kept` answer, inside its read section: the box this
    /// thread holds for it (held now, with one retain, when it held none), the section ended
    /// and ``lending`` raised; the caller calls ``endLending()`` after the body. Nil, with the
    /// section still open, when a body is already borrowing on this thread and this thread holds
    /// no reference to the instance yet: taking one could evict what that body borrows, so the
    /// caller answers with an owned value instead.
    @inline(__always)
    func lend(_ lookup: ReadLookup) -> Unmanaged<AnyObject>? {
        let address = lookup.kept.unsafelyUnwrapped.toOpaque()
        for entry in held where entry.toOpaque() == address {
            // Held by this thread: alive whatever the slot does after the section ends.
            lookup.endBuild()
            lending += 1
            return entry
        }
        return lending == 0 ? holdAndLend(lookup) : nil
    }

    /// ``lend(_:)`` of an instance this thread does not hold yet, outside any body.
    @inline(never)
    private func holdAndLend(_ lookup: ReadLookup) -> Unmanaged<AnyObject> {
        // Retained inside the section, while the slot still owns it.
        let entry = Unmanaged<AnyObject>.fromOpaque(lookup.kept.unsafelyUnwrapped.retain().toOpaque())
        lookup.endBuild()
        var evicted: Unmanaged<AnyObject>?
        if held.count < Self.capacity {
            held.append(entry)
        } else {
            evicted = held[replaceNext]
            held[replaceNext] = entry
            replaceNext = (replaceNext + 1) % Self.capacity
        }
        lending += 1
        // After `lending` is raised: an instance's deinit that lends on this thread must not
        // evict the entry just lent.
        evicted?.release()
        return entry
    }

    /// Ends a lend begun by ``lend(_:)``; the outermost one drops this thread's holds when
    /// some container has dropped an instance since the last time.
    @inline(__always)
    func endLending() {
        lending -= 1
        if lending == 0, Self.drops.load(ordering: .acquiring) != seenDrops { dropHolds() }
    }

    /// Releases every hold, unless a body is borrowing on this thread (the outermost lend's end
    /// does it then).
    @inline(never)
    func dropHolds() {
        guard lending == 0 else { return }
        seenDrops = Self.drops.load(ordering: .acquiring)
        if held.isEmpty { return }
        let released = held
        held.removeAll(keepingCapacity: true)
        replaceNext = 0
        // Last: a deinit may lend on this thread, which now holds nothing.
        for entry in released { entry.release() }
    }

    /// Notes that a container dropped kept instances (released or about to be): other threads
    /// drop their holds at their next lend's end; this thread drops its own now, when it has a
    /// context and no body is borrowing. Called after the container's lock: an instance's
    /// `deinit` is app code and may use the container.
    static func noteDropped() {
        noteDroppedLater()
        ResolutionContext.ifMade?.lent.dropHolds()
    }

    /// ``noteDropped()`` without dropping this thread's holds now: for a slot's `deinit`, which
    /// may run under its container's lock (the container that released the slot drops them
    /// after its lock).
    static func noteDroppedLater() {
        drops.add(1, ordering: .releasing)
    }
}
