import Synchronization

extension Container {
    /// Resolves a keypath provider (called directly, or reached through a keypath): mappings
    /// first, then the one resolve path, which registers the provider's declared factory in this
    /// container on first use (reporting a `registered` event).
    ///
    /// `@inlinable`, with ``Provider/callAsFunction(lifetime:)``: inlined into the app's call
    /// site, the provider is a value of a known type there.
    ///
    /// A provider this container's chain holds is answered by
    /// ``resolveHeldProvider(_:_:lifetime:)``, given only the provider's key. The provider's
    /// parts go to ``resolveDeclaring(_:lifetime:site:scope:make:)`` only when that one cannot
    /// answer, so the provider the app built stays in registers and is released field by field
    /// (with ``Provider/site``'s layout). Handed over whole (in a closure over it, or as a
    /// value), it lived in memory and was destroyed through its value witness: the generic
    /// metadata instantiated, then the witness called, on every call (Benchmarks/).
    @inlinable
    func resolve<T>(_ provider: Provider<T>, lifetime: ServiceLifetime = .automatic) throws(ResolutionError) -> T {
        do {
            return try resolveHeldProvider(provider.key, T.self, lifetime: lifetime)
        } catch {
            switch error {
            case .undeclared:
                return try resolveDeclaring(
                    T.self, lifetime: lifetime, site: provider.site, scope: provider.scope, make: provider.make)
            case .failed(let error): throw error
            }
        }
    }

    /// Why ``resolveHeldProvider(_:_:lifetime:)`` gave no answer: nothing in the chain holds the
    /// provider (or mappings must be followed, which may need the provider), or the resolve
    /// failed. Thrown, typed, so that the hit returns the service as any resolve does.
    @usableFromInline
    enum HeldProviderFailure: Error {
        /// Ask ``resolveDeclaring(_:lifetime:site:scope:make:)``, which has the provider.
        case undeclared
        /// The resolve of the held provider failed.
        case failed(ResolutionError)
    }

    /// A provider called directly, by its key, when a container in the chain holds it and no
    /// container has mappings: ``locate(_:lifetime:)`` and ``answer(_:_:key:lifetime:args:source:mappedFrom:origin:site:)``,
    /// the type-keyed resolve's path. Anything else is ``HeldProviderFailure/undeclared``.
    @usableFromInline
    func resolveHeldProvider<T>(
        _ requested: ProviderKey, _ type: T.Type, lifetime: ServiceLifetime
    ) throws(HeldProviderFailure) -> T {
        if anyMappings { throw .undeclared }
        var key = EntryKey.provider(requested)
        let found = locateInline(&key, lifetime: lifetime)
        guard found.lookup.registration != nil else { throw .undeclared }
        // The kept answer first, as `answer` begins: this generic caller does not inline
        // `answer`, and a call to it cost a cached keypath read more than a cached type-keyed
        // resolve (Benchmarks/guard.sh, keypath-cached against singleton).
        if found.lookup.answer == .kept, !EventHub.isActive, !ValidationRun.isActiveOnThisThread {
            return found.lookup.keptValue(T.self)
        }
        do {
            return try answer(
                found, T.self, key: key, lifetime: lifetime, args: .none, source: nil, mappedFrom: nil, origin: nil,
                site: nil)
        } catch {
            throw .failed(error)
        }
    }

    /// A provider called directly that ``resolveHeldProvider(_:_:lifetime:)`` did not answer:
    /// through its mappings when any container in the chain has some, else its declared factory
    /// registered in this container and resolved
    /// (``resolveDeclared(_:_:lifetime:source:mappedFrom:provider:)``).
    ///
    /// The `Provider` is rebuilt from its parts only where it is used (a declaration, or a mapped
    /// resolve's event): building one here, in unspecialised code, looked `Provider<T>`'s
    /// metadata up on every call (Benchmarks/, mapped resolves), as a ``MissingPolicy`` holding
    /// it did.
    @usableFromInline
    func resolveDeclaring<T>(
        _ type: T.Type, lifetime: ServiceLifetime, site: Provider<T>.Site, scope: Scope, make: Provider<T>.Make
    ) throws(ResolutionError) -> T {
        let key = ProviderKey(T.self, declaredAt: site)
        if anyMappings, let target = try finalTarget(of: key), let targetKeyPath = target.keyPath.keyPath(to: Provider<T>.self) {
            // The original's identity builds strings: only when somebody will read the event.
            let from = EventHub.shared.isActive
                ? registration(forProvider: key)?.identity
                    ?? Provider(container: self, site: site, scope: scope, make: make).identity
                : nil
            return try resolveMapped(to: target, targetKeyPath, lifetime: lifetime, mappedFrom: from)
        }
        return try resolveDeclared(
            key, T.self, lifetime: lifetime, provider: { Provider(container: self, site: site, scope: scope, make: make) })
    }

    /// Resolves the provider with `key`, following mappings by key (this container's and its
    /// ancestors'), through ``resolveEntry(_:_:lifetime:args:source:mappedFrom:missing:)``.
    @usableFromInline
    func resolveProvided<T>(
        _ key: ProviderKey, _ type: T.Type, lifetime: ServiceLifetime, missing: MissingPolicy<T>
    ) throws(ResolutionError) -> T {
        guard anyMappings, let target = try finalTarget(of: key),
              let targetKeyPath = target.keyPath.keyPath(to: Provider<T>.self) else {
            return try resolveEntry(.provider(key), T.self, lifetime: lifetime, args: .none, missing: missing)
        }
        // The original's identity builds strings: only when somebody will read the event.
        let from = EventHub.shared.isActive ? identity(of: key, missing) : nil
        return try resolveMapped(to: target, targetKeyPath, lifetime: lifetime, mappedFrom: from)
    }

    /// Resolves the provider a mapping leads to (`target`, the end of its chain), reporting the
    /// answer's source as `.mapping`.
    private func resolveMapped<T>(
        to target: MappedTarget, _ targetKeyPath: any KeyPath<Container, Provider<T>> & Sendable,
        lifetime: ServiceLifetime, mappedFrom: ServiceIdentity?
    ) throws(ResolutionError) -> T {
        try resolveEntry(
            .provider(target.key), T.self, lifetime: lifetime, args: .none, source: .mapping, mappedFrom: mappedFrom,
            missing: .project(targetKeyPath))
    }

    private func identity<T>(of key: ProviderKey, _ missing: MissingPolicy<T>) -> ServiceIdentity? {
        if let registered = registration(forProvider: key) { return registered.identity }
        switch missing {
        case .declare(let provider): return provider.identity
        case .project(let keyPath): return self[keyPath: keyPath].identity
        case .report: return nil
        }
    }

    /// The registration this container (or an ancestor) holds for a provider key.
    func registration(forProvider key: ProviderKey) -> AnyRegistration? {
        for container in lineage {
            if let registration = container.core.state.withLock({ $0.providerEntry(key)?.registration }) { return registration }
        }
        return nil
    }

    /// Evaluates a keypath to its provider, remembering which provider key the keypath leads to
    /// (projecting a keypath is slow; its identity is one object per literal).
    func project<T>(_ keyPath: any KeyPath<Container, Provider<T>> & Sendable) -> Provider<T> {
        let provider = self[keyPath: keyPath]
        let remembered = KeyPathKey(key: provider.key, keyPath: SendableKeyPath(keyPath: keyPath))
        core.state.withLock { $0.keyPathKeys[TypeKey(ObjectIdentifier(keyPath))] = remembered }
        return provider
    }

    /// Registers a provider's declared factory on first use.
    func registerDeclaredIfNeeded<T>(_ provider: Provider<T>) {
        let registration = provider.registration(RegistrationFields(
            identitySource: .given(provider.identity), scope: provider.scope,
            location: SourceLocation(provider.file, provider.line), isOverride: false, takesArguments: false))
        insertDeclared(registration, under: provider.key)
    }

    /// Keeps `registration` under `key` unless this container has one already (a declared
    /// service, a provider or a plain property, registers once, on first use), and reports it.
    /// `alsoUnderLock` runs under the same lock, whether or not it was inserted.
    func insertDeclared(
        _ registration: AnyRegistration, under key: ProviderKey, alsoUnderLock: (inout ContainerState) -> Void = { _ in }
    ) {
        let inserted = core.state.withLock { state -> Bool in
            alsoUnderLock(&state)
            guard state.providerEntry(key) == nil else { return false }
            state.setProvider(ContainerState.Entry(registration: registration, key: key), for: key)
            return true
        }
        if inserted, EventHub.shared.isActive {
            EventHub.shared.emit(.registered(Registered(
                service: registration.identity, scope: registration.scope, location: registration.location, replaced: nil)))
        }
    }

    /// Replaces a provider's factory in this container.
    func override<T>(
        _ provider: Provider<T>, scope: Scope, location: SourceLocation,
        make: @escaping @Sendable (Container) throws -> T
    ) {
        let identity = provider.identity
        let registration = ContainerFactory<T>(make, RegistrationFields(
            identitySource: .given(identity), scope: scope, location: location, isOverride: true, takesArguments: false))
        let previous = core.state.withLock { state -> (AnyRegistration, Bool)? in
            let previous = state.providerEntry(provider.key)
            state.setProvider(ContainerState.Entry(registration: registration, key: provider.key), for: provider.key)
            return previous.map { ($0.registration, $0.holdsInstance) }
        }
        guard EventHub.shared.isActive else { return }
        let replacedLocation = previous?.0.location ?? SourceLocation(provider.file, provider.line)
        EventHub.shared.emit(.registered(Registered(
            service: identity, scope: scope, location: location,
            replaced: Registered.Replaced(service: identity, location: replacedLocation))))
        if let (old, stale) = previous, stale {
            EventHub.shared.emit(.staleOverride(StaleOverride(
                replaced: old.identity, replacement: identity, scope: old.scope, location: location)))
        }
    }

    /// Forgets a provider's registration (and kept instance) in this container.
    func removeProviderRegistration<T>(_ provider: Provider<T>) {
        core.state.withLock { $0.setProvider(nil, for: provider.key) }
    }

    // MARK: - Keypath resolution

    /// Resolves the provider a keypath literal names, following this container's mappings:
    /// `container[\.login.useCase]`.
    ///
    /// ```swift
    /// let useCase = container[\.login.useCase]
    /// let another = container[\.login.useCase, lifetime: .new]
    /// ```
    /// A keypath literal written here is taken as a function (SE-0249), so the app builds no
    /// keypath object: inlined into the call site, the literal folds into the layer's getters and
    /// the resolve is a provider call's
    /// (``Provider/callAsFunction(lifetime:)``). A keypath held in a variable
    /// (`let path = \Container.login.useCase`, then `container[path]`) takes the keypath
    /// subscript below, which resolves by the keypath's identity; both answer the same service,
    /// with the same events and diagnostics.
    ///
    /// `lifetime:` chooses the service type at the use site (``ServiceLifetime``).
    @inlinable
    public subscript<T>(_ provider: (Container) -> Provider<T>, lifetime lifetime: ServiceLifetime = .automatic) -> T {
        do {
            return try resolveHeldProvider(provider(self).key, T.self, lifetime: lifetime)
        } catch {
            return resolveMissedLiteralOrTrap(provider, error, lifetime: lifetime)
        }
    }

    /// Resolves the provider a keypath literal names in ``shared``: `Container[\.login.useCase]`,
    /// as `container[\.login.useCase]` does in a container.
    @inlinable
    public static subscript<T>(_ provider: (Container) -> Provider<T>) -> T {
        shared[provider]
    }

    /// Resolves the provider a keypath literal names, throwing a ``ResolutionError`` on failure.
    ///
    /// ```swift
    /// let useCase = try container.tryResolve(\.login.useCase)
    /// ```
    /// A literal is taken as a function, as by the subscript `container[\.login.useCase]`: the
    /// app builds no keypath object.
    @inlinable
    public func tryResolve<T>(
        _ provider: (Container) -> Provider<T>, lifetime: ServiceLifetime = .automatic
    ) throws(ResolutionError) -> T {
        do {
            return try resolveHeldProvider(provider(self).key, T.self, lifetime: lifetime)
        } catch {
            return try resolveMissedLiteral(provider, error, lifetime: lifetime)
        }
    }

    // The literal forms ask their provider for its key alone and hand the function itself, not
    // the provider, to the miss: the provider the call site makes is then dropped at once and
    // the optimiser removes it with the layer's retain of the container (a provider living
    // across the resolve kept an atomic increment and decrement around it, which the keypath
    // target of Benchmarks/ does not allow). The miss makes it again: the function is a keypath
    // literal's getters, which make the same provider each time. The miss is in
    // `@inlinable @inline(never)` functions, specialised at the call site for the literal's
    // function but never inlined there: the cheapest of the shapes tried (the commit that
    // chose it has the figures).

    /// What a literal form does when ``resolveHeldProvider(_:_:lifetime:)`` gave no answer: its
    /// provider declared (or its mappings followed) through
    /// ``resolveDeclaring(_:lifetime:site:scope:make:)``, or the held provider's failure.
    @inlinable @inline(never)
    func resolveMissedLiteral<T>(
        _ provider: (Container) -> Provider<T>, _ failure: HeldProviderFailure, lifetime: ServiceLifetime
    ) throws(ResolutionError) -> T {
        switch failure {
        case .undeclared:
            let declared = provider(self)
            return try resolveDeclaring(
                T.self, lifetime: lifetime, site: declared.site, scope: declared.scope, make: declared.make)
        case .failed(let error):
            throw error
        }
    }

    /// ``resolveMissedLiteral(_:_:lifetime:)``, stopping the program with a diagnostic at the
    /// provider's declaration when it fails, as the subscript does.
    @inlinable @inline(never)
    func resolveMissedLiteralOrTrap<T>(
        _ provider: (Container) -> Provider<T>, _ failure: HeldProviderFailure, lifetime: ServiceLifetime
    ) -> T {
        do {
            return try resolveMissedLiteral(provider, failure, lifetime: lifetime)
        } catch {
            let site = provider(self)
            InjectionDiagnostics.trap(error, file: site.file, line: site.line)
        }
    }

    /// Resolves the provider at `keyPath`, following this container's mappings.
    ///
    /// ```swift
    /// let path: any KeyPath<Container, Provider<LoginUseCase>> & Sendable = \.login.useCase
    /// let useCase = container[path]
    /// ```
    /// A keypath held in a value: resolved by its identity, remembered after its first resolve
    /// (projecting a keypath at run time is slow). `@_disfavoredOverload`, so that a literal
    /// takes the function form above and builds no keypath object.
    ///
    /// `container[path, lifetime: .new]` chooses the service type at the use site.
    @_disfavoredOverload
    @inlinable
    public subscript<T>(_ keyPath: any KeyPath<Container, Provider<T>> & Sendable, lifetime lifetime: ServiceLifetime = .automatic) -> T {
        do {
            return try resolve(keyPath: keyPath, lifetime: lifetime)
        } catch {
            let site = self[keyPath: keyPath]
            InjectionDiagnostics.trap(error, file: site.file, line: site.line)
        }
    }

    /// Resolves the provider at `keyPath` in ``shared``: `Container[path]`.
    @_disfavoredOverload
    public static subscript<T>(_ keyPath: any KeyPath<Container, Provider<T>> & Sendable) -> T {
        shared[keyPath]
    }

    /// Resolves the provider at `keyPath`, throwing a ``ResolutionError`` on failure.
    @_disfavoredOverload
    @inlinable
    public func tryResolve<T>(
        _ keyPath: any KeyPath<Container, Provider<T>> & Sendable, lifetime: ServiceLifetime = .automatic
    ) throws(ResolutionError) -> T {
        try resolve(keyPath: keyPath, lifetime: lifetime)
    }

    /// The keypath front end of the one resolve path. `@usableFromInline`, with the subscript
    /// and `tryResolve` inlined into the app, so that they add no call of their own.
    @usableFromInline
    func resolve<T>(keyPath: any KeyPath<Container, Provider<T>> & Sendable, lifetime: ServiceLifetime) throws(ResolutionError) -> T {
        if !anyMappings {
            // The common case: the remembered keypath's entry, read without the lock.
            return try resolveProjecting(keyPath, lifetime: lifetime)
        }
        if let key = core.state.withLock({ $0.keyPathKeys[TypeKey(ObjectIdentifier(keyPath))]?.key }) {
            return try resolveProvided(key, T.self, lifetime: lifetime, missing: .project(keyPath))
        }
        let provider = project(keyPath)
        return try resolveProvided(provider.key, T.self, lifetime: lifetime, missing: .declare(provider))
    }
}

/// The provider key a keypath leads to, with the keypath kept alive so its identity is not reused.
struct KeyPathKey {
    let key: ProviderKey
    let keyPath: SendableKeyPath
}
