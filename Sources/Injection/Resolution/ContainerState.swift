/// The registrations of one container and the instances their scopes keep. Guarded by the
/// container's lock (``ContainerTables``), which also keeps the tables resolves read without the
/// lock (``ReadTable``) in step with these, from the keys each change logged.
///
/// Mutable parts of an entry (its kept instances) live in the entry's ``EntrySlot``, a class
/// shared by both tables: keeping an instance changes no table.
struct ContainerState: ~Copyable {
    var unnamed = LoggedTable<TypeKey, Entry>()
    var named = LoggedTable<NamedKey, Entry>()
    var providers = LoggedTable<ProviderKey, Entry>()
    /// Keypath literal identity → the provider key it leads to (a cache that spares projecting
    /// the keypath on every resolve).
    var keyPathKeys = LoggedTable<TypeKey, KeyPathKey>()

    struct Entry: Sendable {
        /// The registration and the instances kept for it (see ``EntrySlot``); a new registration
        /// gets a new, empty slot.
        let slot: EntrySlot

        /// The entry of `registration` under `key`; its slot is the read table's node for it.
        init<Key: Hashable & Sendable>(registration: AnyRegistration, key: Key) {
            self.slot = KeyedEntrySlot(key: key, registration: registration)
        }

        /// The slot's registration. Safe to unwrap: only a removed key's marker has none, and a
        /// marker is never an entry (``ContainerTables``' publish makes it for the read table).
        var registration: AnyRegistration { slot.registration.unsafelyUnwrapped }

        /// The slot as the read table's node for `Key`. Safe: an entry is only ever stored under
        /// the key it was made with (``EntryKey/store(_:in:)``, the providers' table).
        func node<Key: Hashable & Sendable>(_: Key.Type) -> KeyedEntrySlot<Key> {
            unsafeDowncast(slot, to: KeyedEntrySlot<Key>.self)
        }

        /// The kept instance (an ``Instance``). Read under the container's lock, where no writer
        /// can release it.
        var kept: (any AnyObject & Sendable)? { slot.kept }
    }

    /// Every entry, for diagnostics and validation.
    var allEntries: [Entry] {
        Array(unnamed.values) + Array(named.values) + Array(providers.values)
    }

    /// Drops what `scope` keeps in every entry; returns how many instances were dropped.
    func discard(_ scope: Scope) -> Int {
        var count = 0
        for entry in unnamed.values { count += entry.slot.discard(scope) }
        for entry in named.values { count += entry.slot.discard(scope) }
        for entry in providers.values { count += entry.slot.discard(scope) }
        return count
    }

    /// An empty state that replaces a container's current one (`removeAll`, the container
    /// going): every table counts as wholly changed, so the read tables are emptied with it. A
    /// new container's state needs no such mark: its read tables start empty too.
    static func replacingAll() -> ContainerState {
        var state = ContainerState()
        state.unnamed.removeAll()
        state.named.removeAll()
        state.providers.removeAll()
        state.keyPathKeys.removeAll()
        return state
    }

    /// Whether a change since the last ``takeChanges()`` touched a table.
    var hasChanges: Bool {
        unnamed.hasChanges || named.hasChanges || providers.hasChanges || keyPathKeys.hasChanges
    }
}

/// A dictionary that logs the keys written since it was last read for changes: what lets
/// ``ContainerTables`` bring its ``ReadTable``s in step one key at a time. A table emptied with
/// ``removeAll()`` counts as wholly changed; a new one has no changes (its read table is empty
/// too: publishing it whole cost a new container's first registration ~4 000 instructions).
struct LoggedTable<Key: Hashable, Value> {
    private(set) var storage: [Key: Value] = [:]
    /// The first key written since the last ``takeChanges()``: most changes write one key, and
    /// logging it here allocates no array (an array per registration cost ~400 instructions).
    private var firstChanged: Key?
    /// What ``firstChanged`` holds now (nil: removed), kept with it so that publishing the
    /// change looks nothing up again (~150 instructions per registration, callgrind).
    private var firstValue: Value?
    /// The keys written after the first, possibly repeated.
    private var moreChanged: [Key] = []
    /// Whether the whole table changed (`removeAll`).
    private var changedWhole = false

    /// What changed: the whole table, or the keys written (the first with what it now holds).
    enum Changes {
        case whole
        case keys(Key, Value?, [Key])
    }

    subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            // Room for a first batch of registrations at once: grown one step at a time from
            // empty, a container's first 10 registrations resized the dictionary four times.
            if storage.capacity == 0, newValue != nil { storage.reserveCapacity(Self.firstCapacity) }
            storage[key] = newValue
            log(key, newValue)
        }
    }

    /// How many entries a table makes room for when its first one arrives.
    private static var firstCapacity: Int { 16 }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        let removed = storage.removeValue(forKey: key)
        if removed != nil { log(key, nil) }
        return removed
    }

    mutating func removeAll() {
        storage.removeAll()
        firstChanged = nil
        firstValue = nil
        moreChanged = []
        changedWhole = true
    }

    private mutating func log(_ key: Key, _ value: Value?) {
        if changedWhole { return }
        if firstChanged == nil {
            firstChanged = key
            firstValue = value
        } else if firstChanged == key {
            firstValue = value
        } else {
            moreChanged.append(key)
        }
    }

    var keys: Dictionary<Key, Value>.Keys { storage.keys }
    var values: Dictionary<Key, Value>.Values { storage.values }
    var count: Int { storage.count }
    var hasChanges: Bool { changedWhole || firstChanged != nil }

    /// What changed since the last call, and forgets it.
    mutating func takeChanges() -> Changes? {
        if changedWhole {
            changedWhole = false
            return .whole
        }
        guard let first = firstChanged else { return nil }
        defer {
            firstChanged = nil
            firstValue = nil
            if !moreChanged.isEmpty { moreChanged = [] }
        }
        return .keys(first, firstValue, moreChanged)
    }
}

/// An entry found in a ``ReadTable``, unowned: the table's node keeps both parts alive as long
/// as a read can see it.
struct BorrowedEntry: Sendable {
    let registration: Unmanaged<AnyRegistration>
    let slot: Unmanaged<EntrySlot>

    init(registration: Unmanaged<AnyRegistration>, slot: Unmanaged<EntrySlot>) {
        self.registration = registration
        self.slot = slot
    }
}

extension LoggedTable: Sendable where Key: Sendable, Value: Sendable {}
