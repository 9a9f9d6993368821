/// The registrations of one container and the instances their scopes keep. Guarded by the
/// container's lock (``ContainerTables``), which also publishes an immutable copy of the tables
/// (``EntryTables``) for resolves that read without the lock.
///
/// Mutable parts of an entry (its kept instances) live in the entry's ``EntrySlot``, a class
/// shared by every copy of the tables: keeping an instance changes no table, so the published
/// copy stays valid, and a dictionary whose storage is shared with it is never copied for that.
struct ContainerState: ~Copyable {
    // A change to any table marks it unpublished (``ContainerTables/withLock(_:)`` then retires
    // the published copy). A `didSet` that ignores `oldValue` keeps in-place mutation in place.
    var unnamed: [TypeKey: Entry] = [:] { didSet { tablesChanged = true } }
    var named: [NamedKey: Entry] = [:] { didSet { tablesChanged = true } }
    var providers: [ProviderKey: Entry] = [:] { didSet { tablesChanged = true } }
    /// Keypath literal identity → the provider key it leads to (a cache that spares projecting
    /// the keypath on every resolve).
    var keyPathKeys: [TypeKey: KeyPathKey] = [:] { didSet { tablesChanged = true } }
    /// Whether the tables changed since they were last published; a fresh state (`removeAll`,
    /// a released container) counts as changed.
    var tablesChanged = true

    struct Entry: Sendable {
        let registration: AnyRegistration
        /// The instances kept for this registration (see ``EntrySlot``); a new registration gets
        /// a new, empty slot.
        let slot: EntrySlot

        init(registration: AnyRegistration) {
            self.registration = registration
            self.slot = EntrySlot()
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
}

/// The tables as they were when published: what a resolve reads without the lock. Immutable,
/// and released only once no read can see it (``ReadSections/waitForReaders()``).
///
/// It owns the entries through the state's own dictionaries (copies share their storage), and
/// reads go through a second set of dictionaries whose values are unowned references to the
/// same entries' parts: reading a value then copies two pointers, where reading an owned entry
/// retained its registration and slot, two writes to lines every resolving thread shares.
final class EntryTables: Sendable {
    private let ownedUnnamed: [TypeKey: ContainerState.Entry]
    private let ownedNamed: [NamedKey: ContainerState.Entry]
    private let ownedProviders: [ProviderKey: ContainerState.Entry]

    let unnamed: [TypeKey: BorrowedEntry]
    let named: [NamedKey: BorrowedEntry]
    let providers: [ProviderKey: BorrowedEntry]
    /// A remembered keypath literal's identity → the entry of the provider it leads to, for the
    /// keypaths whose provider this container holds: a keypath resolve looks its entry up once,
    /// where going through the provider key hashed a second key (~40 instructions, callgrind).
    let keyPaths: [TypeKey: BorrowedEntry]

    init(_ state: borrowing ContainerState) {
        ownedUnnamed = state.unnamed
        ownedNamed = state.named
        ownedProviders = state.providers
        unnamed = state.unnamed.mapValues(BorrowedEntry.init)
        named = state.named.mapValues(BorrowedEntry.init)
        providers = state.providers.mapValues(BorrowedEntry.init)
        let providers = self.providers
        keyPaths = state.keyPathKeys.compactMapValues { providers[$0.key] }
    }
}

/// An entry of ``EntryTables``, unowned: the tables' owned dictionaries keep both parts alive as
/// long as the tables live.
struct BorrowedEntry: Sendable {
    let registration: Unmanaged<AnyRegistration>
    let slot: Unmanaged<EntrySlot>

    init(_ entry: ContainerState.Entry) {
        registration = Unmanaged.passUnretained(entry.registration)
        slot = Unmanaged.passUnretained(entry.slot)
    }
}
