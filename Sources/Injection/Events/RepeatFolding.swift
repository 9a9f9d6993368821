import Synchronization

/// One thread's repeated identical resolutions, counted at the source instead of built into
/// events, while every attached observer folds repeats (``ResolutionObserver/foldsRepeatedResolutions``).
/// This is the only place a repeat is folded: observers get the counts as aggregates.
///
/// The resolving thread (the owner) counts; ``EventHub/collectRepeats()`` takes the counts from
/// any thread (a recorder's background thread, a flush, a change of observers). A repeat takes
/// no lock: the owner marks its count as in progress (`writing` odd) and checks that no
/// collection is under way (`collecting`); a collection takes `lock`, raises `collecting`, and
/// waits for a count in progress to end. Either the owner sees the collection and counts under
/// the lock instead, or the collection sees the mark and waits: Dekker's exclusion, which needs
/// each side's store ordered before its load: both sides use sequentially consistent
/// operations (an atomic add for the mark); an uncontended `Mutex` cost more (Benchmarks/).
///
/// A key is the registration and the requester's registration (by object identity: each entry
/// keeps both registrations alive, so an address cannot be reused while its entry exists), the
/// outcome, the source and the scope's kind. The scope itself follows from the registration and
/// its kind (a `.custom` scope is always the registration's own; other kinds are fixed scopes),
/// and is checked anyway for `.custom`.
///
/// The keys live in an open-addressed table probed with a pointer mix: a repeat hashes three
/// words and retains nothing (a `Dictionary` cost more than the rest of a repeat; Benchmarks/,
/// recorder attached).
///
/// `@unchecked Sendable` (the slots are memory reached through pointers, which are not
/// `Sendable`): the slots are read and written only (a) by the owner between raising `writing`
/// to odd and lowering it, having seen `collecting` false after raising it (ordered by a
/// sequentially consistent add), or (b) by a thread holding `lock` (the owner adding a key or
/// counting during a collection, a collector). A collector holds `lock` for as long as
/// `collecting` is true and, having raised it, waits until `writing` is even: (a) and (b) never
/// overlap, and two (b)s exclude each other. `sampling` is the owner's alone.
final class RepeatTable: @unchecked Sendable {
    /// A ``ResolutionFoldKey`` as the owner looks it up, in plain bits: the registrations'
    /// addresses stand for their identities (each entry keeps its registrations alive), so a
    /// repeat hashes three words and retains nothing. The entry makes the fold key (``Entry/fold``).
    struct Key: Equatable {
        /// The registration's address; 0 marks an empty slot.
        let registration: UInt
        /// The requester's registration's address, or 0 for a resolve from app code.
        let requester: UInt
        /// Outcome, source and scope kind, packed.
        let bits: UInt

        static let empty = Key(registration: 0, requester: 0, bits: 0)

        @inline(__always)
        init(registration: UInt, requester: UInt, bits: UInt) {
            self.registration = registration
            self.requester = requester
            self.bits = bits
        }

        @inline(__always)
        init(_ registration: AnyRegistration, requester: UInt, outcome: Resolved.Outcome, source: Resolved.Source,
             scope: Scope.Kind) {
            self.registration = UInt(bitPattern: ObjectIdentifier(registration).hashValueBits)
            self.requester = requester
            let outcomeBits: UInt = outcome == .created ? 0 : 1
            let sourceBits: UInt = switch source {
            case .factory: 0
            case .override: 1
            case .mapping: 2
            case .argument: 3
            }
            bits = outcomeBits | sourceBits << 1 | UInt(scope.rawValue) << 3
        }

        /// Whether the scope is `.custom`, the one kind that does not fix the scope itself.
        @inline(__always)
        var isCustom: Bool { bits >> 3 == UInt(Scope.Kind.custom.rawValue) }

        /// The key's home slot in a table of `mask + 1` slots.
        @inline(__always)
        func slot(mask: Int) -> Int {
            // One multiply to mix the requester in, one to spread the sum: its high half
            // depends on every bit of it (FastHash.mix's two rounds are not needed for this).
            let spread = (registration &+ requester &* 0x9E37_79B9_7F4A_7C15 &+ bits) &* 0xFF51_AFD7_ED55_8CCD
            return Int(truncatingIfNeeded: spread >> 32) & mask
        }
    }

    /// One key: its counts and what its aggregate names.
    ///
    /// The key and the counts come first: 24 + 40 bytes, one cache line of a slot (``Slots``
    /// aligns each to one), so a repeat reads and writes a single line of the table. After them
    /// come the fields only a key's first occurrence, a `.custom` scope or a collection reads.
    struct Entry {
        var key: Key
        /// The repeats since the last collection; times are raw ``EventClock`` readings (turned
        /// into event times only when collected, so a repeat does no arithmetic on them).
        var counts = RepeatCounts()
        /// Keeps the key's addresses from being reused while the entry exists.
        let registration: AnyRegistration?
        let requester: AnyRegistration?
        let scope: Scope
        let outcome: Resolved.Outcome
        let source: Resolved.Source
        /// The key's mean build time, from the last collection whose repeats were timed (or its
        /// first occurrence): the total for an interval in which none was (``BuildSampling``).
        var meanNanoseconds: UInt64 = 0
        /// Set by a collection that found no repeats; a second such collection drops the entry
        /// (its next occurrence is then an event again), so registrations are not kept forever.
        var idle = false

        static let vacant = Entry(
            key: .empty, registration: nil, requester: nil, scope: .unique, outcome: .created, source: .factory)

        init(
            key: Key, registration: AnyRegistration?, requester: AnyRegistration?, scope: Scope,
            outcome: Resolved.Outcome, source: Resolved.Source
        ) {
            self.key = key
            self.registration = registration
            self.requester = requester
            self.scope = scope
            self.outcome = outcome
            self.source = source
        }

        /// The fold key the entry's repeats are delivered under, as the recorder and the
        /// inspector fold them (nil for a vacant slot). Made at a collection only: the entry
        /// keeps its parts, so that a slot stays two cache lines.
        var fold: ResolutionFoldKey? {
            guard let registration else { return nil }
            return ResolutionFoldKey(
                service: registration.identity, requester: requester?.identity, scope: scope, outcome: outcome,
                source: source)
        }

        var aggregate: ResolutionAggregate? {
            fold.map { fold in
                ResolutionAggregate(
                    service: fold.service, requester: fold.requester, scope: fold.scope, outcome: fold.outcome,
                    source: fold.source, count: counts.count,
                    totalNanoseconds: counts.estimatedTotal(mean: meanNanoseconds),
                    firstTime: EventClock.since(raw: counts.firstTime), lastTime: EventClock.since(raw: counts.lastTime))
            }
        }
    }

    /// The table's slots, in memory the table alone owns (freed with it).
    ///
    /// Not an `Array`: its element write checks uniqueness, which storage only the table holds never
    /// needs. An index is always a probe masked by `count - 1` (``SlotView/find(_:)``) or below
    /// `count`. Aligned to a cache line, so each slot's key and counts share one (``Entry``).
    struct Slots: ~Copyable {
        let base: UnsafeMutablePointer<Entry>
        /// A power of two.
        let count: Int

        static let alignment = 64

        init(count: Int) {
            base = UnsafeMutableRawPointer
                .allocate(byteCount: count * MemoryLayout<Entry>.stride, alignment: Self.alignment)
                .bindMemory(to: Entry.self, capacity: count)
            base.initialize(repeating: .vacant, count: count)
            self.count = count
        }

        deinit {
            base.deinitialize(count: count)
            UnsafeMutableRawPointer(base).deallocate()
        }

        var view: SlotView { SlotView(base: base, mask: count - 1) }
    }

    /// The slots ``Slots`` owns, read and written in place (by the owner or a lock holder, as
    /// the type's comment says): no access to the table's own stored properties but atomic
    /// loads, so no exclusivity check runs on a repeat.
    struct SlotView {
        let base: UnsafeMutablePointer<Entry>
        let mask: Int

        var indices: Range<Int> { 0..<(mask + 1) }

        subscript(index: Int) -> Entry {
            @inline(__always) unsafeAddress {
                assert(index >= 0 && index <= mask, "repeat slot out of range")
                return UnsafePointer(base + index)
            }
            @inline(__always) nonmutating unsafeMutableAddress {
                assert(index >= 0 && index <= mask, "repeat slot out of range")
                return base + index
            }
        }

        /// The slot holding `key`, or the empty slot where it would go (negated, minus one).
        @inline(__always)
        func find(_ key: Key) -> Int {
            var index = key.slot(mask: mask)
            while true {
                let found = self[index].key
                if found == key { return index }
                if found.registration == 0 { return -1 - index }
                index = (index + 1) & mask
            }
        }
    }

    /// What only a holder of `lock` reads or writes.
    struct Locked: ~Copyable {
        /// Open-addressed slots, a power of two in number, at most half full (linear probing);
        /// published to the owner through `slotBase` and `slotMask`.
        var slots: Slots
        var count = 0
        /// The thread exited: the next collection takes the counts and forgets the table.
        var retired = false
    }

    /// Beyond this many keys a thread's resolutions are delivered as events again.
    static let keyLimit = 4096
    static let initialSlots = 32

    /// The hub's observer generation the keys were seen under; a thread holding an older list
    /// does not fold (its observers may not have seen the first occurrence). Written under
    /// `lock` by a collector (with the owner kept out) or by the owner.
    private let generation: Atomic<UInt64>
    /// Whether any count was taken since the last collection.
    private let pending = Atomic<Bool>(false)
    /// ``Locked/slots``, as the owner reads them: changed only under `lock`, with the owner kept
    /// out or by the owner itself. Relaxed: `writing` and `collecting` order them (see the
    /// type's comment).
    private let slotBase: Atomic<UnsafeMutablePointer<Entry>>
    private let slotMask: Atomic<Int>
    /// Odd while the owner counts a repeat without the lock.
    private let writing = Atomic<UInt64>(0)
    /// True while a collector works on the slots (it holds `lock` meanwhile).
    private let collecting = Atomic<Bool>(false)
    private let lock = Lock<Void>(())
    /// Read and written only under `lock`, never on a repeat's path.
    private var locked: Locked
    /// Which builds the owner times (``BuildSampling``). Owner-only: no collector reads it.
    let sampling: BuildSampling

    init(generation: UInt64) {
        let slots = Slots(count: RepeatTable.initialSlots)
        self.generation = Atomic(generation)
        slotBase = Atomic(slots.base)
        slotMask = Atomic(slots.count - 1)
        locked = Locked(slots: slots)
        sampling = BuildSampling(seed: EventClock.raw() &* 0x9E37_79B9_7F4A_7C15 ^ generation)
    }

    /// The published slots.
    @inline(__always)
    private var slots: SlotView {
        SlotView(base: slotBase.load(ordering: .relaxed), mask: slotMask.load(ordering: .relaxed))
    }

    /// Whether the owner's build of the registration at `address` starting now may go untimed.
    @inline(__always)
    func skipsClock(_ address: UInt, generation: UInt64) -> Bool {
        sampling.skipsClock(address, generation: generation)
    }

    /// The last measured build of the registration at `address` on the owner's thread (0 if unknown).
    func lastDuration(of address: UInt) -> UInt64 { sampling.lastDuration(of: address) }

    /// Counts a repeat of a key seen before under `generation`, or remembers the key and returns
    /// false: the caller then delivers the full event (the first occurrence). `requester` is
    /// read only for a new key (`requesterID` is its address, or 0). `start` is 0 for a build
    /// that was not timed (``BuildSampling``; `end` is then a coarse reading). Called by the
    /// owner only.
    @inline(__always)
    func fold(
        _ registration: AnyRegistration, requesterID: UInt, requester: @autoclosure () -> AnyRegistration?,
        kind: Scope.Kind, scope: @autoclosure () -> Scope, outcome: Resolved.Outcome, source: Resolved.Source,
        start: UInt64, end: UInt64, generation: UInt64
    ) -> Bool {
        let key = Key(registration, requester: requesterID, outcome: outcome, source: source, scope: kind)
        // A duration of `.max` marks an untimed build (no build takes 584 years).
        let duration = start == 0 ? UInt64.max : end &- start
        let mark = markWriting()
        let counted: Bool?
        if !collecting.load(ordering: .sequentiallyConsistent) {
            counted = count(key, scope: scope(), duration: duration, time: end, generation: generation)
            writing.store(mark &+ 1, ordering: .releasing)
        } else {
            writing.store(mark &+ 1, ordering: .releasing)
            // The scope made here, not passed on as a closure: a closure context was set up on
            // every repeat for this rare call.
            counted = countDuringCollection(key, scope: scope(), duration: duration, time: end, generation: generation)
        }
        if let counted {
            // A cached answer is not a build: only builds say how long the next will take.
            if counted, start != 0, outcome == .created { sampling.timed(key.registration, generation: generation, nanoseconds: duration) }
            return counted
        }
        rememberFirst(
            key, registration: registration, requester: requester(), scope: scope(), outcome: outcome, source: source,
            measured: start == 0 ? sampling.lastDuration(of: key.registration) : duration, timed: start != 0,
            generation: generation)
        return false
    }

    /// A key's first occurrence, out of line with its entry's making (which retains the
    /// registrations and the scope's name), so that none of it is set up on a repeat's path.
    @inline(never)
    private func rememberFirst(
        _ key: Key, registration: AnyRegistration, requester: AnyRegistration?, scope: Scope, outcome: Resolved.Outcome,
        source: Resolved.Source, measured: UInt64, timed: Bool, generation: UInt64
    ) {
        var entry = Entry(
            key: key, registration: registration, requester: requester, scope: scope, outcome: outcome, source: source)
        entry.meanNanoseconds = measured
        if remember(entry, generation: generation), timed, outcome == .created {
            sampling.timed(key.registration, generation: generation, nanoseconds: measured)
        }
    }

    /// Raises `writing` to odd before the owner counts without the lock, and returns the mark
    /// (the owner lowers it with `mark &+ 1` when done): a sequentially consistent add orders it
    /// before the owner's load of `collecting`.
    @inline(__always)
    private func markWriting() -> UInt64 {
        return writing.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Counts a repeat of `key`: true when counted, false when the caller must deliver the event,
    /// nil for a key not seen yet. The caller has access to the slots (see the type's comment).
    @inline(__always)
    private func count(
        _ key: Key, scope: @autoclosure () -> Scope, duration: UInt64, time: UInt64, generation: UInt64
    ) -> Bool? {
        guard self.generation.load(ordering: .relaxed) == generation else { return false }
        let slots = slots
        let index = slots.find(key)
        guard index >= 0 else { return nil }
        if key.isCustom, slots[index].scope != scope() { return false }
        if duration == .max {
            slots[index].counts.addUntimed(time: time)
        } else {
            slots[index].counts.add(duration: duration, time: time)
        }
        pending.store(true, ordering: .relaxed)
        return true
    }

    /// ``count(_:scope:duration:time:generation:)`` while a collector may be at work: after it.
    @inline(never)
    private func countDuringCollection(
        _ key: Key, scope: Scope, duration: UInt64, time: UInt64, generation: UInt64
    ) -> Bool? {
        lock.withLock { _ in count(key, scope: scope, duration: duration, time: time, generation: generation) }
    }

    /// Adds a key's first occurrence (out of line: the repeat's path stays small); false when
    /// the table is full or the generation moved on.
    @inline(never)
    private func remember(_ entry: Entry, generation: UInt64) -> Bool {
        lock.withLock { _ in
            guard self.generation.load(ordering: .relaxed) == generation, locked.count < RepeatTable.keyLimit else {
                return false
            }
            if (locked.count + 1) * 2 > locked.slots.count { rebuild(&locked, capacity: locked.slots.count * 2) }
            let slots = locked.slots.view
            let index = slots.find(entry.key)
            guard index < 0 else { return true }
            slots[-1 - index] = entry
            locked.count += 1
            return true
        }
    }

    /// Rehashes the entries `keep` accepts into `capacity` slots, and publishes them. Called
    /// with `lock` held, by the owner or by a collector that keeps the owner out.
    private func rebuild(_ locked: inout Locked, capacity: Int, keeping keep: (Entry) -> Bool = { _ in true }) {
        var old = Slots(count: capacity)
        swap(&old, &locked.slots)
        locked.count = 0
        let slots = locked.slots.view, previous = old.view
        for index in previous.indices where previous[index].key.registration != 0 && keep(previous[index]) {
            slots[-1 - slots.find(previous[index].key)] = previous[index]
            locked.count += 1
        }
        slotBase.store(slots.base, ordering: .relaxed)
        slotMask.store(slots.mask, ordering: .relaxed)
    }

    /// Runs `body` with the owner kept out (see the type's comment).
    private func whileCollecting<R>(_ body: (inout Locked) -> R) -> R {
        lock.withLock { _ in
            collecting.store(true, ordering: .sequentiallyConsistent)
            let mark = writing.load(ordering: .sequentiallyConsistent)
            if mark & 1 == 1 {
                // The owner is counting (a few dozen instructions, unless it was preempted).
                var spins = 0
                while writing.load(ordering: .sequentiallyConsistent) == mark {
                    spins += 1
                    if spins > 100 { PosixIO.sleep(nanoseconds: 1_000) }
                }
            }
            defer { collecting.store(false, ordering: .releasing) }
            return body(&locked)
        }
    }

    /// Takes the counts into `aggregates`. With `generation`, also forgets every key (the
    /// observers changed: their first occurrences must be events again). Returns whether the
    /// table is retired and can be forgotten.
    func collect(into aggregates: inout [ResolutionAggregate], resetTo generation: UInt64?) -> Bool {
        whileCollecting { locked in
            let slots = locked.slots.view
            if pending.load(ordering: .relaxed) {
                pending.store(false, ordering: .relaxed)
                for index in slots.indices where slots[index].counts.count > 0 {
                    if let aggregate = slots[index].aggregate { aggregates.append(aggregate) }
                    let counts = slots[index].counts
                    if counts.timedCount > 0 { slots[index].meanNanoseconds = counts.totalNanoseconds / counts.timedCount }
                    slots[index].counts = RepeatCounts()
                    slots[index].idle = false
                }
            }
            if let generation {
                self.generation.store(generation, ordering: .relaxed)
                if locked.count > 0 { rebuild(&locked, capacity: RepeatTable.initialSlots) { _ in false } }
            } else if locked.count > 0 {
                // Entries that saw no repeat over two collections are dropped.
                var anyIdle = false, kept = 0
                for index in slots.indices where slots[index].key.registration != 0 {
                    if slots[index].idle { anyIdle = true } else { kept += 1 }
                }
                if anyIdle {
                    var capacity = RepeatTable.initialSlots
                    while kept * 2 >= capacity { capacity *= 2 }
                    rebuild(&locked, capacity: capacity) { !$0.idle }
                }
                let current = locked.slots.view
                for index in current.indices where current[index].key.registration != 0 {
                    current[index].idle = true
                }
            }
            return locked.retired
        }
    }

    func retire() {
        whileCollecting { $0.retired = true }
    }
}

/// One key's repeats on one thread since the last collection.
struct RepeatCounts {
    var count: UInt64 = 0
    /// The repeats that were timed (``BuildSampling``), and their total.
    var timedCount: UInt64 = 0
    var totalNanoseconds: UInt64 = 0
    var firstTime: UInt64 = 0
    var lastTime: UInt64 = 0

    /// A timed repeat.
    @inline(__always)
    mutating func add(duration: UInt64, time: UInt64) {
        addUntimed(time: time)
        timedCount &+= 1
        totalNanoseconds &+= duration
    }

    /// A repeat counted without a duration, `time` a coarse reading (up to a tick behind the
    /// precise clock), so the latest time is kept rather than the last one
    /// (``ResolutionFoldCounts`` merges threads' counts and compares too).
    @inline(__always)
    mutating func addUntimed(time: UInt64) {
        if count == 0 { firstTime = time }
        count &+= 1
        if time > lastTime { lastTime = time }
    }

    /// The key's total build time: exact when every repeat was timed, else the timed ones'
    /// mean times the count; `mean` (an earlier interval's) when none was.
    func estimatedTotal(mean: UInt64) -> UInt64 {
        if timedCount == count { return totalNanoseconds }
        if timedCount == 0 { return mean.multipliedReportingOverflow(by: count).overflow ? .max : mean &* count }
        let scaled = Double(totalNanoseconds) * (Double(count) / Double(timedCount))
        return scaled >= Double(UInt64.max) ? .max : UInt64(scaled.rounded())
    }
}
