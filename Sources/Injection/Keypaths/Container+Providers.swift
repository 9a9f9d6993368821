import Synchronization

extension Container {
    /// Resolves a keypath provider: an override registered for it, else its declared factory
    /// (registered in this container on first use, which reports a `registered` event).
    func resolve<T>(
        _ provider: Provider<T>, lifetime: ServiceLifetime = .automatic,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil
    ) throws(ResolutionError) -> T {
        let key = provider.key
        // With mappings, follow them by key first; without, the loop below answers directly (no
        // `Optional<T>` round trip on this hot path: providers called inside factories).
        if anyMappings, let value = try resolveRegistered(key, T.self, lifetime: lifetime, source: source, mappedFrom: mappedFrom) {
            return value
        }
        // A mapping redirects the provider however it is reached: by keypath or called directly.
        // Loops are refused when a mapping is set, so following a chain ends.
        if anyMappings, let target = mappedTarget(forProvider: key, T.self) {
            // The identity builds strings: only when somebody will read the event.
            let from = mappedFrom ?? (EventHub.shared.isActive ? provider.identity : nil)
            return try resolve(self[keyPath: target], lifetime: lifetime, source: .mapping, mappedFrom: from)
        }
        while true {
            let lookup = state.withLock { state -> Lookup in
                guard let index = state.providers.index(forKey: key) else { return .missing }
                return Container.lookup(borrowed: state.providers.values[index], lifetime: lifetime)
            }
            switch lookup {
            case .missing:
                registerDeclaredIfNeeded(provider)
                continue
            case .kept(let registration, let kept) where !ValidationRun.isActiveOnThisThread:
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                // Safe: kept instances of a provider entry are stored by `buildProvided` as `Instance<T>`.
                return unsafeDowncast(kept, to: Instance<T>.self).value
            case .keptWeakly(let registration, let box) where !ValidationRun.isActiveOnThisThread:
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                return box.value as! T
            case .build(let registration), .kept(let registration, _), .keptWeakly(let registration, _):
                return try buildProvided(registration, T.self, key: key, lifetime: lifetime, source: source, mappedFrom: mappedFrom)
            }
        }
    }

    /// Registers a provider's declared factory on first use.
    func registerDeclaredIfNeeded<T>(_ provider: Provider<T>) {
        let registration = AnyRegistration(
            identity: provider.identity, scope: provider.scope, location: SourceLocation(provider.file, provider.line),
            producedType: T.self, isOverride: false, takesArguments: false,
            factory: provider.factory())
        let inserted = state.withLock { state -> Bool in
            guard state.providers[provider.key] == nil else { return false }
            state.providers[provider.key] = ContainerState.Entry(registration: registration)
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
        let registration = AnyRegistration(
            identity: identity, scope: scope, location: location, producedType: T.self,
            isOverride: true, takesArguments: false, factory: Factory<T> { container, _ in try make(container) })
        let previous = state.withLock { state -> (AnyRegistration, Bool)? in
            let previous = state.providers[provider.key]
            state.providers[provider.key] = ContainerState.Entry(registration: registration)
            return previous.map { ($0.registration, $0.kept != nil || $0.weak?.object != nil) }
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
        _ = state.withLock { $0.providers.removeValue(forKey: provider.key) }
    }

    // MARK: - Keypath resolution

    /// Resolves the provider at `keyPath`, following this container's mappings.
    ///
    /// ```swift
    /// let useCase = container[\.login.useCase]
    /// ```
    public subscript<T>(_ keyPath: KeyPath<Container, Provider<T>>) -> T {
        do {
            return try resolve(keyPath: keyPath)
        } catch {
            let site = self[keyPath: keyPath]
            InjectionDiagnostics.trap(error, file: site.file, line: site.line)
        }
    }

    /// Resolves the provider at `keyPath` in ``shared``: `Container[\.login.useCase]`.
    public static subscript<T>(_ keyPath: KeyPath<Container, Provider<T>>) -> T {
        shared[keyPath]
    }

    /// Resolves the provider at `keyPath`, throwing a ``ResolutionError`` on failure.
    public func tryResolve<T>(
        _ keyPath: KeyPath<Container, Provider<T>>, lifetime: ServiceLifetime = .automatic
    ) throws(ResolutionError) -> T {
        try resolve(keyPath: keyPath, lifetime: lifetime)
    }

    func resolve<T>(keyPath: KeyPath<Container, Provider<T>>, lifetime: ServiceLifetime = .automatic) throws(ResolutionError) -> T {
        // Fast path: a keypath literal is one object per site, so its identity maps straight to
        // the provider's key, and the keypath (whose projection is slow) is evaluated only once.
        let id = ObjectIdentifier(keyPath)
        if !anyMappings {
            // One lock for both lookups: keypath identity → provider key → entry.
            let (lookup, key) = state.withLock { state -> (Lookup, ProviderKey?) in
                guard let key = state.keyPathKeys[id]?.key, let index = state.providers.index(forKey: key) else {
                    return (.missing, nil)
                }
                return (Container.lookup(borrowed: state.providers.values[index], lifetime: lifetime), key)
            }
            switch lookup {
            case .missing:
                break
            case .kept(let registration, let kept) where !ValidationRun.isActiveOnThisThread:
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                // Safe: kept instances of a provider entry are stored by `buildProvided` as `Instance<T>`.
                return unsafeDowncast(kept, to: Instance<T>.self).value
            case .keptWeakly(let registration, let box) where !ValidationRun.isActiveOnThisThread:
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                return box.value as! T
            case .build(let registration), .kept(let registration, _), .keptWeakly(let registration, _):
                return try buildProvided(registration, T.self, key: key!, lifetime: lifetime, source: nil, mappedFrom: nil)
            }
        } else if let key = state.withLock({ $0.keyPathKeys[id]?.key }),
                  let value = try resolveRegistered(key, T.self, lifetime: lifetime, source: nil, mappedFrom: nil) {
            return value
        }
        let provider = self[keyPath: keyPath]
        let cached = KeyPathKey(key: provider.key, keyPath: SendableKeyPath(keyPath: keyPath))
        state.withLock { $0.keyPathKeys[id] = cached }
        return try resolve(provider, lifetime: lifetime)
    }

    /// Resolves by provider key, following mappings by key, when the entry is registered; nil
    /// when it is not (first use, or after a reset), and the provider must be projected.
    private func resolveRegistered<T>(
        _ key: ProviderKey, _ type: T.Type, lifetime: ServiceLifetime, source: Resolved.Source?,
        mappedFrom: ServiceIdentity?
    ) throws(ResolutionError) -> T? {
        var key = key
        var source = source
        var mappedFrom = mappedFrom
        if anyMappings {
            // Loops are refused when a mapping is set; the bound only guards against surprises.
            var hops = 0
            while hops < 16, let target = mappedTarget(forProvider: key) {
                if source != .mapping {
                    source = .mapping
                    if mappedFrom == nil, EventHub.shared.isActive {
                        mappedFrom = state.withLock { $0.providers[key]?.registration.identity }
                    }
                }
                key = target.key
                hops += 1
            }
        }
        let lookup = state.withLock { state -> Lookup in
            guard let index = state.providers.index(forKey: key) else { return .missing }
            return Container.lookup(borrowed: state.providers.values[index], lifetime: lifetime)
        }
        switch lookup {
        case .missing:
            return nil
        case .kept(let registration, let kept) where !ValidationRun.isActiveOnThisThread:
            if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
            // Safe: kept instances of a provider entry are stored by `buildProvided` as `Instance<T>`.
            return unsafeDowncast(kept, to: Instance<T>.self).value
        case .keptWeakly(let registration, let box) where !ValidationRun.isActiveOnThisThread:
            if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
            return (box.value as! T)
        case .build(let registration), .kept(let registration, _), .keptWeakly(let registration, _):
            return try buildProvided(registration, T.self, key: key, lifetime: lifetime, source: source, mappedFrom: mappedFrom)
        }
    }

    /// Builds a keypath provider's instance and keeps it in the provider's entry when its scope
    /// says so.
    private func buildProvided<T>(
        _ registration: AnyRegistration, _ type: T.Type, key: ProviderKey, lifetime: ServiceLifetime,
        source: Resolved.Source?, mappedFrom: ServiceIdentity?
    ) throws(ResolutionError) -> T {
        try build(
            registration, T.self, lifetime: lifetime, args: .none,
            source: source ?? (registration.isOverride ? .override : nil), mappedFrom: mappedFrom,
            keep: { state, box, replace in
                guard var entry = state.providers[key], entry.registration === registration else { return nil }
                defer { state.providers[key] = entry }
                return entry.keepInstance(
                    box, scope: lifetime == .automatic ? registration.scope : .singleton, replace: replace)
            })
    }
}

/// The provider key a keypath leads to, with the keypath kept alive so its identity is not reused.
struct KeyPathKey {
    let key: ProviderKey
    let keyPath: SendableKeyPath
}
