import Synchronization

/// One thread's repeated identical resolutions, counted at the source while every observer folds
/// repeats (``ResolutionObserver/foldsRepeatedResolutions``): the one place a repeat is folded.
/// Kept for speed: a `Mutex` and a `Dictionary` per repeat cost more (DECISIONS.md, "Mechanisms
/// kept only for speed"; Benchmarks/, recorder attached).
///
/// The owner (the resolving thread) counts without a lock; ``EventHub/collectRepeats()`` collects
/// from any thread. Dekker's exclusion, both sides sequentially consistent: the owner marks
/// `writing` odd, then checks `collecting`; a collector takes `lock`, raises `collecting`, then
/// waits for `writing` to be even. The owner that sees a collection counts under the lock.
///
/// `@unchecked Sendable` (the slots are memory behind pointers): the slots are touched only (a)
/// by the owner while `writing` is odd, having seen `collecting` false, or (b) under `lock`. A
/// collector holds `lock` while `collecting` is true and waits for `writing` to be even, so (a)
/// and (b) never overlap, and two (b)s exclude each other. `sampling` is the owner's alone.
final class RepeatTable: @unchecked Sendable {
    /// A ``ResolutionFoldKey`` in plain bits: the registrations' addresses stand for their identities
    /// (each entry keeps them alive), so a repeat hashes three words and retains nothing.
    struct Key: Equatable {
        /// The registration's address; 0 marks an empty slot.
        let registration: UInt
        /// The requester's registration's address, or 0 for a resolve from app code.
        let requester: UInt
        /// Outcome, source and scope kind, packed.
        let bits: UInt

        static let empty = Key(registration: 0, requester: 0, bits: 0)

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

    /// One key: its counts and what its aggregate names. The key and counts fill one cache line, so a
    /// repeat touches one line; the rest is read only on a first occurrence or a collection.
    struct Entry {
        var key: Key
        /// The repeats since the last collection, in raw ``EventClock`` readings.
        var counts = RepeatCounts()
        /// Keeps the key's addresses from being reused while the entry exists.
        let registration: AnyRegistration?
        let requester: AnyRegistration?
        let scope: Scope
        let outcome: Resolved.Outcome
        let source: Resolved.Source
        /// The mean build time of the last timed collection (``BuildSampling``).
        var meanNanoseconds: UInt64 = 0
        /// Set by a collection that found no repeats; a second such collection drops the entry.
        var idle = false

        static let vacant = Entry(
            key: .empty, registration: nil, requester: nil, scope: .unique, outcome: .created, source: .factory)

        /// The repeats as delivered (nil for a vacant slot); the receiver makes their fold key.
        var aggregate: ResolutionAggregate? {
            guard let registration else { return nil }
            return ResolutionAggregate(
                service: registration.identity, requester: requester?.identity, scope: scope, outcome: outcome,
                source: source, count: counts.count, totalNanoseconds: counts.estimatedTotal(mean: meanNanoseconds),
                firstTime: EventClock.since(raw: counts.firstTime), lastTime: EventClock.since(raw: counts.lastTime))
        }
    }

    /// The slots, owned by the table and aligned to cache lines. Not an `Array`: its element write
    /// checks uniqueness, which this storage never needs.
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

    /// The slots, read and written in place without exclusivity checks (see the type's comment).
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
        /// Open-addressed, linear probing, at most half full; published through `slotBase`/`slotMask`.
        var slots: Slots
        var count = 0
        /// The thread exited: the next collection takes the counts and forgets the table.
        var retired = false
    }

    /// Beyond this many keys a thread's resolutions are delivered as events again.
    static let keyLimit = 4096
    static let initialSlots = 32

    /// The observer generation the keys were seen under; an older thread list does not fold.
    private let generation: Atomic<UInt64>
    /// Whether any count was taken since the last collection.
    private let pending = Atomic<Bool>(false)
    /// ``Locked/slots`` as the owner reads them; ordered by `writing` and `collecting`.
    private let slotBase: Atomic<UnsafeMutablePointer<Entry>>
    private let slotMask: Atomic<Int>
    /// Odd while the owner counts a repeat without the lock.
    private let writing = Atomic<UInt64>(0)
    /// True while a collector works on the slots (it holds `lock` meanwhile).
    private let collecting = Atomic<Bool>(false)
    private let lock = Lock<Void>(())
    /// Read and written only under `lock`, never on a repeat's path.
    private var locked: Locked
    /// Which builds the owner times (``BuildSampling``); owner-only.
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

    /// Counts a repeat of a key seen under `generation`, or remembers the key and returns false (the
    /// caller delivers the first occurrence as an event). `start` 0 marks an untimed build. Owner only.
    @inline(__always)
    func fold(
        _ registration: AnyRegistration, requesterID: UInt, requester: @autoclosure () -> AnyRegistration?,
        kind: Scope.Kind, scope: @autoclosure () -> Scope, outcome: Resolved.Outcome, source: Resolved.Source,
        start: UInt64, end: UInt64, generation: UInt64
    ) -> Bool {
        let key = Key(registration, requester: requesterID, outcome: outcome, source: source, scope: kind)
        // A duration of `.max` marks an untimed build.
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

    /// A key's first occurrence, out of line so the repeat's path sets none of it up.
    @inline(never)
    private func rememberFirst(
        _ key: Key, registration: AnyRegistration, requester: AnyRegistration?, scope: Scope, outcome: Resolved.Outcome,
        source: Resolved.Source, measured: UInt64, timed: Bool, generation: UInt64
    ) {
        let entry = Entry(
            key: key, registration: registration, requester: requester, scope: scope, outcome: outcome, source: source,
            meanNanoseconds: measured)
        if remember(entry, generation: generation), timed, outcome == .created {
            sampling.timed(key.registration, generation: generation, nanoseconds: measured)
        }
    }

    /// Raises `writing` to odd (sequentially consistent, so before the load of `collecting`).
    @inline(__always)
    private func markWriting() -> UInt64 {
        return writing.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }

    /// True when counted, false when the caller must deliver the event, nil for an unseen key.
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

    /// ``count(_:scope:duration:time:generation:)`` under the lock, after a collection.
    @inline(never)
    private func countDuringCollection(
        _ key: Key, scope: Scope, duration: UInt64, time: UInt64, generation: UInt64
    ) -> Bool? {
        lock.withLock { _ in count(key, scope: scope, duration: duration, time: time, generation: generation) }
    }

    /// Adds a first occurrence; false when the table is full or the generation moved on.
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

    /// Rehashes the entries `keep` accepts into `capacity` slots and publishes them; `lock` held.
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
                // The owner is counting: briefly, unless it was preempted.
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

    /// Takes the counts into `aggregates`; with `generation`, also forgets every key (the observers
    /// changed). Returns whether the table is retired.
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

extension RepeatTable.Key {
    /// In an extension, so the memberwise `init(registration:requester:bits:)` is synthesised.
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

    /// A repeat without a duration; `time` is coarse, so the latest time is kept.
    @inline(__always)
    mutating func addUntimed(time: UInt64) {
        if count == 0 { firstTime = time }
        count &+= 1
        if time > lastTime { lastTime = time }
    }

    /// The total build time: exact when every repeat was timed, else scaled from the timed ones;
    /// `mean` times the count when none was.
    func estimatedTotal(mean: UInt64) -> UInt64 {
        if timedCount == count { return totalNanoseconds }
        if timedCount == 0 { return mean.multipliedReportingOverflow(by: count).overflow ? .max : mean &* count }
        let scaled = Double(totalNanoseconds) * (Double(count) / Double(timedCount))
        return scaled >= Double(UInt64.max) ? .max : UInt64(scaled.rounded())
    }
}
