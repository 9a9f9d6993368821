/// How to build one keypath-addressed service: what a ``DependencyLayer`` member returns.
///
/// It resolves like a type-keyed registration (scopes, cycles, diagnostics, events), under an
/// identity such as `Login.viewModel: LoginViewModel`.
///
/// ```swift
/// let viewModel = container.login.viewModel()          // resolve
/// container.login.viewModel.register { MockLoginViewModel() }   // override, last one wins
/// ```
public struct Provider<T>: Sendable {
    public let container: Container
    /// Where the provider is declared: its layer and ``PackedSite``. Six fields in all: a seventh
    /// brings back a retain and release of the container around every call.
    @usableFromInline let site: Site
    public let scope: Scope
    @usableFromInline let make: Make

    /// Two cases rather than one wrapping closure: declaring a provider allocates nothing.
    // `@usableFromInline` so `DependencyLayer.provide` builds `Provider<T>` specialised.
    @usableFromInline
    enum Make: Sendable {
        case plain(@Sendable () throws -> T)
        case withContainer(@Sendable (Container) throws -> T)
    }

    /// Inlined into the layer's getter, where ``PackedSite`` is a constant.
    @inlinable
    init(
        container: Container, layer: any DependencyLayer.Type, member: StaticString, scope: Scope,
        file: StaticString, line: UInt, make: Make
    ) {
        self.container = container
        self.site = (layer, PackedSite(member: member, file: file, line: line))
        self.scope = scope
        self.make = make
    }

    @usableFromInline
    typealias Site = (layer: any SendableMetatype.Type, packed: PackedSite)

    init(container: Container, site: Site, scope: Scope, make: Make) {
        self.container = container
        self.site = site
        self.scope = scope
        self.make = make
    }

    var layer: any DependencyLayer.Type {
        // Safe: `site.layer` is only ever set from the initializer's `any DependencyLayer.Type`.
        site.layer as! any DependencyLayer.Type
    }

    @inlinable var member: MemberName { site.packed.member }
    @inlinable var file: StaticString { site.packed.file }
    @inlinable var line: UInt { site.packed.line }

    /// The declared factory as a registration with `fields`.
    func registration(_ fields: RegistrationFields) -> Factory<T> {
        switch make {
        case .plain(let make): PlainFactory(make, fields)
        case .withContainer(let make): ContainerFactory(make, fields)
        }
    }

    /// The registration's key: type, layer and declaration site (no string built).
    @inlinable
    var key: ProviderKey { ProviderKey(T.self, declaredAt: site) }

    /// `Login.viewModel: LoginViewModel` in the provider's container.
    public var identity: ServiceIdentity {
        ServiceIdentity(
            type: typeName(T.self), container: container.traceName, layer: layer.layerName, member: "\(member)")
    }

    /// Resolves the service, stopping the program with a diagnostic when it cannot.
    @inlinable
    public func callAsFunction(lifetime: ServiceLifetime = .automatic) -> T {
        do {
            return try container.resolve(self, lifetime: lifetime)
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// Resolves the service, throwing a ``ResolutionError`` that explains a failure.
    @inlinable
    public func tryResolve(lifetime: ServiceLifetime = .automatic) throws(ResolutionError) -> T {
        try container.resolve(self, lifetime: lifetime)
    }

    /// Replaces this provider's factory in its container (last one wins), for a test or a preview.
    ///
    /// ```swift
    /// container.login.useCase.register { MockLoginUseCase() }
    /// ```
    public func register(
        scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> T
    ) {
        let identity = self.identity, scope = scope ?? self.scope, location = SourceLocation(file, line), key = self.key
        let registration = ContainerFactory<T>({ _ in try make() }, RegistrationFields(
            identitySource: .given(identity), scope: scope, location: location, isOverride: true, takesArguments: false))
        let previous = container.core.state.withLock { state -> (AnyRegistration, Bool)? in
            let previous = state.providerEntry(key)
            state.setProvider(ContainerState.Entry(registration: registration, key: key), for: key)
            return previous.map { ($0.registration, $0.slot.holdsInstance) }
        }
        guard EventHub.shared.isActive else { return }
        let replacedLocation = previous?.0.location ?? SourceLocation(self.file, self.line)
        EventHub.shared.emit(.registered(Registered(
            service: identity, scope: scope, location: location,
            replaced: Registered.Replaced(service: identity, location: replacedLocation))))
        if let (old, stale) = previous, stale {
            EventHub.shared.emit(.staleOverride(StaleOverride(
                replaced: old.identity, replacement: identity, scope: old.scope, location: location)))
        }
    }

    /// Removes an override made with ``register(scope:file:line:_:)``; the declared factory
    /// answers again.
    public func reset() {
        let key = self.key
        container.core.state.withLock { $0.setProvider(nil, for: key) }
    }
}

extension ProviderKey {
    /// ``Provider/key`` from the parts, without the provider.
    @inlinable
    init<T>(_ type: T.Type, declaredAt site: Provider<T>.Site) {
        self.init(type: ObjectIdentifier(T.self), layer: ObjectIdentifier(site.layer), site: site.packed.member.start)
    }
}

/// A provider of unknown type, for re-pointing mappings after an assembly change.
protocol ProviderKeyed {
    var key: ProviderKey { get }
    var identity: ServiceIdentity { get }
}

extension Provider: ProviderKeyed {}
