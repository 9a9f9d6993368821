@_spi(Folding) import Injection
import InjectionTrace
import InjectionGraph

/// The bounded queue between the socket readers and the screen: what arrives waits here until
/// the UI loop takes it, and when the UI falls behind the repetitive is folded so that memory
/// stays bounded and nothing novel is lost.
///
/// - Up to ``exactLimit`` queued records, everything is kept as it came.
/// - Past it, a repeat of a resolve the connection already sent (same service, requester, scope,
///   outcome and source) is folded into one ``ResolutionAggregate`` per key: its count, time
///   span and durations stay exact; only the individual event lines are shed.
/// - Anything novel (a first resolve, a registration, a failure, a cycle, a mapping) is still
///   queued, up to ``recordLimit``; past that it is dropped, counted, and reported to the
///   graph as a `dropped` record so the header shows it.
///
/// - A connection that arrives while ``sessionLimit`` new sessions already wait in the queue is
///   shed whole: its session, records and disconnect never queue, its records are counted as
///   dropped and the header says how many apps were shed. Apps that come and go faster than the
///   screen can take them (thousands of short-lived apps, a reconnect loop) cost a counter, not a
///   queue; one app reconnecting while the queue is full of its records is never shed (it is
///   one session waiting, not dozens).
/// - While the inspector says it holds its budget (``admitsNewSessions`` false), every
///   connection arriving is shed the same way.
/// - A connection's header is always kept (one per connection): a reconnecting app is known
///   by it.
///
/// The folding itself is ``ConnectionFolds``'s. Folded aggregates join the queue at a
/// ``take(maximumRecords:)`` (after what was queued before them) when they fit within
/// ``recordLimit``, else at a later one (their slots go on counting), or before their
/// connection's disconnect. Memory is bounded by ``recordLimit`` plus one slot per distinct
/// resolve key (at most ``keyLimit`` per connection and ``totalKeyLimit`` in all);
/// ``init(memoryBudget:sessionLimit:)`` sizes both from the budget.
///
/// ```swift
/// var intake = LiveIntake(exactLimit: 2, recordLimit: 4)
/// intake.add(.records(connection: 1, [resolve, resolve, resolve, resolve]))
/// intake.take(maximumRecords: 100)   // 2 events, then 1 aggregate of 2
/// intake.statistics.folded           // 2
/// ```
struct LiveIntake: Sendable {
    /// Records queued before repeats start to fold.
    let exactLimit: Int
    /// Records queued before novel ones are dropped.
    let recordLimit: Int
    /// Distinct resolve keys remembered per connection; a key past it is never folded.
    var keyLimit: Int { folds.keyLimit }
    /// Distinct resolve keys remembered over all connections (each holds two identities).
    var totalKeyLimit: Int { folds.totalKeyLimit }
    /// New sessions that may wait in the queue; a connection arriving past it is shed.
    let sessionLimit: Int
    /// Resolve keys remembered now, over all connections.
    var foldKeys: Int { folds.keyCount }
    /// New sessions waiting in the queue.
    private(set) var waitingSessions = 0
    /// Whether a connection arriving now is let in: the inspector says no while what it holds
    /// (histories, memory still being freed) fills its budget; one arriving meanwhile is shed
    /// whole, as past ``sessionLimit``.
    var admitsNewSessions = true

    /// What the intake did, counted since it was made.
    struct Statistics: Sendable, Hashable {
        /// Events received (an aggregate counts as many resolutions as it stands for).
        var received: UInt64 = 0
        /// Resolutions folded into aggregates here rather than queued one by one.
        var folded: UInt64 = 0
        /// Events of novel records dropped because the queue was full (those of shed connections
        /// too), counted as ``received`` counts them: with the events applied, every one received.
        var dropped: UInt64 = 0
        /// Connections shed whole because they arrived while the queue was full.
        var shedConnections: UInt64 = 0
    }

    private(set) var statistics = Statistics()
    /// Updates waiting, oldest first, from ``head`` on.
    private var queue: [LiveUpdate] = []
    private var head = 0
    /// Records in the queued `records` updates.
    private(set) var queuedRecords = 0
    /// Each connection's resolve keys and the repeats folded since the last take. Queuing the
    /// aggregates visits the keys folded, not every key seen (up to ``keyLimit``), so the UI's
    /// take under the feed's lock is as long as the folding was.
    private var folds: ConnectionFolds
    /// Records of the oldest queued update (at ``head``) already taken: a batch split by a
    /// take is left in place and read from here on, never copied.
    private var headOffset = 0
    /// Fold slots the last ``take(maximumRecords:)`` visited to queue aggregates.
    private(set) var foldSlotsVisitedByLastTake = 0
    /// Per connection: novel records dropped since the last take, and the latest time seen.
    private var pendingDrops: [Int: (count: UInt64, time: UInt64)] = [:]
    /// Connections shed at their arrival, until their disconnect.
    private var shed: Set<Int> = []

    init(exactLimit: Int = 20_000, recordLimit: Int = 100_000, keyLimit: Int = 65_536, totalKeyLimit: Int = 131_072,
         sessionLimit: Int = 64) {
        self.exactLimit = max(0, exactLimit)
        self.recordLimit = max(self.exactLimit, recordLimit)
        self.folds = ConnectionFolds(keyLimit: keyLimit, totalKeyLimit: totalKeyLimit)
        self.sessionLimit = max(1, sessionLimit)
    }

    /// An intake sized for an inspector with `memoryBudget` bytes: its queue may hold a quarter
    /// of it at ``bytesPerRecord`` a record, and its key tables a quarter as many keys (an app
    /// has far fewer distinct resolve keys than records in flight; past the limit a key's
    /// repeats are queued, not folded). 256 MB: 131 072 records (26 214 before repeats fold) and
    /// 32 768 keys; 64 MB: 32 768 records and 8 192 keys. (Half the records at the default
    /// budget dropped 176 k novel records in a minute of the sample app at full rate.)
    init(memoryBudget: Int, sessionLimit: Int = 64) {
        let records = max(1_000, memoryBudget / 4 / Self.bytesPerRecord)
        self.init(exactLimit: records / 5, recordLimit: records, keyLimit: min(65_536, records / 4),
                  totalKeyLimit: records / 4, sessionLimit: sessionLimit)
    }

    /// What a queued record or a remembered key is taken to cost, in bytes: a record is 136
    /// bytes, and when the decoder's identity cache misses (an app with thousands of services)
    /// it holds two identities of its own (112 bytes each) and its locations' strings; the
    /// queue's arrays grow by doubling.
    static let bytesPerRecord = 512

    /// Updates waiting.
    var count: Int { queue.count - head }

    /// Whether repeats are being folded now (the queue is past ``exactLimit``).
    var isFolding: Bool { queuedRecords >= exactLimit }

    // MARK: - Adding

    /// What an update let go of, to be dropped by the caller once it has released the lock the
    /// intake is kept under (a finished connection's key table can hold ``keyLimit`` entries).
    struct Released: Sendable {
        fileprivate var foldTable: ConnectionFolds.Table?
        /// A shed connection's queued records (``shed(connection:)``).
        fileprivate(set) var updates: [LiveUpdate] = []
        /// The connection the update shed, to be closed at its source: what it sends from now
        /// on would only be read to be dropped.
        fileprivate(set) var shedConnection: Int?
        /// Resolve keys in the key table let go of.
        var foldKeys: Int { foldTable?.count ?? 0 }
    }

    @discardableResult
    mutating func add(_ update: LiveUpdate) -> Released {
        var released = Released()
        switch update {
        case .session(let connection, _, _) where waitingSessions >= sessionLimit || !admitsNewSessions:
            shed.insert(connection)
            statistics.shedConnections += 1
            released.shedConnection = connection
        case .records(let connection, let records) where shed.contains(connection):
            for record in records {
                statistics.received.addSaturating(Self.events(in: record))
                statistics.dropped.addSaturating(Self.events(in: record))
            }
        case .connection(let connection?, let change) where shed.contains(connection):
            if case .disconnected = change { shed.remove(connection) }
        case .records(let connection, let records):
            add(records, from: connection)
        case .connection(let connection?, .disconnected):
            // Everything the connection sent is applied before it is shown as gone.
            queueFolds(of: connection)
            queueDrops(of: connection)
            released.foldTable = folds.remove(connection).table
            append(update)
        default:
            append(update)
        }
        return released
    }

    /// Sheds a connection already let in (the inspector found its session over its share of
    /// the budget): its queued records, folded repeats and drop counts go (their events
    /// counted as dropped), and what it sends until its disconnect is dropped as an arriving
    /// shed connection's is. Returns what was let go of, to be dropped after the lock.
    mutating func shed(connection: Int) -> Released {
        statistics.shedConnections += 1
        var released = Released()
        released.shedConnection = connection
        var kept: [LiveUpdate] = []
        var disconnected = false
        kept.reserveCapacity(queue.count - head)
        for index in head..<queue.count {
            let update = queue[index]
            if case .records(connection, let records) = update {
                let from = index == head ? headOffset : 0
                for record in records[from...] { statistics.dropped.addSaturating(Self.events(in: record)) }
                queuedRecords -= records.count - from
                if index == head { headOffset = 0 }
                released.updates.append(update)
                continue
            }
            if case .connection(connection, .disconnected) = update { disconnected = true }
            kept.append(update)
        }
        queue = kept
        head = 0
        let removed = folds.remove(connection)
        released.foldTable = removed.table
        statistics.dropped.addSaturating(removed.untakenResolutions)
        pendingDrops[connection] = nil
        // Its disconnect already waits: nothing more comes from it.
        if !disconnected { shed.insert(connection) }
        return released
    }

    /// Counts events taken from the queue that will never be applied (a shed connection's).
    mutating func countDropped(_ events: UInt64) {
        statistics.dropped.addSaturating(events)
    }

    private mutating func add(_ records: [TraceRecord], from connection: Int) {
        var kept: [TraceRecord] = []
        // Room for the whole batch only while nothing folds: past ``exactLimit`` most of a batch
        // folds, and a queued batch of a few novel records kept its whole batch's capacity
        // (46 MB of empty slots in a churn's queue).
        if !isFolding { kept.reserveCapacity(min(records.count, max(0, recordLimit - queuedRecords))) }
        var batch = folds.begin(connection)
        defer { folds.end(batch) }
        for record in records {
            statistics.received.addSaturating(Self.events(in: record))
            if batch.fold(record, folding: queuedRecords + kept.count >= exactLimit) {
                statistics.folded.addSaturating(Self.events(in: record))
                continue
            }
            if queuedRecords + kept.count >= recordLimit, !record.isHeader {
                // Counted in events, as `received` is (an app's end line is no event).
                statistics.dropped.addSaturating(Self.events(in: record))
                var drop = pendingDrops[connection] ?? (0, 0)
                drop.count += Self.events(in: record)
                drop.time = max(drop.time, GraphHistory.time(of: record) ?? drop.time)
                pendingDrops[connection] = drop
                continue
            }
            kept.append(record)
        }
        guard !kept.isEmpty else { return }
        if kept.capacity > kept.count * 2 + 16 {
            // Folding started inside the batch: queue only what was kept.
            var trimmed: [TraceRecord] = []
            trimmed.reserveCapacity(kept.count)
            trimmed.append(contentsOf: kept)
            kept = trimmed
        }
        queuedRecords += kept.count
        append(.records(connection: connection, kept))
    }

    private mutating func append(_ update: LiveUpdate) {
        // A message or the refusal counts replaces one still waiting: a flood of refused peers
        // is one update, not a queue.
        // (Looked for among the last few waiting, so alternating kinds coalesce too.)
        for index in stride(from: queue.count - 1, through: max(head, queue.count - 4), by: -1) {
            switch (queue[index], update) {
            case (.message, .message), (.refusals, .refusals):
                queue[index] = update
                return
            default:
                continue
            }
        }
        if case .session = update { waitingSessions += 1 }
        queue.append(update)
    }

    // MARK: - Taking

    /// Up to `maximumRecords` records (whole non-record updates always come along), oldest
    /// first; folded repeats and drop counts join the queue's end first.
    mutating func take(maximumRecords: Int) -> [LiveUpdate] {
        foldSlotsVisitedByLastTake = 0
        // Aggregates join only while they fit within ``recordLimit``; the others stay in their
        // slots (still counting, exactly) until the screen has taken enough. Queued regardless,
        // the aggregates of a churn of thousands of keys grew the queue past any limit (135 MB
        // of them in a 20 s churn with a 64 MB budget).
        for connection in folds.pendingConnections {
            guard queuedRecords + folds.foldedKeyCount(of: connection) <= recordLimit else { continue }
            queueFolds(of: connection)
        }
        for connection in pendingDrops.keys.sorted() { queueDrops(of: connection) }
        var taken: [LiveUpdate] = []
        var budget = max(1, maximumRecords)
        while head < queue.count, budget > 0 {
            let update = queue[head]
            if case .records(let connection, let records) = update {
                let remaining = records.count - headOffset
                if remaining > budget {
                    // Only the part taken is copied; the rest stays where it is.
                    taken.append(.records(connection: connection, Array(records[headOffset..<(headOffset + budget)])))
                    headOffset += budget
                    queuedRecords -= budget
                    budget = 0
                    break
                }
                budget -= remaining
                queuedRecords -= remaining
                if headOffset == 0 {
                    taken.append(update)
                } else {
                    taken.append(.records(connection: connection, Array(records[headOffset...])))
                    // The batch split by earlier takes: its last reference, dropped by the
                    // caller after the lock.
                    releasedByTake.append(update)
                }
                headOffset = 0
                // A taken slot lets go of its records at once: until the queue is compacted
                // (1 024 taken updates) they stayed referenced here, a 64 KB read's worth
                // each (35 MB of records held in a flood of new names).
                queue[head] = Self.takenSlot
                head += 1
                continue
            }
            if case .session = update { waitingSessions -= 1 }
            taken.append(update)
            queue[head] = Self.takenSlot
            head += 1
        }
        // Compact once the taken prefix outweighs what is left.
        if head > 1_024 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        } else if head == queue.count {
            queue.removeAll(keepingCapacity: queue.capacity <= 4_096)
            head = 0
        }
        return taken
    }

    /// What a taken slot of the queue holds: nothing to free.
    private static let takenSlot = LiveUpdate.message("")

    /// Updates the last takes let go of whose last reference is here (batches split across
    /// takes), for the caller to drop after releasing the lock.
    private var releasedByTake: [LiveUpdate] = []

    /// Hands over what the takes let go of (see ``releasedByTake``).
    mutating func takeReleased() -> [LiveUpdate] {
        guard !releasedByTake.isEmpty else { return [] }
        defer { releasedByTake = [] }
        return releasedByTake
    }

    /// Records referenced by the queue, taken slots included: what it keeps alive.
    var referencedRecords: Int {
        queue.reduce(0) { total, update in
            if case .records(_, let records) = update { return total + records.count }
            return total
        }
    }

    private mutating func queueFolds(of connection: Int) {
        let aggregates = folds.takeAggregates(of: connection)
        foldSlotsVisitedByLastTake += aggregates.count
        guard !aggregates.isEmpty else { return }
        queuedRecords += aggregates.count
        append(.records(connection: connection, aggregates))
    }

    private mutating func queueDrops(of connection: Int) {
        guard let drop = pendingDrops.removeValue(forKey: connection), drop.count > 0 else { return }
        queuedRecords += 1
        append(.records(connection: connection, [.dropped(count: drop.count, time: drop.time)]))
    }

    /// Events a record stands for, as the header's rate counts them.
    static func events(in record: TraceRecord) -> UInt64 {
        switch record {
        case .event: return 1
        case .aggregate(let aggregate): return aggregate.count
        default: return 0
        }
    }
}

private extension TraceRecord {
    var isHeader: Bool {
        if case .header = self { return true }
        return false
    }
}
