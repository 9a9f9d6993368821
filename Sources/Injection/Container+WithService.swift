extension Container {
    /// Resolves a service and lends it to `body`, without a reference count write on a cache hit
    /// that another thread's lend of the same instance also makes.
    ///
    /// `resolve()` returns an owned reference: a class instance is retained for the caller and
    /// released by it, so threads resolving one singleton all write its reference count, and on
    /// a multi-core machine that one cache line moving between cores is most of what their
    /// resolves cost each other. `withService` runs the same lookup (overrides, child
    /// containers, scopes, lifetimes, diagnostics and events answer exactly as for `resolve()`),
    /// and when it finds a kept instance (a `.singleton` or `.cached` one) that this thread
    /// already holds, `body` borrows that: the hit writes nothing that another thread's lend
    /// writes, so threads lending one singleton scale as threads reading a struct do.
    ///
    /// ```swift
    /// let total = container.withService(Metrics.self) { metrics in
    ///     metrics.count(1)
    /// }
    /// ```
    /// Use it where one instance is resolved very often from several threads at once (a hot
    /// loop, a request handler); elsewhere `resolve()` and ``Injected`` are simpler.
    ///
    /// What is not a kept instance (a transient, a `.shared` one, a build, a `lifetime: .new`)
    /// is resolved as `resolve()` would and released after `body`. With an observer attached
    /// (the inspector's recorder included) or inside ``Container/validate(_:)``, every call takes that
    /// path, so the event stream is the same as `resolve()`'s.
    ///
    /// > Note: Each thread holds its own reference to the last few instances it lent (up to
    /// > eight). An instance the container drops (a reset, a new registration, the container
    /// > released) is released at once by the thread that dropped it, and by every other thread
    /// > when it next ends a `withService`, or exits: until then it stays alive.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from `body` when omitted.
    ///   - name: The registration name, for named registrations.
    ///   - lifetime: The service type chosen at this use site (``ServiceLifetime``).
    ///   - file: The resolving file, named in a failure's message; leave the default.
    ///   - line: The resolving line, named in a failure's message; leave the default.
    ///   - body: Uses the service. It must not keep it beyond its return except by copying it
    ///     (a strong reference it stores is a reference of its own, as any copy is).
    /// - Returns: What `body` returns.
    @inlinable
    public func withService<T, Result, Failure: Error>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        file: StaticString = #fileID, line: UInt = #line, _ body: (T) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // `@inlinable`, as `resolve()` is: `body`'s result and error are handled where their
        // types are known (unspecialised, each call looked up generic metadata: ~1 700
        // instructions, callgrind).
        try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot throws(Failure) -> Result in
            let resolved = slot.baseAddress.unsafelyUnwrapped
            guard let lent = lend(T.self, name: name, lifetime: lifetime, file: file, line: line, orResolveInto: resolved)
            else {
                defer { resolved.deinitialize(count: 1) }
                return try body(resolved.pointee)
            }
            defer { lent.end() }
            return try lent.borrow(T.self, body)
        }
    }

    /// ``withService(_:name:lifetime:file:line:_:)-swift.method`` on the container resolving on
    /// this thread, else ``shared``, as ``resolve(_:name:lifetime:args:file:line:)-swift.type.method``
    /// chooses it.
    ///
    /// ```swift
    /// let total = Container.withService(Metrics.self) { $0.count(1) }
    /// ```
    @inlinable
    public static func withService<T, Result, Failure: Error>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        file: StaticString = #fileID, line: UInt = #line, _ body: (T) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try current.withService(T.self, name: name, lifetime: lifetime, file: file, line: line, body)
    }

    /// The lookup behind ``withService(_:name:lifetime:file:line:_:)-swift.method``: a kept
    /// instance lent from this thread's hold (``LentInstances``), or nil with any other answer
    /// resolved into `resolved`, as `resolve()` would (a missing registration stops the program
    /// with its diagnostic, naming `file` and `line`).
    @usableFromInline
    func lend<T>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, file: StaticString, line: UInt,
        orResolveInto resolved: UnsafeMutablePointer<T>
    ) -> LentService? {
        var key: EntryKey = name == nil ? .type(ObjectIdentifier(T.self))
            : .named(NamedKey(type: ObjectIdentifier(T.self), name: name.unsafelyUnwrapped))
        let found = locate(&key, lifetime: lifetime)
        if found.lookup.answer == .kept, !EventHub.isActive, !ValidationRun.isActiveOnThisThread {
            // The context borrowed, as `locate` fetched it: the thread-specific slot keeps it,
            // and with it its `lent`.
            let lent = found.context._withUnsafeGuaranteedRef { context in
                context.lent.lend(found.lookup).map { LentService(box: $0, holder: Unmanaged.passUnretained(context.lent)) }
            }
            if let lent { return lent }
        }
        do throws(ResolutionError) {
            guard found.lookup.registration != nil else {
                throw .missing(reportMissing(T.self, name: name, file: file, line: line, quiet: false))
            }
            resolved.initialize(to: try answer(
                found, T.self, key: key, lifetime: lifetime, args: .none, source: nil, mappedFrom: nil, origin: nil,
                site: ResolveSite(file: file, line: line)))
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
        return nil
    }
}

/// A kept instance lent by ``Container/withService(_:name:lifetime:file:line:_:)``: the
/// ``Instance`` box this thread holds (``LentInstances``), until ``end()``.
@usableFromInline
struct LentService {
    /// The held ``Instance``, unretained: the thread's hold keeps it.
    @usableFromInline let box: Unmanaged<AnyObject>
    let holder: Unmanaged<LentInstances>

    /// Runs `body` with the instance's value borrowed from the held box: no retain.
    @inlinable
    func borrow<T, Result, Failure: Error>(
        _ type: T.Type, _ body: (T) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Safe: what `build` keeps for a registration resolved as `T` is an `Instance<T>`.
        try Unmanaged<Instance<T>>.fromOpaque(box.toOpaque())._withUnsafeGuaranteedRef { instance in
            Swift.Result { () throws(Failure) -> Result in try body(instance.value) }
        }.get()
    }

    /// Ends the lend (``LentInstances/endLending()``).
    @usableFromInline
    func end() {
        holder._withUnsafeGuaranteedRef { $0.endLending() }
    }
}
