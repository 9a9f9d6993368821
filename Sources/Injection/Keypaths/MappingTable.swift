/// The keypath mappings of one container: requests for one provider answered by another.
struct MappingTable: ~Copyable {
    struct Mapping {
        let target: SendableKeyPath
        let location: SourceLocation
    }
    var mappings: [SendableKeyPath: Mapping] = [:]
    /// The same mappings by the original provider's key, so that a provider called directly
    /// (`c.login.useCase()` inside a factory) is redirected as well as a keypath resolve.
    var byProvider: [ProviderKey: MappedTarget] = [:]
}

/// Where a mapping sends a provider's requests: the target keypath, and its provider key so a
/// resolve can follow the mapping without projecting keypaths. The identities and the line are
/// what a mapping loop's message names (``MappingLoop``).
struct MappedTarget: Sendable {
    let keyPath: SendableKeyPath
    let key: ProviderKey
    /// The provider whose requests are redirected, and the one that answers them.
    let original: ServiceIdentity
    let target: ServiceIdentity
    /// Where the mapping was set.
    let location: SourceLocation
}

/// A keypath carried across the mapping table's lock.
///
/// `@unchecked Sendable` is sound: a `KeyPath` is an immutable object, and the ones stored here
/// address computed properties of `Container` and its layers without captured subscript
/// arguments, so no mutable state is reachable through them (the same reasoning that makes a
/// capture-free keypath literal `Sendable` in Swift 6).
struct SendableKeyPath: @unchecked Sendable, Hashable {
    let keyPath: AnyKeyPath
}

/// One end of a mapping as the mapping table sees it, whatever the keypath addresses: a
/// ``Provider`` or a plain property (``PlainKeyPath``).
struct MappingEnd {
    let keyPath: SendableKeyPath
    let key: ProviderKey
    let scope: Scope
    /// `Login.viewModel: LoginViewModel`; built only for a message or an event.
    let identity: () -> ServiceIdentity
    /// Registers the end in the mapping's container, so the graph knows its scope.
    let register: () -> Void

    /// The provider at `keyPath` (projected: a provider is cheap to make).
    init<T>(provider keyPath: KeyPath<Container, Provider<T>>, in container: Container) {
        let provider = container[keyPath: keyPath]
        self.keyPath = SendableKeyPath(keyPath: keyPath)
        self.key = provider.key
        self.scope = provider.scope
        self.identity = { provider.identity }
        self.register = { container.registerDeclaredIfNeeded(provider) }
    }

    /// The plain property at `keyPath` (never read here: reading it would build the service).
    init<T>(plain keyPath: KeyPath<Container, T>, in container: Container, file: StaticString, line: UInt) {
        let plain = PlainKeyPaths.entry(for: keyPath)
        self.keyPath = SendableKeyPath(keyPath: keyPath)
        self.key = plain.key
        self.scope = .unique
        self.identity = { container.registration(forProvider: plain.key)?.identity ?? plain.identity(T.self, in: container) }
        self.register = { container.declarePlain(keyPath, file: file, line: line) }
    }
}
