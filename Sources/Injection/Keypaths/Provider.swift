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
    @usableFromInline let layer: any DependencyLayer.Type
    @usableFromInline let member: StaticString
    public let scope: Scope
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt
    let make: Make

    /// The factory as declared. Two cases rather than one wrapping closure, so that declaring a
    /// provider (which happens on every keypath resolve) allocates nothing.
    // `@usableFromInline` (as the initializer): `DependencyLayer.provide`
    // is inlined into the layer, so `Provider<T>` is built specialised there (unspecialised,
    // each call looked its generic metadata up at run time: ~250 instructions, callgrind).
    @usableFromInline
    enum Make: Sendable {
        case plain(@Sendable () throws -> T)
        case withContainer(@Sendable (Container) throws -> T)
    }

    @usableFromInline
    init(
        container: Container, layer: any DependencyLayer.Type, member: StaticString, scope: Scope,
        file: StaticString, line: UInt, make: Make
    ) {
        self.container = container
        self.layer = layer
        self.member = member
        self.scope = scope
        self.file = file
        self.line = line
        self.make = make
    }

    /// The declared factory as a registration's factory.
    func factory() -> Factory<T> {
        switch make {
        case .plain(let make): Factory(.plain(make))
        case .withContainer(let make): Factory(.withContainer(make))
        }
    }

    /// The key the container keeps this provider's registration under: the provided type, the
    /// declaring layer type and the declaration site (cheap to hash: no string is built).
    @inlinable
    var key: ProviderKey {
        ProviderKey(
            type: ObjectIdentifier(T.self), layer: ObjectIdentifier(layer),
            site: member.hasPointerRepresentation ? UInt(bitPattern: member.utf8Start) : UInt(line))
    }

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

/// A provider whose type is not known statically, for re-pointing mappings after an assembly
/// change.
protocol ProviderKeyed {
    var key: ProviderKey { get }
    var identity: ServiceIdentity { get }
}

extension Provider: ProviderKeyed {}
