import Injection

/// What a graph was built from, record by record, with periodic snapshots, so that the graph
/// "as of" any record or time can be rebuilt within a frame.
///
/// Feed it every record right after applying it to the live graph. Most records of a long run
/// repeat a resolve along an edge the graph already has; those are kept as a compact entry
/// (node and edge ids, counts and times: 56 bytes) and replayed without hashing an identity.
/// Everything else (first sightings, registrations, failures, overrides) is kept whole.
///
/// Every ``snapshotInterval(for:)`` records the history keeps a copy of the graph (a
/// copy-on-write value: the live graph's next change pays one copy). ``graph(through:)`` starts
/// from the nearest snapshot at or before the target and replays the entries since.
///
/// ```swift
/// var graph = DependencyGraph()
/// var history = GraphHistory()
/// for record in records {
///     graph.apply(record)
///     history.append(record, appliedTo: graph)
/// }
/// let halfway = history.graph(through: history.count(atOrBefore: history.endTime / 2))
/// ```
public struct GraphHistory: Sendable {
    /// For each record, the latest trace time (`t`, nanoseconds) seen up to and including it:
    /// non-decreasing, so a time maps to a record count by binary search.
    public private(set) var times: [UInt64] = []
    /// For each record, the successful resolves seen up to and including it.
    public private(set) var cumulativeResolves: [UInt64] = []
    /// The first header record, if any (the app's name before the cursor reaches it).
    public private(set) var header: TraceHeader?
    /// Indices of header records (normally just 0).
    private var headerIndices: [Int] = []
    private var entries: [HistoryEntry] = []
    private var wholeRecords: [TraceRecord] = []
    private var scopes: [Scope] = []
    private var scopeIndex: [Scope: UInt16] = [:]
    private var snapshots: [Snapshot] = []

    struct Snapshot: Sendable {
        /// Records applied to ``graph``.
        let count: Int
        let graph: DependencyGraph
    }

    /// The fewest and the most records between two snapshots.
    public static let minimumSnapshotInterval = 2_048
    public static let maximumSnapshotInterval = 8_192

    public init() {}

    /// Records kept.
    public var count: Int { entries.count }

    /// The time of the last record (0 when empty).
    public var endTime: UInt64 { times.last ?? 0 }

    /// Snapshots kept.
    public var snapshotCount: Int { snapshots.count }

    /// Records kept whole rather than as compact resolves.
    public var wholeRecordCount: Int { wholeRecords.count }

    /// Records between snapshots for a graph of this size: about the graph's size (so snapshots
    /// weigh about what the entries between them do), within the bounds that keep a rebuild
    /// under a frame.
    public static func snapshotInterval(for graph: DependencyGraph) -> Int {
        min(maximumSnapshotInterval, max(minimumSnapshotInterval, graph.nodes.count + graph.edges.count))
    }

    /// Keeps `record`, which was just applied to `graph`.
    public mutating func append(_ record: TraceRecord, appliedTo graph: DependencyGraph) {
        let time = Self.time(of: record) ?? 0
        times.append(max(time, times.last ?? 0))
        cumulativeResolves.append((cumulativeResolves.last ?? 0) + Self.resolves(in: record))
        if case .header(let recorded) = record {
            if header == nil { header = recorded }
            headerIndices.append(entries.count)
        }
        entries.append(compact(record, in: graph) ?? whole(record))
        if entries.count - (snapshots.last?.count ?? 0) >= Self.snapshotInterval(for: graph) {
            snapshots.append(Snapshot(count: entries.count, graph: graph))
        }
    }

    /// The graph after the first `count` records (clamped to the records kept).
    public func graph(through count: Int) -> DependencyGraph {
        let target = min(max(0, count), entries.count)
        var low = 0
        var high = snapshots.count
        while low < high {
            let middle = (low + high) / 2
            if snapshots[middle].count <= target { low = middle + 1 } else { high = middle }
        }
        var graph = low > 0 ? snapshots[low - 1].graph : DependencyGraph()
        let start = low > 0 ? snapshots[low - 1].count : 0
        for index in start..<target {
            let entry = entries[index]
            if entry.service == HistoryEntry.whole {
                graph.apply(wholeRecords[Int(entry.edge)])
            } else {
                graph.replay(entry, scope: scopes[Int(entry.scope)])
            }
        }
        return graph
    }

    /// How many records happened at or before `time`.
    public func count(atOrBefore time: UInt64) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many of the first `count` records are headers (which the event log does not list).
    public func headerCount(before count: Int) -> Int { headerIndices.count { $0 < count } }

    /// The time after the first `count` records (0 before any).
    public func time(through count: Int) -> UInt64 {
        count > 0 && !times.isEmpty ? times[min(count, times.count) - 1] : 0
    }

    /// Successful resolves in each of `buckets` equal slices of `0...endTime`: the sparkline.
    public func resolvesPerBucket(_ buckets: Int) -> [UInt64] {
        guard buckets > 0 else { return [] }
        let end = max(endTime, 1)
        var result: [UInt64] = []
        result.reserveCapacity(buckets)
        var previous: UInt64 = 0
        for bucket in 1...buckets {
            // The last bucket ends at the end, whatever the rounding.
            let limit = bucket == buckets ? UInt64.max : UInt64(Double(end) * Double(bucket) / Double(buckets))
            let upTo = count(atOrBefore: limit)
            let total = upTo > 0 ? cumulativeResolves[upTo - 1] : 0
            result.append(total - previous)
            previous = total
        }
        return result
    }

    /// The trace time a record carries; nil for the header.
    public static func time(of record: borrowing TraceRecord) -> UInt64? {
        switch record {
        case .header: nil
        case .event(let event): event.time
        case .aggregate(let aggregate): aggregate.lastTime
        case .dropped(_, let time): time
        case .end(let time, _): time
        }
    }

    static func resolves(in record: borrowing TraceRecord) -> UInt64 {
        switch record {
        case .event(let event):
            if case .resolved = event.kind { return 1 }
            return 0
        case .aggregate(let aggregate): return aggregate.count
        default: return 0
        }
    }

    // MARK: - Entries

    private mutating func whole(_ record: TraceRecord) -> HistoryEntry {
        wholeRecords.append(record)
        return HistoryEntry(wholeRecord: wholeRecords.count - 1)
    }

    /// A resolve along an edge `graph` already had before it (or a root resolve of a known
    /// service) as a compact entry; nil for anything else.
    private mutating func compact(_ record: borrowing TraceRecord, in graph: DependencyGraph) -> HistoryEntry? {
        switch record {
        case .event(let event):
            guard case .resolved(let resolved) = event.kind else { return nil }
            return compact(service: resolved.service, requester: resolved.requester, scope: resolved.scope,
                           outcome: resolved.outcome, count: 1, nanoseconds: resolved.durationNanoseconds,
                           first: event.time, last: event.time, sequence: event.sequence, isAggregate: false, in: graph)
        case .aggregate(let aggregate):
            return compact(service: aggregate.service, requester: aggregate.requester, scope: aggregate.scope,
                           outcome: aggregate.outcome, count: aggregate.count, nanoseconds: aggregate.totalNanoseconds,
                           first: aggregate.firstTime, last: aggregate.lastTime, sequence: 0, isAggregate: true, in: graph)
        default:
            return nil
        }
    }

    private mutating func compact(
        service: ServiceIdentity, requester: ServiceIdentity?, scope: Scope, outcome: Resolved.Outcome, count: UInt64,
        nanoseconds: UInt64, first: UInt64, last: UInt64, sequence: UInt64, isAggregate: Bool, in graph: DependencyGraph
    ) -> HistoryEntry? {
        guard let serviceID = graph.nodeID(for: service), serviceID < Int(Int32.max) else { return nil }
        var requesterID: NodeID = -1
        var edgeID: EdgeID = -1
        if let requester {
            guard let id = graph.nodeID(for: requester), let edge = graph.edgeID(from: id, to: serviceID),
                  edge < Int(Int32.max) else { return nil }
            // An edge the record itself created (first sighting) is replayed from the whole record.
            guard graph.edges[edge].count > count else { return nil }
            requesterID = id
            edgeID = edge
        } else if graph.nodes[serviceID].resolveCount == count {
            return nil  // the service's first resolve: its scope may have come from it
        }
        let scopeNumber: UInt16
        if let known = scopeIndex[scope] {
            scopeNumber = known
        } else {
            guard scopes.count < Int(UInt16.max) else { return nil }
            scopeNumber = UInt16(scopes.count)
            scopeIndex[scope] = scopeNumber
            scopes.append(scope)
        }
        return HistoryEntry(
            service: Int32(serviceID), requester: Int32(requesterID), edge: Int32(edgeID), scope: scopeNumber,
            isCreated: outcome == .created, isAggregate: isAggregate, count: count, nanoseconds: nanoseconds,
            first: first, last: last, sequence: sequence)
    }
}

/// One record of a ``GraphHistory``: a resolve by ids, or (``service`` == ``whole``) the index
/// of a record kept whole in ``edge``.
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
        self.init(service: Self.whole, requester: -1, edge: Int32(index), scope: 0, isCreated: false, isAggregate: false,
                  count: 0, nanoseconds: 0, first: 0, last: 0, sequence: 0)
    }
}

extension DependencyGraph {
    /// Applies a compact resolve exactly as ``apply(_:)`` applies the record it came from.
    mutating func replay(_ entry: HistoryEntry, scope: Scope) {
        revision &+= 1
        session.eventCount += 1
        if entry.isAggregate {
            session.lastTime = max(session.lastTime, entry.last)
        } else {
            if entry.sequence > session.lastSequence { session.lastSequence = entry.sequence }
            if entry.last > session.lastTime { session.lastTime = entry.last }
        }
        session.resolveCount += entry.count
        let id = Int(entry.service)
        nodes[id].record(scope: scope, outcome: entry.isCreated ? .created : .cached, count: entry.count,
                         nanoseconds: entry.nanoseconds, first: entry.first, last: entry.last)
        guard entry.requester >= 0 else {
            nodes[id].appResolveCount += entry.count
            return
        }
        nodes[Int(entry.requester)].childNanoseconds &+= entry.nanoseconds
        let edge = Int(entry.edge)
        edges[edge].count += entry.count
        edges[edge].totalNanoseconds &+= entry.nanoseconds
        if entry.isCreated { edges[edge].createdCount += entry.count } else { edges[edge].cachedCount += entry.count }
    }
}
