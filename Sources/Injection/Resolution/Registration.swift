/// One registration: how to build a service, under which key, in which scope, written where.
///
/// Immutable after creation, so it is shared freely between threads; the instances a scope keeps
/// live in the container's table, under its lock.
final class AnyRegistration: Sendable {
    let identity: ServiceIdentity
    let scope: Scope
    let location: SourceLocation
    /// The type the factory returns (for near-miss diagnostics).
    let producedType: any Any.Type
    /// Whether this registration replaced an earlier one under the same key.
    let isOverride: Bool
    /// Whether the factory wants resolve-time arguments.
    let takesArguments: Bool
    /// A ``Factory`` specialised for ``producedType``; recovered with `unsafeDowncast` by the
    /// resolve that looked this registration up by the same type.
    let factory: any AnyObject & Sendable
    /// For a key added with `.implements(P.self)`: the ``ServiceAlias`` that answers it from the
    /// implementing registration (nil for every other registration).
    let alias: (any AnyObject & Sendable)?
    /// Whether ``alias`` is set: the resolve path tests this flag (no existential copied).
    let isAlias: Bool

    init(
        identity: ServiceIdentity, scope: Scope, location: SourceLocation,
        producedType: any Any.Type, isOverride: Bool, takesArguments: Bool,
        factory: any AnyObject & Sendable, alias: (any AnyObject & Sendable)? = nil
    ) {
        self.identity = identity
        self.scope = scope
        self.location = location
        self.producedType = producedType
        self.isOverride = isOverride
        self.takesArguments = takesArguments
        self.factory = factory
        self.alias = alias
        self.isAlias = alias != nil
    }

    func typedFactory<T>(_: T.Type) -> Factory<T> {
        // Safe: registrations are stored under keys made from `T.self`, and every lookup that
        // reaches this call used the same key, so the factory was built as a `Factory<T>`.
        unsafeDowncast(factory, to: Factory<T>.self)
    }
}

/// A typed factory: the closure as registered, called without a wrapping closure (one indirect
/// call per build instead of two).
final class Factory<T>: Sendable, ValidationBuilding {
    /// The factory's shape. Closures have the same size for every `T`, so switching on this
    /// needs no runtime type metadata in the unspecialised resolve path.
    enum Make: Sendable {
        case plain(@Sendable () throws -> T)
        case withContainer(@Sendable (Container) throws -> T)
        case withArguments(@Sendable (Container, Arguments) throws -> T)
    }

    let make: Make

    init(_ make: Make) {
        self.make = make
    }

    @inline(__always)
    func callAsFunction(_ container: Container, _ args: Arguments) throws -> T {
        switch make {
        case .plain(let make): try make()
        case .withContainer(let make): try make(container)
        case .withArguments(let make): try make(container, args)
        }
    }

    func validationBuild(_ registration: AnyRegistration, in container: Container) throws(ResolutionError) {
        _ = try container.build(
            registration, T.self, key: .detached, lifetime: .automatic, args: .none, holder: .passUnretained(container))
    }
}

/// Builds a registration without knowing its type, for ``Container/validate(_:)``.
protocol ValidationBuilding {
    func validationBuild(_ registration: AnyRegistration, in container: Container) throws(ResolutionError)
}

extension AnyRegistration {
    func validationBuild(_ container: Container) throws(ResolutionError) {
        // Every registration's factory is a `Factory<T>`, which conforms.
        try (factory as! any ValidationBuilding).validationBuild(self, in: container)
    }
}

/// An instance kept by a scope, typed so that a cache hit needs no dynamic cast.
///
/// `@unchecked Sendable` for the reason given on ``InstanceBox``: the container only stores and
/// returns the reference; the instance's own thread safety is the service's contract.
final class Instance<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
