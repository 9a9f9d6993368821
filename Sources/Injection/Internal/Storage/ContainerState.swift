/// The registrations of one container and the instances their scopes keep, as a writer sees
/// them under the container's lock (``ContainerTables/withLock(_:)``).
///
/// The entries live only in the read tables (``ReadTable``); a writer changes them in place,
/// under the lock. (A second copy in dictionaries cost every registration about half its
/// instructions: `Benchmarks/guard.sh`, new container.)
struct ContainerState: ~Copyable {
    /// The address of the container's tables, while its lock is held: ``ContainerTables/withLock(_:)``
    /// sets it before the body and clears it (0) after.
    var tablesAddress: UInt = 0
    /// Keypath literal identity → the provider key it leads to (projecting is slow), logged so
    /// that the keypath read table follows it.
    var keyPathKeys = LoggedTable<TypeKey, KeyPathKey>()
    /// Provider keys written since the keypath table was last brought in step (a keypath's node
    /// holds its provider's entry); `providersReplacedWhole` when every one was.
    var changedProviders: [ProviderKey] = []
    var providersReplacedWhole = false
    /// What changes replaced in the read tables: `now` is released after the lock, `later`
    /// waits for the next wait for readers (``Retirement``); kept across changes, under the lock.
    var retired = Retirement()
    /// How many replaced objects were waiting when the current change began.
    var waitingAtStart = 0

    struct Entry: Sendable {
        /// The registration and the instances kept for it (see ``EntrySlot``); a new registration
        /// gets a new, empty slot.
        let slot: EntrySlot

        /// The entry of `registration` under `key`; its slot is the read table's node for it.
        init<Key: Hashable & Sendable>(registration: AnyRegistration, key: Key) {
            self.slot = KeyedEntrySlot(key: key, registration: registration)
        }

        /// The entry a read table's live node is.
        init(slot: EntrySlot) {
            self.slot = slot
        }

        /// The slot's registration. Safe to unwrap: only a removed key's marker has none, and a
        /// marker is never an entry (``ReadTable/liveNode(_:)`` skips them).
        var registration: AnyRegistration { slot.registration.unsafelyUnwrapped }

        /// The slot as the read table's node for `Key`. Safe: an entry is only ever stored under
        /// the key it was made with (``ContainerState/store(_:under:)``).
        func node<Key: Hashable & Sendable>(_: Key.Type) -> KeyedEntrySlot<Key> {
            unsafeDowncast(slot, to: KeyedEntrySlot<Key>.self)
        }

        /// The kept instance (an ``Instance``). Read under the container's lock, where no writer
        /// can release it.
        var kept: (any AnyObject & Sendable)? { slot.kept }
    }

    /// The tables. Safe to unwrap: a state is only reached through the body of
    /// ``ContainerTables/withLock(_:)``, which sets them for it.
    private var read: UnsafePointer<ContainerTables> {
        UnsafePointer(bitPattern: tablesAddress).unsafelyUnwrapped
    }

    // MARK: - Entries by key

    /// The entry under `key`; nil when there is none (a `.keyPath` key this container never
    /// projected, a `.detached` key).
    func entry(_ key: EntryKey) -> Entry? {
        switch key {
        case .type(let id): read.pointee.unnamed.liveNode(TypeKey(id)).map { Entry(slot: $0) }
        case .named(let key): read.pointee.named.liveNode(key).map { Entry(slot: $0) }
        case .provider(let key): providerEntry(key)
        case .keyPath(let id): keyPathKeys[TypeKey(id)].flatMap { providerEntry($0.key) }
        case .detached: nil
        }
    }

    /// Stores `registration` under `key` in a new entry (nil removes the entry). A `.keyPath`
    /// key the container never projected and a `.detached` key have no table.
    mutating func store(_ registration: AnyRegistration?, under key: EntryKey) {
        let tables = read
        switch key {
        case .type(let id):
            let key = TypeKey(id)
            tables.pointee.unnamed.store(KeyedEntrySlot(key: key, registration: registration), retiring: &retired)
        case .named(let key):
            tables.pointee.named.store(KeyedEntrySlot(key: key, registration: registration), retiring: &retired)
        case .provider(let key):
            setProvider(registration.map { Entry(registration: $0, key: key) }, for: key)
        case .keyPath(let id):
            guard let key = keyPathKeys[TypeKey(id)]?.key else { return }
            setProvider(registration.map { Entry(registration: $0, key: key) }, for: key)
        case .detached:
            return
        }
    }

    func providerEntry(_ key: ProviderKey) -> Entry? {
        read.pointee.providers.liveNode(key).map { Entry(slot: $0) }
    }

    /// Puts `entry` under the provider key `key` (nil removes it).
    mutating func setProvider(_ entry: Entry?, for key: ProviderKey) {
        let tables = read
        tables.pointee.providers.store(entry?.node(ProviderKey.self) ?? KeyedEntrySlot(key: key, registration: nil), retiring: &retired)
        changedProviders.append(key)
    }

    var providerKeys: [ProviderKey] {
        var keys: [ProviderKey] = []
        read.pointee.providers.forEachLiveNode { keys.append($0.key) }
        return keys
    }

    // MARK: - Every entry

    /// Every entry, for diagnostics and validation.
    var allEntries: [Entry] {
        var entries: [Entry] = []
        forEachEntry { entries.append($0) }
        return entries
    }

    func forEachEntry(_ body: (Entry) -> Void) {
        let tables = read
        tables.pointee.unnamed.forEachLiveNode { body(Entry(slot: $0)) }
        tables.pointee.named.forEachLiveNode { body(Entry(slot: $0)) }
        tables.pointee.providers.forEachLiveNode { body(Entry(slot: $0)) }
    }

    /// Drops what `scope` keeps in every entry; returns how many instances were dropped.
    func discard(_ scope: Scope) -> Int {
        var count = 0
        forEachEntry { count += $0.slot.discard(scope) }
        return count
    }

    /// Removes every entry and remembered keypath (`removeAll`, the container going).
    mutating func removeAll() {
        let tables = read
        tables.pointee.unnamed.replaceAll(with: [], retiring: &retired)
        tables.pointee.named.replaceAll(with: [], retiring: &retired)
        tables.pointee.providers.replaceAll(with: [], retiring: &retired)
        keyPathKeys.removeAll()
        providersReplacedWhole = true
        changedProviders = []
    }
}

/// A dictionary that logs the keys written since it was last read, so ``ContainerTables``
/// updates the keypath ``ReadTable`` key by key. ``removeAll()`` counts as a whole change.
struct LoggedTable<Key: Hashable, Value> {
    private(set) var storage: [Key: Value] = [:]
    /// The first key written since the last ``takeChanges()``: most changes write one, with no array.
    private var firstChanged: Key?
    /// The keys written after the first, possibly repeated.
    private var moreChanged: [Key] = []
    /// Whether the whole table changed (`removeAll`).
    private var changedWhole = false

    /// What changed: the whole table, or the keys written.
    enum Changes {
        case whole
        case keys(Key, [Key])
    }

    subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            storage[key] = newValue
            log(key)
        }
    }

    mutating func removeAll() {
        storage.removeAll()
        firstChanged = nil
        moreChanged = []
        changedWhole = true
    }

    private mutating func log(_ key: Key) {
        if changedWhole { return }
        if firstChanged == nil { firstChanged = key } else if firstChanged != key { moreChanged.append(key) }
    }

    var hasChanges: Bool { changedWhole || firstChanged != nil }

    mutating func takeChanges() -> Changes? {
        if changedWhole {
            changedWhole = false
            return .whole
        }
        guard let first = firstChanged else { return nil }
        defer {
            firstChanged = nil
            if !moreChanged.isEmpty { moreChanged = [] }
        }
        return .keys(first, moreChanged)
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
