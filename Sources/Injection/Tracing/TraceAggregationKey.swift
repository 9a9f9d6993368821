/// What makes two resolutions "the same" for folding: service, requester, scope, outcome, source.
///
/// The hash is computed once, by the resolving thread before it takes the recorder's lock, so
/// the lock is held only for the table lookup. (`ServiceIdentity.Storage` precomputes its own
/// hash the same way, over its own fields, deliberately: each keys a different hot table.)
struct TraceAggregationKey: Hashable {
    let service: ServiceIdentity
    let requester: ServiceIdentity?
    let scope: Scope
    let outcome: Resolved.Outcome
    let source: Resolved.Source
    private let precomputedHash: Int

    init(_ resolved: Resolved) {
        self.init(
            service: resolved.service, requester: resolved.requester, scope: resolved.scope,
            outcome: resolved.outcome, source: resolved.source)
    }

    init(service: ServiceIdentity, requester: ServiceIdentity?, scope: Scope, outcome: Resolved.Outcome, source: Resolved.Source) {
        self.service = service
        self.requester = requester
        self.scope = scope
        self.outcome = outcome
        self.source = source
        var hasher = Hasher()
        hasher.combine(service)
        hasher.combine(requester)
        hasher.combine(scope)
        hasher.combine(outcome)
        hasher.combine(source)
        precomputedHash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.outcome == rhs.outcome && lhs.source == rhs.source
            && lhs.service == rhs.service && lhs.requester == rhs.requester && lhs.scope == rhs.scope
    }
}

/// The repeats of one key since the last aggregate record was written.
///
/// Its twin `RepeatCounts` (Events/RepeatFolding.swift) counts one thread's repeats and so may
/// take the last time as the latest; this slot merges threads, whose times arrive out of order,
/// and compares. Kept apart on purpose: `RepeatCounts.add` runs on every folded resolve.
struct TraceAggregationSlot {
    var count: UInt64 = 0
    var totalNanoseconds: UInt64 = 0
    var firstTime: UInt64 = 0
    var lastTime: UInt64 = 0

    @inline(__always)
    mutating func add(duration: UInt64, time: UInt64) {
        if count == 0 {
            firstTime = time
            lastTime = time
        }
        count += 1
        totalNanoseconds &+= duration
        // Threads push slightly out of order; keep the range covering every repeat.
        if time > lastTime { lastTime = time }
        if time < firstTime { firstTime = time }
    }

    /// Adds repeats counted elsewhere (a resolving thread's ``RepeatTable``).
    mutating func add(_ repeated: ResolutionAggregate) {
        if count == 0 {
            firstTime = repeated.firstTime
            lastTime = repeated.lastTime
        }
        count += repeated.count
        totalNanoseconds &+= repeated.totalNanoseconds
        if repeated.lastTime > lastTime { lastTime = repeated.lastTime }
        if repeated.firstTime < firstTime { firstTime = repeated.firstTime }
    }

    func record(for key: TraceAggregationKey) -> ResolutionAggregate {
        ResolutionAggregate(
            service: key.service, requester: key.requester, scope: key.scope, outcome: key.outcome,
            source: key.source, count: count, totalNanoseconds: totalNanoseconds,
            firstTime: firstTime, lastTime: lastTime)
    }
}
