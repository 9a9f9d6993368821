// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
/// What the app's threads hand to the recorder's thread, under the recorder's lock: O(1) per event.
struct TraceBuffer {
    /// Records waiting for the background thread, in arrival order.
    var pending: [TraceRecord] = []
    let capacity: Int
    /// Records refused since the last drain because ``pending`` was full.
    var dropped: UInt64 = 0
    var totalDropped: UInt64 = 0
    /// Resolutions folded into aggregates so far.
    var totalFolded: UInt64 = 0

    /// Every resolution key seen, with repeats not yet written (the first occurrence is an event).
    var aggregates: [ResolutionFoldKey: ResolutionFoldCounts] = [:]
    var aggregatesPending = false
    let aggregationKeyLimit: Int

    /// Each thread's latest missing-registration or cycle message, until it next resolves: the likely
    /// reason when a trap follows.
    var failures: [(thread: UInt64, reason: String)] = []

    var flushRequested: UInt64 = 0
    var flushCompleted: UInt64 = 0
    var stopping = false
    /// Set once the `end` record is queued: later events are ignored (the app is exiting or dying).
    var ended = false
    var signalledHalfFull = false

    init(capacity: Int, aggregationKeyLimit: Int) {
        self.capacity = max(1, capacity)
        self.aggregationKeyLimit = aggregationKeyLimit
        pending.reserveCapacity(min(self.capacity, 4096))
    }

    /// Queues a record; false when full (dropped). Returns whether to wake the writer (half full).
    @inline(__always)
    mutating func enqueue(_ record: TraceRecord) -> Bool {
        guard pending.count < capacity else {
            dropped += 1
            totalDropped += 1
            return false
        }
        pending.append(record)
        if !signalledHalfFull && pending.count >= capacity / 2 {
            signalledHalfFull = true
            return true
        }
        return false
    }

    /// Folds a repeat of a known key, or queues the first occurrence; returns whether to wake the writer.
    @inline(__always)
    mutating func add(_ resolved: Resolved, key: ResolutionFoldKey, event: ResolutionEvent) -> Bool {
        // A kept build and its pass are always events (docs/TRACE_FORMAT.md, Folding).
        if event.isInsideKeptBuild || resolved.outcome == .created && resolved.scope.keepsInstance {
            return enqueue(.event(event))
        }
        if let index = aggregates.index(forKey: key) {
            aggregates.values[index].add(duration: resolved.durationNanoseconds, time: event.time)
            aggregatesPending = true
            totalFolded += 1
            return false
        }
        if aggregates.count < aggregationKeyLimit { aggregates[key] = ResolutionFoldCounts() }
        return enqueue(.event(event))
    }

    /// Adds repeats counted by resolving threads; a key past the limit becomes its own `aggregate`
    /// record past the capacity: counts are never dropped.
    mutating func addRepeats(_ repeats: [ResolutionAggregate]) {
        for repeated in repeats where repeated.count > 0 {
            let key = ResolutionFoldKey(repeated)
            totalFolded += repeated.count
            if aggregates.count < aggregationKeyLimit || aggregates[key] != nil {
                aggregates[key, default: ResolutionFoldCounts()].add(repeated)
                aggregatesPending = true
            } else {
                pending.append(.aggregate(repeated))
            }
        }
    }

    /// Takes the folded repeats, leaving every key known (so its next repeat folds again).
    mutating func takeAggregates() -> [ResolutionAggregate] {
        guard aggregatesPending else { return [] }
        aggregatesPending = false
        var result: [ResolutionAggregate] = []
        for index in aggregates.indices where aggregates.values[index].count > 0 {
            result.append(aggregates.values[index].aggregate(for: aggregates.keys[index]))
            aggregates.values[index] = ResolutionFoldCounts()
        }
        return result
    }

    mutating func noteFailure(thread: UInt64, reason: String) {
        failures.removeAll { $0.thread == thread }
        failures.append((thread, reason))
        if failures.count > 64 { failures.removeFirst() }
    }
}
#endif
