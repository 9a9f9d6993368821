// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes the recorder's background thread early (a flush, a stop, a half-full buffer); it
/// otherwise wakes on its own every few milliseconds, so the app's threads never make a system
/// call per event.
///
/// A POSIX semaphore, because `Synchronization` has no condition variable.
// @unchecked Sendable: the only stored property is a pointer allocated and initialised once in
// `init` and released in `deinit`, never reassigned; `sem_post`/`sem_timedwait` on it are
// specified to be safe to call concurrently from any thread.
final class WakeSignal: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>

    init() {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    func signal() {
        sem_post(semaphore)
    }

    /// Waits until ``signal()`` or until `nanoseconds` pass, then swallows any further pending
    /// signals (one wake-up handles them all).
    func wait(nanoseconds: UInt64) {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let total = UInt64(deadline.tv_nsec) + nanoseconds
        deadline.tv_sec += Int(total / 1_000_000_000)
        deadline.tv_nsec = Int(total % 1_000_000_000)
        while sem_timedwait(semaphore, &deadline) != 0 && errno == EINTR {}
        while sem_trywait(semaphore) == 0 {}
    }
}
#endif
