import Synchronization

/// One thread's repeated identical resolutions, counted at the source instead of built into
/// events, while every attached observer folds repeats (``ResolutionObserver/foldsRepeatedResolutions``).
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
final class RepeatTable: Sendable {
    struct Key: Hashable {
        let registration: ObjectIdentifier
        let requester: ObjectIdentifier?
        /// Outcome, source and scope kind, packed.
        let bits: UInt16

        @inline(__always)
        init(_ registration: AnyRegistration, _ requester: AnyRegistration?, _ outcome: Resolved.Outcome,
             _ source: Resolved.Source, _ scope: Scope) {
            self.registration = ObjectIdentifier(registration)
            self.requester = requester.map(ObjectIdentifier.init)
            let outcomeBits: UInt16 = outcome == .created ? 0 : 1
            let sourceBits: UInt16 = switch source {
            case .factory: 0
            case .override: 1
            case .mapping: 2
            case .argument: 3
            }
            bits = outcomeBits | sourceBits << 1 | UInt16(scope.kind.rawValue) << 3
        }

        /// A multiplicative hash instead of SipHash, as for ``TypeKey``: the key is two pointers
        /// the runtime chose and a few bits. SipHash was ~200 of a folded repeat's ~770
        /// instructions (callgrind, transient with the recorder attached).
        func _rawHashValue(seed: Int) -> Int {
            let requesterBits = requester.map { UInt(bitPattern: $0.hashValueBits) } ?? 0
            return FastHash.mix(
                UInt(bitPattern: registration.hashValueBits) &+ requesterBits &* 31 &+ UInt(bits) &* 1_000_003,
                seed: seed)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(_rawHashValue(seed: 0))
        }
    }

    struct Entry {
        let registration: AnyRegistration
        let requester: AnyRegistration?
        let scope: Scope
        let outcome: Resolved.Outcome
        let source: Resolved.Source
        /// The counts, kept as the recorder keeps its own (``TraceAggregationSlot``).
        var counts = TraceAggregationSlot()
        var count: UInt64 { counts.count }
        /// Set by a collection that found no repeats; a second such collection drops the entry
        /// (its next occurrence is then an event again), so registrations are not kept forever.
        var idle = false

        var aggregate: ResolutionAggregate {
            ResolutionAggregate(
                service: registration.identity, requester: requester?.identity, scope: scope,
                outcome: outcome, source: source, count: counts.count, totalNanoseconds: counts.totalNanoseconds,
                firstTime: counts.firstTime, lastTime: counts.lastTime)
        }
    }

    struct State: ~Copyable {
        /// The hub's observer generation the keys were seen under; a thread holding an older
        /// list does not fold (its observers may not have seen the first occurrence).
        var generation: UInt64
        var entries: [Key: Entry] = [:]
        var pending = false
        /// The thread exited: the next collection takes the counts and forgets the table.
        var retired = false
    }

    /// Beyond this many keys a thread's resolutions are delivered as events again.
    static let keyLimit = 4096

    let state: Mutex<State>

    init(generation: UInt64) {
        state = Mutex(State(generation: generation))
    }

    /// Counts a repeat of a key seen before under `generation`, or remembers the key and returns
    /// false: the caller then delivers the full event (the first occurrence).
    @inline(__always)
    func fold(
        _ registration: AnyRegistration, requester: AnyRegistration?, scope: Scope, outcome: Resolved.Outcome,
        source: Resolved.Source, duration: UInt64, time: UInt64, generation: UInt64
    ) -> Bool {
        let key = Key(registration, requester, outcome, source, scope)
        return state.withLock { state in
            guard state.generation == generation else { return false }
            if let index = state.entries.index(forKey: key) {
                if scope.kind == .custom, state.entries.values[index].scope != scope { return false }
                state.entries.values[index].counts.add(duration: duration, time: time)
                state.pending = true
                return true
            }
            if state.entries.count < RepeatTable.keyLimit {
                state.entries[key] = Entry(
                    registration: registration, requester: requester, scope: scope, outcome: outcome, source: source)
            }
            return false
        }
    }

    /// Takes the counts into `aggregates`. With `generation`, also forgets every key (the
    /// observers changed: their first occurrences must be events again). Returns whether the
    /// table is retired and can be forgotten.
    func collect(into aggregates: inout [ResolutionAggregate], resetTo generation: UInt64?) -> Bool {
        state.withLock { state in
            if state.pending {
                state.pending = false
                for index in state.entries.indices {
                    let entry = state.entries.values[index]
                    guard entry.count > 0 else { continue }
                    aggregates.append(entry.aggregate)
                    state.entries.values[index].counts = TraceAggregationSlot()
                    state.entries.values[index].idle = false
                }
            }
            if let generation {
                state.generation = generation
                state.entries.removeAll()
            } else if !state.entries.isEmpty {
                // Entries that saw no repeat over two collections are dropped.
                state.entries = state.entries.filter { _, entry in !entry.idle || entry.count > 0 }
                for index in state.entries.indices where state.entries.values[index].count == 0 {
                    state.entries.values[index].idle = true
                }
            }
            return state.retired
        }
    }

    func retire() {
        state.withLock { $0.retired = true }
    }
}

