import Synchronization

/// One registration: how to build a service, under which key, in which scope, written where.
///
/// Immutable after creation (its identity, made on first use, is kept once), so it is shared
/// freely between threads; the instances a scope keeps live in the container's table, under
/// its lock.
final class AnyRegistration: Sendable {
    /// Where ``identity`` comes from: given, or made from ``producedType`` on first use.
    let identitySource: IdentitySource
    /// The identity a ``IdentitySource/typeKeyed(name:container:)`` source made, once asked for.
    private let madeIdentity = Atomic<Unmanaged<ServiceIdentity.Storage>?>(nil)
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

    convenience init(
        identity: ServiceIdentity, scope: Scope, location: SourceLocation,
        producedType: any Any.Type, isOverride: Bool, takesArguments: Bool,
        factory: any AnyObject & Sendable, alias: (any AnyObject & Sendable)? = nil
    ) {
        self.init(
            identitySource: .given(identity), scope: scope, location: location, producedType: producedType,
            isOverride: isOverride, takesArguments: takesArguments, factory: factory, alias: alias)
    }

    init(
        identitySource: IdentitySource, scope: Scope, location: SourceLocation,
        producedType: any Any.Type, isOverride: Bool, takesArguments: Bool,
        factory: any AnyObject & Sendable, alias: (any AnyObject & Sendable)? = nil
    ) {
        self.identitySource = identitySource
        self.scope = scope
        self.location = location
        self.producedType = producedType
        self.isOverride = isOverride
        self.takesArguments = takesArguments
        self.factory = factory
        self.alias = alias
        self.isAlias = alias != nil
    }

    deinit {
        madeIdentity.load(ordering: .acquiring)?.release()
    }

    /// Who this registration is, in events, messages and the inspector.
    var identity: ServiceIdentity {
        switch identitySource {
        case .given(let identity): identity
        case .typeKeyed(let name, let container): madeIdentity.load(ordering: .acquiring)
            .map { ServiceIdentity(storage: $0.takeUnretainedValue()) } ?? makeIdentity(name: name, container: container)
        }
    }

    /// ``identitySource`` with the identity in it if it was made: what a replacement or a copy
    /// of this registration reuses, so that it is made at most once per key.
    var identitySourceForReuse: IdentitySource {
        if let made = madeIdentity.load(ordering: .acquiring) {
            return .given(ServiceIdentity(storage: made.takeUnretainedValue()))
        }
        return identitySource
    }

    /// Makes and keeps the identity of a type-keyed registration; threads racing here keep the
    /// first one made (equal anyway), so copies compare by reference.
    @inline(never)
    private func makeIdentity(name: String?, container: String) -> ServiceIdentity {
        let made = ServiceIdentity(type: typeName(producedType), name: name, container: container)
        let candidate = Unmanaged.passRetained(made.storage)
        let (stored, kept) = madeIdentity.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        if stored { return made }
        candidate.release()
        // Safe: what the exchange found was stored by another thread and is released only with
        // this registration, which the caller holds.
        return ServiceIdentity(storage: kept.unsafelyUnwrapped.takeUnretainedValue())
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
///
/// One final subclass per shape holds the registered closure and nothing else
/// (``PlainFactory``, ``ContainerFactory``, ``ArgumentsFactory``); a build switches on the shape
/// tag and calls the subclass's closure in place.
///
/// Why not the alternatives, each measured with callgrind: a `Make` enum stored as such copied
/// the closure out of its payload on every build (an outlined copy and destroy, a retain and a
/// release of its context, ~55 instructions per build); three stored closures, two of them
/// refusing stubs, cost every registration two more allocations (a stub closure in a generic
/// context carries `T`'s metadata in a context of its own, and `unsafeBitCast`ing the registered
/// closure into the unused fields reabstracts it, allocating as much); and an enum wrapped around
/// the closure on the way in was reabstracted again on the way out. Each closure is stored
/// non-optional, at its own abstraction: an optional function is stored maximally abstract and
/// is called through a reabstraction thunk.
///
/// `@unchecked Sendable` because a class with subclasses cannot be checked: its one stored
/// property is an immutable enum, and each subclass is final and checked `Sendable` by the
/// closure it stores (a `let` of a `@Sendable` function type).
@usableFromInline
class Factory<T>: @unchecked Sendable, ValidationBuilding {
    /// Which subclass this is.
    private let shape: FactoryShape
    /// `Instance<T>`'s metadata, once a build has looked it up (0 before): what ``box(_:)``
    /// allocates with.
    private let instanceMetadata = Atomic<UInt>(0)

    fileprivate init(shape: FactoryShape) {
        self.shape = shape
    }

    /// `value` in an ``Instance``, to be kept by a scope. A build runs unspecialised, where
    /// `Instance(value)` looks `Instance<T>`'s metadata up in the runtime's generic cache every
    /// time (~650 instructions, callgrind: a cached service rebuilt after each reset paid it on
    /// every build); the metadata is looked up once per factory and allocated with after.
    /// Returned erased, as the scopes keep it: typed, the optimiser specialised what it was
    /// handed to for `Instance<T>` and looked the metadata up again to call it.
    final func box(_ value: consuming T) -> any AnyObject & Sendable {
        let known = instanceMetadata.load(ordering: .relaxed)
        if known != 0 {
            // Safe: the bits are `Instance<T>.self`'s, stored below by this factory, and class
            // metadata is never freed.
            return unsafeBitCast(known, to: Instance<T>.Type.self).init(value)
        }
        let type = Instance<T>.self
        instanceMetadata.store(unsafeBitCast(type, to: UInt.self), ordering: .relaxed)
        return type.init(value)
    }

    /// A factory that needs nothing: `{ Network() }`.
    @inlinable
    static func plain(_ make: @escaping @Sendable () throws -> T) -> Factory<T> {
        PlainFactory(make)
    }

    /// A factory that resolves what it needs from the container: `{ c in Service(c.resolve()) }`.
    @inlinable
    static func withContainer(_ make: @escaping @Sendable (Container) throws -> T) -> Factory<T> {
        ContainerFactory(make)
    }

    /// A factory that also reads resolve-time arguments.
    @inlinable
    static func withArguments(_ make: @escaping @Sendable (Container, borrowing Arguments) throws -> T) -> Factory<T> {
        ArgumentsFactory(make)
    }

    @inline(__always)
    final func callAsFunction(_ container: Container, _ args: borrowing Arguments) throws -> T {
        // Safe: `shape` is set by each subclass's initializer to its own case, and the class is
        // only ever made by those initializers.
        switch shape {
        case .plain: try unsafeDowncast(self, to: PlainFactory<T>.self).make()
        case .withContainer: try unsafeDowncast(self, to: ContainerFactory<T>.self).make(container)
        case .withArguments: try unsafeDowncast(self, to: ArgumentsFactory<T>.self).make(container, args)
        }
    }

    final func validationBuild(_ registration: AnyRegistration, in container: Container) throws(ResolutionError) {
        _ = try container.build(
            registration, T.self, key: .detached, lifetime: .automatic, args: .none, holder: .passUnretained(container))
    }
}

/// A ``Factory`` registered as `() -> T`.
@usableFromInline
final class PlainFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable () throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable () throws -> T) {
        self.make = make
        super.init(shape: .plain)
    }
}

/// A ``Factory`` registered as `(Container) -> T`.
@usableFromInline
final class ContainerFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable (Container) throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable (Container) throws -> T) {
        self.make = make
        super.init(shape: .withContainer)
    }
}

/// A ``Factory`` registered as `(Container, Arguments) -> T`.
@usableFromInline
final class ArgumentsFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable (Container, borrowing Arguments) throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable (Container, borrowing Arguments) throws -> T) {
        self.make = make
        super.init(shape: .withArguments)
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

/// Where a registration's ``ServiceIdentity`` comes from.
///
/// A type-keyed registration's identity is made when something first asks for it (an event, a
/// message, the inspector), not when it is registered: its type name (`_typeName`, a string of
/// its own) and its storage object were ~900 instructions and two allocations of every
/// registration (callgrind, a new container with 10 registrations), which an app that is not
/// traced never reads.
enum IdentitySource: Sendable {
    /// Made by the caller (keypath providers, aliases, copies of a made one).
    case given(ServiceIdentity)
    /// The registered type's name, with this name, in this container (its trace name).
    case typeKeyed(name: String?, container: String)

    /// Whether the identity this source gives is `type`'s under `name` in `container` (without
    /// making a deferred one: a debug check must not change when identities are made).
    func describes(_ type: Any.Type, name: String?, container: String) -> Bool {
        switch self {
        case .given(let identity): identity == ServiceIdentity(type: typeName(type), name: name, container: container)
        case .typeKeyed(let ownName, let ownContainer): ownName == name && ownContainer == container
        }
    }
}
