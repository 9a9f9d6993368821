import Synchronization

/// One registration: how to build a service, under which key, in which scope, written where.
///
/// Every registration is a ``Factory`` (one final subclass per closure shape): registration and
/// closure are one object. Immutable once published, so shared freely between threads.
///
/// `@unchecked Sendable` for ``isOverride`` and the identity's recipe (``identityName``,
/// ``identityContainer``): `var`s that only ``settle(name:container:replacing:)`` writes, under
/// the container's lock, before the registration is stored in a table (the store that publishes
/// it orders those writes before any read on another thread), and never after. Every other
/// stored property is a `let` of a `Sendable` type, and subclasses add only `let`s of `Sendable`
/// types.
@usableFromInline
class AnyRegistration: @unchecked Sendable {
    /// The name and container a type-keyed registration makes its identity from (``identity``).
    /// Plain fields, not an enum: its outlined copies cost every registration (`Benchmarks/guard.sh`).
    private(set) var identityName: String?
    private(set) var identityContainer = ""
    /// The identity, given when made (keypath providers, aliases, copies of a made one), or made
    /// on first use.
    private let madeIdentity = AtomicLazyReference<ServiceIdentity.Storage>()
    let scope: Scope
    /// How a resolve with the default lifetime uses this registration (``ScopeRules/use(_:_:)``),
    /// made once: the default resolve reads it, the other lifetimes ask ``ScopeRules``.
    let automaticUse: ScopeRules.Use
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
        self.scope = scope
        self.automaticUse = ScopeRules.use(scope.kind, .automatic)
        self.location = location
        self.producedType = producedType
        self.takesArguments = takesArguments
        self.alias = nil
        self.isAlias = false
    }

    fileprivate init(_ fields: RegistrationFields, producedType: any Any.Type) {
        switch fields.identitySource {
        case .given(let identity):
            _ = madeIdentity.storeIfNil(identity.storage)
        case .typeKeyed(let name, let container):
            self.identityName = name
            self.identityContainer = container
        }
        self.scope = fields.scope
        self.automaticUse = ScopeRules.use(fields.scope.kind, .automatic)
        self.location = fields.location
        self.producedType = producedType
        self.isOverride = fields.isOverride
        self.takesArguments = fields.takesArguments
        self.alias = fields.alias
        self.isAlias = fields.alias != nil
    }

    /// This registration's fields (for a copy with some of them changed).
    var fields: RegistrationFields {
        RegistrationFields(
            identitySource: identitySourceForReuse, scope: scope, location: location, isOverride: isOverride,
            takesArguments: takesArguments, alias: alias)
    }

    /// Sets what ``Container`` decides when storing a registration: its identity (an override keeps
    /// the one it replaces) and whether it overrides. Under the lock, before it is stored; never
    /// after (see the type's `@unchecked Sendable`).
    func settle(name: String?, container: String, replacing previous: AnyRegistration?) {
        isOverride = previous != nil
        if let made = previous?.madeIdentity.load() {
            _ = madeIdentity.storeIfNil(made)
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
        if let made = madeIdentity.load() { return ServiceIdentity(storage: made) }
        return makeIdentity()
    }

    /// Where the identity comes from, with the identity in it if it was made: what a copy of
    /// this registration reuses, so that it is made at most once per key.
    var identitySourceForReuse: IdentitySource {
        if let made = madeIdentity.load() { return .given(ServiceIdentity(storage: made)) }
        return .typeKeyed(name: identityName, container: identityContainer)
    }

    /// Makes and keeps the identity of a type-keyed registration; threads racing here keep the
    /// first one made (equal anyway), so copies compare by reference.
    @inline(never)
    private func makeIdentity() -> ServiceIdentity {
        let made = ServiceIdentity(type: typeName(producedType), name: identityName, container: identityContainer)
        return ServiceIdentity(storage: madeIdentity.storeIfNil(made.storage))
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
/// One final subclass per shape (``PlainFactory``, ``ContainerFactory``, ``ArgumentsFactory``)
/// stores the closure non-optional, at its own abstraction, and calls it
/// (``callAsFunction(_:_:)``). `register` makes it at the call site, where its metadata comes
/// from a cached accessor; copies go through `type(of: self)`. An enum of closures or stub
/// closures measured costlier (`Benchmarks/`, shape-startup, transient).
///
/// `@unchecked Sendable` as ``AnyRegistration`` is: it stores nothing of its own, and each
/// subclass is final and stores a `let` of a `@Sendable` function type.
@usableFromInline
class Factory<T>: AnyRegistration, @unchecked Sendable {
    fileprivate init(scope: Scope, location: SourceLocation, takesArguments: Bool) {
        super.init(producedType: T.self, scope: scope, location: location, takesArguments: takesArguments)
    }

    fileprivate init(_ fields: RegistrationFields) {
        super.init(fields, producedType: T.self)
    }

    /// `value` in an ``Instance``, to be kept by a scope; returned erased, as the scopes keep it.
    final func box(_ value: consuming T) -> any AnyObject & Sendable {
        Instance(value)
    }

    /// Calls the registered closure; each final subclass overrides it with its own shape.
    func callAsFunction(_ container: Container, _ args: Arguments) throws -> T {
        preconditionFailure("every factory is a PlainFactory, ContainerFactory or ArgumentsFactory")
    }

    override final func validationBuild(_ container: Container) throws(ResolutionError) {
        _ = try container.build(
            self, T.self, key: .detached, kind: automaticUse.kind, lifetime: .automatic, args: .none, holder: container)
    }
}

/// A ``Factory`` registered as `() -> T`: a factory that needs nothing, `{ Network() }`.
@usableFromInline
final class PlainFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable () throws -> T

    /// A registration made where `register` is called (so that its class's metadata comes from
    /// the call site's cached accessor), settled when stored; so are the other two factories.
    @usableFromInline
    init(_ make: @escaping @Sendable () throws -> T, scope: Scope, location: SourceLocation) {
        self.make = make
        super.init(scope: scope, location: location, takesArguments: false)
    }

    init(_ make: @escaping @Sendable () throws -> T, _ fields: RegistrationFields) {
        self.make = make
        super.init(fields)
    }

    override func callAsFunction(_ container: Container, _ args: Arguments) throws -> T { try make() }

    override func copy(_ fields: RegistrationFields) -> AnyRegistration {
        // `type(of: self)`: the metadata this object has, not a generic lookup of `PlainFactory<T>`.
        type(of: self).init(make, fields)
    }
}

/// A ``Factory`` registered as `(Container) -> T`: one that resolves what it needs from the
/// container, `{ c in Service(c.resolve()) }`.
@usableFromInline
final class ContainerFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable (Container) throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable (Container) throws -> T, scope: Scope, location: SourceLocation) {
        self.make = make
        super.init(scope: scope, location: location, takesArguments: false)
    }

    init(_ make: @escaping @Sendable (Container) throws -> T, _ fields: RegistrationFields) {
        self.make = make
        super.init(fields)
    }

    override func callAsFunction(_ container: Container, _ args: Arguments) throws -> T { try make(container) }

    override func copy(_ fields: RegistrationFields) -> AnyRegistration {
        type(of: self).init(make, fields)
    }
}

/// A ``Factory`` registered as `(Container, Arguments) -> T`: one that also reads resolve-time
/// arguments.
@usableFromInline
final class ArgumentsFactory<T>: Factory<T>, @unchecked Sendable {
    let make: @Sendable (Container, Arguments) throws -> T

    @usableFromInline
    init(_ make: @escaping @Sendable (Container, Arguments) throws -> T, scope: Scope, location: SourceLocation) {
        self.make = make
        super.init(scope: scope, location: location, takesArguments: true)
    }

    init(_ make: @escaping @Sendable (Container, Arguments) throws -> T, _ fields: RegistrationFields) {
        self.make = make
        super.init(fields)
    }

    override func callAsFunction(_ container: Container, _ args: Arguments) throws -> T { try make(container, args) }

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
    let value: T
    init(_ value: T) { self.value = value }
}

/// Where a registration's ``ServiceIdentity`` comes from.
///
/// A type-keyed registration's identity is made when first asked for (an event, a message, the
/// inspector), not when registered: its type name and storage were most of a registration's
/// cost (`Benchmarks/guard.sh`, new container), which an untraced app never reads.
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
