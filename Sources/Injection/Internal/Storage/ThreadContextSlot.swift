#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where each thread keeps its ``ResolutionContext``: a `pthread` key whose value is the context,
/// retained once by ``store(_:)`` and released by the key's destructor when the thread exits.
///
/// Why `Unmanaged` is sound here: `pthread_setspecific` keeps a raw pointer, so the context is
/// passed retained (+1) and owned by the slot from then on; ``load()`` hands out a new strong
/// reference (`takeUnretainedValue`) to a context that slot keeps alive until its thread exits,
/// and only its own thread reads its slot. The destructor runs once per thread, on that thread,
/// after which nothing on it resolves.
enum ThreadContextSlot {
    /// The calling thread's context, if it has one.
    @inline(__always)
    static func load() -> ResolutionContext? {
        guard let raw = pthread_getspecific(ContextKey.value) else { return nil }
        return Unmanaged<ResolutionContext>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with the calling thread's context borrowed (no retain, no release: the slot
    /// keeps it, and `body` runs on this thread), making it on the thread's first resolve.
    @inline(__always)
    static func withCurrent<R, E: Error>(_ body: (ResolutionContext) throws(E) -> R) throws(E) -> R {
        guard let raw = pthread_getspecific(ContextKey.value) else { return try body(ResolutionContext.makeCurrent()) }
        do {
            return try Unmanaged<ResolutionContext>.fromOpaque(raw)._withUnsafeGuaranteedRef { try body($0) }
        } catch {
            // What the closure rethrows untyped is what `body` threw.
            throw error as! E
        }
    }

    /// The calling thread's context, borrowed for one resolve (``BorrowedContext``), made on
    /// the thread's first resolve: one slot read serves the resolve's table read and its build.
    /// The key is read from ``ContextKey``'s atomic here, not through ``ContextKey/value``: no
    /// key yet means no thread has a context, and the first resolve makes both.
    @inline(__always)
    static func borrowCurrent() -> BorrowedContext {
        let stored = ContextKey.stored.load(ordering: .acquiring)
        if stored != 0, let raw = pthread_getspecific(pthread_key_t(truncatingIfNeeded: stored &- 1)) {
            return BorrowedContext(Unmanaged.fromOpaque(raw))
        }
        return BorrowedContext(Unmanaged.passUnretained(ResolutionContext.makeCurrent()))
    }

    /// Makes `context` the calling thread's, until the thread exits.
    static func store(_ context: ResolutionContext) {
        pthread_setspecific(ContextKey.value, Unmanaged.passRetained(context).toOpaque())
    }
}

/// The calling thread's ``ResolutionContext``, unretained, for the resolve that borrowed it
/// (``ThreadContextSlot/borrowCurrent()``): a closure around the whole resolve
/// (``ThreadContextSlot/withCurrent(_:)``) kept its table read from being inlined, and a strong
/// reference (an `unowned(unsafe)` field read included) is a retain and a release per resolve.
///
/// Why unretained is sound: the thread's slot keeps the context until the thread exits, and a
/// borrowed context is noncopyable, passed down the resolve that borrowed it on its own thread.
struct BorrowedContext: ~Copyable {
    fileprivate let context: Unmanaged<ResolutionContext>
    /// The thread's read section, unretained: its context holds it in a `let`.
    let readSection: Unmanaged<ReadSection>

    @inline(__always)
    fileprivate init(_ context: Unmanaged<ResolutionContext>) {
        self.context = context
        self.readSection = context._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.readSection) }
    }

    /// Runs `body` with the context (no retain, no release).
    @inline(__always)
    func with<R, E: Error>(_ body: (ResolutionContext) throws(E) -> R) throws(E) -> R {
        do {
            return try context._withUnsafeGuaranteedRef { try body($0) }
        } catch {
            // What the closure rethrows untyped is what `body` threw.
            throw error as! E
        }
    }
}

/// The key under which each thread keeps its ``ResolutionContext``; the destructor releases the
/// context when the thread exits.
///
/// Kept in an atomic (the key plus one; zero until made): a lazy global calls `swift_once` on
/// every read. Two threads that both make one: the loser of the exchange deletes its own.
private enum ContextKey {
    /// The key plus one; read inline by ``ThreadContextSlot/borrowCurrent()``.
    fileprivate static let stored = Atomic<UInt>(0)

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
