/// What makes two resolutions "the same" for folding (service, requester, scope, outcome,
/// source): the one fold key, shared by ``RepeatTable``, the recorder and the inspector's intake
/// (`@_spi(Folding)`). Its hash is computed once, before the recorder's lock is taken.
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

/// The repeats of one ``ResolutionFoldKey`` from any threads or connections: times arrive out of
/// order, so first and last are compared, and the sums saturate.
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
