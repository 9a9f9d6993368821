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

    /// The key of a type-keyed registration: named when `name` is set.
    init(_ type: ObjectIdentifier, name: String?) {
        if let name { self = .named(NamedKey(type: type, name: name)) } else { self = .type(type) }
    }

    /// Applies `operation` to the table this key lives in, at its key. This is the one place that
    /// knows which table a key lives in: reading an entry in place, the resolve's lookup, storing
    /// and removing all come through here. A `.keyPath` key the container never projected and a
    /// `.detached` key have no table (``EntryTableOperation/withoutTable()``).
    @inline(__always)
    func apply<Operation: EntryTableOperation>(
        _ operation: Operation, in state: inout ContainerState
    ) -> Operation.Result {
        switch self {
        case .type(let key):
            return operation.apply(to: &state.unnamed, at: TypeKey(key))
        case .named(let key):
            return operation.apply(to: &state.named, at: key)
        case .provider(let key):
            return operation.apply(to: &state.providers, at: key)
        case .keyPath(let id):
            guard let key = state.keyPathKeys[TypeKey(id)]?.key else { return operation.withoutTable() }
            return operation.apply(to: &state.providers, at: key)
        case .detached:
            return operation.withoutTable()
        }
    }

    /// What the entry under this key answers for `lifetime`; `.missing` when there is none.
    @inline(__always)
    func lookup(in state: inout ContainerState, lifetime: ServiceLifetime) -> Container.Lookup {
        apply(LookupOperation(lifetime: lifetime), in: &state)
    }

    /// Runs `body` on the entry under this key, in place; nil when there is none.
    @inline(__always)
    func withEntry<R>(in state: inout ContainerState, _ body: (inout ContainerState.Entry) -> R) -> R? {
        withoutActuallyEscaping(body) { body in apply(InPlaceOperation(body: body), in: &state) }
    }

    /// A copy of the entry under this key.
    func entry(in state: inout ContainerState) -> ContainerState.Entry? {
        withEntry(in: &state) { $0 }
    }

    /// Stores `entry` under this key (nil removes the entry).
    func store(_ entry: ContainerState.Entry?, in state: inout ContainerState) {
        apply(StoreOperation(entry: entry), in: &state)
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

/// Something done to one entry of one of a container's tables, whichever table it is
/// (``EntryKey/apply(_:in:)`` picks it). Generic over the table's key, and specialised at each
/// use, so the resolve's lookup costs what a direct dictionary access costs.
protocol EntryTableOperation {
    associatedtype Result
    func apply<Key: Hashable>(to table: inout [Key: ContainerState.Entry], at key: Key) -> Result
    /// The answer for a key that maps to no table.
    func withoutTable() -> Result
}

/// Reads the entry in place: `Dictionary.Values`' `_modify` accessor yields it where it lies,
/// where the dictionary's getter copied the whole entry out, retaining its four references
/// (~90 instructions per resolve, callgrind).
struct InPlaceOperation<R>: EntryTableOperation {
    let body: (inout ContainerState.Entry) -> R

    @inline(__always)
    func apply<Key: Hashable>(to table: inout [Key: ContainerState.Entry], at key: Key) -> R? {
        guard let index = table.index(forKey: key) else { return nil }
        return body(&table.values[index])
    }

    func withoutTable() -> R? { nil }
}

/// The resolve's lookup (``ScopeRules/lookup(inPlace:lifetime:)``), without a closure.
struct LookupOperation: EntryTableOperation {
    let lifetime: ServiceLifetime

    @inline(__always)
    func apply<Key: Hashable>(to table: inout [Key: ContainerState.Entry], at key: Key) -> Container.Lookup {
        guard let index = table.index(forKey: key) else { return .missing }
        return ScopeRules.lookup(inPlace: &table.values[index], lifetime: lifetime)
    }

    func withoutTable() -> Container.Lookup { .missing }
}

/// Stores an entry, or removes it (nil).
struct StoreOperation: EntryTableOperation {
    let entry: ContainerState.Entry?

    func apply<Key: Hashable>(to table: inout [Key: ContainerState.Entry], at key: Key) {
        table[key] = entry
    }

    func withoutTable() {}
}
