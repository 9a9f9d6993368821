import Synchronization

/// A container's tables: read by resolves without a lock (``ReadTable``, one per kind of key),
/// changed by writers under one (``withLock(_:)``, the same shape as `Lock.withLock`), who see
/// them through a ``ContainerState``.
///
/// What a change replaces (a node, a grown table) is released after the lock, once every read
/// that might still see it is over (``ReadSections/waitForReaders()``), at once or in a batch
/// (``Retirement``); a change that only added keys replaced nothing and waits for nobody.
///
/// Kept instances are not in the tables but in each entry's ``EntrySlot``, so keeping or
/// resetting an instance changes no table.
///
/// Lock-free for speed: read under the lock, the transient and singleton goals were lost
/// (`Benchmarks/guard.sh`, `Benchmarks/peers.sh`; DECISIONS.md, mechanisms kept only for speed).
///
/// A noncopyable struct stored inline in ``ContainerCore``, not an object of its own: a resolve
/// reaches it through the borrowed core without loading (and retaining) another reference.
struct ContainerTables: ~Copyable, Sendable {
    private let state = Lock(ContainerState())
    let unnamed = ReadTable<KeyedEntrySlot<TypeKey>>()
    let named = ReadTable<KeyedEntrySlot<NamedKey>>()
    let providers = ReadTable<KeyedEntrySlot<ProviderKey>>()
    /// A remembered keypath literal's identity → the entry of the provider it leads to, for the
    /// keypaths whose provider this container holds: a keypath resolve looks its entry up once,
    /// where going through the provider key hashed a second key (`Benchmarks/guard.sh`, keypath subscript).
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
            }
        }
        // The state reaches the tables through their address, for the body only (it is cleared
        // before the lock is released).
        let address = self.address
        return try state.withLock { (state: inout sending ContainerState) throws(E) -> sending Result in
            state.tablesAddress = address
            state.waitingAtStart = state.retired.later.count
            defer { finishChange(of: &state, releasingLater: &released) }
            return try body(&state)
        }
    }

    /// Where these tables lie: a value that holds atomics (the read tables') cannot be moved or
    /// copied, so `self` is borrowed in place, inside the ``ContainerCore`` that stores it, which
    /// every caller of ``withLock(_:)`` holds for the call. An integer: a pointer would tie the
    /// state to the caller's region for the concurrency checker, where the state is the lock's.
    private var address: UInt {
        withUnsafePointer(to: self) { UInt(bitPattern: $0) }
    }

    /// Under the lock, after a change: brings the keypath table in step with it, hands what the
    /// change replaced that must go now to the writer's retired list, and what may wait to the
    /// batch; `released` gets the batch when it is to be released after the lock.
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

    /// Brings the keypath table in step with the keypaths remembered and the provider entries
    /// they lead to: a keypath's entry is its provider's, so it changes with the keypath's
    /// provider key and with that provider's entry.
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

    /// What this container's own table answers for `key`, read without the lock. The answer
    /// borrows from the read tables, inside the calling thread's read section, which stays open
    /// until ``ReadLookup/end()``, ``ReadLookup/endBuild()`` or
    /// ``ReadLookup/keptValue(_:)`` (a miss has ended it).
    ///
    /// The section is referenced unretained: it belongs to the calling thread's context, which
    /// its thread slot keeps until the thread exits (``ThreadContextSlot/currentReadSection()``).
    @inline(__always)
    func read(_ key: borrowing EntryKey, lifetime: ServiceLifetime) -> ReadLookup {
        let section = ThreadContextSlot.currentReadSection()
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

/// What a container's published table answers for a key, borrowed from it inside the resolving
/// thread's read section (``ContainerTables/read(_:lifetime:)``). The references are valid only
/// until the section ends: ``keptValue(_:)`` copies a kept instance's value out first, ``end()``
/// retains the instance it returns (the caller retains the registration before calling it). A
/// `.missing` answer has already ended the section.
///
/// The section is ended by the language, not by a rule: the lookup is noncopyable, its
/// consuming methods end the section, and its `deinit` ends it on any other path (an early
/// return or a throw), so no path leaves a writer waiting for ever
/// (`ConcurrencyTests`, "an early return leaves no section open").
struct ReadLookup: ~Copyable {
    let answer: Container.Lookup.Answer
    let registration: Unmanaged<AnyRegistration>?
    /// The kept ``Instance``, for `.kept`.
    let kept: Unmanaged<any AnyObject & Sendable>?
    /// The live `.shared` instance, for `.keptWeakly`, owned (+1: a weak load retains) until
    /// ``end()`` takes it. Unmanaged so that the answer is trivial to copy and drop: an owned
    /// optional field cost a release call on every resolve.
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
        // Not ended by a consuming method: end the section, then let go of a `.shared` instance
        // nobody took (its release may run app code, which must not run inside a read).
        section?._withUnsafeGuaranteedRef { $0.end() }
        object?.release()
    }

    /// What `entry`, found in a read table, answers for a resolve with `lifetime` (which of its
    /// kept instances may answer is ``ScopeRules/slotUse(_:registeredLongLived:)``). The answer
    /// borrows the registration and a kept instance from the table (no retain: two threads
    /// resolving one singleton write to no common line), so the section stays open until the
    /// caller is done with them; a miss ends it here.
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

    /// Runs `body` with the answering registration borrowed, inside the section. Only for an
    /// answer that ``found`` something.
    @inline(__always)
    func withRegistration<R>(_ body: (AnyRegistration) -> R) -> R {
        registration.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
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
    consuming func keptValue<T>(_ type: T.Type) -> T {
        let value = kept.unsafelyUnwrapped._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Instance<T>.self).value }
        section.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.end() }
        discard self
        return value
    }

    /// Ends the section of a `.build` answer, which holds no instance (``ScopeRules`` reads
    /// none for it): what the caller still needs must be retained before, as for ``end()``.
    @inline(__always)
    consuming func endBuild() {
        section?._withUnsafeGuaranteedRef { $0.end() }
        discard self
    }

    /// The answering instance (a kept ``Instance`` or a live `.shared` object), retained, and
    /// the section ended: what the caller still needs must be retained before (the registration,
    /// with `registration.takeUnretainedValue()`).
    @inline(__always)
    consuming func end() -> InstanceBox? {
        let instance = kept.map { InstanceBox($0.retain().takeRetainedValue()) } ?? object.map { InstanceBox($0.takeRetainedValue()) }
        section?._withUnsafeGuaranteedRef { $0.end() }
        discard self
        return instance
    }
}
