/// The keypath mappings of one container: requests for one provider answered by another.
struct MappingTable: ~Copyable {
    struct Mapping {
        let target: TypedKeyPath
        let location: SourceLocation
    }
    var mappings: [SendableKeyPath: Mapping] = [:]
    /// The same by the original's provider key, so a provider called directly is redirected too.
    var byProvider: [ProviderKey: MappedTarget] = [:]
}

/// Where a mapping sends a provider's requests: the target's provider key lets a resolve follow
/// it without projecting keypaths.
struct MappedTarget: Sendable {
    let keyPath: TypedKeyPath
    let key: ProviderKey
    /// The provider whose requests are redirected, and the one that answers them.
    let original: ServiceIdentity
    let target: ServiceIdentity
    let location: SourceLocation
}

/// A keypath as a table key: equal keypaths (written in two files) are one key.
struct SendableKeyPath: Sendable, Hashable {
    let keyPath: any AnyKeyPath & Sendable

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.keyPath == rhs.keyPath }
    func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}

/// A mapping's target, readable back as `KeyPath<Container, Value> & Sendable` (a cast to a
/// generic class can add `Sendable`, a conditional cast cannot). A class: casting out of
/// `any Sendable` to a generic struct was most of a mapped resolve (Benchmarks/).
struct TypedKeyPath: Sendable {
    /// One reference: copying a ``MappedTarget`` costs one retain.
    private let box: any TypedKeyPathBox

    private final class Typed<Value>: TypedKeyPathBox {
        let keyPath: any KeyPath<Container, Value> & Sendable
        init(_ keyPath: any KeyPath<Container, Value> & Sendable) { self.keyPath = keyPath }
        var anyKeyPath: any AnyKeyPath & Sendable { keyPath }
    }

    init<Value>(_ keyPath: any KeyPath<Container, Value> & Sendable) {
        box = Typed(keyPath)
    }

    var id: SendableKeyPath { SendableKeyPath(keyPath: box.anyKeyPath) }

    /// The keypath, if it leads to a `Value`.
    func keyPath<Value>(to: Value.Type) -> (any KeyPath<Container, Value> & Sendable)? {
        (box as? Typed<Value>)?.keyPath
    }
}

/// What ``TypedKeyPath`` keeps: a keypath, with its static type in the box's class.
private protocol TypedKeyPathBox: AnyObject, Sendable {
    var anyKeyPath: any AnyKeyPath & Sendable { get }
}

/// One end of a mapping as the mapping table sees it, whatever the keypath addresses: a
/// ``Provider`` or a plain property (``PlainKeyPath``).
struct MappingEnd {
    let keyPath: TypedKeyPath
    let key: ProviderKey
    let scope: Scope
    /// `Login.viewModel: LoginViewModel`; built only for a message or an event.
    let identity: () -> ServiceIdentity
    /// Registers the end in the mapping's container, so the graph knows its scope.
    let register: () -> Void

    /// The provider at `keyPath` (projected: a provider is cheap to make).
    init<T>(provider keyPath: any KeyPath<Container, Provider<T>> & Sendable, in container: Container) {
        let provider = container[keyPath: keyPath]
        self.keyPath = TypedKeyPath(keyPath)
        self.key = provider.key
        self.scope = provider.scope
        self.identity = { provider.identity }
        self.register = { container.registerDeclaredIfNeeded(provider) }
    }

    /// The plain property at `keyPath` (never read here: reading it would build the service).
    init<T>(plain keyPath: any KeyPath<Container, T> & Sendable, in container: Container, file: StaticString, line: UInt) {
        let plain = PlainKeyPaths.entry(for: keyPath)
        self.keyPath = TypedKeyPath(keyPath)
        self.key = plain.key
        self.scope = .unique
        self.identity = { container.registration(forProvider: plain.key)?.identity ?? plain.identity(T.self, in: container) }
        self.register = { container.declarePlain(keyPath, file: file, line: line) }
    }
}
