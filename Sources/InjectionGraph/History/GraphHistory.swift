import Injection

/// What a graph was built from, record by record, with periodic snapshots, so that the graph
/// "as of" any record or time can be rebuilt within a frame.
///
/// Feed it every record right after applying it to the live graph. Resolves (and aggregates),
/// nearly all of a long run, are kept as a compact entry (node and edge ids, counts and times:
/// 56 bytes) and replayed through the same code as the record, with the identity the history
/// keeps once per service. Everything else
/// (registrations, failures, overrides, mappings) is kept whole. The records of the children
/// folded at one site (``ContainerFold``) are merged into runs, so that a child per request
/// costs the history what its time does, not its requests (`GraphHistory+FoldedRuns.swift`).
///
/// The history keeps a copy of the graph (a copy-on-write value: the live graph's next change
/// pays one copy) whenever the replay cost since the last one reaches ``snapshotBudget(for:)``:
/// a repeated resolve costs 1, one that creates a node or an edge ``creatingEntryCost``, a whole
/// record (hashed identities) ``wholeRecordCost``. A snapshot also waits for at least a quarter of the
/// graph's size in records, so snapshots never weigh much more than the entries between them.
/// ``graph(through:)`` starts from the nearest snapshot at or before the target and replays the
/// entries since.
///
/// Everything is kept in ``ChunkedArray``s: no append, and no compaction, ever copies the whole
/// history. A long session that outgrows its memory budget drops its older half with a
/// ``beginCompaction()`` and ``continueCompaction(until:)`` calls, a bounded slice of work each,
/// and what the cut freed comes back as a ``ReleasedHistory`` to free on another thread.
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
    public internal(set) var times = ChunkedArray<UInt64>()
    /// For each record, the successful resolves seen up to and including it.
    public internal(set) var cumulativeResolves = ChunkedArray<UInt64>()
    /// The first header record, if any (the app's name before the cursor reaches it).
    public private(set) var header: TraceHeader?
    /// Indices of header records (normally just 0).
    private var headerIndices: [Int] = []
    var entries = ChunkedArray<HistoryEntry>()
    var wholeRecords = ChunkedArray<TraceRecord>()
    private var scopes: [Scope] = []
    private var scopeIndex: [Scope: UInt16] = [:]
    /// Most resolves repeat the previous one's scope: compared before hashing.
    private var lastScope: (scope: Scope, number: UInt16)?
    private var snapshots: [Snapshot] = []
    private(set) var snapshotBytes = 0
    /// Records dropped from the start by a compaction: record numbers here count from
    /// the first record kept.
    public private(set) var droppedRecords = 0
    /// Header records among the dropped ones.
    public private(set) var droppedHeaders = 0
    /// The time after the dropped records: where the kept history starts (0 when none was
    /// dropped).
    public private(set) var startTime: UInt64 = 0
    /// Successful resolves in the dropped records.
    private var resolvesBeforeStart: UInt64 = 0
    /// The graph after the dropped records: what a rebuild starts from when no snapshot is nearer.
    private var base: DependencyGraph?
    private(set) var baseBytes = 0
    /// Whole records dropped with their entries (``HistoryEntry/edge`` counts them too, modulo
    /// 2^32: see ``wholeRecordIndex(of:)``).
    private(set) var droppedWholeRecords = 0
    /// The compaction under way, if any.
    private var compaction: Compaction?
    /// The run of a folded site's records the last records went to, while later ones of the
    /// site still merge into it (`GraphHistory+FoldedRuns.swift`).
    var run: FoldedRun?
    /// Records merged into runs, counted from the session's start: the event log numbers them
    /// all (``eventLines(through:)``).
    public internal(set) var mergedRecords = 0
    /// How many records were merged before each run's end, for ``eventLines(through:)``: one
    /// mark per run that merged any.
    var mergeMarks: [MergeMark] = []
    /// Records merged into the runs a compaction dropped.
    var mergedBeforeStart = 0

    /// A compaction under way: the graph as of ``cut`` is rebuilt from the nearest snapshot a
    /// slice at a time; when it is ready the records before the cut are dropped at once.
    struct Compaction: Sendable {
        /// Records to drop (the older half when it began).
        let cut: Int
        /// The graph after the first ``position`` records.
        var graph: DependencyGraph
        var position: Int
        /// The number (counted from the session's start) of the first whole record at or after
        /// ``position``.
        var nextWholeRecord: Int
        /// What ``graph`` weighed when the compaction began.
        let bytes: Int
    }

    struct Snapshot: Sendable {
        /// Records applied to ``graph``.
        let count: Int
        let graph: DependencyGraph
        /// What it weighs beyond the snapshot before it (or the base): the pages of services and
        /// edges written since, and the tables if they changed
        /// (``DependencyGraph/bytesNotShared(with:)``); the whole graph for the first.
        var bytes: Int
        /// Whole records kept before it, counted from the session's start.
        let wholeRecords: Int
    }

    /// The smallest and the largest replay cost between two snapshots.
    public static let minimumSnapshotBudget = 16_384
    public static let maximumSnapshotBudget = 32_768
    /// What replaying a whole record, or an entry that creates a node or edge, costs in repeated
    /// resolves.
    public static let wholeRecordCost = 16
    public static let creatingEntryCost = 4
    /// The identity of every node, by id: what a replay creates a node from.
    private(set) var nodeIdentities: [ServiceIdentity] = []
    /// The live graph's ``DependencyGraph/serviceLimit``: a graph rebuilt from the first record
    /// folds the same names into the same overflow node.
    private var serviceLimit = Int.max
    /// The live graph's ``DependencyGraph/edgeLimit``, for the same reason.
    private var edgeLimit = Int.max
    /// Edges the graph had after the last record.
    private var knownEdges = 0
    /// Replay cost of the entries since the last snapshot.
    private var costSinceSnapshot = 0

    /// What the snapshots may weigh together (estimated bytes).
    public let snapshotMemoryLimit: Int

    /// - Parameter snapshotMemoryLimit: What the snapshots may weigh together.
    public init(snapshotMemoryLimit: Int = GraphHistory.defaultSnapshotMemory) {
        self.snapshotMemoryLimit = snapshotMemoryLimit
    }

    /// Records kept.
    public var count: Int { entries.count }

    /// The time of the last record (0 when empty).
    public var endTime: UInt64 { times.last ?? 0 }

    /// Whether a compaction began and has not finished yet (``continueCompaction(until:)``).
    public var isCompacting: Bool { compaction != nil }

    /// What the graph a compaction under way rebuilds weighed when it began.
    var compactionBytes: Int? { compaction?.bytes }

    /// Snapshots kept.
    public var snapshotCount: Int { snapshots.count }

    /// Records kept whole rather than as compact resolves.
    public var wholeRecordCount: Int { wholeRecords.count }

    /// Replay cost between snapshots for a graph of this size: about the graph's size (so a
    /// snapshot weighs no more than the entries since the previous one), within the bounds that
    /// keep a rebuild under a frame.
    public static func snapshotBudget(for graph: DependencyGraph) -> Int {
        min(maximumSnapshotBudget, max(minimumSnapshotBudget, graph.nodes.count + graph.edges.count))
    }

    /// Keeps `record`, which was just applied to `graph`.
    public mutating func append(_ record: TraceRecord, appliedTo graph: DependencyGraph) {
        serviceLimit = graph.serviceLimit
        edgeLimit = graph.edgeLimit
        let time = Self.time(of: record) ?? 0
        let creates = graph.nodes.count > nodeIdentities.count || graph.edges.count > knownEdges
        let entry = compact(record, in: graph)
        // A folded site's records merge into its run (`GraphHistory+FoldedRuns.swift`); any
        // other record ends the run.
        let site = graph.containerFold.isEmpty ? nil : foldedSite(of: record, compact: entry, creates: creates, in: graph)
        if let site, merge(record, compact: entry, of: site, time: time) { return }
        if site == nil { run = nil }
        times.append(max(time, times.last ?? 0))
        cumulativeResolves.append((cumulativeResolves.last ?? 0).addingSaturated(Self.resolves(in: record)))
        if case .header(let recorded) = record {
            if header == nil { header = recorded }
            headerIndices.append(entries.count)
        }
        if let entry {
            entries.append(entry)
            costSinceSnapshot += creates ? Self.creatingEntryCost : 1
        } else if let site, site.isChildren {
            entries.append(foldedChildren(record, time: time))
            costSinceSnapshot += Self.wholeRecordCost
        } else {
            entries.append(whole(record))
            costSinceSnapshot += Self.wholeRecordCost
        }
        if let site { note(site, entryAt: entries.count - 1, time: time) }
        for node in graph.nodes[nodeIdentities.count...] { nodeIdentities.append(node.identity) }
        knownEdges = graph.edges.count
        let size = graph.nodes.count + graph.edges.count
        if costSinceSnapshot >= Self.snapshotBudget(for: graph), entries.count - (snapshots.last?.count ?? 0) >= size / 4 {
            takeSnapshot(of: graph)
        }
    }

    /// The most the snapshots may weigh together by default. Past it every other snapshot is
    /// dropped, and a graph larger than the limit is not snapshotted at all: rebuilds then replay
    /// from the start (slower for a very large graph, but memory stays bounded).
    public static let defaultSnapshotMemory = 160 << 20

    private mutating func takeSnapshot(of graph: DependencyGraph) {
        costSinceSnapshot = 0
        // What merges after a snapshot must be replayed from it: a run ends at one.
        run = nil
        guard graph.estimatedBytes <= snapshotMemoryLimit else { return }
        // A snapshot shares the pages nobody wrote since the one before: it weighs the others.
        let bytes = (snapshots.last?.graph ?? base).map { graph.bytesNotShared(with: $0) } ?? graph.estimatedBytes
        snapshots.append(Snapshot(count: entries.count, graph: graph, bytes: bytes,
                                  wholeRecords: droppedWholeRecords + wholeRecords.count))
        snapshotBytes += bytes
        while snapshotBytes > snapshotMemoryLimit, snapshots.count > 1 {
            // Keep the latest; drop every other one before it.
            var kept: [Snapshot] = []
            for (index, snapshot) in snapshots.enumerated() where index % 2 == 1 || index == snapshots.count - 1 {
                kept.append(snapshot)
            }
            if kept.count == snapshots.count { kept.removeFirst() }
            snapshots = kept
            weighSnapshots()
        }
    }

    /// Weighs each snapshot against the one before it (the first against the base), after
    /// snapshots between them went: pages they shared only with those are theirs now.
    private mutating func weighSnapshots() {
        var previous = base
        for index in snapshots.indices {
            let graph = snapshots[index].graph
            snapshots[index].bytes = previous.map { graph.bytesNotShared(with: $0) } ?? graph.estimatedBytes
            previous = graph
        }
        snapshotBytes = snapshots.reduce(0) { $0 + $1.bytes }
    }

    /// The graph before the first record, with the live graph's service limit.
    private var emptyGraph: DependencyGraph {
        var graph = DependencyGraph()
        graph.serviceLimit = serviceLimit
        graph.edgeLimit = edgeLimit
        return graph
    }

    /// The graph after the first `count` records (clamped to the records kept).
    public func graph(through count: Int) -> DependencyGraph {
        let target = min(max(0, count), entries.count)
        let low = snapshots.partitioningIndex { $0.count > target }
        var graph = low > 0 ? snapshots[low - 1].graph : (base ?? emptyGraph)
        let start = low > 0 ? snapshots[low - 1].count : 0
        _ = replay(start..<target, onto: &graph)
        return graph
    }

    /// Replays the entries in `range` onto `graph`; returns the number (from the session's
    /// start) of the whole record after the last one replayed, nil when none was.
    private func replay(_ range: Range<Int>, onto graph: inout DependencyGraph) -> Int? {
        var lastWhole: Int?
        entries.forEachRun(in: range) { slice in
            for entry in slice {
                if entry.service == HistoryEntry.whole {
                    let index = wholeRecordIndex(of: entry)
                    graph.apply(wholeRecords[index])
                    lastWhole = droppedWholeRecords + index + 1
                } else if entry.service == HistoryEntry.foldedChildren {
                    let index = wholeRecordIndex(of: entry)
                    graph.replayFoldedChildren(
                        wholeRecords[index], made: entry.count, released: entry.nanoseconds, time: entry.last, sequence: entry.sequence)
                    lastWhole = droppedWholeRecords + index + 1
                } else {
                    graph.replay(entry, scope: scopes[Int(entry.scope)], identities: nodeIdentities)
                }
            }
        }
        return lastWhole
    }

    /// Where the whole record an entry points to is in ``wholeRecords``. The entry keeps its
    /// number from the session's start in 32 bits, wrapping: fewer than 2^32 whole records are
    /// ever kept at once, so the difference from ``droppedWholeRecords`` is exact even after an
    /// all-day session has numbered billions of them.
    func wholeRecordIndex(of entry: HistoryEntry) -> Int {
        Self.wholeRecordIndex(of: entry, dropped: droppedWholeRecords)
    }

    static func wholeRecordIndex(of entry: HistoryEntry, dropped: Int) -> Int {
        Int(UInt32(bitPattern: entry.edge) &- UInt32(truncatingIfNeeded: dropped))
    }

    /// How many records happened at or before `time`.
    public func count(atOrBefore time: UInt64) -> Int {
        times.partitioningIndex { $0 > time }
    }

    /// Entries a rebuild as of `count` replays after its snapshot (for the benchmark).
    public func replayLength(through count: Int) -> Int {
        let target = min(max(0, count), entries.count)
        return target - (snapshots.last { $0.count <= target }?.count ?? 0)
    }

    /// How many of the first `count` records are headers (which the event log does not list).
    /// (Headers are one per connection: a short list.)
    public func headerCount(before count: Int) -> Int { headerIndices.count { $0 < count } }

    /// The time after the first `count` records (``startTime`` before any).
    public func time(through count: Int) -> UInt64 {
        count > 0 && !times.isEmpty ? times[min(count, times.count) - 1] : startTime
    }

    /// Successful resolves in each of `buckets` equal slices of `startTime...endTime`: the
    /// sparkline.
    public func resolvesPerBucket(_ buckets: Int) -> [UInt64] {
        guard buckets > 0 else { return [] }
        let start = min(startTime, endTime)
        let span = Double(max(endTime - start, 1))
        var result: [UInt64] = []
        result.reserveCapacity(buckets)
        var previous = resolvesBeforeStart
        for bucket in 1...buckets {
            // The last bucket ends at the end, whatever the rounding.
            let limit = bucket == buckets ? UInt64.max : start + UInt64(span * Double(bucket) / Double(buckets))
            let upTo = count(atOrBefore: limit)
            let total = upTo > 0 ? cumulativeResolves[upTo - 1] : resolvesBeforeStart
            result.append(total - previous)
            previous = total
        }
        return result
    }

    /// Drops the older half of the records kept, so a long session fits its memory budget: the
    /// graph as of the cut becomes the new start (rebuilds replay from it), and ``startTime``,
    /// ``droppedRecords`` say where the kept history now begins. The live graph is not touched.
    /// All at once: ``beginCompaction()`` and ``continueCompaction(until:)`` do the same a slice
    /// at a time (finishing one under way first).
    ///
    /// ```swift
    /// history.dropOldestHalf()
    /// history.startTime       // the time bar shows "history from +312 s"
    /// ```
    @discardableResult
    public mutating func dropOldestHalf() -> ReleasedHistory {
        if compaction == nil, !beginCompaction() { return ReleasedHistory() }
        return continueCompaction { false } ?? ReleasedHistory()
    }

    /// Starts dropping the older half of the records kept (see ``dropOldestHalf()``); returns
    /// false when there is nothing to drop. Nothing changes until ``continueCompaction(until:)``
    /// has rebuilt the graph at the cut, meanwhile records are appended and rebuilds answered as
    /// before. A compaction already under way goes on.
    ///
    /// ```swift
    /// if history.footprint.total > budget, history.beginCompaction() {}
    /// // each frame:
    /// if let released = history.continueCompaction(until: { clock.now > deadline }) {
    ///     Task.detached { withExtendedLifetime(released) {} }   // freed off the UI thread
    /// }
    /// ```
    @discardableResult
    public mutating func beginCompaction() -> Bool {
        if compaction != nil { return true }
        let cut = entries.count / 2
        guard cut > 0 else { return false }
        // The compaction replays entries as they are now: nothing merges into them after.
        run = nil
        // The nearest snapshot at or before the cut: at most a snapshot budget to replay.
        let snapshot = snapshots.last { $0.count <= cut }
        let graph = snapshot?.graph ?? base ?? emptyGraph
        compaction = Compaction(
            cut: cut, graph: graph, position: snapshot?.count ?? 0,
            nextWholeRecord: snapshot?.wholeRecords ?? droppedWholeRecords, bytes: graph.estimatedBytes)
        return true
    }

    /// Whether dropping the older half would leave the history lighter, given `graph`, the live
    /// graph its records were applied to. The cut frees half the entries and records kept
    /// whole, the snapshots at or before it and the base, and keeps the graph as of the cut as
    /// the new base, which weighs at most what `graph` weighs. Without this, a graph heavier
    /// than the histories' share of the budget (a trace of 100 k services opened whole) was cut
    /// again and again, each time into a new copy of most of itself.
    ///
    /// ```swift
    /// if history.footprint.total > budget, history.compactionShrinks(comparedWith: graph) {
    ///     history.beginCompaction()
    /// }
    /// ```
    public func compactionShrinks(comparedWith graph: DependencyGraph) -> Bool {
        let cut = entries.count / 2
        guard cut > 0 else { return false }
        let weight = footprint
        let snapshotsDropped = snapshots.reduce(0) { $0 + ($1.count <= cut ? $1.bytes : 0) }
        return (weight.entries + weight.wholeRecords) / 2 + snapshotsDropped + baseBytes > graph.estimatedBytes
    }

    /// The replay cost ``continueCompaction(until:)`` does between two calls of its
    /// `shouldStop` (in repeated resolves: a whole record costs ``wholeRecordCost``): a fraction
    /// of a millisecond.
    public static let compactionSlice = 1_024

    /// Goes on with the compaction under way, asking `shouldStop` after every
    /// ``compactionSlice`` of replay; returns nil while it is not done (or none is under way),
    /// and once done, what the dropped records held. The cut itself unlinks whole chunks and
    /// takes time in proportion to the chunks and snapshots, not the records.
    public mutating func continueCompaction(until shouldStop: () -> Bool) -> ReleasedHistory? {
        guard var work = compaction else { return nil }
        // Out of the property while it is replayed onto, so that its graph is not copied.
        compaction = nil
        while work.position < work.cut {
            var cost = 0
            var end = work.position
            while end < work.cut, cost < Self.compactionSlice {
                cost += entries[end].refersToWholeRecord ? Self.wholeRecordCost : 1
                end += 1
            }
            if let next = replay(work.position..<end, onto: &work.graph) { work.nextWholeRecord = next }
            work.position = end
            if work.position < work.cut, shouldStop() {
                compaction = work
                return nil
            }
        }
        return cut(at: work)
    }

    /// Drops the records before the compaction's cut; the graph it rebuilt becomes the base.
    private mutating func cut(at work: Compaction) -> ReleasedHistory {
        let cut = work.cut
        var released = ReleasedHistory()
        released.wholeRecords = wholeRecords.removeFirst(work.nextWholeRecord - droppedWholeRecords)
        droppedWholeRecords = work.nextWholeRecord
        startTime = times[cut - 1]
        resolvesBeforeStart = cumulativeResolves[cut - 1]
        released.entries = entries.removeFirst(cut)
        released.times = times.removeFirst(cut)
        released.cumulativeResolves = cumulativeResolves.removeFirst(cut)
        let droppedHeaderCount = headerIndices.count { $0 < cut }
        droppedHeaders += droppedHeaderCount
        headerIndices = headerIndices.dropFirst(droppedHeaderCount).map { $0 - cut }
        released.graphs = snapshots.filter { $0.count <= cut }.map(\.graph) + (base.map { [$0] } ?? [])
        snapshots = snapshots.filter { $0.count > cut }.map {
            Snapshot(count: $0.count - cut, graph: $0.graph, bytes: $0.bytes, wholeRecords: $0.wholeRecords)
        }
        base = work.graph
        baseBytes = work.graph.estimatedBytes
        weighSnapshots()
        droppedRecords += cut
        dropMergeMarks(before: cut)
        return released
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
        return HistoryEntry(wholeRecord: droppedWholeRecords + wholeRecords.count - 1)
    }

    /// A resolve or an aggregate as a compact entry (by the ids `graph` gave its services and
    /// edge); nil for anything else.
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

    /// The node of `identity` as `graph` applied it: its own, or the one its container folds
    /// into there. A record may name a child's services as another fold did: a reconnected
    /// app's stream is folded afresh before the intake, its children into a stand-in of its own
    /// (looked up as named, every resolve after a reconnect was kept whole).
    private static func nodeID(of identity: ServiceIdentity, in graph: DependencyGraph) -> NodeID? {
        if let id = graph.nodeID(for: identity) { return id }
        guard !graph.containerFold.isEmpty else { return nil }
        let container = graph.containerFold.folded(identity.container)
        guard container != identity.container else { return nil }
        return graph.nodeID(for: identity.inContainer(container))
    }

    private mutating func compact(
        service: ServiceIdentity, requester: ServiceIdentity?, scope: Scope, outcome: Resolved.Outcome, count: UInt64,
        nanoseconds: UInt64, first: UInt64, last: UInt64, sequence: UInt64, isAggregate: Bool, in graph: DependencyGraph
    ) -> HistoryEntry? {
        guard let serviceID = Self.nodeID(of: service, in: graph), serviceID < Int(Int32.max) else { return nil }
        var requesterID: NodeID = -1
        var edgeID: EdgeID = -1
        if let requester {
            guard let id = Self.nodeID(of: requester, in: graph), let edge = graph.edgeID(from: id, to: serviceID),
                  edge < Int(Int32.max) else { return nil }
            requesterID = id
            edgeID = edge
        }
        let scopeNumber: UInt16
        if let last = lastScope, last.scope == scope {
            scopeNumber = last.number
        } else if let known = scopeIndex[scope] {
            scopeNumber = known
        } else {
            guard scopes.count < Int(UInt16.max) else { return nil }
            scopeNumber = UInt16(scopes.count)
            scopeIndex[scope] = scopeNumber
            scopes.append(scope)
        }
        lastScope = (scope, scopeNumber)
        return HistoryEntry(
            service: Int32(serviceID), requester: Int32(requesterID), edge: Int32(edgeID), scope: scopeNumber,
            isCreated: outcome == .created, isAggregate: isAggregate, count: count, nanoseconds: nanoseconds,
            first: first, last: last, sequence: sequence)
    }
}
