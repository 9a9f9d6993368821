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
    /// (the inspector's recorder included) or inside ``validate(_:)``, every call takes that
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
        try lend(T.self, name: name, lifetime: lifetime, file: file, line: line, body).get()
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
        try currentUnretained._withUnsafeGuaranteedRef {
            $0.lend(T.self, name: name, lifetime: lifetime, file: file, line: line, body)
        }.get()
    }

    /// The lend behind both front ends: the type-keyed lookup, then a kept instance borrowed
    /// from this thread's hold (``LentInstances``), or any other answer resolved owned.
    /// `body`'s outcome comes back as a `Result`: `_withUnsafeGuaranteedRef`, which lends the
    /// held box without a retain, does not pass a typed error through.
    @usableFromInline
    func lend<T, Result, Failure: Error>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, file: StaticString, line: UInt,
        _ body: (T) throws(Failure) -> Result
    ) -> Swift.Result<Result, Failure> {
        var key: EntryKey = name == nil ? .type(ObjectIdentifier(T.self))
            : .named(NamedKey(type: ObjectIdentifier(T.self), name: name.unsafelyUnwrapped))
        let found = locate(&key, lifetime: lifetime)
        if found.lookup.answer == .kept, !EventHub.isActive, !ValidationRun.isActiveOnThisThread {
            // The context borrowed, as `locate` fetched it: the thread-specific slot keeps it.
            let lent = found.context._withUnsafeGuaranteedRef { context -> Swift.Result<Result, Failure>? in
                guard let held = context.lent.lend(found.lookup) else { return nil }
                defer { context.lent.endLending() }
                return held._withUnsafeGuaranteedRef { box in
                    // Safe: what `build` keeps for a registration resolved as `T` is an `Instance<T>`.
                    Swift.Result { () throws(Failure) -> Result in
                        try body(unsafeDowncast(box, to: Instance<T>.self).value)
                    }
                }
            }
            if let lent { return lent }
        }
        let service: T
        do throws(ResolutionError) {
            guard found.lookup.registration != nil else {
                throw .missing(reportMissing(T.self, name: name, file: file, line: line, quiet: false))
            }
            service = try answer(
                found, T.self, key: key, lifetime: lifetime, args: .none, source: nil, mappedFrom: nil, origin: nil,
                site: ResolveSite(file: file, line: line))
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
        return Swift.Result { () throws(Failure) -> Result in try body(service) }
    }
}
