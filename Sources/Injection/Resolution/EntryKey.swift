/// A key into one of a container's registration tables: a type, a type and a name, or a
/// keypath provider.
///
/// A concrete enum rather than a protocol the resolve path is generic over: that path is
/// generic over the service type and never specialised by callers outside the module, so a
/// second generic parameter cost a runtime metadata lookup (`Optional<Key>`) and witness-table
/// calls on every resolve (~1,200 instructions, measured with callgrind).
enum EntryKey: Hashable, Sendable {
    case type(ObjectIdentifier)
    case named(NamedKey)
    case provider(ProviderKey)
    /// A keypath literal (its identity) whose provider key this container remembers: one lock
    /// for both lookups. Only the resolving container's memory is consulted; the resolve path
    /// translates it to ``provider(_:)`` before it asks an ancestor.
    case keyPath(ObjectIdentifier)
    /// No table: what `validate()` builds is kept in its sandbox, never in an entry.
    case detached

    /// What the entry under this key answers for `lifetime`; `.missing` when there is none.
    ///
    /// `inout` although it only reads: `Dictionary.Values`' getter copies the whole entry out
    /// (retaining its four references), its `_modify` accessor yields it in place, so only the
    /// references the answer carries are retained (~90 instructions per resolve, callgrind).
    @inline(__always)
    func lookup(in state: inout ContainerState, lifetime: ServiceLifetime) -> Container.Lookup {
        switch self {
        case .type(let key):
            guard let index = state.unnamed.index(forKey: TypeKey(key)) else { return .missing }
            return ScopeRules.lookup(inPlace: &state.unnamed.values[index], lifetime: lifetime)
        case .named(let key):
            guard let index = state.named.index(forKey: key) else { return .missing }
            return ScopeRules.lookup(inPlace: &state.named.values[index], lifetime: lifetime)
        case .provider(let key):
            guard let index = state.providers.index(forKey: key) else { return .missing }
            return ScopeRules.lookup(inPlace: &state.providers.values[index], lifetime: lifetime)
        case .keyPath(let id):
            guard let key = state.keyPathKeys[TypeKey(id)]?.key, let index = state.providers.index(forKey: key) else { return .missing }
            return ScopeRules.lookup(inPlace: &state.providers.values[index], lifetime: lifetime)
        case .detached:
            return .missing
        }
    }

    /// Runs `body` on the entry under this key; nil when there is none.
    func withEntry<R>(in state: inout ContainerState, _ body: (inout ContainerState.Entry) -> R) -> R? {
        switch self {
        case .type(let key):
            guard let index = state.unnamed.index(forKey: TypeKey(key)) else { return nil }
            return body(&state.unnamed.values[index])
        case .named(let key):
            guard let index = state.named.index(forKey: key) else { return nil }
            return body(&state.named.values[index])
        case .provider(let key):
            guard let index = state.providers.index(forKey: key) else { return nil }
            return body(&state.providers.values[index])
        case .keyPath(let id):
            guard let key = state.keyPathKeys[TypeKey(id)]?.key, let index = state.providers.index(forKey: key) else { return nil }
            return body(&state.providers.values[index])
        case .detached:
            return nil
        }
    }

    /// Whether ancestors can be asked with this key (a keypath identity means nothing to them).
    var isRemembered: Bool {
        if case .keyPath = self { return false }
        return true
    }

    /// The registration name, for a missing-registration message.
    var registrationName: String? {
        if case .named(let key) = self { return key.name }
        return nil
    }
}
