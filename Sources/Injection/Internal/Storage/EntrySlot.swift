import Synchronization

/// Where an entry keeps its instances: the strongly kept one (an ``Instance``, with the scope it
/// was kept under) and a ``Scope/shared`` registration's weak one. Resolves read it without the
/// container's lock (``ContainerTables/read(_:lifetime:in:)``); every change is made under the lock.
///
/// The slot is also the entry's node in its ``ReadTable`` (a ``KeyedEntrySlot``): one object
/// per registration. A slot with no registration marks a removed key.
///
/// The slot owns one reference to each object it holds. A replaced object is not released at
/// once (a resolve on another thread may be about to copy its value): the writer hands it over
/// (``retire(_:)``) and releases it after the lock, once every read in progress is over
/// (``ReadSections/waitForReaders()``). A read runs no app code and takes no lock, so the wait
/// is short and cannot deadlock.
///
/// `@unchecked Sendable` because it is not final (the keyed subclass adds the key), and for
/// ``keptScope``: every other stored property is a `let` of a `Sendable` type (atomics, the
/// immutable registration), as the subclass's key is, ``keptScope`` is only touched under the
/// container's lock, and the subclass's ``KeyedEntrySlot/borrowed`` is written once, in its
/// `init`, before the table store that publishes the slot.
class EntrySlot: ReadTableEntryNode, @unchecked Sendable {
    /// The registration this slot belongs to; nil for a removed key's marker.
    let registration: AnyRegistration?
    /// The same, unowned, for reads: copying it retains nothing.
    let unownedRegistration: Unmanaged<AnyRegistration>?
    private let keptObject = Atomic<Unmanaged<any AnyObject & Sendable>?>(nil)
    /// The scope ``keptObject`` was kept under. Only touched under the container's lock (from
    /// bodies of ``ContainerTables/withLock(_:)``), which orders every access.
    private var keptScope: Scope?
    private let weakObject = Atomic<Unmanaged<WeakInstance>?>(nil)

    init(registration: AnyRegistration?) {
        self.registration = registration
        self.unownedRegistration = registration.map { Unmanaged.passUnretained($0) }
    }

    deinit {
        // The last table that listed this slot is gone, and with it any read that could see it.
        keptObject.load(ordering: .acquiring)?.release()
        weakObject.load(ordering: .acquiring)?.release()
    }

    // MARK: - Reads without the lock (inside a read section)

    /// The kept instance, borrowed: valid until the read section ends.
    @inline(__always)
    var keptForRead: Unmanaged<any AnyObject & Sendable>? {
        keptObject.load(ordering: .sequentiallyConsistent)
    }

    /// The live `.shared` instance, retained (a weak load retains what it returns).
    @inline(__always)
    var weakForRead: AnyObject? {
        weakObject.load(ordering: .sequentiallyConsistent)?._withUnsafeGuaranteedRef { $0.object }
    }

    // MARK: - Under the container's lock

    var kept: (any AnyObject & Sendable)? {
        keptObject.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Whether the slot holds an instance (a kept one, or a `.shared` one still alive).
    var holdsInstance: Bool {
        keptObject.load(ordering: .acquiring) != nil || weakObject.load(ordering: .acquiring)?.takeUnretainedValue().object != nil
    }

    /// Keeps `box` under `scope` unless an instance is kept already and `replace` is false.
    /// Returns the instance now kept (an earlier one when another thread won the race).
    func keep(_ box: any AnyObject & Sendable, scope: Scope, replace: Bool) -> any AnyObject & Sendable {
        if !replace, let existing = kept { return existing }
        let previous = keptObject.exchange(Unmanaged.passRetained(box), ordering: .sequentiallyConsistent)
        keptScope = scope
        Self.retire(previous)
        return box
    }

    /// Keeps a `.shared` instance weakly; with `noticingRelease`, answers whether the one it
    /// replaces was kept and is released (nothing holds it: the lookup that led here found it
    /// gone).
    func keepWeakly(_ object: AnyObject, noticingRelease: Bool) -> Bool {
        let previous = weakObject.exchange(Unmanaged.passRetained(WeakInstance(object)), ordering: .sequentiallyConsistent)
        let released = noticingRelease && previous.map { $0._withUnsafeGuaranteedRef { $0.object == nil } } ?? false
        Self.retire(previous)
        return released
    }

    /// Drops what `scope` keeps here; returns how many instances were dropped.
    func discard(_ scope: Scope) -> Int {
        var count = 0
        if keptScope == scope, let previous = keptObject.exchange(nil, ordering: .sequentiallyConsistent) {
            keptScope = nil
            Self.retire(previous)
            count += 1
        }
        if scope == .shared, let previous = weakObject.exchange(nil, ordering: .sequentiallyConsistent) {
            if previous.takeUnretainedValue().object != nil { count += 1 }
            Self.retire(previous)
        }
        return count
    }

    /// Drops every kept instance; returns the scopes they were kept under.
    func discardAll() -> [Scope] {
        var scopes: [Scope] = []
        let scope = keptScope
        keptScope = nil
        if let previous = keptObject.exchange(nil, ordering: .sequentiallyConsistent) {
            if let scope { scopes.append(scope) }
            Self.retire(previous)
        }
        if let previous = weakObject.exchange(nil, ordering: .sequentiallyConsistent) {
            if previous.takeUnretainedValue().object != nil { scopes.append(.shared) }
            Self.retire(previous)
        }
        return scopes
    }

    /// Hands an object this slot no longer holds to the writing thread's list
    /// (``ResolutionContext/retired``), released after the lock once no read can use it: an
    /// instance's `deinit` (app code) never runs under the lock.
    private static func retire<Object: AnyObject>(_ object: Unmanaged<Object>?) {
        guard let object else { return }
        let owned: AnyObject = object.takeRetainedValue()
        ResolutionContext.withCurrent { $0.retired.append(owned) }
    }
}

/// An ``EntrySlot`` with the key its entry is stored under: the node a ``ReadTable`` of that kind
/// of key holds.
final class KeyedEntrySlot<Key: Hashable & Sendable>: EntrySlot, KeyedReadNode, @unchecked Sendable {
    let key: Key
    /// The entry, borrowed (this slot and its registration, unretained); nil for a removed key.
    /// Stored, so a read takes it as a field. Set once, in `init`, before the slot is published
    /// (it names the slot itself, which exists only after `super.init`).
    private(set) var borrowed: BorrowedEntry?

    init(key: Key, registration: AnyRegistration?) {
        self.key = key
        super.init(registration: registration)
        borrowed = unownedRegistration.map { BorrowedEntry(registration: $0, slot: Unmanaged.passUnretained(self)) }
    }

    var isRemoved: Bool { registration == nil }
    var keepsInstance: Bool { holdsInstance }
}
