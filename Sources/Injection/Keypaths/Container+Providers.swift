extension Container {
    /// Resolves a keypath provider: mappings first, then the one resolve path, which registers the
    /// provider's declared factory here on first use. Only the key (or the parts) is passed on: a
    /// whole provider was copied and destroyed on every call (Benchmarks/).
    @inlinable
    func resolve<T>(_ provider: Provider<T>, lifetime: ServiceLifetime = .automatic) throws(ResolutionError) -> T {
        if !anyMappings {
            do throws(ResolveFailure) {
                return try resolve(.provider(provider.key), T.self, lifetime: lifetime, args: .none, site: nil)
            } catch {
                if case .failed(let error) = error { throw error }
            }
        }
        return try resolveDeclaring(T.self, lifetime: lifetime, site: provider.site, scope: provider.scope, make: provider.make)
    }

    /// A provider the one resolve did not answer, or any while mappings exist. The `Provider` is
    /// rebuilt only where used: built here, unspecialised, it cost a metadata lookup (Benchmarks/).
    @usableFromInline
    func resolveDeclaring<T>(
        _ type: T.Type, lifetime: ServiceLifetime, site: Provider<T>.Site, scope: Scope, make: Provider<T>.Make
    ) throws(ResolutionError) -> T {
        let key = ProviderKey(T.self, declaredAt: site)
        if anyMappings, let target = try finalTarget(of: key), let targetKeyPath = target.keyPath.keyPath(to: Provider<T>.self) {
            // The original's identity builds strings: only when observed.
            let from = EventHub.shared.isActive
                ? registration(forProvider: key)?.identity
                    ?? Provider(container: self, site: site, scope: scope, make: make).identity
                : nil
            return try resolveMapped(to: target, targetKeyPath, lifetime: lifetime, mappedFrom: from)
        }
        return try resolveDeclared(
            key, T.self, lifetime: lifetime, provider: { Provider(container: self, site: site, scope: scope, make: make) })
    }

    /// Resolves the end of a mapping chain, reporting the source as `.mapping`.
    private func resolveMapped<T>(
        to target: MappedTarget, _ targetKeyPath: any KeyPath<Container, Provider<T>> & Sendable,
        lifetime: ServiceLifetime, mappedFrom: ServiceIdentity?
    ) throws(ResolutionError) -> T {
        try resolveEntry(
            .provider(target.key), T.self, lifetime: lifetime, args: .none, source: .mapping, mappedFrom: mappedFrom,
            missing: .project(targetKeyPath))
    }

    /// The resolve of a provider under `requested` (its key, a mapping's target or a plain keypath's
    /// key), doing what `missing` says when no container in the chain has it. `source` and
    /// `mappedFrom` describe a mapping, for the event.
    func resolveEntry<T>(
        _ requested: EntryKey, _ type: T.Type, lifetime: ServiceLifetime, args: Arguments,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, missing: MissingPolicy<T>
    ) throws(ResolutionError) -> T {
        let site: ResolveSite? = switch missing {
        case .report(let file, let line, _): ResolveSite(file: file, line: line)
        case .project: nil
        }
        while true {
            do throws(ResolveFailure) {
                return try resolve(
                    requested, T.self, lifetime: lifetime, args: args, site: site, source: source, mappedFrom: mappedFrom)
            } catch {
                if case .failed(let error) = error { throw error }
            }
            switch missing {
            case .report(let file, let line, let quiet):
                // `requested` is a provider or keypath key here: it has no name.
                throw .missing(reportMissing(T.self, name: nil, file: file, line: line, quiet: quiet))
            case .project(let keyPath):
                // Not held under `requested`, or never projected here: resolve the provider, declared here if needed.
                let provider = project(keyPath)
                return try resolveDeclared(
                    provider.key, T.self, lifetime: lifetime, source: source, mappedFrom: mappedFrom,
                    provider: { provider })
            }
        }
    }

    /// The resolve of a provider under `requested`; on a miss its declared factory is registered here
    /// and looked up again. `provider` is called only on a miss: passed as a value, it was copied on
    /// every call (Benchmarks/).
    func resolveDeclared<T>(
        _ requested: ProviderKey, _ type: T.Type, lifetime: ServiceLifetime,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, provider: () -> Provider<T>
    ) throws(ResolutionError) -> T {
        while true {
            do throws(ResolveFailure) {
                return try resolve(.provider(requested), T.self, lifetime: lifetime, args: .none, site: nil, source: source, mappedFrom: mappedFrom)
            } catch {
                if case .failed(let error) = error { throw error }
            }
            registerDeclaredIfNeeded(provider())
        }
    }

    /// The registration this container (or an ancestor) holds for a provider key.
    func registration(forProvider key: ProviderKey) -> AnyRegistration? {
        for container in lineage {
            if let registration = container.core.state.withLock({ $0.providerEntry(key)?.registration }) { return registration }
        }
        return nil
    }

    /// Projects a keypath to its provider (slow), remembering the provider key it leads to.
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

    /// Keeps `registration` under `key` unless this container has one (declared services register
    /// once, on first use), and reports it. `alsoUnderLock` runs under the same lock.
    func insertDeclared(
        _ registration: AnyRegistration, under key: ProviderKey, alsoUnderLock: (inout ContainerState) -> Void = { _ in }
    ) {
        let inserted = core.state.withLock { state -> Bool in
            alsoUnderLock(&state)
            guard state.providerEntry(key) == nil else { return false }
            state.setProvider(ContainerState.Entry(registration: registration, key: key), for: key)
            return true
        }
        if inserted { report(registration) }
    }

    // MARK: - Keypath resolution

    /// Resolves the provider a keypath literal names, following this container's mappings.
    ///
    /// ```swift
    /// let useCase = container[\.login.useCase]
    /// let another = container[\.login.useCase, lifetime: .new]
    /// ```
    /// A literal is taken as a function (SE-0249) and builds no keypath object; a keypath in a variable
    /// takes the keypath subscript below, with the same answer and events. `lifetime:` chooses the
    /// service type at the use site (``ServiceLifetime``).
    @inlinable
    public subscript<T>(_ provider: (Container) -> Provider<T>, lifetime lifetime: ServiceLifetime = .automatic) -> T {
        if !anyMappings {
            do throws(ResolveFailure) {
                return try resolve(.provider(provider(self).key), T.self, lifetime: lifetime, args: .none, site: nil)
            } catch {
                if case .failed(let error) = error { trap(error, declaredBy: provider) }
            }
        }
        return resolveMissedLiteralOrTrap(provider, lifetime: lifetime)
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
    /// A literal is taken as a function, as by the subscript: no keypath object is built.
    @inlinable
    public func tryResolve<T>(
        _ provider: (Container) -> Provider<T>, lifetime: ServiceLifetime = .automatic
    ) throws(ResolutionError) -> T {
        if !anyMappings {
            do throws(ResolveFailure) {
                return try resolve(.provider(provider(self).key), T.self, lifetime: lifetime, args: .none, site: nil)
            } catch {
                if case .failed(let error) = error { throw error }
            }
        }
        return try resolveMissedLiteral(provider, lifetime: lifetime)
    }

    // The literal forms pass only the key; a miss makes the provider again from the function (a
    // provider living across the resolve cost a retain and release; Benchmarks/). Misses are
    // `@inlinable @inline(never)`: specialised, not inlined.

    /// A literal form's miss (or any literal while mappings exist): its provider declared, or
    /// its mappings followed.
    @inlinable @inline(never)
    func resolveMissedLiteral<T>(
        _ provider: (Container) -> Provider<T>, lifetime: ServiceLifetime
    ) throws(ResolutionError) -> T {
        let declared = provider(self)
        return try resolveDeclaring(T.self, lifetime: lifetime, site: declared.site, scope: declared.scope, make: declared.make)
    }

    /// ``resolveMissedLiteral(_:lifetime:)``, stopping the program with a diagnostic at the
    /// provider's declaration when it fails, as the subscript does.
    @inlinable @inline(never)
    func resolveMissedLiteralOrTrap<T>(_ provider: (Container) -> Provider<T>, lifetime: ServiceLifetime) -> T {
        do {
            return try resolveMissedLiteral(provider, lifetime: lifetime)
        } catch {
            trap(error, declaredBy: provider)
        }
    }

    /// Stops the program with `error` at the declaration of the provider a literal names.
    @inlinable @inline(never)
    func trap<T>(_ error: ResolutionError, declaredBy provider: (Container) -> Provider<T>) -> Never {
        let site = provider(self)
        InjectionDiagnostics.trap(error, file: site.file, line: site.line)
    }

    /// Resolves the provider at `keyPath`, following this container's mappings.
    ///
    /// ```swift
    /// let path: any KeyPath<Container, Provider<LoginUseCase>> & Sendable = \.login.useCase
    /// let useCase = container[path]
    /// ```
    /// Resolved by the keypath's identity, remembered after its first resolve.
    /// `@_disfavoredOverload`: a literal takes the function form above.
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

    /// The keypath front end of the one resolve path.
    @usableFromInline
    func resolve<T>(keyPath: any KeyPath<Container, Provider<T>> & Sendable, lifetime: ServiceLifetime) throws(ResolutionError) -> T {
        if !anyMappings {
            // The common case: the remembered keypath's entry, read without the lock and without a
            // ``MissingPolicy`` (wrapping the keypath cost metadata and a retain; Benchmarks/).
            do throws(ResolveFailure) {
                return try resolve(.keyPath(ObjectIdentifier(keyPath)), T.self, lifetime: lifetime, args: .none, site: nil)
            } catch {
                if case .failed(let error) = error { throw error }
            }
            // Never projected here (this container may still hold the provider, declared by a
            // direct call or a mapping), or projected and held nowhere in the chain.
            let provider = project(keyPath)
            return try resolveDeclared(provider.key, T.self, lifetime: lifetime, provider: { provider })
        }
        // Remembered, the keypath is projected again only on a miss; else projected now, and its
        // provider declared here on a miss.
        let key: ProviderKey, declared: Provider<T>?
        if let remembered = core.state.withLock({ $0.keyPathKeys[TypeKey(ObjectIdentifier(keyPath))]?.key }) {
            (key, declared) = (remembered, nil)
        } else {
            let provider = project(keyPath)
            (key, declared) = (provider.key, provider)
        }
        guard anyMappings, let target = try finalTarget(of: key),
              let targetKeyPath = target.keyPath.keyPath(to: Provider<T>.self) else {
            if let declared { return try resolveDeclared(key, T.self, lifetime: lifetime, provider: { declared }) }
            return try resolveEntry(.provider(key), T.self, lifetime: lifetime, args: .none, missing: .project(keyPath))
        }
        // The original's identity builds strings: only when observed.
        let from = EventHub.shared.isActive
            ? registration(forProvider: key)?.identity ?? (declared ?? self[keyPath: keyPath]).identity
            : nil
        return try resolveMapped(to: target, targetKeyPath, lifetime: lifetime, mappedFrom: from)
    }
}

/// The provider key a keypath leads to; the keypath is kept so its identity is not reused.
struct KeyPathKey {
    let key: ProviderKey
    let keyPath: SendableKeyPath
}
