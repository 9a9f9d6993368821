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

    @inline(__always)
    func typedFactory<T>(_: T.Type) -> Factory<T> {
        // Safe: registrations are stored under keys made from `T.self`, and every lookup that
        // reaches this call used the same key, so the factory was built as a `Factory<T>`.
        unsafeDowncast(factory, to: Factory<T>.self)
    }
}

/// A typed factory: the closure as registered, called without a wrapping closure (one indirect
/// call per build instead of two).
final class Factory<T>: Sendable, ValidationBuilding {
    /// The factory's shape, as registered.
    enum Make: Sendable {
        case plain(@Sendable () throws -> T)
        case withContainer(@Sendable (Container) throws -> T)
        case withArguments(@Sendable (Container, borrowing Arguments) throws -> T)
    }

    /// Which of the three closures below is the registered one; the other two refuse to run.
    ///
    /// Three stored closures and a tag rather than the ``Make`` enum: calling a closure read out
    /// of an enum payload copied it first (an outlined copy and destroy, a retain and a release
    /// of its context, ~55 instructions per build, callgrind), where a closure in its own `let`
    /// is called in place. Each is stored non-optional, at its own abstraction: an optional
    /// function is stored maximally abstract and is called through a reabstraction thunk.
    private let shape: FactoryShape
    private let plain: @Sendable () throws -> T
    private let withContainer: @Sendable (Container) throws -> T
    private let withArguments: @Sendable (Container, borrowing Arguments) throws -> T

    init(_ make: Make) {
        switch make {
        case .plain(let make):
            shape = .plain
            plain = make
            withContainer = { _ in preconditionFailure("not the registered shape") }
            withArguments = { _, _ in preconditionFailure("not the registered shape") }
        case .withContainer(let make):
            shape = .withContainer
            plain = { preconditionFailure("not the registered shape") }
            withContainer = make
            withArguments = { _, _ in preconditionFailure("not the registered shape") }
        case .withArguments(let make):
            shape = .withArguments
            plain = { preconditionFailure("not the registered shape") }
            withContainer = { _ in preconditionFailure("not the registered shape") }
            withArguments = make
        }
    }

    @inline(__always)
    func callAsFunction(_ container: Container, _ args: borrowing Arguments) throws -> T {
        switch shape {
        case .plain: try plain()
        case .withContainer: try withContainer(container)
        case .withArguments: try withArguments(container, args)
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
@usableFromInline
final class Instance<T>: @unchecked Sendable {
    /// `@usableFromInline`: `withService` reads it where it is inlined (``LentService``).
    @usableFromInline let value: T
    init(_ value: T) { self.value = value }
}

/// Which closure a ``Factory`` was registered with. Not nested in the generic `Factory<T>`: a
/// nested enum is generic too, and its metadata is looked up where an unspecialised build
/// switches on it.
enum FactoryShape: UInt8, Sendable {
    case plain, withContainer, withArguments
}
