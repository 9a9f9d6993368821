#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One thread's mark that it is reading a container's published tables without the lock
/// (``ContainerTables/read(_:lifetime:)``). Each thread has one (its ``ResolutionContext`` makes
/// it); writers wait on all of them (``ReadSections/waitForReaders()``) before they release
/// anything a reader may still be looking at.
///
/// The mark is a counter that only its thread writes: odd while the thread is inside a read,
/// even outside. A read costs that thread two stores to its own cache line and nothing shared,
/// so threads resolving the same singleton write to no common memory except the instance's own
/// reference count (an owned return retains it, whoever returns it).
///
/// Why the protocol is sound (Dekker's, as in ``RepeatTable``): the reader stores its odd mark
/// and then loads the table; a writer publishes its change (a sequentially consistent exchange)
/// and then loads every mark (sequentially consistent). Each side's store must be ordered before
/// its load. Where the process has a ``ProcessBarrier`` (Linux's `membarrier`), the writer pays
/// for both: it runs the barrier between its exchange and its loads, which orders the reader's
/// plain store and load as a fence in the reader would, so beginning a read is a plain store.
/// (The sequentially consistent store it was is a locked `xchg` on x86-64, ~20 cycles on every
/// resolve, and the writers that wait are rare: a change to a published table, an instance
/// replaced.) Elsewhere the reader's store is sequentially consistent. Either way, in the order
/// of those operations either the writer sees the odd mark and waits until it changes, or the
/// reader's load comes after the exchange and sees the new table, never the retired one. Ending
/// a read stores the even mark with release ordering, and the writer's acquiring load of it
/// orders every access of the read before the writer's release of what it retired.
final class ReadSection: Sendable {
    // The counter gets a cache line of its own: its neighbours in the heap are written by other
    // threads, and a line two threads write is what this type exists to avoid. Fields are laid out
    // in declaration order, after the 16-byte object header: the counter sits at offset 72 of a
    // 144-byte object, so whichever 64-byte line holds it lies inside the object (malloc aligns
    // objects to 16 bytes), and no other field of it is written after init.
    private let paddingBefore: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    private let mark = Atomic<UInt64>(0)
    /// Whether writers run the ``ProcessBarrier`` before they look at the marks (see the type's
    /// comment); read on the thread's own line, which no other thread writes.
    private let writersRunTheBarrier = ReadSections.barrier != nil
    private let paddingAfter: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    /// Starts a read: from here until ``end()`` nothing published may be released.
    @inline(__always)
    func begin() {
        // Only this thread writes the mark, so its own relaxed load is exact.
        let current = mark.load(ordering: .relaxed)
        if writersRunTheBarrier {
            // Ordered before the table's load by the writers' barrier; the atomics keep the
            // compiler from reordering them (as ``RepeatTable``'s owner's mark).
            mark.store(current &+ 1, ordering: .relaxed)
        } else {
            mark.store(current &+ 1, ordering: .sequentiallyConsistent)
        }
    }

    /// Ends the read begun by ``begin()``.
    @inline(__always)
    func end() {
        let current = mark.load(ordering: .relaxed)
        mark.store(current &+ 1, ordering: .releasing)
    }

    /// Waits until the read this thread is in, if any, is over.
    fileprivate func waitUntilOutside() {
        let seen = mark.load(ordering: .sequentiallyConsistent)
        guard seen & 1 == 1 else { return }
        var spins = 0
        // A read is a few hundred instructions and runs no app code; it only lasts longer when
        // its thread is descheduled, so yield the core after a short spin.
        while mark.load(ordering: .acquiring) == seen {
            spins += 1
            if spins > 100 { sched_yield() }
        }
    }
}

/// Every thread's ``ReadSection``, for writers.
enum ReadSections {
    private static let all = Mutex<[ReadSection]>([])
    /// The process-wide barrier writers run before they look at the marks; nil where there is
    /// none, and then readers mark with a sequentially consistent store.
    static let barrier = PosixIO.processBarrier

    /// Lists a thread's section (when its ``ResolutionContext`` is made).
    static func add(_ section: ReadSection) {
        all.withLock { $0.append(section) }
    }

    /// Forgets a thread's section (when its thread exits; it is outside any read then).
    static func remove(_ section: ReadSection) {
        all.withLock { list in list.removeAll { $0 === section } }
    }

    /// Returns once every read that was in progress when it was called is over: whatever a
    /// writer unpublished before calling it can then be released. Reads that begin later see
    /// the new state (see ``ReadSection``). Called without the list's lock held while waiting:
    /// a thread starting or exiting must not wait for a slow reader.
    static func waitForReaders() {
        let sections = all.withLock { $0 }
        // No thread but the caller has a section (an app or a test on one thread): no read can
        // be in progress, so neither the barrier (a system call, most of a `reset`'s time) nor
        // the marks are needed. A thread lists its section under the same lock before its first
        // read, so a read that begins after this copy loads what the caller published before
        // it; and the caller is outside any read (a read runs no app code and changes nothing).
        let own = ResolutionContext.ifMade.map { $0._withUnsafeGuaranteedRef { ObjectIdentifier($0.readSection) } }
        if sections.allSatisfy({ ObjectIdentifier($0) == own }) { return }
        // Orders every reader's plain mark before its table load, as this caller's exchange is
        // ordered before the loads below (see ``ReadSection``).
        barrier?.run()
        for section in sections { section.waitUntilOutside() }
    }
}
