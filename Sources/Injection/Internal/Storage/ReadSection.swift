#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One thread's mark that it is reading a container's published tables without the lock
/// (``ContainerTables/read(_:lifetime:in:)``). Each thread has one (its ``ResolutionContext`` makes
/// it); writers wait on all of them (``ReadSections/waitForReaders()``) before they release
/// anything a reader may still be looking at.
///
/// The mark is a counter only its thread writes, odd inside a read: a read writes nothing
/// shared, so threads resolving one singleton share no written line but the instance's count.
///
/// Lock-free for speed: read under the lock, the transient and singleton goals were lost
/// (`Benchmarks/guard.sh`, `Benchmarks/peers.sh`; DECISIONS.md, mechanisms kept only for speed).
///
/// Why the protocol is sound (Dekker's, as in ``RepeatTable``): the reader stores its odd mark
/// and then loads the table; a writer publishes its change (a sequentially consistent exchange)
/// and then loads every mark (sequentially consistent). Both stores are sequentially consistent,
/// so in their single order either the writer sees the odd mark and waits until it changes, or
/// the reader's load comes after the exchange and sees the new table, never the retired one.
/// Ending a read stores the even mark with release ordering, and the writer's acquiring load of
/// it orders every access of the read before the writer's release of what it retired.
final class ReadSection: Sendable {
    // The counter gets a cache line of its own (other threads write its heap neighbours): fields
    // lie in declaration order after the 16-byte header, so the counter sits at offset 72 of a
    // 144-byte, 16-aligned object, and its 64-byte line lies inside the object.
    private let paddingBefore: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    private let mark = Atomic<UInt64>(0)
    private let paddingAfter: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    /// Starts a read: from here until ``end()`` nothing published may be released.
    @inline(__always)
    func begin() {
        // Only this thread writes the mark, so its own relaxed load is exact.
        let current = mark.load(ordering: .relaxed)
        mark.store(current &+ 1, ordering: .sequentiallyConsistent)
    }

    /// Ends the read begun by ``begin()``.
    @inline(__always)
    func end() {
        let current = mark.load(ordering: .relaxed)
        mark.store(current &+ 1, ordering: .releasing)
    }

    /// Whether this thread is inside a read (read by its own thread: tests of the section's end).
    var isOpen: Bool { mark.load(ordering: .relaxed) & 1 == 1 }

    /// Waits until the read this thread is in, if any, is over.
    fileprivate func waitUntilOutside(whenWaiting: (ReadSection) -> Void) {
        let seen = mark.load(ordering: .sequentiallyConsistent)
        guard seen & 1 == 1 else { return }
        var spins = 0
        // A read runs no app code; it only lasts when its thread is descheduled: yield after a spin.
        while mark.load(ordering: .acquiring) == seen {
            whenWaiting(self)
            spins += 1
            if spins > 100 { sched_yield() }
        }
    }
}

/// Every thread's ``ReadSection``, for writers.
enum ReadSections {
    private static let all = Lock<[ReadSection]>([])

    /// Lists a thread's section (when its ``ResolutionContext`` is made).
    static func add(_ section: ReadSection) {
        all.withLock { $0.append(section) }
    }

    /// Forgets a thread's section (when its thread exits; it is outside any read then).
    static func remove(_ section: ReadSection) {
        all.withLock { list in list.removeAll { $0 === section } }
    }

    /// Returns once every read in progress at the call is over: what the writer unpublished before
    /// may then be released; later reads see the new state. Waits without the list's lock, so
    /// threads starting or exiting never wait for a slow reader. `whenWaiting` runs inside the wait,
    /// each time it finds a read still in progress (a test's handshake: proof that it waited).
    static func waitForReaders(whenWaiting: (ReadSection) -> Void = { _ in }) {
        let sections = all.withLock { $0 }
        // No thread but the caller has a section: no read can be in progress (a thread lists its
        // section under the same lock before its first read, and the caller is outside any read).
        let own = ResolutionContext.ifMade.map { ObjectIdentifier($0.readSection) }
        if sections.allSatisfy({ ObjectIdentifier($0) == own }) { return }
        for section in sections { section.waitUntilOutside(whenWaiting: whenWaiting) }
    }
}

extension ContainerTables {
    /// What this container's own table answers for `key` and a resolve with `lifetime`, read
    /// without the lock inside the calling thread's read section, which the ``ReadLookup`` ends.
    ///
    /// The registration and kept instance are borrowed (no retain: two threads resolving one
    /// singleton write to no common line), so the section stays open; a miss ends it here. Which
    /// kept instances answer is ``ScopeRules/use(_:_:)``'s, read from the registration for the
    /// default lifetime (``AnyRegistration/automaticUse``).
    @inline(__always)
    func read(_ key: borrowing EntryKey, lifetime: ServiceLifetime, in context: borrowing BorrowedContext) -> ReadLookup {
        let section = context.readSection
        section._withUnsafeGuaranteedRef { $0.begin() }
        let found: BorrowedEntry? = switch key {
        case .type(let id): unnamed.find(TypeKey(id))
        case .named(let key): named.find(key)
        case .provider(let key): providers.find(key)
        case .keyPath(let id): keyPaths.find(TypeKey(id))
        case .detached: nil
        }
        guard let entry = found else {
            section._withUnsafeGuaranteedRef { $0.end() }
            return ReadLookup(answer: .missing, registration: nil, kind: .unique, section: nil)
        }
        let registration = entry.registration
        let use = registration._withUnsafeGuaranteedRef {
            lifetime == .automatic ? $0.automaticUse : ScopeRules.use($0.scope.kind, lifetime)
        }
        if use.readsKept, let kept = entry.slot._withUnsafeGuaranteedRef({ $0.keptForRead }) {
            return ReadLookup(answer: .kept, registration: registration, kind: use.kind, kept: kept, section: section)
        }
        if use.readsWeak, let object = entry.slot._withUnsafeGuaranteedRef({ $0.weakForRead }) {
            return ReadLookup(
                answer: .keptWeakly, registration: registration, kind: use.kind, object: Unmanaged.passRetained(object),
                section: section)
        }
        return ReadLookup(answer: .build, registration: registration, kind: use.kind, section: section)
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
///
/// Why the typed reads (``keptValue(_:)``, ``endBuild(_:)``, ``retainedFactory(_:)``) may
/// `unsafeDowncast`: a registration is stored only under a key made from the type its factory
/// produces (an `.implements` alias's too: a `Factory` of the alias's type), every resolve looks
/// it up with a key made from its own `T`, and what a build keeps is the `Instance<T>` its
/// `Factory<T>` boxed (``Factory/box(_:)``). Debug builds check both. The checked casts looked
/// metadata up on every build (`Benchmarks/guard.sh`).
struct ReadLookup: ~Copyable {
    let answer: Container.Lookup.Answer
    let registration: Unmanaged<AnyRegistration>?
    /// The kind of scope a build for this resolve is made under (``ScopeRules/Use``).
    let kind: Scope.Kind
    /// The kept ``Instance``, for `.kept`.
    let kept: Unmanaged<any AnyObject & Sendable>?
    /// The live `.shared` instance, for `.keptWeakly`, owned (+1) until ``end()`` takes it.
    /// Unmanaged: an owned optional field cost a release call on every resolve.
    let object: Unmanaged<AnyObject>?
    /// The open read section; nil when none was left open (a miss).
    private let section: Unmanaged<ReadSection>?

    @inline(__always)
    init(
        answer: Container.Lookup.Answer, registration: Unmanaged<AnyRegistration>?, kind: Scope.Kind,
        kept: Unmanaged<any AnyObject & Sendable>? = nil, object: Unmanaged<AnyObject>? = nil,
        section: Unmanaged<ReadSection>?
    ) {
        self.answer = answer
        self.registration = registration
        self.kind = kind
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

    /// Whether an entry answered (anything but `.missing`).
    var found: Bool { registration != nil }

    /// The answering registration, retained, as the factory of `T`, the type it was looked up
    /// for: call before the section ends (a writer may free the table's reference after it).
    /// Only for an answer that ``found`` something.
    @inline(__always)
    func retainedFactory<T>(_ type: T.Type) -> Factory<T> {
        let registration = registration.unsafelyUnwrapped.takeUnretainedValue()
        assert(registration is Factory<T>, "a registration looked up for \(T.self) is not its factory")
        return unsafeDowncast(registration, to: Factory<T>.self)
    }

    /// The value of a `.kept` answer, copied while the section holds it, then the section ended.
    @inline(__always)
    consuming func keptValue<T>(_ type: T.Type) -> T {
        let value = kept.unsafelyUnwrapped._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Instance<T>.self).value }
        section.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.end() }
        discard self
        return value
    }

    /// Ends the section of a `.build` answer (it holds no instance) and returns its registration
    /// as the factory of `T`, retained before the section ends.
    @inline(__always)
    consuming func endBuild<T>(_ type: T.Type) -> Factory<T> {
        let registration = registration.unsafelyUnwrapped.takeUnretainedValue()
        section?._withUnsafeGuaranteedRef { $0.end() }
        discard self
        assert(registration is Factory<T>, "a registration looked up for \(T.self) is not its factory")
        return unsafeDowncast(registration, to: Factory<T>.self)
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
