/// A key into one of a container's registration tables: a type, a type and a name, or a
/// keypath provider.
///
/// A concrete enum rather than a protocol the resolve path is generic over: that path is
/// generic over the service type and never specialised by callers outside the module, so a
/// second generic parameter cost a runtime metadata lookup (`Optional<Key>`) and witness-table
/// calls on every resolve (`Benchmarks/guard.sh`, transient).
@usableFromInline
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

    /// The key a type-keyed resolve of `T` asks for: made in the app's inlined front end, where
    /// a literal nil name folds away. `== nil` looks at the name in place; `if let` copied it (a
    /// retain) even when nil.
    @inlinable
    init<T>(_ type: T.Type, name: String?) {
        self = name == nil ? .type(ObjectIdentifier(T.self))
            : .named(NamedKey(type: ObjectIdentifier(T.self), name: name.unsafelyUnwrapped))
    }

    /// Runs `body` on the entry under this key; nil when there is none.
    @inline(__always)
    func withEntry<R>(in state: inout ContainerState, _ body: (ContainerState.Entry) -> R) -> R? {
        state.entry(self).map(body)
    }

    /// The entry under this key.
    func entry(in state: inout ContainerState) -> ContainerState.Entry? {
        state.entry(self)
    }

    /// Stores `registration` under this key in a new entry (nil removes the entry).
    func store(_ registration: AnyRegistration?, in state: inout ContainerState) {
        state.store(registration, under: self)
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
