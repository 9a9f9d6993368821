/// What makes two resolutions "the same" for folding: the service, its requester, the scope, the
/// outcome and the source. The one fold key: each entry of a resolving thread's ``RepeatTable``
/// is named by one, the trace recorder folds repeats under it, and so does the inspector's live
/// intake (hence `@_spi(Folding)`: the inspector imports it; apps see ``ResolutionAggregate``).
///
/// The hash is computed once, when the key is made (by a resolving thread before it takes the
/// recorder's lock, so that the lock is held only for the table lookup).
@_spi(Folding)
public struct ResolutionFoldKey: Hashable, Sendable {
    public let service: ServiceIdentity
    public let requester: ServiceIdentity?
    public let scope: Scope
    public let outcome: Resolved.Outcome
    public let source: Resolved.Source
    private let precomputedHash: Int

    public init(
        service: ServiceIdentity, requester: ServiceIdentity?, scope: Scope, outcome: Resolved.Outcome,
        source: Resolved.Source
    ) {
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

    /// The key of a resolution delivered as an event.
    public init(_ resolved: Resolved) {
        self.init(
            service: resolved.service, requester: resolved.requester, scope: resolved.scope,
            outcome: resolved.outcome, source: resolved.source)
    }

    /// The key of repeats already folded (a thread's counts, or an `aggregate` record).
    public init(_ aggregate: ResolutionAggregate) {
        self.init(
            service: aggregate.service, requester: aggregate.requester, scope: aggregate.scope,
            outcome: aggregate.outcome, source: aggregate.source)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.outcome == rhs.outcome && lhs.source == rhs.source
            && lhs.service == rhs.service && lhs.requester == rhs.requester && lhs.scope == rhs.scope
    }
}

/// The repeats of one ``ResolutionFoldKey`` folded so far, from any number of threads or
/// connections: they arrive slightly out of order, so the first and last times are compared,
/// and the sums saturate. (A resolving thread counts its own repeats in ``RepeatCounts``,
/// whose times only grow and whose builds may go untimed.)
@_spi(Folding)
public struct ResolutionFoldCounts: Sendable {
    public private(set) var count: UInt64 = 0
    public private(set) var totalNanoseconds: UInt64 = 0
    public private(set) var firstTime: UInt64 = 0
    public private(set) var lastTime: UInt64 = 0

    public init() {}

    /// One resolution, `duration` long, ending at `time`.
    @inline(__always)
    public mutating func add(duration: UInt64, time: UInt64) {
        add(count: 1, nanoseconds: duration, first: time, last: time)
    }

    /// Repeats folded elsewhere (a resolving thread's table, or an `aggregate` record).
    public mutating func add(_ folded: ResolutionAggregate) {
        add(count: folded.count, nanoseconds: folded.totalNanoseconds, first: folded.firstTime, last: folded.lastTime)
    }

    @inline(__always)
    private mutating func add(count added: UInt64, nanoseconds: UInt64, first: UInt64, last: UInt64) {
        if count == 0 {
            firstTime = first
            lastTime = last
        }
        let (sum, overflow) = count.addingReportingOverflow(added)
        count = overflow ? .max : sum
        let (total, totalOverflow) = totalNanoseconds.addingReportingOverflow(nanoseconds)
        totalNanoseconds = totalOverflow ? .max : total
        if last > lastTime { lastTime = last }
        if first < firstTime { firstTime = first }
    }

    /// The counts as the record of `key`'s repeats.
    public func aggregate(for key: ResolutionFoldKey) -> ResolutionAggregate {
        ResolutionAggregate(
            service: key.service, requester: key.requester, scope: key.scope, outcome: key.outcome,
            source: key.source, count: count, totalNanoseconds: totalNanoseconds, firstTime: firstTime,
            lastTime: lastTime)
    }
}
