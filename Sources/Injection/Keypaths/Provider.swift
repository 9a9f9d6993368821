/// How to build one keypath-addressed service: what a ``DependencyLayer`` member returns.
///
/// Resolving it goes through the container like a type-keyed registration: the same scopes,
/// cycle detection, diagnostics and events, under an identity such as
/// `Login.viewModel: LoginViewModel`.
///
/// ```swift
/// let viewModel = container.login.viewModel()          // resolve
/// container.login.viewModel.register { MockLoginViewModel() }   // override, last one wins
/// ```
public struct Provider<T>: Sendable {
    public let container: Container
    /// Where the provider is declared: its layer, member, file and line.
    ///
    /// The layer as a one-word metatype (``layer`` casts it back) beside the member, file and
    /// line packed in one vector (``PackedSite``), so that a `Provider` counts six fields for the
    /// optimiser: it releases the provider the app builds field by field, and drops the layer's
    /// retain of the container with the provider's release of it. Past six (with the site a tuple
    /// of a ``MemberName``, a `StaticString` and a line, the provider counted eleven), both stayed,
    /// around every provider called directly. A stored property more brings them back.
    @usableFromInline let site: Site
    public let scope: Scope
    @usableFromInline let make: Make

    /// The factory as declared. Two cases rather than one wrapping closure, so that declaring a
    /// provider (which happens on every keypath resolve) allocates nothing.
    // `@usableFromInline` (as the initializer): `DependencyLayer.provide`
    // is inlined into the layer, so `Provider<T>` is built specialised there (unspecialised,
    // each call looked its generic metadata up at run time).
    @usableFromInline
    enum Make: Sendable {
        case plain(@Sendable () throws -> T)
        case withContainer(@Sendable (Container) throws -> T)
    }

    /// `@inlinable`, inlined into the layer's getter: ``PackedSite`` is then a constant there.
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

    /// See ``site``.
    @usableFromInline
    typealias Site = (layer: any SendableMetatype.Type, packed: PackedSite)

    /// A provider of `container` declared at `site`.
    init(container: Container, site: Site, scope: Scope, make: Make) {
        self.container = container
        self.site = site
        self.scope = scope
        self.make = make
    }

    /// The layer type that declares the provider.
    var layer: any DependencyLayer.Type {
        // Safe: `site.layer` is only ever set from the initializer's `any DependencyLayer.Type`.
        site.layer as! any DependencyLayer.Type
    }

    /// The declaring member's name (`viewModel`).
    @inlinable var member: MemberName { site.packed.member }
    /// The declaring file (`#fileID`).
    @inlinable var file: StaticString { site.packed.file }
    /// The declaring line.
    @inlinable var line: UInt { site.packed.line }

    /// The declared factory as a registration with `fields`.
    func registration(_ fields: RegistrationFields) -> Factory<T> {
        switch make {
        case .plain(let make): PlainFactory(make, fields)
        case .withContainer(let make): ContainerFactory(make, fields)
        }
    }

    /// The key the container keeps this provider's registration under: the provided type, the
    /// declaring layer type and the declaration site (cheap to hash: no string is built).
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

    /// Replaces this provider's factory in its container (the last registration wins), for a
    /// test double or a preview.
    ///
    /// ```swift
    /// container.login.useCase.register { MockLoginUseCase() }
    /// ```
    public func register(
        scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable () throws -> T
    ) {
        container.override(self, scope: scope ?? self.scope, location: SourceLocation(file, line), make: { _ in try make() })
    }

    /// Removes an override made with ``register(scope:file:line:_:)``; the declared factory
    /// answers again.
    public func reset() {
        container.removeProviderRegistration(self)
    }
}

extension ProviderKey {
    /// The key of the provider of `T` declared at `site` (``Provider/key``), from the parts
    /// without the provider.
    @inlinable
    init<T>(_ type: T.Type, declaredAt site: Provider<T>.Site) {
        self.init(type: ObjectIdentifier(T.self), layer: ObjectIdentifier(site.layer), site: site.packed.member.start)
    }
}

/// A provider whose type is not known statically, for re-pointing mappings after an assembly
/// change.
protocol ProviderKeyed {
    var key: ProviderKey { get }
    var identity: ServiceIdentity { get }
}

extension Provider: ProviderKeyed {}
