import Injection
import InjectionTrace
import InjectionGraph

/// The inspector's sessions: every connection (``LiveUpdate/session(connection:name:processID:)``)
/// gets its own ``InspectorModel``, fed only that connection's records and ended only by its own
/// disconnect, so several apps on one listener never mix; an app that reconnects rejoins its
/// earlier session; an earlier run stays browsable after its app exits, until the cap
/// (``maximumSessions``) or the memory budget (`SessionStore+Budget.swift`) forgets it.
///
/// ```swift
/// var store = SessionStore(first: InspectorModel(connection: .waiting("unix:/tmp/x.sock")),
///                          memoryBudget: Inspector.defaultMemoryBudget, clock: SystemInspectorClock())
/// store.absorb([.session(connection: 1, name: "#1", processID: 42)], now: 0)
/// store.sessions.count  // 1: the waiting session became the app's
/// ```
struct SessionStore {
    /// Every session seen, oldest first.
    var sessions: [InspectorModel]
    /// The session on screen.
    var current: Int
    /// The session of each connection still in the inspector (connection number → index).
    private(set) var sessionOfConnection: [Int: Int] = [:]
    /// The process of each session, when known (the launched app's is matched by it).
    private(set) var processOfSession: [Int: Int32] = [:]
    /// How the launched app ended, once it did.
    private var launchedEnding: (processID: Int32, text: String)?
    /// Counts record batches applied: a session's ``InspectorModel/lastActivity`` says which
    /// ended session heard from its app longest ago.
    private var activity: UInt64 = 0
    /// Connections refused so far, by reason.
    private(set) var refusals: [String: Int] = [:]
    /// Updates taken from the feed but not applied yet: records are applied a few dozen at a
    /// time, and when a frame's time runs out in the middle of a batch the rest waits here (at
    /// most one batch) and goes first on the next frame.
    private(set) var carried: [LiveUpdate] = []
    /// The memory budget, in bytes: the sessions' histories may use what the rest (the feed's
    /// bounded queue, the graphs, the event logs, the screen) leaves of it.
    let memoryBudget: Int
    /// What was handed to the background freeing and is not freed yet: counted into the budget.
    let releasing = ReleaseLedger()
    let clock: any InspectorClock
    /// How long forgetting and applying took at their longest (`DI_INSPECT_STATS`).
    var timings: PartTimings
    /// What the sessions did that the screen says, the newest last (the inspector shows it).
    var message: String?
    /// Bumped whenever a session is forgotten or rejoined, or a history is cut: what was built
    /// from the sessions (the model as of the time cursor) may point into what moved.
    var reshapes: UInt64 = 0
    /// Bumped when a session is forgotten or the shown session's history is cut: the view's
    /// rows, and the time cursor, may point into what moved.
    var shownReshapes: UInt64 = 0
    /// Bumped when the shown session's history is cut: the time cursor pointed into it.
    var shownHistoryCuts: UInt64 = 0
    /// Ended sessions forgotten because the budget was full (not counting those past
    /// ``maximumSessions``).
    var forgottenOverBudget = 0
    /// Events the forgotten sessions had applied (``Inspector/statistics``).
    private(set) var appliedInForgottenSessions: UInt64 = 0

    /// The most sessions kept: past it the oldest ended one is forgotten.
    static let maximumSessions = 64
    /// How many updates ``absorb(_:now:until:)`` handles between two questions to its
    /// `shouldStop` (records are asked about within a batch, see
    /// ``InspectorModel/recordsBetweenChecks``).
    static let updatesBetweenChecks = 16

    /// The first session's state while no app had connected (`.waiting(address)`), nil for a
    /// file: when the only session is forgotten, a waiting one takes its place again.
    private let waitingConnection: ConnectionState?

    init(first model: InspectorModel, memoryBudget: Int, clock: any InspectorClock) {
        if case .waiting = model.connection { waitingConnection = model.connection } else { waitingConnection = nil }
        self.sessions = [model]
        self.current = 0
        self.memoryBudget = memoryBudget
        self.clock = clock
        self.timings = PartTimings(clock: clock)
    }

    /// Sessions whose app is still connected, as far as the inspector knows.
    var liveCount: Int { sessions.count { if case .live = $0.connection { true } else { false } } }

    /// Advances the shown session's clock (rates, fading highlights).
    mutating func advanceCurrent(to milliseconds: UInt64) {
        sessions[current].advance(to: milliseconds)
    }

    /// What does not add up in the session bookkeeping (tests check it stays empty): the
    /// session shown, the connections' sessions and the processes' sessions must all be
    /// sessions that exist.
    var bookkeepingProblems: [String] {
        var problems: [String] = []
        if !sessions.indices.contains(current) { problems.append("current \(current) of \(sessions.count) sessions") }
        for (connection, index) in sessionOfConnection where !sessions.indices.contains(index) {
            problems.append("connection \(connection) → session \(index) of \(sessions.count)")
        }
        for index in processOfSession.keys where !sessions.indices.contains(index) {
            problems.append("process of session \(index) of \(sessions.count)")
        }
        return problems
    }

    // MARK: - Updates

    /// Applies what was carried over from the last frame, or else the updates `source` gives,
    /// until `shouldStop` says so; false when there was nothing to apply.
    mutating func absorbNext(from source: () -> [LiveUpdate], now: UInt64, until shouldStop: () -> Bool) -> Bool {
        let updates = carried.isEmpty ? source() : carried
        carried = []
        guard !updates.isEmpty else { return false }
        absorb(updates, now: now, until: shouldStop)
        return true
    }

    /// Applies live updates to the sessions, until `shouldStop` says so (what is left goes to
    /// ``carried``).
    mutating func absorb(_ updates: [LiveUpdate], now: UInt64, until shouldStop: () -> Bool = { false }) {
        // Ended sessions past the cap go as soon as they ended, not when the next app connects.
        defer {
            let forgetting = timings.starting()
            forgetOldSessions()
            timings.note("forget_old", since: forgetting)
        }
        for (position, update) in updates.enumerated() {
            // Sessions coming and going cost a little each: asked every few updates too.
            if position > 0, position % Self.updatesBetweenChecks == 0, shouldStop() {
                carried = Array(updates[position...])
                return
            }
            switch update {
            case .session(let connection, let name, let processID):
                let index: Int
                if sessions.count == 1, sessionOfConnection.isEmpty, sessions[0].graph.session.eventCount == 0,
                   case .waiting = sessions[0].connection {
                    index = 0
                    sessions[0].connection = .live
                } else {
                    sessions.append(InspectorModel(connection: .live))
                    index = sessions.count - 1
                    // Follow the newest app unless the user went back to an earlier session.
                    if current == index - 1 { current = index }
                }
                sessionOfConnection[connection] = index
                sessions[index].graph.serviceLimit = serviceLimit
                sessions[index].graph.edgeLimit = edgeLimit
                if let processID { processOfSession[index] = processID }
                message = "New session: \(name)"
                forgetOldSessions()
            case .records(let connection, let records):
                guard var index = sessionOfConnection[connection] ?? (connection == LiveUpdate.firstSession ? 0 : nil)
                else { continue }
                var fresh = records
                if case .header(let header)? = records.first, sessions[index].graph.session.header == nil,
                   let earlier = rejoinedSession(for: header, instead: index) {
                    index = rejoin(connection: connection, fresh: index, earlier: earlier)
                    fresh = Self.newSinceReconnect(records, after: sessions[index].graph.session.lastTime)
                }
                activity += 1
                sessions[index].lastActivity = activity
                let applying = timings.starting()
                let applied = sessions[index].apply(fresh, now: now, until: shouldStop)
                timings.note("apply", since: applying)
                // A new app's session counts towards the cap once it has its header.
                if sessions.count > Self.maximumSessions { forgetOldSessions() }
                if applied < fresh.count {
                    carried = [.records(connection: connection, Array(fresh[applied...]))] + updates[(position + 1)...]
                    return
                }
            case .connection(let connection?, let change):
                guard let index = sessionOfConnection[connection] ?? (connection == LiveUpdate.firstSession ? 0 : nil)
                else { continue }
                if case .disconnected = change {
                    sessionOfConnection[connection] = nil
                    // The app reconnected before its old stream's end was seen: the session
                    // goes on with the new connection.
                    if sessionOfConnection.values.contains(index) { continue }
                }
                if case .disconnected = sessions[index].connection, connection != LiveUpdate.firstSession { continue }
                sessions[index].connection = change
                if case .disconnected = change, let ending = launchedEnding, processOfSession[index] == ending.processID {
                    sessions[index].connection = .disconnected(ending.text)
                }
                // A connection that ended without sending anything to show (garbage, an
                // attack's noise, lines all skipped) leaves no session behind: nothing of it is
                // browsable, and a flood of them must cost nothing once it has ended.
                if case .disconnected = change, connection != LiveUpdate.firstSession, sessions[index].hasNothingToShow,
                   forget(at: index) {
                    message = "Connection \(connection) ended without a service or an event to show; not kept"
                }
            case .connection(nil, let change):
                if sessionOfConnection.isEmpty, sessions.count == 1 { sessions[0].connection = change }
            case .launchedAppEnded(let processID, let ending, let failed, let output):
                launchedEnding = (processID, ending)
                for (index, process) in processOfSession where process == processID {
                    if case .disconnected = sessions[index].connection { sessions[index].connection = .disconnected(ending) }
                }
                let neverConnected = processOfSession.values.allSatisfy { $0 != processID }
                if neverConnected, case .waiting = sessions[0].connection { sessions[0].connection = .disconnected(ending) }
                if failed, !output.isEmpty {
                    let lines = output.map(\.escapingControlCharacters)
                    // The lines that say what went wrong first (a usage text may follow them).
                    let errors = lines.filter { $0.lowercased().contains("error") }
                    message = "The app \(ending): \(errors.first ?? lines[0])"
                    sessions[0].launchOutput = errors + lines.filter { !$0.lowercased().contains("error") }
                } else {
                    message = "The app \(ending); the graph stays browsable. q quits."
                }
            case .refusals(let counts):
                refusals = counts
            case .message(let text):
                message = text
            }
        }
    }

    // MARK: - Rejoining

    /// An earlier session of the same app (same name, process and start time) that a new
    /// connection continues: the app's socket sink reconnects after the inspector stopped
    /// reading for a while, and that is one run, not two.
    private func rejoinedSession(for header: TraceHeader, instead fresh: Int) -> Int? {
        sessions.indices.last { index in
            guard index != fresh, let known = sessions[index].graph.session.header else { return false }
            return known.app == header.app && known.pid == header.pid && known.startTime == header.startTime
        }
    }

    /// Moves `connection` to the `earlier` session of the same app and forgets the empty
    /// `fresh` one made when it connected; returns the earlier session's index.
    private mutating func rejoin(connection: Int, fresh: Int, earlier: Int) -> Int {
        if current == fresh { current = earlier }
        removeSession(at: fresh)
        let target = earlier > fresh ? earlier - 1 : earlier
        sessionOfConnection[connection] = target
        sessions[target].connection = .live
        sessions[target].reconnections += 1
        reshapes &+= 1
        let header = sessions[target].graph.session.header
        message = "Reconnected: \(header?.app ?? "app") (pid \(header?.pid ?? 0)); its session continues"
        return target
    }

    /// What a reconnected stream adds: it starts with its header and a replay of the durable
    /// records the session already has (and the replay's own `dropped` note); only records
    /// newer than the session's last time are new.
    static func newSinceReconnect(_ records: [TraceRecord], after lastTime: UInt64) -> [TraceRecord] {
        var fresh: [TraceRecord] = []
        fresh.reserveCapacity(records.count)
        var inReplay = true
        for record in records {
            let time: UInt64? = switch record {
            case .header: nil
            case .event(let event): event.time
            case .aggregate(let aggregate): aggregate.lastTime
            case .dropped(_, let time): time
            case .end(let time, _): time
            }
            guard let time else { continue }
            if case .dropped = record, inReplay { continue }
            if time <= lastTime { continue }
            inReplay = false
            fresh.append(record)
        }
        return fresh
    }

    // MARK: - Forgetting

    /// Keeps at most ``maximumSessions``: the oldest ended sessions go first. Sessions whose
    /// app has not sent its header yet are not counted: each may be a reconnection about to
    /// join its earlier session, which must still be there (a burst of reconnections accepted
    /// before any of their lines were read otherwise made room for themselves by forgetting the
    /// very session they were coming back to). They are counted once they have their header.
    mutating func forgetOldSessions() {
        while sessions.count - sessionOfConnection.values.count(where: { sessions[$0].graph.session.header == nil })
            > Self.maximumSessions {
            guard let oldest = oldestEndedSession() else { return }
            removeSession(at: oldest)
        }
    }

    /// The ended session that heard from its app longest ago, other than the one shown: a long
    /// run that keeps reconnecting stays, however many short-lived apps came and went meanwhile.
    func oldestEndedSession() -> Int? {
        let connected = Set(sessionOfConnection.values)
        return sessions.indices.filter { index in
            index != current && !connected.contains(index)
        }.min { sessions[$0].lastActivity < sessions[$1].lastActivity }
    }

    /// Forgets an ended session; when it is the only one, the waiting session takes its place
    /// again (false for a file's, which stays).
    @discardableResult
    mutating func forget(at index: Int) -> Bool {
        let replacing = sessions.count == 1
        guard !replacing || (waitingConnection != nil && sessionOfConnection.isEmpty) else { return false }
        // The time cursor pointed into the session shown: it goes back to the end.
        if index == current { shownHistoryCuts &+= 1 }
        guard replacing, let waitingConnection else {
            removeSession(at: index)
            return true
        }
        let forgotten = sessions[0]
        sessions[0] = InspectorModel(connection: waitingConnection)
        appliedInForgottenSessions &+= forgotten.appliedEvents
        Self.freeElsewhere(forgotten, weighing: forgotten.heldBytes, in: releasing)
        processOfSession = [:]
        reshapes &+= 1
        shownReshapes &+= 1
        return true
    }

    /// Lets go of the connections feeding session `index` (their later updates are ignored)
    /// and returns them.
    mutating func detachConnections(of index: Int) -> [Int] {
        let connections = sessionOfConnection.filter { $0.value == index }.keys.sorted()
        for connection in connections { sessionOfConnection[connection] = nil }
        return connections
    }

    /// Drops the records of `connection` carried to the next frame; returns their events.
    mutating func dropCarried(of connection: Int) -> UInt64 {
        var events: UInt64 = 0
        carried.removeAll { update in
            guard case .records(connection, let records) = update else { return false }
            for record in records { events.addSaturating(LiveIntake.events(in: record)) }
            return true
        }
        return events
    }

    /// Forgets one session, keeping the connection and process maps and the shown session
    /// pointing at the same sessions.
    mutating func removeSession(at removed: Int) {
        let forgotten = sessions.remove(at: removed)
        appliedInForgottenSessions &+= forgotten.appliedEvents
        Self.freeElsewhere(forgotten, weighing: forgotten.heldBytes, in: releasing)
        sessionOfConnection = sessionOfConnection.filter { $0.value != removed }.mapValues { $0 > removed ? $0 - 1 : $0 }
        processOfSession = Dictionary(uniqueKeysWithValues: processOfSession.compactMap { key, value in
            key == removed ? nil : (key > removed ? key - 1 : key, value)
        })
        if current > removed || current == sessions.count { current -= 1 }
        reshapes &+= 1
        shownReshapes &+= 1
    }
}
