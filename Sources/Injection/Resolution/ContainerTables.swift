import Synchronization

/// A container's tables behind its lock, and an immutable copy of them (``EntryTables``)
/// published for resolves that read without the lock (``read(_:lifetime:)``).
///
/// Writers change the state under the lock as before (``withLock(_:)``, the same shape as
/// `Mutex.withLock`). When a change touched a table, the published copy is withdrawn in the same
/// lock and released after it, once every read that might still see it is over
/// (``ReadSections/waitForReaders()``). The next read finds nothing published, takes the lock
/// once and publishes the current tables, so a burst of registrations copies nothing: only the
/// first change after a publication copies a shared dictionary's storage.
///
/// Kept instances are not in the tables but in each entry's ``EntrySlot``, so keeping or
/// resetting an instance leaves the published copy valid.
///
/// A noncopyable struct stored inline in ``ContainerCore``, not an object of its own: a resolve
/// reaches it through the borrowed core without loading (and retaining) another reference.
struct ContainerTables: ~Copyable, Sendable {
    private let state = Mutex(ContainerState())
    /// The tables as last published; owns one reference. Nil until a read publishes them, and
    /// again after each change.
    private let published = Atomic<Unmanaged<EntryTables>?>(nil)

    init() {}

    deinit {
        // No read can be in progress: a read holds the container, which holds its core.
        published.load(ordering: .acquiring)?.release()
    }

    /// Runs `body` with the state under the lock, like `Mutex.withLock`, and withdraws the
    /// published tables if `body` changed one.
    func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending ContainerState) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        var withdrawn: Unmanaged<EntryTables>?
        defer {
            // After the lock: what the body replaced in an entry's slot (``EntrySlot``), and the
            // withdrawn tables, are released once no read can still see them.
            let dropped = ResolutionContext.withCurrent { $0.takeRetired() }
            if withdrawn != nil || !dropped.isEmpty {
                ReadSections.waitForReaders()
                withdrawn?.release()
                _ = consume dropped
                // Threads may hold what was dropped (or a slot the tables listed) for
                // `withService` (``LentInstances``).
                LentInstances.noteDropped()
            }
        }
        return try state.withLock { (state: inout sending ContainerState) throws(E) -> sending Result in
            defer {
                if state.tablesChanged {
                    state.tablesChanged = false
                    withdrawn = published.exchange(nil, ordering: .sequentiallyConsistent)
                }
            }
            return try body(&state)
        }
    }

    /// What this container's own table answers for `key`, read without the lock. The answer
    /// borrows from the published tables, inside the calling thread's read section (`section`,
    /// the caller's: it has the thread's context at hand, and fetching it again here cost every
    /// resolve a `pthread_getspecific`), which stays open until ``ReadLookup/end()`` or
    /// ``ReadLookup/keptValue(_:)`` (a miss has ended it).
    @inline(__always)
    func read(_ key: borrowing EntryKey, lifetime: ServiceLifetime, section: Unmanaged<ReadSection>) -> ReadLookup {
        while true {
            section._withUnsafeGuaranteedRef { $0.begin() }
            if let tables = published.load(ordering: .sequentiallyConsistent) {
                return tables._withUnsafeGuaranteedRef { key.read(in: $0, lifetime: lifetime, section: section) }
            }
            section._withUnsafeGuaranteedRef { $0.end() }
            publish()
        }
    }

    /// Publishes the current tables, under the lock (the first read after a change).
    @inline(never)
    private func publish() {
        state.withLock { state in
            guard published.load(ordering: .acquiring) == nil else { return }
            state.tablesChanged = false
            published.store(Unmanaged.passRetained(EntryTables(state)), ordering: .sequentiallyConsistent)
        }
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
