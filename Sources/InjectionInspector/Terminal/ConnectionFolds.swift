@_spi(Folding) import Injection
import InjectionTrace
import InjectionGraph

/// The live intake's fold of repeated resolves, connection by connection: every resolve key a
/// connection sent (the app's own fold key, ``ResolutionFoldKey``: service, requester, scope,
/// outcome and source), and the repeats folded since they were last queued as aggregates.
///
/// A connection remembers at most ``keyLimit`` keys and all of them together ``totalKeyLimit``
/// (each key holds two identities); a key past either is never folded, its repeats are queued
/// as they come. A batch of a connection's records is folded through a ``Batch`` (its table
/// taken out for the loop, so that adding to it does not copy it), and
/// ``takeAggregates(of:)`` turns what was folded into one `aggregate` record per key, in the
/// order the keys were first folded: it visits those, not every key remembered.
///
/// ```swift
/// var folds = ConnectionFolds(keyLimit: 100, totalKeyLimit: 1_000)
/// var batch = folds.begin(1)
/// batch.fold(resolve, folding: false)   // false: its key is remembered
/// batch.fold(resolve, folding: true)    // true: a repeat, counted
/// folds.end(batch)
/// folds.takeAggregates(of: 1)           // [aggregate of 1]
/// ```
struct ConnectionFolds: Sendable {
    /// A connection's keys, with the repeats folded into each since the last take.
    typealias Table = [ResolutionFoldKey: ResolutionFoldCounts]

    /// Distinct resolve keys remembered per connection.
    let keyLimit: Int
    /// Distinct resolve keys remembered over all connections.
    let totalKeyLimit: Int
    /// Resolve keys remembered now, over all connections.
    private(set) var keyCount = 0
    /// Per connection: every resolve key seen, with the repeats folded since the last take.
    private var tables: [Int: Table] = [:]
    /// Per connection: the keys with repeats folded since the last take, in the order they were
    /// first folded.
    private var foldedKeys: [Int: [ResolutionFoldKey]] = [:]
    /// Connections with folded repeats not taken yet.
    private var pending: Set<Int> = []

    init(keyLimit: Int, totalKeyLimit: Int) {
        self.keyLimit = keyLimit
        self.totalKeyLimit = max(0, totalKeyLimit)
    }

    /// Connections with folded repeats not taken yet, in order.
    var pendingConnections: [Int] { pending.sorted() }

    /// How many aggregates ``takeAggregates(of:)`` would give for `connection`.
    func foldedKeyCount(of connection: Int) -> Int { foldedKeys[connection]?.count ?? 0 }

    // MARK: - Folding a batch

    /// A connection's table out of ``ConnectionFolds`` while a batch of its records is folded.
    struct Batch {
        let connection: Int
        fileprivate var table: Table
        fileprivate var folded: [ResolutionFoldKey]
        /// Keys it may still add: within the connection's and the total limit.
        fileprivate var room: Int
        fileprivate var added = 0
        /// Whether it folded any repeat.
        fileprivate(set) var didFold = false

        /// Counts `record` into its key's repeats when it is a resolve whose key the connection
        /// sent before and `folding` says repeats fold now; true when it did (the record is
        /// then not to be queued). A key seen first is remembered while there is room.
        @discardableResult
        mutating func fold(_ record: TraceRecord, folding: Bool) -> Bool {
            guard let key = ResolutionFoldKey(record) else { return false }
            if let index = table.index(forKey: key) {
                guard folding else { return false }
                if table.values[index].count == 0 { folded.append(key) }
                table.values[index].add(record)
                didFold = true
                return true
            }
            if room > 0 {
                table[key] = ResolutionFoldCounts()
                room -= 1
                added += 1
            }
            return false
        }
    }

    /// Takes `connection`'s table out for a batch of its records; ``end(_:)`` puts it back.
    mutating func begin(_ connection: Int) -> Batch {
        let table = tables.removeValue(forKey: connection) ?? [:]
        let room = max(0, min(keyLimit - table.count, totalKeyLimit - keyCount))
        return Batch(connection: connection, table: table, folded: foldedKeys.removeValue(forKey: connection) ?? [], room: room)
    }

    /// Puts a batch's table back.
    mutating func end(_ batch: Batch) {
        tables[batch.connection] = batch.table
        keyCount += batch.added
        if !batch.folded.isEmpty { foldedKeys[batch.connection] = batch.folded }
        if batch.didFold { pending.insert(batch.connection) }
    }

    // MARK: - Taking

    /// The repeats `connection` folded since the last take, one `aggregate` per key in the
    /// order first folded; their counts start again from zero.
    mutating func takeAggregates(of connection: Int) -> [TraceRecord] {
        pending.remove(connection)
        guard let keys = foldedKeys.removeValue(forKey: connection),
              var table = tables.removeValue(forKey: connection) else { return [] }
        defer { tables[connection] = table }
        var aggregates: [TraceRecord] = []
        aggregates.reserveCapacity(keys.count)
        for key in keys {
            guard let index = table.index(forKey: key) else { continue }
            aggregates.append(.aggregate(table.values[index].aggregate(for: key)))
            table.values[index] = ResolutionFoldCounts()
        }
        return aggregates
    }

    /// Forgets `connection`: its table, to be dropped by the caller after its lock, and the
    /// resolutions folded and not taken (lost with it).
    mutating func remove(_ connection: Int) -> (table: Table?, untakenResolutions: UInt64) {
        let table = tables.removeValue(forKey: connection)
        keyCount -= table?.count ?? 0
        var untaken: UInt64 = 0
        for key in foldedKeys.removeValue(forKey: connection) ?? [] { untaken.addSaturating(table?[key]?.count ?? 0) }
        pending.remove(connection)
        return (table, untaken)
    }
}

// The app's own fold (``ResolutionFoldKey``, ``ResolutionFoldCounts``), over trace records.
private extension ResolutionFoldKey {
    /// The key of a `resolved` event or an `aggregate` record; nil for any other record.
    init?(_ record: TraceRecord) {
        switch record {
        case .event(let event):
            guard case .resolved(let resolved) = event.kind else { return nil }
            self.init(resolved)
        case .aggregate(let aggregate):
            self.init(aggregate)
        default:
            return nil
        }
    }
}

private extension ResolutionFoldCounts {
    mutating func add(_ record: TraceRecord) {
        switch record {
        case .event(let event):
            guard case .resolved(let resolved) = event.kind else { return }
            add(duration: resolved.durationNanoseconds, time: event.time)
        case .aggregate(let aggregate):
            add(aggregate)
        default:
            return
        }
    }
}
