import Injection
import InjectionGraph
import Synchronization

/// Everything the inspector shows about one session: the graph, the event log, which services
/// changed lately, and the connection.
///
/// The UI loop feeds it batches of records; views only read it.
///
/// ```swift
/// var model = InspectorModel(connection: .file("trace.ndjson"))
/// model.apply(records, now: 1_000)
/// model.recentlyChanged(nodeID)  // true for 1.5 s after a record touched the service
/// ```
public struct InspectorModel: Sendable {
    /// How long a changed row stays highlighted, in milliseconds.
    static let highlightMilliseconds: UInt64 = 1_500

    /// Which session this is: unique per model made, kept by copies (a copy, or the model as of
    /// the time cursor, is the same session). The view's rows point into the graph by node
    /// index, so they are rebuilt when another session comes on screen even if its graph is at
    /// the same revision (apps that each send as many records are).
    let identity = InspectorModel.newIdentity()

    /// The source of ``identity``: process-wide, since sessions are made on the UI thread but
    /// models (`open FILE`, tests) anywhere.
    private static let identities = Atomic<UInt64>(0)
    private static func newIdentity() -> UInt64 {
        identities.wrappingAdd(1, ordering: .relaxed).newValue
    }

    var graph = DependencyGraph()
    /// Every record applied, with snapshots: the time cursor rebuilds the graph as of any record.
    private(set) var history = GraphHistory()
    /// The run this one is compared with (`open HEAD --baseline BASE`).
    public var baseline: Baseline?
    /// Records applied when the model shows an earlier point of the run (see ``asOf(_:)``);
    /// nil for the whole run.
    var timeCursor: Int?
    var events = EventLog()
    var connection: ConnectionState
    /// Events per second over the last second.
    private(set) var eventsPerSecond = 0
    /// The model clock (milliseconds, from the UI loop) at the last ``apply(_:now:)`` or
    /// ``advance(to:)``.
    private(set) var now: UInt64 = 0
    /// When each service last changed (model clock).
    private(set) var changedAt: [NodeID: UInt64] = [:]
    /// The containers that own at least one service: names carry their container only when
    /// there are several (every app also has the empty default `shared` container).
    private(set) var serviceContainers: Set<String> = []
    private var rateWindow: [(time: UInt64, count: Int)] = []
    /// Events applied so far (an aggregate counts as many resolutions as it stands for).
    private(set) var appliedEvents: UInt64 = 0
    /// What the session holds that the memory budget counts: its history and its graph
    /// (names included), in bytes.
    var heldBytes: Int { history.footprint.total + graph.residentBytes }
    /// Whether there is nothing to browse: no service and no event (a connection that sent
    /// only noise, or only its header).
    var hasNothingToShow: Bool { graph.nodes.isEmpty && graph.session.eventCount == 0 && appliedEvents == 0 }
    /// How many times the app's stream broke and the same app reconnected into this session.
    var reconnections = 0
    /// When the session last received records, in the inspector's order of batches: the
    /// session forgotten first is the one idle longest.
    var lastActivity: UInt64 = 0
    /// What the launched app wrote before it failed (its error), shown when it never connected.
    var launchOutput: [String] = []

    public init(connection: ConnectionState) {
        self.connection = connection
    }

    /// Adds what a scan read from the sources (`open FILE.scan`, or `open RUN --scan FILE.scan`):
    /// `declaring` returns the graph with the declared services, edges and problems added
    /// (`ScanChecks.graph(from:onto:)`). Beside a run, services declared and never resolved are
    /// flagged `never-ran` and the Services title shows the coverage.
    public mutating func declare(_ declaring: (DependencyGraph) -> DependencyGraph) {
        graph = declaring(graph)
    }

    /// Applies records that arrived at `now` (milliseconds on the UI loop's clock).
    public mutating func apply(_ records: some Collection<TraceRecord>, now: UInt64) {
        _ = apply(records, now: now, until: { false })
    }

    /// Applies records until `shouldStop` says so (asked every ``recordsBetweenChecks``
    /// records, after at least that many); returns how many were applied. However slow one
    /// record is to apply, the UI loop gets its frame back within a few dozen of them.
    mutating func apply(_ records: some Collection<TraceRecord>, now: UInt64, until shouldStop: () -> Bool) -> Int {
        self.now = max(self.now, now)
        var count = 0
        var applied = 0
        // Only the batch's last lines can stay in the log: the earlier ones are numbered, not
        // formatted (a frame after a flood formats at most the log's capacity).
        let formatFrom = records.count - events.capacity
        for (index, record) in records.enumerated() {
            if index > 0, index % Self.recordsBetweenChecks == 0, shouldStop() { break }
            applied += 1
            graph.apply(record)
            history.append(record, appliedTo: graph)
            if index >= formatFrom { events.append(record) } else { events.skip(record) }
            // A file loaded at once has nothing to highlight (everything changed at 0); only
            // live updates mark rows, which keeps a large trace's load lean.
            if case .file = connection {} else {
                for identity in Self.identities(in: record) {
                    if let id = graph.nodeID(for: identity) { changedAt[id] = self.now }
                }
            }
            // The rate counts events: an aggregate stands for as many resolutions.
            if case .event = record { count.addSaturating(1) }
            if case .aggregate(let aggregate) = record { count.addSaturating(Int(clamping: aggregate.count)) }
            if case .end(_, let reason) = record, case .live = connection {
                // The header has one line: the trap's headline (what failed, where); the rest of
                // its message (who asked, the fix) is the problem the views list.
                let headline = reason.prefix { $0 != "\n" }
                connection = .disconnected(reason == "exit" ? "app exited" : "app stopped: \(headline)")
            }
        }
        if count > 0 { rateWindow.append((self.now, count)) }
        appliedEvents &+= UInt64(count)
        if graph.nodes.count != countedNodes {
            for node in graph.nodes[countedNodes...] { serviceContainers.insert(node.identity.container) }
            countedNodes = graph.nodes.count
        }
        updateRate()
        return applied
    }

    /// How many records ``apply(_:now:until:)`` applies between two questions to `shouldStop`.
    static let recordsBetweenChecks = 32

    /// Drops the older half of the history (the time cursor's range) to stay within the memory
    /// budget, all at once; the graph, the event log and the counts are not touched. Returns
    /// what the history let go of (see ``ReleasedHistory``).
    @discardableResult
    mutating func compactHistory() -> ReleasedHistory {
        timeCursor = nil
        return history.dropOldestHalf()
    }

    /// Starts dropping the older half of the history; false when there is nothing to drop.
    mutating func beginHistoryCompaction() -> Bool { history.beginCompaction() }

    /// Goes on with the compaction under way until `shouldStop` says so; once the cut is made,
    /// the time cursor goes back to the end (the records it pointed at may be gone) and what the
    /// history let go of is returned, to be freed elsewhere.
    mutating func continueHistoryCompaction(until shouldStop: () -> Bool) -> ReleasedHistory? {
        guard let released = history.continueCompaction(until: shouldStop) else { return nil }
        timeCursor = nil
        return released
    }

    /// How many nodes ``serviceContainers`` has looked at (nodes are only ever appended).
    private var countedNodes = 0

    /// Moves the model clock on (fading highlights, the rate).
    mutating func advance(to now: UInt64) {
        self.now = max(self.now, now)
        updateRate()
    }

    /// Whether a record touched the service within ``highlightMilliseconds``.
    func recentlyChanged(_ node: NodeID) -> Bool {
        guard let at = changedAt[node] else { return false }
        return now &- at < Self.highlightMilliseconds
    }

    /// Whether any highlight is still fading (the loop keeps redrawing while it is).
    var hasFadingHighlights: Bool {
        changedAt.values.contains { now &- $0 < Self.highlightMilliseconds }
    }

    /// Forgets which services changed lately (a model shown at an earlier time has no "lately").
    mutating func clearHighlights() { changedAt = [:] }

    private mutating func updateRate() {
        rateWindow.removeAll { now &- $0.time >= 1_000 }
        eventsPerSecond = rateWindow.reduce(0) { $0.addingSaturated($1.count) }
        if changedAt.count > 4_096 { changedAt = changedAt.filter { now &- $0.value < Self.highlightMilliseconds } }
    }

    /// The services a record is about.
    static func identities(in record: TraceRecord) -> [ServiceIdentity] {
        switch record {
        case .aggregate(let aggregate): return [aggregate.service] + (aggregate.requester.map { [$0] } ?? [])
        case .event(let event):
            switch event.kind {
            case .registered(let registered): return [registered.service]
            case .resolved(let resolved): return [resolved.service] + (resolved.requester.map { [$0] } ?? [])
            case .missing(let missing), .resolvedToNil(let missing): return missing.requesterChain.suffix(1)
            case .lazyResolved(let lazy): return [lazy.service] + (lazy.owner.map { [$0] } ?? [])
            case .cycle(let cycle): return cycle.path
            case .scopeMismatch(let mismatch): return [mismatch.holder, mismatch.captive]
            case .mappingChanged(let change): return [change.from, change.to].compactMap { $0 }
            case .staleOverride(let stale): return [stale.replaced, stale.replacement]
            case .instanceEnded(let ended): return [ended.service]
            case .containerCreated, .containerReleased, .scopeReset: return []
            }
        default: return []
        }
    }
}
