/// Where a `@TaskLocal` keeps the value bound for the current task (or, outside a task, for the
/// calling thread's synchronous `withValue`), without copying it out.
///
/// `TaskLocal.get()` returns an owned copy: for a class, a retain and a release of the object on
/// every read. ``Container/shared`` is read by every `@Injected` and every `Container.resolve()`,
/// from every thread, so that copy wrote the one shared container's reference count on every
/// resolve, a cache line that all resolving threads then fought over. This reads the same binding
/// the same way `get()` does, by the `TaskLocal` object's address, and leaves the value where it is.
enum TaskLocalValue {
    /// The value bound to `local` in the current task or `withValue` scope, in place, or nil when
    /// none is bound (then `local` reads its default value).
    ///
    /// The address stays valid while the binding does, which outlasts any synchronous code that
    /// runs inside its `withValue`; a caller uses it only for the length of one such access.
    @inline(__always)
    static func address<Value>(of local: TaskLocal<Value>) -> UnsafePointer<Value>? {
        // `TaskLocal.key` is the object's address (`unsafeBitCast(self, to: Builtin.RawPointer.self)`,
        // emitted into clients); the binding stores a `Value` at the returned address.
        let key = UnsafeRawPointer(Unmanaged.passUnretained(local).toOpaque())
        guard let value = taskLocalValueGet(key) else { return nil }
        return UnsafePointer(value.assumingMemoryBound(to: Value.self))
    }
}

/// The Concurrency runtime's lookup of a task-local binding, the call `TaskLocal.get()` makes
/// (exported by libswift_Concurrency on every platform that has Swift concurrency; Swift calling
/// convention, one pointer in, one out).
@_silgen_name("swift_task_localValueGet")
private func taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?
