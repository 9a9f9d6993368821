import Injection

/// One record of a ``GraphHistory``: a resolve by ids, or (``service`` == ``whole``) the number
/// of a record kept whole in ``edge`` (modulo 2^32).
struct HistoryEntry: Sendable {
    static let whole: Int32 = -2

    let service: Int32
    let requester: Int32
    let edge: Int32
    let scope: UInt16
    let isCreated: Bool
    let isAggregate: Bool
    let count: UInt64
    let nanoseconds: UInt64
    let first: UInt64
    let last: UInt64
    let sequence: UInt64

    init(service: Int32, requester: Int32, edge: Int32, scope: UInt16, isCreated: Bool, isAggregate: Bool,
         count: UInt64, nanoseconds: UInt64, first: UInt64, last: UInt64, sequence: UInt64) {
        self.service = service
        self.requester = requester
        self.edge = edge
        self.scope = scope
        self.isCreated = isCreated
        self.isAggregate = isAggregate
        self.count = count
        self.nanoseconds = nanoseconds
        self.first = first
        self.last = last
        self.sequence = sequence
    }

    init(wholeRecord index: Int) {
        // The number wraps at 2^32 (an all-day session numbers billions of whole records); the
        // history reads it back relative to the records it dropped.
        self.init(service: Self.whole, requester: -1, edge: Int32(truncatingIfNeeded: index), scope: 0, isCreated: false, isAggregate: false,
                  count: 0, nanoseconds: 0, first: 0, last: 0, sequence: 0)
    }
}

extension DependencyGraph {
    /// Applies a compact resolve as ``apply(_:)`` applies the record it came from: the same
    /// session bookkeeping, then the same ``applyResolve`` with the identities the ids stand for
    /// (so nodes and edges are created in the same order, with the same ids).
    mutating func replay(_ entry: HistoryEntry, scope: Scope, identities: [ServiceIdentity]) {
        revision &+= 1
        session.eventCount.addSaturating(1)
        if entry.isAggregate {
            session.lastTime = max(session.lastTime, entry.last)
        } else {
            if entry.sequence > session.lastSequence { session.lastSequence = entry.sequence }
            if entry.last > session.lastTime { session.lastTime = entry.last }
        }
        applyResolve(
            service: identities[Int(entry.service)], requester: entry.requester >= 0 ? identities[Int(entry.requester)] : nil,
            scope: scope, outcome: entry.isCreated ? .created : .cached, count: entry.count, nanoseconds: entry.nanoseconds,
            first: entry.first, last: entry.last)
    }
}
