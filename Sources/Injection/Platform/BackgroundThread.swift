#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX thread running one closure (the recorder's writer, the listener, `validate()`'s
/// helpers): its work blocks in system calls and must not hold a pool thread.
///
/// ```swift
/// let thread = try BackgroundThread { print("on a thread of its own") }
/// thread.join()   // returns once the closure has run
/// ```
package final class BackgroundThread: Sendable {
    /// `pthread_t`: an integer on Linux, a pointer on Darwin; only compared and joined, never
    /// dereferenced.
    private let id: Lock<pthread_t?>

    /// Why the thread could not start: `pthread_create`'s status.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let status: Int32
        package var description: String { "pthread_create: \(PosixIO.errorDescription(status))" }
    }

    /// Starts `body` on a new thread at once.
    ///
    /// `pthread_create` passes its thread one untyped pointer: `body`, moved into memory
    /// allocated here. Proof: the memory is initialised before the call, and exactly one side
    /// moves the closure out and frees it: the new thread (``start(_:)``) when the call
    /// succeeds, this initialiser when it fails (no thread then runs).
    package init(_ body: @escaping @Sendable () -> Void) throws(Failure) {
        let job = UnsafeMutablePointer<Job>.allocate(capacity: 1)
        job.initialize(to: body)
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, { raw in BackgroundThread.start(raw) }, job)
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in BackgroundThread.start(raw!) }, job)
        #endif
        guard status == 0 else {
            job.deinitialize(count: 1)
            job.deallocate()
            throw Failure(status: status)
        }
        id = Lock(thread)
    }

    /// Waits for the thread to return. Does nothing when called on the thread itself or a
    /// second time.
    package func join() {
        guard let thread = id.withLock({ value -> pthread_t? in
            guard let thread = value, pthread_equal(thread, pthread_self()) == 0 else { return nil }  // not itself
            value = nil
            return thread
        }) else { return }
        pthread_join(thread, nil)
    }

    /// Ends the calling thread at once (`validate()` abandons a helper thread whose resolve
    /// trapped; nothing below it on the stack runs).
    package static func exitCurrent() -> Never {
        pthread_exit(nil)
    }

    private typealias Job = @Sendable () -> Void

    /// The new thread's entry: takes the closure `init` left at `raw` (freeing it) and runs it.
    private static func start(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let job = raw.assumingMemoryBound(to: Job.self)
        let body = job.move()
        job.deallocate()
        body()
        return nil
    }
}
