import Synchronization

/// What `register` returns: options chained onto the registration just made, in Resolver's
/// spelling.
///
/// ```swift
/// container.register { XYZCombinedService() }
///     .implements(XYZFetching.self)
///     .implements(XYZUpdating.self)
///     .scope(.cached)
///
/// container.register { XYZPresenter() }
///     .resolveProperties { c, presenter in
///         presenter.fetcher = c.resolve(XYZFetching.self)
///     }
/// ```
/// Each option applies to the registration while it is the current one for its key; an option
/// chained onto a registration that a later `register` has replaced changes nothing.
public struct RegistrationOptions<T>: Sendable {
    let container: Container
    /// The key the registration is stored under (the wrapped type's, for a factory that returns
    /// an optional).
    let key: ObjectIdentifier
    let name: String?
    let registration: AnyRegistration
    /// The keys added with ``implements(_:name:file:line:)`` so far in this chain.
    var implemented: [ServiceIdentity] = []

    /// Sets how long instances live (``Scope``); the same as `register(scope:)`.
    ///
    /// ```swift
    /// container.register { Session() }.scope(.application)
    /// ```
    @discardableResult
    public func scope(_ scope: Scope) -> RegistrationOptions<T> {
        update(reported: true) { $0.copy(scope: scope) }
    }

    /// Makes this registration answer for `type` too: resolving `type` gives this registration's
    /// instance, from the same scope slot, so every protocol of one object shares one instance.
    ///
    /// ```swift
    /// container.register { XYZCombinedService() }
    ///     .implements(XYZFetching.self)
    ///     .implements(XYZUpdating.self)
    ///     .scope(.shared)
    /// let fetcher: XYZFetching = container.resolve()   // the same XYZCombinedService…
    /// let updater: XYZUpdating = container.resolve()   // …as this one, while it is alive
    /// ```
    /// The graph shows one service with several keys. Resolving `type` when the instance does
    /// not conform to it fails with a message saying so.
    ///
    /// - Parameters:
    ///   - type: The protocol (or superclass) the registered service also answers for.
    ///   - name: The name to answer under, when the protocol is resolved by name.
    ///   - file: The calling file, shown with the registration in the inspector; leave the default.
    ///   - line: The calling line, shown with the registration in the inspector; leave the default.
    @discardableResult
    public func implements<P>(
        _ type: P.Type, name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        guard let alias = container.addAlias(P.self, name: name, of: self, location: SourceLocation(file, line))
        else { return self }
        var options = self
        options.implemented.append(alias)
        container.report(registration, implements: options.implemented)
        return options
    }

    /// Sets properties on each new instance after its factory built it and before anyone else
    /// gets it: property injection, and the documented way to break a dependency cycle.
    ///
    /// ```swift
    /// container.register { CyclicA(container.resolve()) }
    ///     .resolveProperties { c, a in
    ///         c.resolve(CyclicC.self).a = a     // C is built inside A, and points back to it
    ///     }
    /// ```
    /// The block runs on the resolution stack of the service, so what it resolves shares the
    /// pass's `.graph` instances and is drawn in the graph as property edges of the service.
    @discardableResult
    public func resolveProperties(
        _ block: @escaping @Sendable (Container, T) throws -> Void
    ) -> RegistrationOptions<T> {
        resolveProperties { container, service, _ in try block(container, service) }
    }

    /// ``resolveProperties(_:)-((Container,T)->Void)`` with the arguments the resolve was given.
    ///
    /// ```swift
    /// container.register { XYZPresenter() }
    ///     .resolveProperties { _, presenter, args in presenter.editMode = args() }
    /// ```
    @discardableResult
    public func resolveProperties(
        _ block: @escaping @Sendable (Container, T, Arguments) throws -> Void
    ) -> RegistrationOptions<T> {
        update(reported: false) { registration in
            registration.addingProperties { container, service, args in
                try block(container, service as! T, args)
            }
        }
    }

    /// Moves the registration under `name`, as if it had been registered with `register(name:)`.
    ///
    /// ```swift
    /// container.register { XYZEditor() as XYZEditing }.name("edit")
    /// ```
    /// Chain it before ``implements(_:name:file:line:)``, which answers from the key the
    /// registration has at that moment.
    @discardableResult
    public func name(_ name: String) -> RegistrationOptions<T> {
        guard let moved = container.rename(registration, key: key, from: self.name, to: name) else { return self }
        return RegistrationOptions(
            container: container, key: key, name: name, registration: moved, implemented: implemented)
    }

    /// Replaces the registration with `change(registration)` if it is still the current one.
    private func update(
        reported: Bool, _ change: (AnyRegistration) -> AnyRegistration
    ) -> RegistrationOptions<T> {
        guard let updated = container.replace(registration, key: key, name: name, with: change) else { return self }
        if reported { container.report(updated, implements: implemented) }
        return RegistrationOptions(
            container: container, key: key, name: name, registration: updated, implemented: implemented)
    }
}

extension Container {
    /// Swaps `old` for `change(old)` under its key, unless another registration replaced it
    /// meanwhile; a kept instance built by the old one is dropped.
    func replace(
        _ old: AnyRegistration, key: ObjectIdentifier, name: String?,
        with change: (AnyRegistration) -> AnyRegistration
    ) -> AnyRegistration? {
        core.state.withLock { state -> AnyRegistration? in
            let slot = EntryKey(key, name: name)
            guard let entry = state.entry(slot), entry.registration === old else { return nil }
            let updated = change(old)
            state.store(updated, under: slot)
            return updated
        }
    }

    /// Reports `registration` (when observed): one changed by an option is reported again,
    /// replacing nothing, so the graph updates its node instead of counting an override.
    func report(
        _ registration: AnyRegistration, replacing previous: AnyRegistration? = nil, implements: [ServiceIdentity] = []
    ) {
        guard EventHub.shared.isActive else { return }
        EventHub.shared.emit(.registered(Registered(
            service: registration.identity, scope: registration.scope, location: registration.location,
            replaced: previous.map { Registered.Replaced(service: $0.identity, location: $0.location) },
            implements: implements)))
    }

    /// Moves `registration` from one name to another (nil: unnamed).
    func rename(_ registration: AnyRegistration, key: ObjectIdentifier, from old: String?, to new: String) -> AnyRegistration? {
        var identity = registration.identity
        identity.name = new
        let result = core.state.withLock { state -> (AnyRegistration, AnyRegistration?)? in
            let from = EntryKey(key, name: old), to = EntryKey(key, name: new)
            guard let entry = state.entry(from), entry.registration === registration else { return nil }
            let previous = state.entry(to)?.registration
            let moved = registration.copy(identity: identity, isOverride: previous != nil)
            state.store(nil, under: from)
            state.store(moved, under: to)
            return (moved, previous)
        }
        guard let (moved, previous) = result else { return nil }
        report(moved, replacing: previous)
        return moved
    }
}

extension AnyRegistration {
    /// The same registration with some fields changed.
    func copy(identity: ServiceIdentity? = nil, scope: Scope? = nil, isOverride: Bool? = nil) -> AnyRegistration {
        var fields = self.fields
        if let identity { fields.identitySource = .given(identity) }
        if let scope { fields.scope = scope }
        if let isOverride { fields.isOverride = isOverride }
        return copy(fields)
    }

    /// The same registration whose factory then runs `block` on each new instance.
    func addingProperties(
        _ block: @escaping @Sendable (Container, Any, Arguments) throws -> Void
    ) -> AnyRegistration {
        // Every registration is a `Factory<S>` for its stored type, which conforms.
        (self as! any FactoryOperations).runningOnEachInstance(block)
    }
}
