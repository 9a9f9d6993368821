import Synchronization

/// One registration: how to build a service, under which key, in which scope, written where.
///
/// Every registration is a ``Factory`` (one final subclass per shape of the registered closure):
/// the registration and its closure are one object, so a registration allocates one object
/// where it allocated two, and a build reaches the closure without loading another reference.
///
/// Immutable once published (its identity, made on first use, is kept once), so it is shared
/// freely between threads; the instances a scope keeps live in the container's table, under
/// its lock.
///
/// `@unchecked Sendable` for ``isOverride`` and the identity's recipe (``identityName``,
/// ``identityContainer``): `var`s that only ``settle(name:container:replacing:)`` writes, under
/// the container's lock, before the registration is stored in a table (the store that publishes
/// it orders those writes before any read on another thread), and never after. Every other
/// stored property is a `let` of a `Sendable` type, and subclasses add only `let`s of `Sendable`
/// types.
@usableFromInline
class AnyRegistration: @unchecked Sendable {
    /// The registration's name and its container's trace name: what a type-keyed registration
    /// makes its identity from when first asked (``identity``). Plain fields, not an enum: an
    /// enum's outlined copies and destroys were ~230 instructions of every registration.
    private(set) var identityName: String?
    private(set) var identityContainer = ""
    /// The identity, given when made (keypath providers, aliases, copies of a made one), or made
    /// on first use.
    private let madeIdentity: Atomic<Unmanaged<ServiceIdentity.Storage>?>
    let scope: Scope
    let location: SourceLocation
    /// The type the factory returns (for near-miss diagnostics).
    let producedType: any Any.Type
    /// Whether this registration replaced an earlier one under the same key.
    private(set) var isOverride = false
    /// Whether the factory wants resolve-time arguments.
    let takesArguments: Bool
    /// For a key added with `.implements(P.self)`: the ``ServiceAlias`` that answers it from the
    /// implementing registration (nil for every other registration).
    let alias: (any AnyObject & Sendable)?
    /// Whether ``alias`` is set: the resolve path tests this flag (no existential copied).
    let isAlias: Bool

    /// A registration made where `register` is called, settled when it is stored
    /// (``settle(name:container:replacing:)``).
    fileprivate init(producedType: any Any.Type, scope: Scope, location: SourceLocation, takesArguments: Bool) {
        self.madeIdentity = Atomic(nil)
        self.scope = scope
        self.location = location
        self.producedType = producedType
        self.takesArguments = takesArguments
        self.alias = nil
        self.isAlias = false
    }

    fileprivate init(_ fields: RegistrationFields, producedType: any Any.Type) {
        switch fields.identitySource {
        case .given(let identity):
            self.madeIdentity = Atomic(Unmanaged.passRetained(identity.storage))
        case .typeKeyed(let name, let container):
            self.madeIdentity = Atomic(nil)
            self.identityName = name
            self.identityContainer = container
        }
        self.scope = fields.scope
        self.location = fields.location
        self.producedType = producedType
        self.isOverride = fields.isOverride
        self.takesArguments = fields.takesArguments
        self.alias = fields.alias
        self.isAlias = fields.alias != nil
    }

    deinit {
        madeIdentity.load(ordering: .acquiring)?.release()
    }

    /// This registration's fields (for a copy with some of them changed).
    var fields: RegistrationFields {
        RegistrationFields(
            identitySource: identitySourceForReuse, scope: scope, location: location, isOverride: isOverride,
            takesArguments: takesArguments, alias: alias)
    }

    /// Sets what ``Container`` decides when it stores a registration made at the call site: who
    /// it is (an override keeps the identity it replaces: under one key of one container it is
    /// always the same, so a test's double makes no new one) and whether it overrides. Under the
    /// container's lock, before the registration is stored in a table; never after (see the
    /// type's `@unchecked Sendable`).
    func settle(name: String?, container: String, replacing previous: AnyRegistration?) {
        isOverride = previous != nil
        if let made = previous?.madeIdentity.load(ordering: .acquiring) {
            madeIdentity.store(made.retain(), ordering: .releasing)
        } else {
            identityName = name
            identityContainer = container
        }
    }

    /// The same registration (the same closure) with other fields; every registration is a
    /// ``Factory`` subclass, which overrides this.
    func copy(_ fields: RegistrationFields) -> AnyRegistration {
        preconditionFailure("every registration is a Factory subclass")
    }

    /// Builds this registration in `container`'s validation sandbox (``Container/validate(_:)``).
    func validationBuild(_ container: Container) throws(ResolutionError) {
        preconditionFailure("every registration is a Factory subclass")
    }

    /// Who this registration is, in events, messages and the inspector.
    var identity: ServiceIdentity {
        if let made = madeIdentity.load(ordering: .acquiring) { return ServiceIdentity(storage: made.takeUnretainedValue()) }
        return makeIdentity()
    }

    /// Where the identity comes from, with the identity in it if it was made: what a copy of
    /// this registration reuses, so that it is made at most once per key.
    var identitySourceForReuse: IdentitySource {
        if let made = madeIdentity.load(ordering: .acquiring) {
            return .given(ServiceIdentity(storage: made.takeUnretainedValue()))
        }
        return .typeKeyed(name: identityName, container: identityContainer)
    }

    /// Makes and keeps the identity of a type-keyed registration; threads racing here keep the
    /// first one made (equal anyway), so copies compare by reference.
    @inline(never)
    private func makeIdentity() -> ServiceIdentity {
        let made = ServiceIdentity(type: typeName(producedType), name: identityName, container: identityContainer)
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
        // reaches this call used the same key, so the registration was made as a `Factory<T>`.
        unsafeDowncast(self, to: Factory<T>.self)
    }
}

/// What a registration holds besides its closure and the type it builds.
struct RegistrationFields {
    var identitySource: IdentitySource
    var scope: Scope
    var location: SourceLocation
    var isOverride: Bool
    var takesArguments: Bool
    var alias: (any AnyObject & Sendable)?
}

/// A typed registration: the closure as registered, called without a wrapping closure (one
/// indirect call per build instead of two).
///
/// One final subclass per shape adds the registered closure to the registration's fields
/// (``PlainFactory``, ``ContainerFactory``, ``ArgumentsFactory``); a build switches on the shape
/// tag and calls the subclass's closure in place. `register` makes it where it is called, where
/// its class's metadata comes from a cached accessor (a generic lookup in the module cost ~1 000
/// instructions per registration); what only the container knows (the identity an override
/// keeps, whether it overrides) is settled when it is stored. A copy with other fields
/// (`.scope(…)`, a rename) is made through `type(of: self)`, the metadata the object carries.
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
/// `@unchecked Sendable` as ``AnyRegistration`` is: its own stored properties are an immutable
/// enum and an atomic, and each subclass is final and stores a `let` of a `@Sendable` function
/// type.
@usableFromInline
class Factory<T>: AnyRegistration, @unchecked Sendable {
    /// Which subclass this is.
    private let shape: FactoryShape
    /// `Instance<T>`'s metadata, once a build has looked it up (0 before): what ``box(_:)``
    /// allocates with.
    private let instanceMetadata = Atomic<UInt>(0)

    fileprivate init(shape: FactoryShape, scope: Scope, location: SourceLocation, takesArguments: Bool) {
        self.shape = shape
        super.init(producedType: T.self, scope: scope, location: location, takesArguments: takesArguments)
    }

    fileprivate init(shape: FactoryShape, _ fields: RegistrationFields) {
        self.shape = shape
        super.init(fields, producedType: T.self)
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

    /// A registration made where `register` is called (so that its class's metadata comes from
    /// the call site's cached accessor), settled when stored: a factory that needs nothing,
    /// `{ Network() }`.
    @inlinable
    static func plain(
        _ make: @escaping @Sendable () throws -> T, scope: Scope, location: SourceLocation
    ) -> Factory<T> {
        PlainFactory(make, scope: scope, location: location)
    }

    /// A factory that resolves what it needs from the container: `{ c in Service(c.resolve()) }`.
    @inlinable
    static func withContainer(
        _ make: @escaping @Sendable (Container) throws -> T, scope: Scope, location: SourceLocation
    ) -> Factory<T> {
        ContainerFactory(make, scope: scope, location: location)
    }

    /// A factory that also reads resolve-time arguments.
    @inlinable
    static func withArguments(
        _ make: @escaping @Sendable (Container, Arguments) throws -> T, scope: Scope, location: SourceLocation
    ) -> Factory<T> {
        ArgumentsFactory(make, scope: scope, location: location)
    }

    @inline(__always)
    final func callAsFunction(_ container: Container, _ args: Arguments) throws -> T {
        // Safe: `shape` is set by each subclass's initializer to its own case, and the class is
        // only ever made by those initializers.
        switch shape {
        case .plain: try unsafeDowncast(self, to: PlainFactory<T>.self).make()
        case .withContainer: try unsafeDowncast(self, to: ContainerFactory<T>.self).make(container)
        case .withArguments: try unsafeDowncast(self, to: ArgumentsFactory<T>.self).make(container, args)
        }
    }

    override final func validationBuild(_ container: Container) throws(ResolutionError) {
        _ = try container.build(
            self, T.self, key: .detached, lifetime: .automatic, args: .none, holder: .passUnretained(container))
    }
}

/// A ``Factory`` registered as `() -> T`.
@usableFromInline
final class PlainFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable () throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable () throws -> T, scope: Scope, location: SourceLocation) {
        self.make = make
        super.init(shape: .plain, scope: scope, location: location, takesArguments: false)
    }

    init(_ make: @escaping @Sendable () throws -> T, _ fields: RegistrationFields) {
        self.make = make
        super.init(shape: .plain, fields)
    }

    override func copy(_ fields: RegistrationFields) -> AnyRegistration {
        // `type(of: self)`: the metadata this object has, not a generic lookup of `PlainFactory<T>`.
        type(of: self).init(make, fields)
    }
}

/// A ``Factory`` registered as `(Container) -> T`.
@usableFromInline
final class ContainerFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable (Container) throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable (Container) throws -> T, scope: Scope, location: SourceLocation) {
        self.make = make
        super.init(shape: .withContainer, scope: scope, location: location, takesArguments: false)
    }

    init(_ make: @escaping @Sendable (Container) throws -> T, _ fields: RegistrationFields) {
        self.make = make
        super.init(shape: .withContainer, fields)
    }

    override func copy(_ fields: RegistrationFields) -> AnyRegistration {
        type(of: self).init(make, fields)
    }
}

/// A ``Factory`` registered as `(Container, Arguments) -> T`.
@usableFromInline
final class ArgumentsFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable (Container, Arguments) throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable (Container, Arguments) throws -> T, scope: Scope, location: SourceLocation) {
        self.make = make
        super.init(shape: .withArguments, scope: scope, location: location, takesArguments: true)
    }

    init(_ make: @escaping @Sendable (Container, Arguments) throws -> T, _ fields: RegistrationFields) {
        self.make = make
        super.init(shape: .withArguments, fields)
    }

    override func copy(_ fields: RegistrationFields) -> AnyRegistration {
        type(of: self).init(make, fields)
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
