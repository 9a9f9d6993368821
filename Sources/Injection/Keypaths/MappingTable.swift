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
