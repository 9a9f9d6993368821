import Injection

/// The records a graph was built from, with periodic snapshots, so that the graph "as of" any
/// record or time can be rebuilt within a frame.
///
/// Feed it every record after applying it to the live graph. Every ``snapshotInterval(for:)``
/// records it keeps a copy of the graph (a copy-on-write value: the next change to the live graph
/// pays one copy); ``graph(through:)`` starts from the nearest snapshot at or before the target
/// and applies the records since. The interval grows with the graph (at least its nodes plus
/// edges), so snapshots cost at most about as much memory as the records themselves, and
/// rebuilding applies at most one interval of records.
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
    /// Every record, in the order applied.
    public private(set) var records: [TraceRecord] = []
    /// For each record, the latest trace time (`t`, nanoseconds) seen up to and including it:
    /// non-decreasing, so a time maps to a record count by binary search.
    public private(set) var times: [UInt64] = []
    /// For each record, the successful resolves seen up to and including it.
    public private(set) var cumulativeResolves: [UInt64] = []
    private var snapshots: [Snapshot] = []

    struct Snapshot: Sendable {
        /// Records applied to ``graph``.
        let count: Int
        let graph: DependencyGraph
    }

    /// The fewest records between two snapshots.
    public static let minimumSnapshotInterval = 2_048

    public init() {}

    /// Records kept.
    public var count: Int { records.count }

    /// The time of the last record (0 when empty).
    public var endTime: UInt64 { times.last ?? 0 }

    /// Snapshots kept (for the memory figures in BENCHMARKS.md).
    public var snapshotCount: Int { snapshots.count }

    /// Records between snapshots for a graph of this size.
    public static func snapshotInterval(for graph: DependencyGraph) -> Int {
        max(minimumSnapshotInterval, graph.nodes.count + graph.edges.count)
    }

    /// Keeps `record`, which was just applied to `graph`.
    public mutating func append(_ record: TraceRecord, appliedTo graph: DependencyGraph) {
        let time = Self.time(of: record) ?? 0
        times.append(max(time, times.last ?? 0))
        cumulativeResolves.append((cumulativeResolves.last ?? 0) + Self.resolves(in: record))
        records.append(record)
        let last = snapshots.last?.count ?? 0
        if records.count - last >= Self.snapshotInterval(for: graph) {
            snapshots.append(Snapshot(count: records.count, graph: graph))
        }
    }

    /// The graph after the first `count` records (clamped to the records kept).
    public func graph(through count: Int) -> DependencyGraph {
        let target = min(max(0, count), records.count)
        var low = 0
        var high = snapshots.count
        while low < high {
            let middle = (low + high) / 2
            if snapshots[middle].count <= target { low = middle + 1 } else { high = middle }
        }
        var graph = low > 0 ? snapshots[low - 1].graph : DependencyGraph()
        let start = low > 0 ? snapshots[low - 1].count : 0
        for index in start..<target { graph.apply(records[index]) }
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
    public static func time(of record: TraceRecord) -> UInt64? {
        switch record {
        case .header: nil
        case .event(let event): event.time
        case .aggregate(let aggregate): aggregate.lastTime
        case .dropped(_, let time): time
        case .end(let time, _): time
        }
    }

    static func resolves(in record: TraceRecord) -> UInt64 {
        switch record {
        case .event(let event):
            if case .resolved = event.kind { return 1 }
            return 0
        case .aggregate(let aggregate): return aggregate.count
        default: return 0
        }
    }
}
