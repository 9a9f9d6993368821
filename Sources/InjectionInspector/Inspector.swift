import Injection
import InjectionTrace
import InjectionGraph
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live inspector: the ``TerminalApplication`` that ties the model, the reducer and the
/// views together, and takes in ``LiveUpdate``s from producer threads.
///
/// Sessions: every connection (``LiveUpdate/session(connection:name:processID:)``) gets its own
/// ``InspectorModel``, fed only that connection's records and ended only by its own disconnect,
/// so several apps on one listener never mix; `[` and `]` go to the previous and next one, and
/// an earlier run stays browsable after its app exits.
///
/// Each frame takes at most ``recordsPerFrame`` records from the feed (the ``LiveIntake``
/// behind it folds repeats while the screen catches up), so the screen answers keys and signals
/// whatever the input rate; the sessions' histories share one ``memoryBudget``.
///
/// ```swift
/// var listener: TraceListener?
/// let status = InspectorLauncher.run(noColor: false) { feed in
///     listener = try TraceListener(address: .defaultUnix) { event in
///         if case .records(let session, let records) = event {
///             feed.send(.records(connection: session.number, records))   // any thread
///         }
///     }
///     return Inspector(model: InspectorModel(connection: .waiting(listener!.destination)), feed: feed)
/// }
/// listener?.stop()
/// exit(status)
/// ```
@MainActor
public final class Inspector: TerminalApplication {
    /// Every session seen, oldest first.
    private(set) var sessions: [InspectorModel]
    /// The session on screen.
    private(set) var current: Int {
        didSet { if current != oldValue { viewIsStale = true } }
    }
    /// Whether the view (rows, flags, counts) may describe another model than the one shown
    /// (another session came on screen, or its history was cut): the next frame rebuilds it
    /// whatever ``viewRebuildInterval`` says, since its rows point into that model.
    private var viewIsStale = false
    private(set) var state = InspectorState()
    private let feed: LiveFeed?
    /// What was handed to the background freeing and is not freed yet: counted into the budget.
    let releasing = ReleaseLedger()
    /// The session of each connection still in the inspector (connection number → index).
    private var sessionOfConnection: [Int: Int] = [:]
    /// The process of each session, when known (the launched app's is matched by it).
    private var processOfSession: [Int: Int32] = [:]
    /// How the launched app ended, once it did.
    private var launchedEnding: (processID: Int32, text: String)?
    /// Counts record batches applied: a session's ``InspectorModel/lastActivity`` says which
    /// ended session heard from its app longest ago.
    private var activity: UInt64 = 0
    /// Connections refused so far, by reason.
    private var refusals: [String: Int] = [:]
    /// The most records applied per frame: the rest waits in the feed (folded when it is long).
    static let recordsPerFrame = 20_000
    /// Records are taken in batches of this size until ``applyTimePerFrame`` is spent.
    static let recordsPerBatch = 2_000
    static let applyTimePerFrame: Duration = .milliseconds(40)
    /// While records flow, the view (problems, flags, counts, rows) is rebuilt at most this
    /// often: a full `check()` per frame is what a flood must not cost.
    static let viewRebuildInterval: Duration = .milliseconds(250)
    /// When the view was last rebuilt for a frame.
    private var lastViewRebuild: ContinuousClock.Instant?
    /// The memory budget, in bytes: the sessions' histories may use what the rest (the feed's
    /// bounded queue, the graphs, the event logs, the screen) leaves of it.
    let memoryBudget: Int
    /// The default budget: 256 MB, a laptop's share for watching an app all day.
    public nonisolated static let defaultMemoryBudget = 256 << 20
    /// What the budget keeps aside for everything but the histories and the graphs (the feed's
    /// queue, the listener, the event logs, the screen).
    nonisolated static let reservedMemory = 96 << 20

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
    /// What a service is taken to cost a live session: its node, names, edges' share, the
    /// history's copy of its identity and its highlight.
    static let bytesPerService = 1_024
    /// The most sessions kept: past it the oldest ended one is forgotten.
    static let maximumSessions = 64
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var size = (rows: 24, columns: 80)
    /// When updates were last taken from the feed (model clock).
    private var lastTake: UInt64 = 0
    /// Where `e` writes dot files.
    var exportDirectory: String
    /// Where `o` looks for a trace's source files: the current folder, then `--source-root`.
    let sources: SourceFileLocator

    /// - Parameters:
    ///   - model: The first session (a loaded file, or an empty live one).
    ///   - feed: Live updates, or nil for a static trace.
    ///   - exportDirectory: Where `e` writes dot files.
    ///   - memoryBudget: What the sessions' histories may weigh together (bytes); past it the
    ///     oldest history is compacted and the time bar says where history now starts.
    ///   - sourceRoot: Where `o` also looks for the files a trace names, after the current folder
    ///     (a trace recorded in another checkout).
    public init(model: InspectorModel, feed: LiveFeed? = nil, exportDirectory: String = ".",
                memoryBudget: Int = Inspector.defaultMemoryBudget, sourceRoot: String? = nil) {
        self.sources = SourceFileLocator(roots: ["."] + (sourceRoot.map { [$0] } ?? []))
        self.sessions = [model]
        self.current = 0
        self.feed = feed
        self.memoryBudget = memoryBudget
        self.started = clock.now
        self.exportDirectory = exportDirectory
        state.sync(with: model)
    }

    var model: InspectorModel { sessions[current] }

    /// The model the views show: the current session as of the time cursor.
    var shownModel: InspectorModel {
        let whole = sessions[current]
        guard let cursor = state.timeCursor, cursor < whole.history.count else { return whole }
        let key = ShownKey(session: current, cursor: cursor, records: whole.history.count)
        if let cached = shownCache, cached.key == key { return cached.model }
        let earlier = whole.asOf(cursor)
        shownCache = (key, earlier)
        return earlier
    }

    private struct ShownKey: Equatable {
        var session: Int
        var cursor: Int
        var records: Int
    }

    /// The last model built for the cursor: redraws and keys reuse it.
    private var shownCache: (key: ShownKey, model: InspectorModel)?

    private var milliseconds: UInt64 {
        let elapsed = (clock.now - started).components
        return UInt64(elapsed.seconds) * 1000 + UInt64(elapsed.attoseconds / 1_000_000_000_000_000)
    }

    // MARK: - TerminalApplication

    func handle(_ key: Key) -> KeyResult {
        if key == .resize { return .ignored }
        if !state.showHelp, !state.filter.isEditing, key == .character("[") || key == .character("]") {
            switchSession(by: key == .character("[") ? -1 : 1)
            return .handled
        }
        state.pageSize = InspectorLayout(rows: size.rows, columns: size.columns).pageSize
        state.screenSize = size
        let started = clock.now
        defer { longestKey[screenName, default: .zero] = max(longestKey[screenName] ?? .zero, clock.now - started) }
        var result = KeyResult.handled
        for effect in state.handle(key, model: shownModel) {
            switch effect {
            case .quit: return .quit
            case .pause: break  // while paused the feed keeps (and folds) what arrives
            case .export(let request): state.message = export(request)
            case .copy(let text): copyToClipboard(text)
            case .openSource(let location): result = editor(for: location).map { .runInForeground($0) } ?? result
            }
        }
        state.sync(with: shownModel)
        return result
    }

    func foregroundProgramEnded(_ program: ForegroundProgram, outcome: ForegroundProgram.Outcome) {
        state.message = EditorCommand.message(for: program, outcome: outcome)
    }

    /// Frames the terminal made the loop skip (the header says so for a few seconds).
    private var terminalLag = TerminalLag()

    func terminalLagged(_ lag: TerminalLag) {
        terminalLag = lag
    }

    func refresh(shouldYield: () -> Bool) -> Bool {
        guard let feed, !state.paused else { return false }
        // Coalesce: take updates at most every 100 ms (the tick picks up the rest), so a busy
        // app costs one rebuild of the view per frame, not one per batch.
        let now = milliseconds
        guard now &- lastTake >= 100 || lastTake == 0 else { return false }
        lastTake = now
        // Small batches until the frame's time is spent or a key or a signal waits: the screen
        // and the keys stay answered whatever the input rate; what is left waits (and folds) in
        // the feed.
        let deadline = clock.now.advanced(by: Self.applyTimePerFrame)
        func shouldStop() -> Bool { clock.now >= deadline || shouldYield() }
        var took = false
        var taken = 0
        repeat {
            let started = starting()
            guard absorbNext(from: {
                let updates = feed.take(maximumRecords: Self.recordsPerBatch)
                noteLongest("take", since: started)
                return updates
            }, until: shouldStop) else { break }
            noteLongest("batch", since: started)
            took = true
            taken += Self.recordsPerBatch
        } while carried.isEmpty && taken < Self.recordsPerFrame && !shouldStop()
        // The view is rebuilt when it is drawn (``render(rows:columns:)``), at most
        // ``viewRebuildInterval`` apart while records flow.
        return took
    }

    func tick(now: ContinuousClock.Instant, shouldYield: () -> Bool) -> Bool {
        let took = refresh(shouldYield: shouldYield)
        let compacting = starting()
        keepWithinBudget(shouldYield: shouldYield)
        noteLongest("compaction", since: compacting)
        let forgetting = starting()
        forgetEndedSessionsOverBudget()
        noteLongest("forget", since: forgetting)
        // New apps are shed (counted, in the header) while the histories and what is still
        // being freed fill the whole budget: a flood of short-lived apps must not hold more than
        // the budget in sessions waiting to be freed. (The whole budget, not the histories'
        // share: a compaction's older half waiting to be freed must not shed a reconnect.)
        feed?.admitsNewSessions(heldBytes <= memoryBudget)
        let before = (sessions[current].eventsPerSecond, sessions[current].hasFadingHighlights)
        sessions[current].advance(to: milliseconds)
        let after = (sessions[current].eventsPerSecond, sessions[current].hasFadingHighlights)
        return took || before != after || after.1
    }

    func render(rows: Int, columns: Int) -> Canvas {
        size = (rows, columns)
        state.screenSize = size
        let pageSize = InspectorLayout(rows: rows, columns: columns).pageSize
        let resized = state.pageSize != pageSize
        if resized {
            state.pageSize = pageSize
        }
        let shown = shownModel
        // The problems, flags, counts and rows follow the graph at most every
        // ``viewRebuildInterval`` while records flow (a key rebuilds them at once, in
        // ``handle(_:)``): the header's figures, read from the model, stay live in between.
        let drawn = clock.now
        if resized || viewIsStale || lastViewRebuild.map({ drawn - $0 >= Self.viewRebuildInterval }) ?? true {
            state.sync(with: shown)
            lastViewRebuild = drawn
            viewIsStale = false
            longestViewRebuild[screenName, default: .zero] = max(longestViewRebuild[screenName] ?? .zero, clock.now - drawn)
        }
        let painting = clock.now
        var view = state
        view.liveSummary = liveSummary
        defer { longestPainting[screenName, default: .zero] = max(longestPainting[screenName] ?? .zero, clock.now - painting) }
        return InspectorView.render(model: shown, state: view, rows: rows, columns: columns)
    }

    /// The longest each part of the work between frames took once (`take`: one take from the
    /// feed, its lock included; `batch`: one take and its records applied; `apply`: one
    /// connection's records applied to its session; `forget_old`: sessions past the cap
    /// forgotten after a batch; `compaction`, `forget`: a tick's history compaction and
    /// forgetting of sessions over the budget), for `DI_INSPECT_STATS`: where a long tick went.
    private var longestPart: [String: Duration] = [:]
    /// What the UI thread used during each part's longest run (``ThreadUsage``): CPU, context
    /// switches and page faults, which tell a slow part from a thread kept waiting.
    private var longestPartUsage: [String: ThreadUsage] = [:]

    /// Starts timing a part: ``noteLongest(_:since:)`` with what this returns.
    private func starting() -> (ContinuousClock.Instant, ThreadUsage) { (clock.now, ThreadUsage.now()) }

    private func noteLongest(_ part: String, since start: (ContinuousClock.Instant, ThreadUsage)) {
        let duration = clock.now - start.0
        if duration > longestPart[part] ?? .zero {
            longestPart[part] = duration
            longestPartUsage[part] = ThreadUsage.now() - start.1
        }
    }

    /// The longest a render spent rebuilding the view (problems, flags, counts, rows) and
    /// painting it into the canvas, per screen: which of the two a long render was, and where
    /// (`DI_INSPECT_STATS`).
    private var longestViewRebuild: [String: Duration] = [:]
    private var longestPainting: [String: Duration] = [:]
    /// The longest a key took to handle (with the view rebuilt for it), per screen it ended on.
    private var longestKey: [String: Duration] = [:]
    /// The screen shown, for those figures (`services`, `layers`, …, `tree` for a drill-down).
    private var screenName: String { state.route.screen.map { $0.title.lowercased() } ?? "tree" }

    // MARK: - Updates

    /// Applies live updates now (also used by tests and `open FILE`).
    public func apply(_ updates: [LiveUpdate]) {
        absorb(updates)
        state.sync(with: shownModel)
    }

    /// Updates taken from the feed but not applied yet: records are applied a few dozen at a
    /// time, and when a frame's time runs out in the middle of a batch the rest waits here (at
    /// most one batch) and goes first on the next frame.
    private(set) var carried: [LiveUpdate] = []
    /// How many updates ``absorb(_:until:)`` handles between two questions to its `shouldStop`
    /// (records are asked about within a batch, see ``InspectorModel/recordsBetweenChecks``).
    static let updatesBetweenChecks = 16

    /// Applies what was carried over from the last frame, or else the updates `source` gives,
    /// until `shouldStop` says so; false when there was nothing to apply.
    func absorbNext(from source: () -> [LiveUpdate], until shouldStop: () -> Bool) -> Bool {
        let updates = carried.isEmpty ? source() : carried
        carried = []
        guard !updates.isEmpty else { return false }
        absorb(updates, until: shouldStop)
        return true
    }

    /// Applies live updates to the sessions without rebuilding the view, until `shouldStop`
    /// says so (what is left goes to ``carried``).
    private func absorb(_ updates: [LiveUpdate], until shouldStop: () -> Bool = { false }) {
        let now = milliseconds
        // Ended sessions past the cap go as soon as they ended, not when the next app connects.
        defer {
            let forgetting = starting()
            forgetOldSessions()
            noteLongest("forget_old", since: forgetting)
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
                state.message = "New session: \(name)"
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
                let applying = starting()
                let applied = sessions[index].apply(fresh, now: now, until: shouldStop)
                noteLongest("apply", since: applying)
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
                    state.message = "The app \(ending): \(errors.first ?? lines[0])"
                    sessions[0].launchOutput = errors + lines.filter { !$0.lowercased().contains("error") }
                } else {
                    state.message = "The app \(ending); the graph stays browsable. q quits."
                }
            case .refusals(let counts):
                refusals = counts
            case .message(let text):
                state.message = text
            }
        }
    }

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
    private func rejoin(connection: Int, fresh: Int, earlier: Int) -> Int {
        if current == fresh { current = earlier }
        removeSession(at: fresh)
        let target = earlier > fresh ? earlier - 1 : earlier
        sessionOfConnection[connection] = target
        sessions[target].connection = .live
        sessions[target].reconnections += 1
        shownCache = nil
        let header = sessions[target].graph.session.header
        state.message = "Reconnected: \(header?.app ?? "app") (pid \(header?.pid ?? 0)); its session continues"
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

    /// The header's live part: how many apps are live, which session is shown, what the feed is
    /// folding or dropping, and what was refused.
    var liveSummary: String {
        var parts: [String] = []
        if let feed {
            let status = feed.status
            if status.statistics.folded > 0 { parts.append("folded \(status.statistics.folded)") }
            if status.statistics.shedConnections > 0 {
                parts.append("shed \(status.statistics.shedConnections) app\(status.statistics.shedConnections == 1 ? "" : "s")")
            }
            if status.queuedRecords >= Self.recordsPerFrame { parts.append("behind \(status.queuedRecords)") }
            if state.paused, status.queuedRecords > 0 { parts.append("\(status.queuedRecords) held") }
        }
        if terminalLag.isRecent(now: clock.now) { parts.append(terminalLag.summary) }
        let refused = refusals.values.reduce(0, +)
        if refused > 0 {
            let reasons = refusals.sorted { $0.value > $1.value }.prefix(2).map { "\($0.value) \($0.key)" }
            parts.append("refused \(refused) (" + reasons.joined(separator: ", ") + ")")
        }
        let graph = sessions[current].graph
        if graph.servicesNotShown > 0 {
            parts.append("\(graph.servicesNotShown)\(graph.servicesNotShownIsExact ? "" : "+") more services not shown"
                + " (limit \(graph.serviceLimit))")
        }
        if graph.edgesNotShown > 0 {
            parts.append("\(graph.edgesNotShown)\(graph.edgesNotShown < DependencyGraph.countedFoldedNames ? "" : "+") more edges not shown"
                + " (limit \(graph.edgeLimit))")
        }
        let reconnections = sessions[current].reconnections
        if reconnections > 0 { parts.append("reconnected \(reconnections)") }
        let live = sessions.count { if case .live = $0.connection { true } else { false } }
        if sessions.count > 1 || live > 1 {
            parts.append("\(live) live · session \(current + 1)/\(sessions.count) [ ]")
        }
        return parts.joined(separator: "  ")
    }

    /// Figures for the soak benchmark: events received, folded and dropped by the feed,
    /// applied to the sessions, and the history kept.
    var statistics: [String: UInt64] {
        var figures: [String: UInt64] = [:]
        if let feed {
            let status = feed.currentStatus
            figures["received"] = status.statistics.received
            figures["folded"] = status.statistics.folded
            figures["dropped"] = status.statistics.dropped
            figures["shed_connections"] = status.statistics.shedConnections
        }
        figures["applied"] = sessions.reduce(0) { $0 + $1.appliedEvents }
        // What the sessions forgotten since (past the cap, or over the budget) had applied: with
        // `applied` and `dropped`, every event received is accounted for.
        figures["applied_in_forgotten_sessions"] = appliedInForgottenSessions
        figures["problem_loop_searches"] = UInt64(state.problems.loopSearches)
        figures["sessions"] = UInt64(sessions.count)
        figures["history_bytes"] = UInt64(sessions.reduce(0) { $0 + $1.history.footprint.total })
        figures["graph_bytes"] = UInt64(sessions.reduce(0) { $0 + $1.graph.residentBytes })
        figures["services_not_shown"] = UInt64(sessions.reduce(0) { $0 + $1.graph.servicesNotShown })
        figures["edges_not_shown"] = UInt64(sessions.reduce(0) { $0 + $1.graph.edgesNotShown })
        figures["sessions_forgotten_over_budget"] = UInt64(forgottenOverBudget)
        figures["releasing_bytes"] = UInt64(releasing.pendingBytes)
        figures["releasing_peak_bytes"] = UInt64(releasing.peakPendingBytes)
        figures["history_dropped_records"] = UInt64(sessions.reduce(0) { $0 + $1.history.droppedRecords })
        // Services' sort keys built: the services shown, unless another graph made them be built again.
        figures["service_entries_built"] = UInt64(state.serviceOrder.entriesBuilt)
        // Problems checked from scratch: once per change of structure, not per revision.
        figures["problem_checks"] = UInt64(state.problems.fullChecks)
        for (screen, duration) in longestViewRebuild { figures["longest_rebuild_\(screen)_us"] = Self.microseconds(duration) }
        for (screen, duration) in longestPainting { figures["longest_paint_\(screen)_us"] = Self.microseconds(duration) }
        for (screen, duration) in longestKey { figures["longest_key_\(screen)_us"] = Self.microseconds(duration) }
        for (part, duration) in longestPart { figures["longest_\(part)_us"] = Self.microseconds(duration) }
        for (part, usage) in longestPartUsage {
            for (suffix, value) in usage.figures { figures["longest_\(part)_\(suffix)"] = value }
        }
        return figures
    }

    private static func microseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000_000)
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

    /// The histories, the graphs and what is still being freed, in bytes.
    var heldBytes: Int { sessionBytes + releasing.pendingBytes }

    /// The sessions' histories and graphs, in bytes.
    var sessionBytes: Int {
        sessions.reduce(0) { $0 + $1.history.footprint.total + $1.graph.residentBytes }
    }

    /// While what the sessions hold is over the budget, forgets ended sessions, the one idle
    /// longest first: a graph is kept whole or not at all, and the session on screen and the
    /// live ones stay (their graphs are bounded by ``serviceLimit``, their histories compact).
    /// (What is still being freed is not counted here: a session just forgotten would
    /// otherwise make the next one look over the budget too.)
    private func forgetEndedSessionsOverBudget() {
        while sessions.count > 1, sessionBytes > memoryBudget {
            let connected = Set(sessionOfConnection.values)
            guard let oldest = sessions.indices.filter({ index in
                index != current && !connected.contains(index)
            }).min(by: { sessions[$0].lastActivity < sessions[$1].lastActivity }) else { return }
            removeSession(at: oldest)
            forgottenOverBudget += 1
        }
    }

    /// Ended sessions forgotten because the budget was full (not counting those past
    /// ``maximumSessions``).
    private(set) var forgottenOverBudget = 0
    /// Events the forgotten sessions had applied (``statistics``).
    private(set) var appliedInForgottenSessions: UInt64 = 0

    /// Keeps at most ``maximumSessions``: the oldest ended sessions go first. Sessions whose
    /// app has not sent its header yet are not counted: each may be a reconnection about to
    /// join its earlier session, which must still be there (a burst of reconnections accepted
    /// before any of their lines were read otherwise made room for themselves by forgetting the
    /// very session they were coming back to). They are counted once they have their header.
    private func forgetOldSessions() {
        while sessions.count - sessionOfConnection.values.count(where: { sessions[$0].graph.session.header == nil })
            > Self.maximumSessions {
            // The ended session that heard from its app longest ago: a long run that keeps
            // reconnecting stays, however many short-lived apps came and went meanwhile.
            let connected = Set(sessionOfConnection.values)
            guard let oldest = sessions.indices.filter({ index in
                index != current && !connected.contains(index)
            }).min(by: { sessions[$0].lastActivity < sessions[$1].lastActivity }) else { return }
            removeSession(at: oldest)
        }
    }

    /// Forgets one session, keeping the connection and process maps and the shown session
    /// pointing at the same sessions.
    private func removeSession(at removed: Int) {
        let forgotten = sessions.remove(at: removed)
        appliedInForgottenSessions &+= forgotten.appliedEvents
        Self.freeElsewhere(forgotten, weighing: forgotten.history.footprint.total, in: releasing)
        viewIsStale = true
        sessionOfConnection = sessionOfConnection.filter { $0.value != removed }.mapValues { $0 > removed ? $0 - 1 : $0 }
        processOfSession = Dictionary(uniqueKeysWithValues: processOfSession.compactMap { key, value in
            key == removed ? nil : (key > removed ? key - 1 : key, value)
        })
        if current > removed || current == sessions.count { current -= 1 }
        shownCache = nil
    }

    /// Keeps the sessions' histories within ``historyBudget``: past it the largest history drops
    /// its older half, a slice at a time (at most ``compactionTimePerTick`` per tick, and none
    /// while a key or a signal waits), so that no frame waits for a whole compaction; what the
    /// cut let go of is freed on another thread.
    private func keepWithinBudget(shouldYield: () -> Bool) {
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
                let footprints = sessions.map(\.history.footprint.total)
                guard footprints.reduce(0, +) > compactionThreshold,
                      let largest = footprints.indices.max(by: { footprints[$0] < footprints[$1] }),
                      sessions[largest].beginHistoryCompaction() else { return }
                index = largest
            }
            let before = sessions[index].history.footprint.total
            guard let released = sessions[index].continueHistoryCompaction(until: shouldStop) else { return }
            if !released.isEmpty {
                Self.freeElsewhere(released, weighing: before - sessions[index].history.footprint.total, in: releasing)
            }
            if index == current {
                state.timeCursor = nil
                viewIsStale = true
            }
            shownCache = nil
        }
    }

    /// The most a tick spends compacting histories.
    static let compactionTimePerTick: Duration = .milliseconds(15)

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
    nonisolated static func freeElsewhere(_ released: consuming some Sendable, weighing bytes: Int, in ledger: ReleaseLedger) {
        let box = ReleasedBox(released)
        ledger.handed(bytes)
        Task.detached(priority: .medium) {
            box.empty()
            ledger.freed(bytes)
        }
    }

    /// Carries what is let go of to the task that frees it: emptied there, under its lock.
    private final class ReleasedBox: Sendable {
        private let contents: Mutex<(any Sendable)?>
        init(_ released: consuming some Sendable) { contents = Mutex(released) }
        func empty() { contents.withLock { $0 = nil } }
    }

    private func switchSession(by step: Int) {
        let target = current + step
        guard sessions.indices.contains(target) else {
            state.message = "No \(step < 0 ? "earlier" : "later") session"
            return
        }
        current = target
        state.timeCursor = nil
        state.message = "Session \(current + 1) of \(sessions.count)"
        state.sync(with: model)
    }

    /// The editor at the registration's line, or nil (and a message) when the file is not here.
    private func editor(for location: SourceLocation) -> ForegroundProgram? {
        guard let path = sources.path(for: location.fileID) else {
            state.message = "\(location.description) is not under this folder" + (sources.roots.count > 1 ? " or \(sources.roots[1])" : "")
                + (sources.roots.count > 1 ? "" : " (open --source-root DIR)")
            return nil
        }
        let arguments = EditorCommand.arguments(environment: PosixIO.environmentVariables(), file: path, line: location.line)
        return ForegroundProgram(arguments: arguments, description: "\(path):\(location.line)")
    }

    /// Sends OSC 52 straight to the terminal: it moves no cursor and prints nothing, so the
    /// screen ncurses knows about is unchanged. Only to a terminal.
    private func copyToClipboard(_ text: String) {
        guard isatty(1) == 1 else { return }
        let bytes = Array(ClipboardSequence.osc52(text).utf8)
        bytes.withUnsafeBytes { buffer in _ = write(1, buffer.baseAddress, buffer.count) }
    }

    /// Writes what the view shows to the path the user confirmed (relative to the export
    /// folder unless absolute): Mermaid for `.mmd`/`.mermaid`, else dot.
    private func export(_ request: ExportRequest) -> String {
        let mermaid = request.path.hasSuffix(".mmd") || request.path.hasSuffix(".mermaid")
        let graph = shownModel.graph
        let dot = switch request.content {
        case .graph(let options): mermaid ? MermaidExporter(options: options).render(graph) : DotExporter(options: options).render(graph)
        case .layers: mermaid ? LayerExporter.mermaid(LayerMap(graph)) : LayerExporter.dot(LayerMap(graph))
        }
        let path = request.path.hasPrefix("/") ? request.path
            : (exportDirectory.hasSuffix("/") ? exportDirectory : exportDirectory + "/") + request.path
        guard let file = fopen(path, "w") else {
            return "Export failed: cannot write \(path) (errno \(errno))"
        }
        defer { fclose(file) }
        let written = dot.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
        return written == dot.utf8.count ? "Exported to \(path)" : "Export failed: short write to \(path)"
    }
}
