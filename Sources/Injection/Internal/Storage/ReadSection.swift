#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One thread's mark that it is reading a container's published tables without the lock
/// (``ContainerTables/read(_:lifetime:in:)``). Each thread has one (its ``ResolutionContext`` makes
/// it); writers wait on all of them (``ReadSections/waitForReaders()``) before they release
/// anything a reader may still be looking at.
///
/// The mark is a counter only its thread writes, odd inside a read: a read writes nothing
/// shared, so threads resolving one singleton share no written line but the instance's count.
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
    // The counter gets a cache line of its own (other threads write its heap neighbours): fields
    // lie in declaration order after the 16-byte header, so the counter sits at offset 72 of a
    // 144-byte, 16-aligned object, and its 64-byte line lies inside the object.
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
        var spins = 0
        // A read runs no app code; it only lasts when its thread is descheduled: yield after a spin.
        while mark.load(ordering: .acquiring) == seen {
            whenWaiting(self)
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

    /// Returns once every read in progress at the call is over: what the writer unpublished before
    /// may then be released; later reads see the new state. Waits without the list's lock, so
    /// threads starting or exiting never wait for a slow reader. `whenWaiting` runs inside the wait,
    /// each time it finds a read still in progress (a test's handshake: proof that it waited).
    static func waitForReaders(whenWaiting: (ReadSection) -> Void = { _ in }) {
        let sections = all.withLock { $0 }
        // No thread but the caller has a section: no read can be in progress (a thread lists its
        // section under the same lock before its first read, and the caller is outside any read).
        let own = ResolutionContext.ifMade.map { ObjectIdentifier($0.readSection) }
        if sections.allSatisfy({ ObjectIdentifier($0) == own }) { return }
        for section in sections { section.waitUntilOutside(whenWaiting: whenWaiting) }
    }
}
