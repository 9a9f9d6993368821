import Injection
import InjectionGraph
import Synchronization

/// The memory budget the sessions share: histories are compacted a slice per tick past
/// ``compactionThreshold``, ended sessions are forgotten when histories and graphs together
/// pass the budget, graphs stop growing at ``serviceLimit`` and ``edgeLimit``, and what is let go
/// of is freed on another thread (counted in ``releasing`` until it is).
///
/// ```swift
/// store.keepWithinBudget(shouldYield: { false })      // a slice of compaction, if over
/// store.forgetEndedSessionsOverBudget()
/// feed.admitsNewSessions(store.heldBytes <= store.memoryBudget)
/// ```
extension SessionStore {
    /// The default budget: 256 MB, a laptop's share for watching an app all day.
    static let defaultMemoryBudget = 256 << 20
    /// What the budget keeps aside for everything but the histories and the graphs (the feed's
    /// queue, the listener, the event logs, the screen).
    static let reservedMemory = 96 << 20
    /// What a service is taken to cost a live session: its node, names, edges' share, the
    /// history's copy of its identity and its highlight.
    static let bytesPerService = 1_024
    /// The most a tick spends compacting histories.
    static let compactionTimePerTick: Duration = .milliseconds(15)

    /// What the histories may weigh together: what the reserve and the graphs leave, and at
    /// least a quarter of the budget (graphs are bounded by ``serviceLimit``, and ended ones
    /// are forgotten past the budget).
    var historyBudget: Int {
        let graphs = sessions.reduce(0) { $0 + $1.graph.residentBytes }
        return max(memoryBudget / 4, memoryBudget - Self.reservedMemory - graphs)
    }
    /// Where a compaction starts: 85 % of ``historyBudget``, because records keep arriving while
    /// it runs (a slice per tick, for a second or two at full rate) and the history must still
    /// be within its budget when the cut is made (the 10-minute soak peaked 23 MB over the
    /// budget when compaction started at 100 %).
    var compactionThreshold: Int { historyBudget / 20 * 17 }
    /// The most services a live session's graph keeps (``DependencyGraph/serviceLimit``): a
    /// quarter of the budget at ``bytesPerService``; past it new names fold into one node and
    /// the header says how many (`1 234 more services not shown`). 256 MB: 65 536; 64 MB:
    /// 16 384.
    var serviceLimit: Int { max(1_000, memoryBudget / 4 / Self.bytesPerService) }
    /// The most edges a live session's graph keeps (``DependencyGraph/edgeLimit``): four per
    /// service, the share of ``bytesPerService`` an edge's ~150 bytes (the edge, its two
    /// adjacency entries, its table slots) leave; past it new pairs are counted on an edge to
    /// the overflow node. 262 144 at 256 MB.
    var edgeLimit: Int { serviceLimit * 4 }

    /// The histories, the graphs and what is still being freed, in bytes.
    var heldBytes: Int { sessionBytes + releasing.pendingBytes }

    /// The sessions' histories and graphs, in bytes.
    var sessionBytes: Int {
        sessions.reduce(0) { $0 + $1.heldBytes }
    }

    /// While what the sessions hold is over the budget, forgets ended sessions, the one idle
    /// longest first and the one on screen last: a graph is kept whole or not at all, and the
    /// live ones stay (their graphs are bounded by ``serviceLimit``, their histories compact).
    /// An ended session is never what keeps the budget full: one that holds more than the
    /// budget on its own (an attacker's megabyte-long names) would otherwise shed every app
    /// that comes after it. (What is still being freed is not counted here: a session just
    /// forgotten would otherwise make the next one look over the budget too.)
    mutating func forgetEndedSessionsOverBudget() {
        while sessionBytes > memoryBudget {
            guard let oldest = oldestEndedSession() ?? endedCurrentSession else { return }
            let name = sessions[oldest].graph.session.header?.app
            let shown = oldest == current
            guard forget(at: oldest) else { return }
            forgottenOverBudget += 1
            if shown {
                message = "The session of \((name ?? "an app").escapingControlCharacters) held more than the memory budget; not kept"
            }
        }
    }

    /// What a session's service names may weigh: the graphs' share of the budget, what
    /// ``serviceLimit`` services at ``bytesPerService`` were sized for. An app's names are a
    /// few dozen bytes each, a long generic one a few kilobytes; past the share they are what a
    /// peer sends to fill the inspector, not an app's wiring.
    var nameShare: Int { memoryBudget / 4 }

    /// Forgets each live session whose services' names weigh more than ``nameShare`` and
    /// returns its connections, for the feed to shed at once: what they queued and what they
    /// send until they disconnect is dropped, never applied (an attacker's names would
    /// otherwise be taken in long after it sent them, and hold the budget while it stays).
    /// Each comes with the events of its records carried to the next frame, dropped here: the
    /// feed counts them, so that received = applied + applied in forgotten sessions + dropped.
    mutating func shedLiveSessionsOverShare() -> [(connection: Int, droppedEvents: UInt64)] {
        var shed: [(connection: Int, droppedEvents: UInt64)] = []
        while let index = Set(sessionOfConnection.values).sorted().first(where: { sessions[$0].graph.nameBytes > nameShare }) {
            let connections = detachConnections(of: index)
            let names = sessions[index].graph.nameBytes
            let app = sessions[index].graph.session.header?.app
            forget(at: index)
            for connection in connections {
                shed.append((connection, dropCarried(of: connection)))
            }
            message = "Shed \((app ?? "connection \(connections.map(String.init).joined(separator: ", "))").escapingControlCharacters): "
                + "its service names weigh \(names >> 20) MB, more than a session may keep (\(nameShare >> 20) MB "
                + "of the \(memoryBudget >> 20) MB budget); its connection is closed"
        }
        return shed
    }

    /// The session on screen, when its app has gone.
    private var endedCurrentSession: Int? {
        sessionOfConnection.values.contains(current) ? nil : current
    }

    /// Keeps the sessions' histories within ``historyBudget``: past it the largest history whose
    /// cut would leave it lighter (``GraphHistory/compactionShrinks(comparedWith:)``) drops
    /// its older half, a slice at a time (at most ``compactionTimePerTick`` per tick, and none
    /// while a key or a signal waits), so that no frame waits for a whole compaction; what the
    /// cut let go of is freed on another thread.
    mutating func keepWithinBudget(shouldYield: () -> Bool) {
        let clock = clock
        let deadline = clock.now.advanced(by: Self.compactionTimePerTick)
        func shouldStop() -> Bool { shouldYield() || clock.now >= deadline }
        // A few compactions at most per tick: each halves a history, and the budget check
        // starts the next one if it is still over.
        for _ in 0..<8 {
            guard !shouldStop() else { return }
            let index: Int
            if let compacting = sessions.indices.first(where: { sessions[$0].history.isCompacting }) {
                index = compacting
            } else {
                // The largest history whose cut frees more than the graph it rebuilds adds.
                let footprints = sessions.map(\.history.footprint.total)
                guard footprints.reduce(0, +) > compactionThreshold,
                      let largest = footprints.indices.filter({ sessions[$0].history.compactionShrinks(comparedWith: sessions[$0].graph) })
                          .max(by: { footprints[$0] < footprints[$1] }),
                      sessions[largest].beginHistoryCompaction() else { return }
                index = largest
            }
            let before = sessions[index].history.footprint.total
            guard let released = sessions[index].continueHistoryCompaction(until: shouldStop) else { return }
            if !released.isEmpty {
                Self.freeElsewhere(released, weighing: before - sessions[index].history.footprint.total, in: releasing)
            }
            if index == current {
                shownReshapes &+= 1
                shownHistoryCuts &+= 1
            }
            reshapes &+= 1
        }
    }

    /// Drops what a compaction let go of on a background thread (``FreedMemory`` says how the
    /// pages go back to the system): freeing a few hundred MB of records, one by one, is what used to stall
    /// a frame for a quarter of a second. The box is the only reference once this returns (if
    /// the task emptied it first, the memory is freed here instead: slower, never wrong).
    /// A forgotten session goes the same way (its history may weigh the whole budget).
    /// `bytes` (what `released` weighs) is pending in `ledger` until it is freed.
    ///
    /// At the default priority, not `.background`: freeing takes the locks the UI thread needs
    /// (the allocator's arena, whose blocks it frees, and the process's `mmap_lock`, which each
    /// `munmap` of a history chunk holds), and a `.background` task runs at nice 10 on Linux. On a
    /// loaded machine it was preempted holding them and the UI thread waited for it to get a CPU
    /// again: 93–269 ms inside one slice of records (perf, load 10).
    static func freeElsewhere(_ released: consuming some Sendable, weighing bytes: Int, in ledger: ReleaseLedger) {
        let box = ReleasedBox(released)
        ledger.handed(bytes)
        Task.detached(priority: .medium) {
            box.empty()
            ledger.freed(bytes)
        }
    }
}

/// Carries what is let go of to the task that frees it: emptied there, under its lock.
private final class ReleasedBox: Sendable {
    private let contents: Mutex<(any Sendable)?>
    init(_ released: consuming some Sendable) { contents = Mutex(released) }
    func empty() { contents.withLock { $0 = nil } }
}
