import Synchronization

/// One thread's repeated identical resolutions, counted at the source instead of built into
/// events, while every attached observer folds repeats (``ResolutionObserver/foldsRepeatedResolutions``).
/// This is the only place a repeat is folded: observers get the counts as aggregates.
///
/// The resolving thread is the only writer but for ``EventHub/collectRepeats()``, which takes the
/// counts from another thread (a recorder's background thread, a flush, a change of observers);
/// the lock is therefore uncontended on the hot path but for the moment of a collection.
///
/// A key is the registration and the requester's registration (by object identity: each entry
/// keeps both registrations alive, so an address cannot be reused while its entry exists), the
/// outcome, the source and the scope's kind. The scope itself follows from the registration and
/// its kind (a `.custom` scope is always the registration's own; other kinds are fixed scopes),
/// and is checked anyway for `.custom`.
///
/// The keys live in an open-addressed table probed with a pointer mix: a repeat is a hash of
/// three words, one or two compares and four counter updates. `Dictionary` with a `Hashable`
/// key cost ~100 instructions per repeat more (callgrind), and its entries' registrations were
/// retained and released on every lookup.
final class RepeatTable: Sendable {
    /// Everything that makes two resolutions on one thread "the same", as plain bits.
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

        /// The key's home slot in a table of `mask + 1` slots.
        @inline(__always)
        func slot(mask: Int) -> Int {
            FastHash.mix(registration &+ requester &* 31 &+ bits &* 1_000_003, seed: 0) & mask
        }
    }

    /// One key: its counts and what its aggregate names.
    struct Entry {
        var key: Key
        /// Keeps the key's addresses from being reused while the entry exists.
        let registration: AnyRegistration?
        let requester: AnyRegistration?
        let scope: Scope
        let outcome: Resolved.Outcome
        let source: Resolved.Source
        /// The repeats since the last collection; times are raw ``EventClock`` readings (turned
        /// into event times only when collected, so a repeat does no arithmetic on them).
        var counts = RepeatCounts()
        /// Set by a collection that found no repeats; a second such collection drops the entry
        /// (its next occurrence is then an event again), so registrations are not kept forever.
        var idle = false

        static let vacant = Entry(
            key: .empty, registration: nil, requester: nil, scope: .unique, outcome: .created, source: .factory)

        var aggregate: ResolutionAggregate? {
            guard let registration else { return nil }
            return ResolutionAggregate(
                service: registration.identity, requester: requester?.identity, scope: scope,
                outcome: outcome, source: source, count: counts.count, totalNanoseconds: counts.totalNanoseconds,
                firstTime: EventClock.since(raw: counts.firstTime), lastTime: EventClock.since(raw: counts.lastTime))
        }
    }

    struct State: ~Copyable {
        /// The hub's observer generation the keys were seen under; a thread holding an older
        /// list does not fold (its observers may not have seen the first occurrence).
        var generation: UInt64
        /// Open-addressed slots, a power of two in number, at most half full (linear probing).
        var slots: [Entry] = Array(repeating: .vacant, count: RepeatTable.initialSlots)
        var count = 0
        var pending = false
        /// The thread exited: the next collection takes the counts and forgets the table.
        var retired = false

        /// The slot holding `key`, or the empty slot where it would go (negated, minus one).
        @inline(__always)
        func find(_ key: Key) -> Int {
            let mask = slots.count - 1
            var index = key.slot(mask: mask)
            while true {
                let found = slots[index].key
                if found == key { return index }
                if found.registration == 0 { return -1 - index }
                index = (index + 1) & mask
            }
        }

        mutating func insert(_ entry: Entry) {
            if (count + 1) * 2 > slots.count { rebuild(capacity: slots.count * 2) }
            let index = find(entry.key)
            guard index < 0 else { return }
            slots[-1 - index] = entry
            count += 1
        }

        /// Rehashes the entries `keep` accepts into `capacity` slots.
        mutating func rebuild(capacity: Int, keeping keep: (Entry) -> Bool = { _ in true }) {
            let old = slots
            slots = Array(repeating: .vacant, count: capacity)
            count = 0
            for entry in old where entry.key.registration != 0 && keep(entry) {
                slots[-1 - find(entry.key)] = entry
                count += 1
            }
        }
    }

    /// Beyond this many keys a thread's resolutions are delivered as events again.
    static let keyLimit = 4096
    static let initialSlots = 32

    let state: Mutex<State>

    init(generation: UInt64) {
        state = Mutex(State(generation: generation))
    }

    /// Counts a repeat of a key seen before under `generation`, or remembers the key and returns
    /// false: the caller then delivers the full event (the first occurrence). `requester` is
    /// read only for a new key (`requesterID` is its address, or 0).
    @inline(__always)
    func fold(
        _ registration: AnyRegistration, requesterID: UInt, requester: @autoclosure () -> AnyRegistration?,
        scope: Scope, outcome: Resolved.Outcome, source: Resolved.Source, start: UInt64, end: UInt64,
        generation: UInt64
    ) -> Bool {
        let key = Key(registration, requester: requesterID, outcome: outcome, source: source, scope: scope.kind)
        let counted: Bool? = state.withLock { state in
            guard state.generation == generation else { return false }
            let index = state.find(key)
            guard index >= 0 else { return nil }
            if scope.kind == .custom, state.slots[index].scope != scope { return false }
            state.slots[index].counts.add(duration: end &- start, time: end)
            state.pending = true
            return true
        }
        if let counted { return counted }
        remember(Entry(
            key: key, registration: registration, requester: requester(), scope: scope, outcome: outcome,
            source: source), generation: generation)
        return false
    }

    /// Adds a key's first occurrence (out of line: the repeat's path stays small).
    @inline(never)
    private func remember(_ entry: Entry, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation, state.count < RepeatTable.keyLimit else { return }
            state.insert(entry)
        }
    }

    /// Takes the counts into `aggregates`. With `generation`, also forgets every key (the
    /// observers changed: their first occurrences must be events again). Returns whether the
    /// table is retired and can be forgotten.
    func collect(into aggregates: inout [ResolutionAggregate], resetTo generation: UInt64?) -> Bool {
        state.withLock { state in
            if state.pending {
                state.pending = false
                for index in state.slots.indices where state.slots[index].counts.count > 0 {
                    if let aggregate = state.slots[index].aggregate { aggregates.append(aggregate) }
                    state.slots[index].counts = RepeatCounts()
                    state.slots[index].idle = false
                }
            }
            if let generation {
                state.generation = generation
                if state.count > 0 { state.rebuild(capacity: RepeatTable.initialSlots) { _ in false } }
            } else if state.count > 0 {
                // Entries that saw no repeat over two collections are dropped.
                if state.slots.contains(where: { $0.idle }) {
                    var capacity = RepeatTable.initialSlots
                    let kept = state.slots.count { $0.key.registration != 0 && !$0.idle }
                    while kept * 2 >= capacity { capacity *= 2 }
                    state.rebuild(capacity: capacity) { !$0.idle }
                }
                for index in state.slots.indices where state.slots[index].key.registration != 0 {
                    state.slots[index].idle = true
                }
            }
            return state.retired
        }
    }

    func retire() {
        state.withLock { $0.retired = true }
    }
}

/// One key's repeats on one thread since the last collection.
struct RepeatCounts {
    var count: UInt64 = 0
    var totalNanoseconds: UInt64 = 0
    var firstTime: UInt64 = 0
    var lastTime: UInt64 = 0

    /// One thread's readings of a monotonic clock never go back, so the last is the latest
    /// (``TraceAggregationSlot`` merges threads' counts and compares).
    @inline(__always)
    mutating func add(duration: UInt64, time: UInt64) {
        if count == 0 { firstTime = time }
        count &+= 1
        totalNanoseconds &+= duration
        lastTime = time
    }
}
