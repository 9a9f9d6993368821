extension Container {
    /// The optional resolve (``optional(_:name:lifetime:args:file:line:)``): the instance written
    /// to `slot` and true, or false when no container in the chain has the key, a dependency of
    /// its factory is missing, or an optional factory returned nil. Any other failure (a cycle,
    /// a factory that threw) stops the program, as it does for `resolve()`.
    ///
    /// A miss builds nothing while no observer is attached: through ``resolveKey(_:name:lifetime:args:file:line:quiet:origin:)``
    /// it built the ``MissingRegistration`` (the type's name, a service identity) and threw it,
    /// only for `optional()` to drop it (two allocations per
    /// resolve, several times Resolver's `optional()`: `Benchmarks/peers.sh`, shape-optional). With an observer the miss is reported as before
    /// (`resolvedToNil`, with its near misses).
    ///
    /// The instance goes to a slot rather than out as `T?`: in this unspecialised path an
    /// `Optional<T>` result looks its metadata up on every call; the inlined front end, where `T`
    /// is known, makes the optional.
    @usableFromInline
    func resolveOptional<T>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, args: Arguments, file: StaticString, line: UInt,
        into slot: UnsafeMutablePointer<T>
    ) -> Bool {
        // `== nil` looks at the name in place; `if let` copied it (a retain) even when nil.
        var key: EntryKey = name == nil ? .type(ObjectIdentifier(T.self))
            : .named(NamedKey(type: ObjectIdentifier(T.self), name: name.unsafelyUnwrapped))
        let found = locate(&key, lifetime: lifetime)
        guard found.lookup.registration != nil else {
            if EventHub.isActive { _ = reportMissing(T.self, name: name, file: file, line: line, quiet: true) }
            return false
        }
        do throws(ResolutionError) {
            slot.initialize(to: try answer(
                found, T.self, key: key, lifetime: lifetime, args: args, source: nil, mappedFrom: nil, origin: nil,
                site: ResolveSite(file: file, line: line)))
            return true
        } catch .missing, .noInstance {
            return false
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }
}
