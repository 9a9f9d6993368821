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
/// Lock-free for speed: read under the lock, the transient and singleton goals were lost
/// (`Benchmarks/guard.sh`, `Benchmarks/peers.sh`; DECISIONS.md, mechanisms kept only for speed).
///
/// Why the protocol is sound (Dekker's, as in ``RepeatTable``): the reader stores its odd mark
/// and then loads the table; a writer publishes its change (a sequentially consistent exchange)
/// and then loads every mark (sequentially consistent). Both stores are sequentially consistent,
/// so in their single order either the writer sees the odd mark and waits until it changes, or
/// the reader's load comes after the exchange and sees the new table, never the retired one.
/// Ending a read stores the even mark with release ordering, and the writer's acquiring load of
/// it orders every access of the read before the writer's release of what it retired.
final class ReadSection: Sendable {
    // The counter gets a cache line of its own: its neighbours in the heap are written by other
    // threads, and a line two threads write is what this type exists to avoid. Fields are laid out
    // in declaration order, after the 16-byte object header: the counter sits at offset 72 of a
    // 144-byte object, so whichever 64-byte line holds it lies inside the object (malloc aligns
    // objects to 16 bytes), and no other field of it is written after init.
    private let paddingBefore: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    private let mark = Atomic<UInt64>(0)
    private let paddingAfter: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    /// Starts a read: from here until ``end()`` nothing published may be released.
    @inline(__always)
    func begin() {
        // Only this thread writes the mark, so its own relaxed load is exact.
        let current = mark.load(ordering: .relaxed)
        mark.store(current &+ 1, ordering: .sequentiallyConsistent)
    }

    /// Ends the read begun by ``begin()``.
    @inline(__always)
    func end() {
        let current = mark.load(ordering: .relaxed)
        mark.store(current &+ 1, ordering: .releasing)
    }

    /// Whether this thread is inside a read (read by its own thread: tests of the section's end).
    var isOpen: Bool { mark.load(ordering: .relaxed) & 1 == 1 }

    /// Waits until the read this thread is in, if any, is over.
    fileprivate func waitUntilOutside(whenWaiting: (ReadSection) -> Void) {
        let seen = mark.load(ordering: .sequentiallyConsistent)
        guard seen & 1 == 1 else { return }
        whenWaiting(self)
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
    private static let all = Lock<[ReadSection]>([])

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
    /// `whenWaiting` runs each time it finds a read in progress, before it waits for its end (a
    /// test's handshake: the reader learns that the writer waits for it).
    static func waitForReaders(whenWaiting: (ReadSection) -> Void = { _ in }) {
        let sections = all.withLock { $0 }
        // No thread but the caller has a section (an app or a test on one thread): no read can
        // be in progress, so the marks need no look. A thread lists its section under the same lock before its first
        // read, so a read that begins after this copy loads what the caller published before
        // it; and the caller is outside any read (a read runs no app code and changes nothing).
        let own = ResolutionContext.ifMade.map { ObjectIdentifier($0.readSection) }
        if sections.allSatisfy({ ObjectIdentifier($0) == own }) { return }
        for section in sections { section.waitUntilOutside(whenWaiting: whenWaiting) }
    }
}
