import Synchronization

/// A container's tables behind its lock, and the same tables as resolves read them without
/// it (``ReadTable``, one per kind of key).
///
/// Writers change the state under the lock (``withLock(_:)``, the same shape as
/// `Mutex.withLock`); before the lock is released, the keys the change wrote are brought into the
/// read tables one by one. What that replaced (a node, a grown table) is released after the
/// lock, once every read that might still see it is over (``ReadSections/waitForReaders()``),
/// at once or in a batch (``Retirement``); a change that only added keys replaced nothing and
/// waits for nobody.
///
/// Kept instances are not in the tables but in each entry's ``EntrySlot``, so keeping or
/// resetting an instance changes no table.
///
/// A noncopyable struct stored inline in ``ContainerCore``, not an object of its own: a resolve
/// reaches it through the borrowed core without loading (and retaining) another reference.
struct ContainerTables: ~Copyable, Sendable {
    private let state = Mutex(ContainerState())
    private let unnamed = ReadTable<KeyedEntrySlot<TypeKey>>()
    private let named = ReadTable<KeyedEntrySlot<NamedKey>>()
    private let providers = ReadTable<KeyedEntrySlot<ProviderKey>>()
    /// A remembered keypath literal's identity → the entry of the provider it leads to, for the
    /// keypaths whose provider this container holds: a keypath resolve looks its entry up once,
    /// where going through the provider key hashed a second key (~40 instructions, callgrind).
    private let keyPaths = ReadTable<KeyPathNode>()
    /// What writers replaced and no instance depends on (``Retirement/later``), waiting for the
    /// next wait for readers. Taken under the state's lock; its own lock keeps the struct
    /// `Sendable` and is never contended.
    private let batch = Mutex<[any AnyObject & Sendable]>([])
    /// How many replaced objects wait before a writer waits for readers to release them.
    static var laterBatchSize: Int { 64 }

    init() {}

    /// Runs `body` with the state under the lock, like `Mutex.withLock`, and brings the read
    /// tables in step with what `body` changed.
    func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending ContainerState) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        var released: [any AnyObject & Sendable] = []
        defer {
            // After the lock: what the body replaced in an entry's slot (``EntrySlot``) or in a
            // read table, released once no read can still see it.
            var dropped = ResolutionContext.withCurrent { $0.takeRetired() }
            if !dropped.isEmpty || !released.isEmpty {
                ReadSections.waitForReaders()
                // Released here (app `deinit`s may change containers again, on this list's
                // context), then its room handed back: a reset or an override that drops an
                // instance allocated a new list every time.
                dropped.removeAll(keepingCapacity: true)
                ResolutionContext.withCurrent { $0.giveBackRetiredRoom(&dropped) }
                released = []
                // Threads may hold what was dropped (or a slot the tables listed) for
                // `withService` (``LentInstances``).
                LentInstances.noteDropped()
            }
        }
        return try state.withLock { (state: inout sending ContainerState) throws(E) -> sending Result in
            defer { publishChanges(of: &state, releasingLater: &released) }
            return try body(&state)
        }
    }

    /// Under the lock, after a change: brings the read tables in step with it, and hands what
    /// that replaced to the writer's retired list or to the batch; `released` gets the batch
    /// when it is to be released after the lock.
    private func publishChanges(of state: inout ContainerState, releasingLater released: inout [any AnyObject & Sendable]) {
        guard state.hasChanges else { return }
        // The batch itself collects what this change replaces for later (moved out and back,
        // not copied): a list of its own cost every override an array and a copy (callgrind).
        var retired = Retirement(later: batch.withLock { batch in
            var taken: [any AnyObject & Sendable] = []
            swap(&taken, &batch)
            return taken
        })
        let waiting = retired.later.count
        publishChanges(of: &state, retiring: &retired)
        // An added key replaced nothing: nothing to hand over.
        let replacedAny = !retired.now.isEmpty || retired.later.count > waiting
        let mustWait = replacedAny && ResolutionContext.withCurrent { context in
            context.retired.append(contentsOf: retired.now)
            return !context.retired.isEmpty
        }
        // Released with a wait this change pays anyway, or once the batch is full.
        if mustWait || retired.later.count >= Self.laterBatchSize {
            swap(&retired.later, &released)
        } else {
            batch.withLock { batch in swap(&batch, &retired.later) }
        }
    }

    /// Brings the read tables in step with the keys `state` logged as written.
    private func publishChanges(of state: inout ContainerState, retiring retired: inout Retirement) {
        // Tables without changes are not asked for them: most changes write one table.
        if state.unnamed.hasChanges {
            Self.publish(state.unnamed.takeChanges(), of: state.unnamed, to: unnamed, retiring: &retired)
        }
        if state.named.hasChanges {
            Self.publish(state.named.takeChanges(), of: state.named, to: named, retiring: &retired)
        }
        guard state.providers.hasChanges || state.keyPathKeys.hasChanges else { return }
        let providerChanges = state.providers.takeChanges()
        Self.publish(providerChanges, of: state.providers, to: providers, retiring: &retired)
        // A keypath's entry is its provider's: it changes with the keypath's provider key, and
        // with that provider's entry.
        let keyPathChanges = state.keyPathKeys.takeChanges()
        switch (keyPathChanges, providerChanges) {
        case (.whole?, _), (_, .whole?):
            let nodes = state.keyPathKeys.storage.map { id, remembered in
                KeyPathNode(key: id, entry: state.providers[remembered.key])
            }
            keyPaths.replaceAll(with: nodes, retiring: &retired)
        case (let keyPathChanges, let providerChanges):
            var changed = Set<TypeKey>()
            if case .keys(let first, _, let more)? = keyPathChanges {
                changed.insert(first)
                changed.formUnion(more)
            }
            if case .keys(let first, _, let more)? = providerChanges {
                let providerKeys = Set(more).union([first])
                for (id, remembered) in state.keyPathKeys.storage where providerKeys.contains(remembered.key) {
                    changed.insert(id)
                }
            }
            for id in changed {
                let entry = state.keyPathKeys[id].flatMap { state.providers[$0.key] }
                keyPaths.store(KeyPathNode(key: id, entry: entry), retiring: &retired)
            }
        }
    }

    private static func publish<Key>(
        _ changes: LoggedTable<Key, ContainerState.Entry>.Changes?, of table: borrowing LoggedTable<Key, ContainerState.Entry>,
        to readTable: borrowing ReadTable<KeyedEntrySlot<Key>>, retiring retired: inout Retirement
    ) {
        func node(_ key: Key) -> KeyedEntrySlot<Key> {
            // A removed key gets a marker node; its entry's own slot otherwise.
            table[key]?.node(Key.self) ?? KeyedEntrySlot(key: key, registration: nil)
        }
        switch changes {
        case nil: return
        case .whole?: readTable.replaceAll(with: table.storage.values.map { $0.node(Key.self) }, retiring: &retired)
        case .keys(let first, let value, let more)?:
            readTable.store(value?.node(Key.self) ?? KeyedEntrySlot(key: first, registration: nil), retiring: &retired)
            for key in more where key != first { readTable.store(node(key), retiring: &retired) }
        }
    }

    /// What this container's own table answers for `key`, read without the lock. The answer
    /// borrows from the read tables, inside the calling thread's read section (`section`, the
    /// caller's: it has the thread's context at hand, and fetching it again here cost every
    /// resolve a `pthread_getspecific`), which stays open until ``ReadLookup/end()`` or
    /// ``ReadLookup/keptValue(_:)`` (a miss has ended it).
    @inline(__always)
    func read(_ key: borrowing EntryKey, lifetime: ServiceLifetime, section: Unmanaged<ReadSection>) -> ReadLookup {
        section._withUnsafeGuaranteedRef { $0.begin() }
        let entry: BorrowedEntry? = switch key {
        case .type(let id): unnamed.find(TypeKey(id))
        case .named(let key): named.find(key)
        case .provider(let key): providers.find(key)
        case .keyPath(let id): keyPaths.find(TypeKey(id))
        case .detached: nil
        }
        return ScopeRules.read(entry, lifetime: lifetime, section: section)
    }
}

/// What a container's published table answers for a key, borrowed from it inside the resolving
/// thread's read section (``ContainerTables/read(_:lifetime:)``). The references are valid only
/// until the section ends: ``keptValue(_:)`` copies a kept instance's value out first, ``end()``
/// retains the instance it returns (the caller retains the registration before calling it). A
/// `.missing` answer has already ended the section.
struct ReadLookup {
    let answer: Container.Lookup.Answer
    let registration: Unmanaged<AnyRegistration>?
    /// The kept ``Instance``, for `.kept`.
    let kept: Unmanaged<any AnyObject & Sendable>?
    /// The live `.shared` instance, for `.keptWeakly`, owned (+1: a weak load retains) until
    /// ``end()`` takes it. Unmanaged so that the answer is trivial to copy and drop: an owned
    /// optional field cost a release call on every resolve.
    let object: Unmanaged<AnyObject>?
    /// The open read section; nil once ended.
    let section: Unmanaged<ReadSection>?

    @inline(__always)
    init(
        answer: Container.Lookup.Answer, registration: Unmanaged<AnyRegistration>?,
        kept: Unmanaged<any AnyObject & Sendable>? = nil, object: Unmanaged<AnyObject>? = nil,
        section: Unmanaged<ReadSection>?
    ) {
        self.answer = answer
        self.registration = registration
        self.kept = kept
        self.object = object
        self.section = section
    }

    /// No entry, and no section open.
    static var missing: ReadLookup { ReadLookup(answer: .missing, registration: nil, section: nil) }

    /// No entry: the section is ended here, with nothing borrowed.
    @inline(__always)
    static func missing(ending section: Unmanaged<ReadSection>) -> ReadLookup {
        section._withUnsafeGuaranteedRef { $0.end() }
        return ReadLookup(answer: .missing, registration: nil, section: nil)
    }

    /// The value of a `.kept` answer, copied while the section still holds it, then the section
    /// ended. Safe: what `build` keeps for a registration resolved as `T` is an `Instance<T>`.
    @inline(__always)
    func keptValue<T>(_ type: T.Type) -> T {
        let value = kept.unsafelyUnwrapped._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Instance<T>.self).value }
        section.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.end() }
        return value
    }

    /// Ends the section of a `.build` answer, which holds no instance (``ScopeRules`` reads
    /// none for it): what the caller still needs must be retained before, as for ``end()``.
    @inline(__always)
    func endBuild() {
        section?._withUnsafeGuaranteedRef { $0.end() }
    }

    /// The answering instance (a kept ``Instance`` or a live `.shared` object), retained, and
    /// the section ended: what the caller still needs must be retained before (the registration,
    /// with `registration.takeUnretainedValue()`).
    @inline(__always)
    func end() -> InstanceBox? {
        let instance = kept.map { InstanceBox($0.retain().takeRetainedValue()) } ?? object.map { InstanceBox($0.takeRetainedValue()) }
        section?._withUnsafeGuaranteedRef { $0.end() }
        return instance
    }
}
