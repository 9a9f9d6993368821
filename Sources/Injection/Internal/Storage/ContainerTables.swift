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
}
