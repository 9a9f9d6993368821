import Injection
import InjectionTrace
import InjectionGraph

/// The live inspector: the ``TerminalApplication`` that ties the sessions (``SessionStore``),
/// the reducer (``InspectorState``), the views and the actions (``InspectorActions``) together,
/// frame by frame, and takes in ``LiveUpdate``s from producer threads.
///
/// `[` and `]` go to the previous and next session. Each frame takes at most
/// ``recordsPerFrame`` records from the feed (the ``LiveIntake`` behind it folds repeats while
/// the screen catches up), so the screen answers keys and signals whatever the input rate; the
/// sessions' histories share one memory budget.
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
    /// The sessions, their rejoining, forgetting and memory budget.
    private(set) var store: SessionStore
    private(set) var state = InspectorState()
    private let feed: LiveFeed?
    var actions: InspectorActions
    private let clock: any InspectorClock
    private let started: ContinuousClock.Instant
    private var size = (rows: 24, columns: 80)
    /// When updates were last taken from the feed (model clock); nil before the first take.
    private var lastTake: UInt64?
    /// When the view was last rebuilt for a frame.
    private var lastViewRebuild: ContinuousClock.Instant?
    /// The session and the store's ``SessionStore/shownReshapes`` the view was built for: when
    /// either moved (another session came on screen, or its history was cut), the next frame
    /// rebuilds it whatever ``viewRebuildInterval`` says, since its rows point into that model.
    private var viewBuiltFor: (session: Int, reshapes: UInt64) = (0, 0)
    /// The store's ``SessionStore/shownHistoryCuts`` the time cursor was set against.
    private var cursorCuts: UInt64 = 0
    /// Frames the terminal made the loop skip (the header says so for a few seconds).
    private var terminalLag = TerminalLag()
    /// How long the parts of a tick took at their longest (`DI_INSPECT_STATS`).
    var timings: PartTimings
    /// The longest a render spent rebuilding the view (problems, flags, counts, rows) and
    /// painting it into the canvas, per screen: which of the two a long render was, and where
    /// (`DI_INSPECT_STATS`).
    var longestViewRebuild: [String: Duration] = [:]
    var longestPainting: [String: Duration] = [:]
    /// The longest a key took to handle (with the view rebuilt for it), per screen it ended on.
    var longestKey: [String: Duration] = [:]

    /// The most records applied per frame: the rest waits in the feed (folded when it is long).
    static let recordsPerFrame = 20_000
    /// Records are taken in batches of this size until ``applyTimePerFrame`` is spent.
    static let recordsPerBatch = 2_000
    static let applyTimePerFrame: Duration = .milliseconds(40)
    /// Records are taken from the feed at most this often (the tick picks up the rest), so a
    /// busy app costs one rebuild of the view per frame, not one per batch.
    static let takeInterval: UInt64 = 100
    /// While records flow, the view (problems, flags, counts, rows) is rebuilt at most this
    /// often: a full `check()` per frame is what a flood must not cost.
    static let viewRebuildInterval: Duration = .milliseconds(250)
    /// The default budget: 256 MB, a laptop's share for watching an app all day.
    public nonisolated static let defaultMemoryBudget = SessionStore.defaultMemoryBudget

    /// - Parameters:
    ///   - model: The first session (a loaded file, or an empty live one).
    ///   - feed: Live updates, or nil for a static trace.
    ///   - exportDirectory: Where `e` writes dot files.
    ///   - memoryBudget: What the sessions' histories may weigh together (bytes); past it the
    ///     oldest history is compacted and the time bar says where history now starts.
    ///   - sourceRoot: Where `o` also looks for the files a trace names, after the current folder
    ///     (a trace recorded in another checkout).
    public convenience init(model: InspectorModel, feed: LiveFeed? = nil, exportDirectory: String = ".",
                            memoryBudget: Int = Inspector.defaultMemoryBudget, sourceRoot: String? = nil) {
        self.init(model: model, feed: feed, exportDirectory: exportDirectory, memoryBudget: memoryBudget,
                  sourceRoot: sourceRoot, clock: SystemInspectorClock())
    }

    /// As above, reading the time from `clock` (a test's, which it moves past the frame gates).
    init(model: InspectorModel, feed: LiveFeed? = nil, exportDirectory: String = ".",
         memoryBudget: Int = Inspector.defaultMemoryBudget, sourceRoot: String? = nil, clock: any InspectorClock) {
        self.actions = InspectorActions(exportDirectory: exportDirectory,
                                        sources: SourceFileLocator(roots: ["."] + (sourceRoot.map { [$0] } ?? [])))
        self.store = SessionStore(first: model, memoryBudget: memoryBudget, clock: clock)
        self.feed = feed
        self.clock = clock
        self.timings = PartTimings(clock: clock)
        self.started = clock.now
        state.sync(with: model)
    }

    /// Every session seen, oldest first.
    var sessions: [InspectorModel] { store.sessions }
    /// The session on screen.
    var current: Int { store.current }
    var model: InspectorModel { store.sessions[store.current] }

    /// The model the views show: the current session as of the time cursor.
    var shownModel: InspectorModel {
        let whole = model
        guard let cursor = state.timeCursor, cursor < whole.history.count else { return whole }
        let key = ShownKey(session: current, cursor: cursor, records: whole.history.count, reshapes: store.reshapes)
        if let cached = shownCache, cached.key == key { return cached.model }
        let earlier = whole.asOf(cursor)
        shownCache = (key, earlier)
        return earlier
    }

    private struct ShownKey: Equatable {
        var session: Int
        var cursor: Int
        var records: Int
        var reshapes: UInt64
    }

    /// The last model built for the cursor: redraws and keys reuse it.
    private var shownCache: (key: ShownKey, model: InspectorModel)?

    /// Milliseconds since the inspector started: the sessions' clock.
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
            case .export(let request): state.message = actions.export(request, graph: shownModel.graph)
            case .copy(let text): actions.copyToClipboard(text)
            case .openSource(let location):
                switch actions.editor(for: location) {
                case .success(let program): result = .runInForeground(program)
                case .failure(let unavailable): state.message = unavailable.message
                }
            }
        }
        state.sync(with: shownModel)
        return result
    }

    func foregroundProgramEnded(_ program: ForegroundProgram, outcome: ForegroundProgram.Outcome) {
        state.message = EditorCommand.message(for: program, outcome: outcome)
    }

    func terminalLagged(_ lag: TerminalLag) {
        terminalLag = lag
    }

    func refresh(shouldYield: () -> Bool) -> Bool {
        guard let feed, !state.paused else { return false }
        // Coalesce: take updates at most every ``takeInterval`` (the tick picks up the rest).
        let now = milliseconds
        guard lastTake.map({ now &- $0 >= Self.takeInterval }) ?? true else { return false }
        lastTake = now
        // Small batches until the frame's time is spent or a key or a signal waits: the screen
        // and the keys stay answered whatever the input rate; what is left waits (and folds) in
        // the feed.
        let clock = clock
        let deadline = clock.now.advanced(by: Self.applyTimePerFrame)
        func shouldStop() -> Bool { clock.now >= deadline || shouldYield() }
        var took = false
        var taken = 0
        repeat {
            let started = timings.starting()
            guard absorbNext(from: {
                let updates = feed.take(maximumRecords: Self.recordsPerBatch)
                timings.note("take", since: started)
                return updates
            }, until: shouldStop) else { break }
            timings.note("batch", since: started)
            took = true
            taken += Self.recordsPerBatch
        } while store.carried.isEmpty && taken < Self.recordsPerFrame && !shouldStop()
        // The view is rebuilt when it is drawn (``render(rows:columns:)``), at most
        // ``viewRebuildInterval`` apart while records flow.
        return took
    }

    func tick(now: ContinuousClock.Instant, shouldYield: () -> Bool) -> Bool {
        let took = refresh(shouldYield: shouldYield)
        for (connection, dropped) in store.shedLiveSessionsOverShare() { feed?.shed(connection: connection, droppedEvents: dropped) }
        let compacting = timings.starting()
        store.keepWithinBudget(shouldYield: shouldYield)
        timings.note("compaction", since: compacting)
        let forgetting = timings.starting()
        store.forgetEndedSessionsOverBudget()
        timings.note("forget", since: forgetting)
        followStore()
        // New apps are shed (counted, in the header) while the histories and what is still
        // being freed fill the whole budget: a flood of short-lived apps must not hold more than
        // the budget in sessions waiting to be freed. (The whole budget, not the histories'
        // share: a compaction's older half waiting to be freed must not shed a reconnect.)
        // What the listener keeps for its connections counts too (their readers' decoded values).
        feed?.admitsNewSessions(store.heldBytes + (feed?.listenerBytes ?? 0) <= store.memoryBudget)
        let before = (model.eventsPerSecond, model.hasFadingHighlights)
        store.advanceCurrent(to: milliseconds)
        let after = (model.eventsPerSecond, model.hasFadingHighlights)
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
            viewBuiltFor = (current, store.shownReshapes)
            longestViewRebuild[screenName, default: .zero] = max(longestViewRebuild[screenName] ?? .zero, clock.now - drawn)
        }
        let painting = clock.now
        var view = state
        view.liveSummary = liveSummary
        defer { longestPainting[screenName, default: .zero] = max(longestPainting[screenName] ?? .zero, clock.now - painting) }
        return InspectorView.render(model: shown, state: view, rows: rows, columns: columns)
    }

    /// Whether the view may describe another model than the one shown.
    private var viewIsStale: Bool { viewBuiltFor != (current, store.shownReshapes) }

    /// The screen shown, for the timings (`services`, `layers`, …, `tree` for a drill-down).
    var screenName: String { state.route.screen.map { $0.title.lowercased() } ?? "tree" }

    // MARK: - Updates

    /// Applies live updates now (also used by tests and `open FILE`).
    public func apply(_ updates: [LiveUpdate]) {
        store.absorb(updates, now: milliseconds)
        followStore()
        state.sync(with: shownModel)
    }

    /// Updates taken from the feed but not applied yet (``SessionStore/carried``).
    var carried: [LiveUpdate] { store.carried }

    /// Applies what was carried over from the last frame, or else the updates `source` gives,
    /// until `shouldStop` says so; false when there was nothing to apply.
    func absorbNext(from source: () -> [LiveUpdate], until shouldStop: () -> Bool) -> Bool {
        defer { followStore() }
        return store.absorbNext(from: source, now: milliseconds, until: shouldStop)
    }

    /// Takes what the sessions changed that the screen shows: their message, and a time cursor
    /// into a history that was cut.
    private func followStore() {
        if let message = store.message {
            state.message = message
            store.message = nil
        }
        if cursorCuts != store.shownHistoryCuts {
            cursorCuts = store.shownHistoryCuts
            state.timeCursor = nil
        }
    }

    private func switchSession(by step: Int) {
        let target = current + step
        guard sessions.indices.contains(target) else {
            state.message = "No \(step < 0 ? "earlier" : "later") session"
            return
        }
        store.current = target
        state.timeCursor = nil
        state.message = "Session \(current + 1) of \(sessions.count)"
        state.sync(with: model)
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
        let refused = store.refusals.values.reduce(0, +)
        if refused > 0 {
            let reasons = store.refusals.sorted { $0.value > $1.value }.prefix(2).map { "\($0.value) \($0.key)" }
            parts.append("refused \(refused) (" + reasons.joined(separator: ", ") + ")")
        }
        let graph = model.graph
        if graph.servicesNotShown > 0 {
            parts.append("\(graph.servicesNotShown)\(graph.servicesNotShownIsExact ? "" : "+") more services not shown"
                + " (limit \(graph.serviceLimit))")
        }
        if graph.edgesNotShown > 0 {
            parts.append("\(graph.edgesNotShown)\(graph.edgesNotShown < DependencyGraph.countedFoldedNames ? "" : "+") more edges not shown"
                + " (limit \(graph.edgeLimit))")
        }
        let reconnections = model.reconnections
        if reconnections > 0 { parts.append("reconnected \(reconnections)") }
        let live = store.liveCount
        if sessions.count > 1 || live > 1 {
            parts.append("\(live) live · session \(current + 1)/\(sessions.count) [ ]")
        }
        return parts.joined(separator: "  ")
    }

    /// What the feed received, folded, dropped and shed, for ``statistics``.
    var feedStatistics: LiveIntake.Statistics? { feed?.currentStatus.statistics }
}
