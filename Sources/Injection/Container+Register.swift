import Synchronization

extension Container {
    /// Registers a factory; the type is inferred from what the factory returns.
    ///
    /// ```swift
    /// container.register { XYZService() }                       // XYZService
    /// container.register { XYZFetcher() as XYZFetching }        // bound to the protocol
    /// container.register(XYZFetching.self) { XYZFetcher() }     // the type given explicitly
    /// container.register(name: "edit") { XYZEditor() as XYZEditing }
    /// container.register(scope: .singleton) { Session() }
    /// ```
    /// Registering the same type and name again replaces the registration (the last one wins), which
    /// is how a test puts a double in place; it is reported, as a stale override when the replaced
    /// registration's instance was already kept.
    ///
    /// - Parameters:
    ///   - type: The type to register under; inferred when omitted.
    ///   - name: A name, to keep several registrations of one type apart.
    ///   - scope: How long instances live; ``Container/defaultScope`` (``Scope/unique`` unless set) by default.
    ///   - file: The registering file, shown in diagnostics and the inspector; leave the default.
    ///   - line: The registering line, shown in diagnostics and the inspector; leave the default.
    ///   - factory: Builds the service; it may resolve its own dependencies.
    @discardableResult @inlinable
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> T
    ) -> RegistrationOptions<T> {
        add(T.self, name: name, registration: PlainFactory(factory, scope: scope, location: SourceLocation(file, line)))
    }

    /// Registers a factory that receives the resolving container.
    ///
    /// ```swift
    /// container.register { c in XYZRepository(fetcher: c.resolve(), service: c.resolve()) }
    /// ```
    @discardableResult @inlinable
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container) throws -> T
    ) -> RegistrationOptions<T> {
        add(T.self, name: name, registration: ContainerFactory(factory, scope: scope, location: SourceLocation(file, line)))
    }

    /// Registers a factory that takes arguments given at resolve time.
    ///
    /// ```swift
    /// container.register { _, args in UserViewModel(userID: args()) }
    /// let model: UserViewModel = container.resolve(args: 42)
    /// ```
    @discardableResult @inlinable
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container, Arguments) throws -> T
    ) -> RegistrationOptions<T> {
        add(T.self, name: name, registration: ArgumentsFactory(factory, scope: scope, location: SourceLocation(file, line)))
    }

    /// Registers how to build a service with an autoclosure and an explicit (protocol) type.
    ///
    /// ```swift
    /// container.register(WeatherFetching.self, WeatherService())
    /// ```
    /// The expression is evaluated on every resolve that builds an instance, not now.
    @discardableResult @inlinable
    public func register<T>(
        _ type: T.Type, _ make: @autoclosure @escaping @Sendable () -> T,
        name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        add(T.self, name: name, registration: PlainFactory(make, scope: scope, location: SourceLocation(file, line)))
    }

    /// Removes every registration and kept instance (the container's own, not its parent's).
    public func removeAll() {
        core.state.withLock { $0.removeAll() }
    }

    /// Discards the instances `scope` keeps in this container; the next resolve builds new ones.
    ///
    /// ```swift
    /// container.reset(.cached)
    /// container.reset(.custom("session"))
    /// ```
    /// The call's line is reported with it (`scopeReset`'s `at`), so a diagnostic can name the
    /// reset that dropped an instance its holders still keep.
    public func reset(_ scope: Scope, file: StaticString = #fileID, line: UInt = #line) {
        let discarded = core.state.withLock { state in state.discard(scope) }
        if EventHub.shared.isActive {
            EventHub.shared.emit(.scopeReset(ScopeReset(
                container: traceName, scope: scope, discarded: discarded, location: SourceLocation(file, line))))
        }
    }

    /// Whether this container (or an ancestor, or a container added with ``add(child:file:line:)``) can
    /// resolve `type` under `name`.
    public func isRegistered<T>(_ type: T.Type, name: String? = nil) -> Bool {
        registration(answering: EntryKey(ObjectIdentifier(type), name: name)) != nil
    }

    /// Stores `registration`, made where `register` was called, under `T` and `name`.
    @usableFromInline
    func add<T>(_ type: T.Type, name: String?, registration: Factory<T>) -> RegistrationOptions<T> {
        // `_isOptional` first: a cheap metadata-kind test before the conformance lookup, which cost
        // every registration (`Benchmarks/guard.sh`, shape-startup).
        let (key, stored) = if _isOptional(T.self), let optional = T.self as? any OptionalFactoryResult.Type {
            // A factory returning `Wrapped?` registers `Wrapped` (see ``OptionalFactoryResult``).
            optional.registerUnwrapped(in: self, name: name, registration: registration)
        } else {
            store(T.self, name: name, registration: registration)
        }
        return RegistrationOptions(container: self, key: key, name: name, registration: stored)
    }

    /// Stores a registration of `T` under its key (replacing any earlier one) and reports it.
    /// `registration` is one the caller has just made and nothing else holds: its identity and
    /// whether it overrides are settled here, before it is stored.
    func store<T>(_ type: T.Type, name: String?, registration: AnyRegistration) -> (ObjectIdentifier, AnyRegistration) {
        let key = ObjectIdentifier(T.self)
        let observed = EventHub.shared.isActive
        let (previous, stale) = core.state.withLock { state -> (AnyRegistration?, Bool) in
            let slot = EntryKey(key, name: name)
            let previous = state.entry(slot)
            // An override keeps the identity it replaces (the same for one key of one container), so a
            // test's double makes none; a new key's is made when first asked for (``IdentitySource``).
            registration.settle(name: name, container: traceName, replacing: previous?.registration)
            assert(registration.identitySourceForReuse.describes(T.self, name: name, container: traceName))
            state.store(registration, under: slot)
            let stale = previous?.slot.holdsInstance ?? false
            return (previous?.registration, stale)
        }
        guard observed else { return (key, registration) }
        let identity = registration.identity
        EventHub.shared.emit(.registered(Registered(
            service: identity, scope: registration.scope, location: registration.location,
            replaced: previous.map { Registered.Replaced(service: $0.identity, location: $0.location) })))
        if stale, let previous {
            EventHub.shared.emit(.staleOverride(StaleOverride(
                replaced: previous.identity, replacement: identity, scope: previous.scope, location: registration.location)))
        }
        return (key, registration)
    }
}
