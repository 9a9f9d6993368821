/// A key into one of a container's registration tables: a type (``ObjectIdentifier``), a type
/// and a name (``NamedKey``) or a keypath provider (``ProviderKey``).
///
/// The one resolve path is generic over it, so each table's lookup is specialised and stays a
/// single hash probe with the entry borrowed in place.
protocol EntryKey: Hashable, Sendable {
    /// What the entry under this key answers for `lifetime`; `.missing` when there is none.
    func lookup(in state: borrowing ContainerState, lifetime: ServiceLifetime) -> Container.Lookup
    /// Runs `body` on the entry under this key; nil when there is none.
    func withEntry<R>(in state: inout ContainerState, _ body: (inout ContainerState.Entry) -> R) -> R?
    /// The registration name, for a missing-registration message.
    var registrationName: String? { get }
}

extension ObjectIdentifier: EntryKey {
    @inline(__always)
    func lookup(in state: borrowing ContainerState, lifetime: ServiceLifetime) -> Container.Lookup {
        guard let index = state.unnamed.index(forKey: self) else { return .missing }
        return ScopeRules.lookup(borrowed: state.unnamed.values[index], lifetime: lifetime)
    }

    func withEntry<R>(in state: inout ContainerState, _ body: (inout ContainerState.Entry) -> R) -> R? {
        guard let index = state.unnamed.index(forKey: self) else { return nil }
        return body(&state.unnamed.values[index])
    }

    var registrationName: String? { nil }
}

extension NamedKey: EntryKey {
    @inline(__always)
    func lookup(in state: borrowing ContainerState, lifetime: ServiceLifetime) -> Container.Lookup {
        guard let index = state.named.index(forKey: self) else { return .missing }
        return ScopeRules.lookup(borrowed: state.named.values[index], lifetime: lifetime)
    }

    func withEntry<R>(in state: inout ContainerState, _ body: (inout ContainerState.Entry) -> R) -> R? {
        guard let index = state.named.index(forKey: self) else { return nil }
        return body(&state.named.values[index])
    }

    var registrationName: String? { name }
}

extension ProviderKey: EntryKey {
    @inline(__always)
    func lookup(in state: borrowing ContainerState, lifetime: ServiceLifetime) -> Container.Lookup {
        guard let index = state.providers.index(forKey: self) else { return .missing }
        return ScopeRules.lookup(borrowed: state.providers.values[index], lifetime: lifetime)
    }

    func withEntry<R>(in state: inout ContainerState, _ body: (inout ContainerState.Entry) -> R) -> R? {
        guard let index = state.providers.index(forKey: self) else { return nil }
        return body(&state.providers.values[index])
    }

    var registrationName: String? { nil }
}
