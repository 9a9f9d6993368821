#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a mutual-exclusion lock, with `Synchronization.Mutex`'s shape (noncopyable,
/// `withLock`), built on a `pthread_mutex_t`: the runtime's one lock type.
///
/// Why not `Mutex`: on Linux a contended one locks in the kernel inside an uninstrumented
/// library, so ThreadSanitizer never sees the acquire; it intercepts `pthread_mutex_lock`.
///
/// A noncopyable struct, not a class: one allocation per lock (`Benchmarks/guard.sh`, new container).
///
/// `@unchecked Sendable`, and why that holds: the value is reachable only through
/// ``withLock(_:)``, which holds the mutex for the whole body, so no two threads ever access it
/// at once; it comes in and goes out as `sending`, as with `Mutex`, so no reference to it is
/// shared past the lock. `memory` is immutable after `init`, and the lock is noncopyable, so
/// exactly one owner frees it.
package struct Lock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    /// The mutex, then the value, in one allocation: a pthread mutex must not move, and a stored
    /// property has no fixed address. Allocated in `init`, freed in `deinit`, never reassigned.
    private let memory: UnsafeMutableRawPointer

    private static var valueOffset: Int {
        let size = MemoryLayout<pthread_mutex_t>.stride
        let alignment = MemoryLayout<Value>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    /// The mutex: `memory`'s first bytes, bound to `pthread_mutex_t` in `init`.
    private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        memory.assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// The guarded value: after the mutex, bound to `Value` in `init`.
    private var value: UnsafeMutablePointer<Value> {
        (memory + Self.valueOffset).assumingMemoryBound(to: Value.self)
    }

    package init(_ initialValue: consuming sending Value) {
        let alignment = max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment)
        memory = .allocate(byteCount: Self.valueOffset + MemoryLayout<Value>.size, alignment: alignment)
        let mutex = memory.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        (memory + Self.valueOffset).bindMemory(to: Value.self, capacity: 1).initialize(to: initialValue)
    }

    deinit {
        // No thread can hold the lock: holding it means borrowing the lock, which its owner
        // cannot end while a borrow lasts.
        value.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        memory.deallocate()
    }

    /// Runs `body` with the value while holding the lock, as `Mutex.withLock` does.
    @inline(__always)
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
