/// An instance a container built, carried across its lock and between threads: the answer of a
/// cache hit (``Container/Lookup``).
///
/// Why `@unchecked Sendable` is sound here: a container hands the instances it builds to whoever
/// resolves them, on any thread, by design, as every dependency-injection container does. The
/// container itself never reads or mutates an instance after building it; it only stores the
/// reference under its lock and returns it. Whether a service may be used from several threads is
/// the service's own contract, documented on ``Scope``. The box is immutable.
///
/// The object itself, not an `Any`: copied with a retain, not through value witnesses.
struct InstanceBox: @unchecked Sendable {
    let object: AnyObject

    @inline(__always)
    init(_ object: AnyObject) { self.object = object }
}

/// A weak reference to an instance kept by the ``Scope/shared`` scope.
///
/// `@unchecked Sendable` only for the same reason as ``InstanceBox`` (an instance is handed to
/// every thread by design, and `AnyObject` is not `Sendable`). The reference itself cannot race:
/// it is a `weak let`, set once in `init` (the compiler refuses any other write), and the Swift
/// runtime loads weak references atomically.
final class WeakInstance: @unchecked Sendable {
    weak let object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
