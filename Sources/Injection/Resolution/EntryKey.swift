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
}
