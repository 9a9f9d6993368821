import Synchronization

/// A container's tables: read by resolves without a lock (``ReadTable``, one per kind of key),
/// changed by writers under one (``withLock(_:)``) through a ``ContainerState``.
///
/// What a change replaces is released after the lock, once no read can still see it
/// (``ReadSections/waitForReaders()``), at once or in a batch (``Retirement``).
///
/// Kept instances live in each entry's ``EntrySlot``: keeping or resetting one changes no table.
///
/// Lock-free for speed: read under the lock, the transient and singleton goals were lost
/// (`Benchmarks/guard.sh`, `Benchmarks/peers.sh`; DECISIONS.md, mechanisms kept only for speed).
///
/// Stored inline in ``ContainerCore``: a resolve reaches it without another reference to retain.
struct ContainerTables: ~Copyable, Sendable {
    private let state = Lock(ContainerState())
    let unnamed = ReadTable<KeyedEntrySlot<TypeKey>>()
    let named = ReadTable<KeyedEntrySlot<NamedKey>>()
    let providers = ReadTable<KeyedEntrySlot<ProviderKey>>()
    /// A remembered keypath literal's identity → its provider's entry: one lookup, not two
    /// (`Benchmarks/guard.sh`, keypath subscript).
    let keyPaths = ReadTable<KeyPathNode>()
    /// How many replaced objects wait before a writer waits for readers to release them.
    static var laterBatchSize: Int { 64 }

    init() {}

    /// Runs `body` with the state under the lock, like `Lock.withLock`; what it replaced in
    /// the tables is released after the lock.
    func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending ContainerState) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        var released: [any AnyObject & Sendable] = []
        defer {
            // After the lock, once no read can still see it, what the body replaced.
            var dropped = ResolutionContext.withCurrent { $0.takeRetired() }
            if !dropped.isEmpty || !released.isEmpty {
                ReadSections.waitForReaders()
                // Released here (app `deinit`s may change containers again), then the list's room reused.
                dropped.removeAll(keepingCapacity: true)
                ResolutionContext.withCurrent { $0.giveBackRetiredRoom(&dropped) }
                released = []
            }
        }
        // The state reaches the tables through their address, for the body only.
        let address = self.address
        return try state.withLock { (state: inout sending ContainerState) throws(E) -> sending Result in
            state.tablesAddress = address
            state.waitingAtStart = state.retired.later.count
            defer { finishChange(of: &state, releasingLater: &released) }
            return try body(&state)
        }
    }

    /// Where these tables lie: a value holding atomics cannot move, so `self` is borrowed in place
    /// inside the ``ContainerCore`` every caller of ``withLock(_:)`` holds. An integer: a pointer
    /// would tie the state to the caller's region for the concurrency checker.
    private var address: UInt {
        withUnsafePointer(to: self) { UInt(bitPattern: $0) }
    }

    /// Under the lock, after a change: updates the keypath table, hands what must go now to the
    /// writer's retired list and the rest to the batch (into `released` when the batch is due).
    private func finishChange(of state: inout ContainerState, releasingLater released: inout [any AnyObject & Sendable]) {
        Self.publishKeyPaths(of: &state, to: keyPaths)
        state.tablesAddress = 0
        // An added key replaced nothing: nothing to hand over.
        let replacedAny = !state.retired.now.isEmpty || state.retired.later.count > state.waitingAtStart
        guard replacedAny else { return }
        var now: [AnyObject] = []
        swap(&now, &state.retired.now)
        let mustWait = ResolutionContext.withCurrent { context in
            context.retired.append(contentsOf: now)
            return !context.retired.isEmpty
        }
        // Released with a wait this change pays anyway, or once the batch is full.
        if mustWait || state.retired.later.count >= Self.laterBatchSize {
            swap(&state.retired.later, &released)
        }
    }

    /// Updates the keypath table: a keypath's entry is its provider's, so it changes with either.
    private static func publishKeyPaths(of state: inout ContainerState, to keyPaths: borrowing ReadTable<KeyPathNode>) {
        guard state.keyPathKeys.hasChanges || state.providersReplacedWhole || !state.changedProviders.isEmpty else { return }
        let keyPathChanges = state.keyPathKeys.takeChanges()
        let providersWhole = state.providersReplacedWhole
        var changedProviders: [ProviderKey] = []
        swap(&changedProviders, &state.changedProviders)
        state.providersReplacedWhole = false
        if case .whole? = keyPathChanges {
            replaceAllKeyPaths(of: &state, in: keyPaths)
            return
        }
        if providersWhole {
            replaceAllKeyPaths(of: &state, in: keyPaths)
            return
        }
        var changed = Set<TypeKey>()
        if case .keys(let first, let more)? = keyPathChanges {
            changed.insert(first)
            changed.formUnion(more)
        }
        if !changedProviders.isEmpty {
            let providerKeys = Set(changedProviders)
            for (id, remembered) in state.keyPathKeys.storage where providerKeys.contains(remembered.key) {
                changed.insert(id)
            }
        }
        for id in changed {
            let entry = state.keyPathKeys[id].flatMap { state.providerEntry($0.key) }
            keyPaths.store(KeyPathNode(key: id, entry: entry), retiring: &state.retired)
        }
    }

    private static func replaceAllKeyPaths(of state: inout ContainerState, in keyPaths: borrowing ReadTable<KeyPathNode>) {
        let nodes = state.keyPathKeys.storage.map { id, remembered in
            KeyPathNode(key: id, entry: state.providerEntry(remembered.key))
        }
        keyPaths.replaceAll(with: nodes, retiring: &state.retired)
    }

    /// What this container's own table answers for `key`, read without the lock inside the calling
    /// thread's read section, which the ``ReadLookup`` ends.
    ///
    /// The section is the calling thread's (`context`, borrowed by the resolve), unretained: its
    /// context holds it until the thread exits.
    @inline(__always)
    func read(_ key: borrowing EntryKey, lifetime: ServiceLifetime, in context: borrowing BorrowedContext) -> ReadLookup {
        let section = context.readSection
        section._withUnsafeGuaranteedRef { $0.begin() }
        let entry: BorrowedEntry? = switch key {
        case .type(let id): unnamed.find(TypeKey(id))
        case .named(let key): named.find(key)
        case .provider(let key): providers.find(key)
        case .keyPath(let id): keyPaths.find(TypeKey(id))
        case .detached: nil
        }
        return ReadLookup.answer(entry, lifetime: lifetime, section: section)
    }
}

/// What a table answers for a key, borrowed inside the resolving thread's read section
/// (``ContainerTables/read(_:lifetime:in:)``): the references are valid only until it ends.
/// ``keptValue(_:)`` copies a kept value out first; ``end()`` retains the instance it returns.
/// A `.missing` answer has already ended the section.
///
/// The language ends the section: the lookup is noncopyable, its consuming methods end it and
/// its `deinit` ends it on any other path (`ConcurrencyTests`, "an early return leaves no
/// section open").
struct ReadLookup: ~Copyable {
    let answer: Container.Lookup.Answer
    let registration: Unmanaged<AnyRegistration>?
    /// The kept ``Instance``, for `.kept`.
    let kept: Unmanaged<any AnyObject & Sendable>?
    /// The live `.shared` instance, for `.keptWeakly`, owned (+1) until ``end()`` takes it.
    /// Unmanaged: an owned optional field cost a release call on every resolve.
    let object: Unmanaged<AnyObject>?
    /// The open read section; nil when none was left open (a miss).
    private let section: Unmanaged<ReadSection>?

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

    deinit {
        // Not ended by a consuming method: end the section, then release a `.shared` instance nobody
        // took (its release may run app code, which must not run inside a read).
        section?._withUnsafeGuaranteedRef { $0.end() }
        object?.release()
    }

    /// What `entry` answers for a resolve with `lifetime` (``ScopeRules/slotUse(_:registeredLongLived:)``).
    /// The registration and kept instance are borrowed (no retain: two threads resolving one
    /// singleton write to no common line), so the section stays open; a miss ends it here.
    @inline(__always)
    static func answer(_ entry: BorrowedEntry?, lifetime: ServiceLifetime, section: Unmanaged<ReadSection>) -> ReadLookup {
        guard let entry else { return .missing(ending: section) }
        let registration = entry.registration
        let use = ScopeRules.slotUse(lifetime) { registration._withUnsafeGuaranteedRef { $0.scope.kind.isLongLived } }
        if use.readsKept, let kept = entry.slot._withUnsafeGuaranteedRef({ $0.keptForRead }) {
            return ReadLookup(answer: .kept, registration: registration, kept: kept, section: section)
        }
        if use.readsWeak, let object = entry.slot._withUnsafeGuaranteedRef({ $0.weakForRead }) {
            return ReadLookup(
                answer: .keptWeakly, registration: registration, object: Unmanaged.passRetained(object), section: section)
        }
        return ReadLookup(answer: .build, registration: registration, section: section)
    }

    /// Whether an entry answered (anything but `.missing`).
    var found: Bool { registration != nil }

    /// The answering registration, retained: call before the section ends (a writer may free
    /// the table's reference after it). Only for an answer that ``found`` something.
    @inline(__always)
    func retainedRegistration() -> AnyRegistration {
        registration.unsafelyUnwrapped.takeUnretainedValue()
    }

    /// No entry, and no section open.
    static var missing: ReadLookup { ReadLookup(answer: .missing, registration: nil, section: nil) }

    /// No entry: the section is ended here, with nothing borrowed.
    @inline(__always)
    static func missing(ending section: Unmanaged<ReadSection>) -> ReadLookup {
        section._withUnsafeGuaranteedRef { $0.end() }
        return ReadLookup(answer: .missing, registration: nil, section: nil)
    }

    /// The value of a `.kept` answer, copied while the section holds it, then the section ended.
    /// Safe: what `build` keeps for a registration resolved as `T` is an `Instance<T>`.
    @inline(__always)
    consuming func keptValue<T>(_ type: T.Type) -> T {
        let value = kept.unsafelyUnwrapped._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Instance<T>.self).value }
        section.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.end() }
        discard self
        return value
    }

    /// Ends the section of a `.build` answer (it holds no instance) and returns its registration,
    /// retained before the section ends.
    @inline(__always)
    consuming func endBuild() -> AnyRegistration {
        let registration = registration.unsafelyUnwrapped.takeUnretainedValue()
        section?._withUnsafeGuaranteedRef { $0.end() }
        discard self
        return registration
    }

    /// The answering instance, retained, and the section ended; retain the registration first.
    @inline(__always)
    consuming func end() -> InstanceBox? {
        let instance = kept.map { InstanceBox($0.retain().takeRetainedValue()) } ?? object.map { InstanceBox($0.takeRetainedValue()) }
        section?._withUnsafeGuaranteedRef { $0.end() }
        discard self
        return instance
    }
}
