import Injection
import InjectionTrace
import InjectionGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live inspector: the ``TerminalApplication`` that ties the model, the reducer and the
/// views together, and takes in ``LiveUpdate``s from producer threads.
///
/// Sessions: every ``LiveUpdate/session(name:)`` starts a new ``InspectorModel``; `[` and `]`
/// go to the previous and next one, so an earlier run stays browsable after the app exits.
///
/// ```swift
/// var listener: TraceListener?
/// let status = InspectorLauncher.run(noColor: false) { feed in
///     listener = try TraceListener(address: .defaultUnix) { event in
///         if case .records(_, let records) = event { feed.send([.records(records)]) }   // any thread
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
    private(set) var current: Int
    private(set) var state = InspectorState()
    private let feed: LiveFeed<LiveUpdate>?
    /// Updates kept while paused, applied on resume.
    private var held: [LiveUpdate] = []
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var size = (rows: 24, columns: 80)
    /// When updates were last taken from the feed (model clock).
    private var lastTake: UInt64 = 0
    /// Where `e` writes dot files.
    var exportDirectory: String

    /// - Parameters:
    ///   - model: The first session (a loaded file, or an empty live one).
    ///   - feed: Live updates, or nil for a static trace.
    public init(model: InspectorModel, feed: LiveFeed<LiveUpdate>? = nil, exportDirectory: String = ".") {
        self.sessions = [model]
        self.current = 0
        self.feed = feed
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
        for effect in state.handle(key, model: shownModel) {
            switch effect {
            case .quit: return .quit
            case .pause(let paused): if !paused { apply(held); held = [] }
            case .export(let request): state.message = export(request)
            case .copy(let text): copyToClipboard(text)
            }
        }
        state.sync(with: shownModel)
        return .handled
    }

    func refresh() -> Bool {
        guard let feed else { return false }
        // Coalesce: take updates at most every 100 ms (the tick picks up the rest), so a busy
        // app costs one rebuild of the view per frame, not one per batch.
        let now = milliseconds
        guard now &- lastTake >= 100 || lastTake == 0 else { return false }
        lastTake = now
        let updates = feed.take()
        guard !updates.isEmpty else { return false }
        if state.paused {
            held.append(contentsOf: updates)
            return true  // the header still shows what is held
        }
        apply(updates)
        return true
    }

    func tick(now: ContinuousClock.Instant) -> Bool {
        let took = refresh()
        let before = (sessions[current].eventsPerSecond, sessions[current].hasFadingHighlights)
        sessions[current].advance(to: milliseconds)
        let after = (sessions[current].eventsPerSecond, sessions[current].hasFadingHighlights)
        return took || before != after || after.1
    }

    func render(rows: Int, columns: Int) -> Canvas {
        size = (rows, columns)
        let pageSize = InspectorLayout(rows: rows, columns: columns).pageSize
        if state.pageSize != pageSize {
            state.pageSize = pageSize
        }
        let shown = shownModel
        state.sync(with: shown)
        var view = state
        if sessions.count > 1 || !held.isEmpty {
            var suffix = sessions.count > 1 ? "session \(current + 1)/\(sessions.count) ([ ])" : ""
            if !held.isEmpty { suffix += (suffix.isEmpty ? "" : "  ") + "\(held.count) updates held" }
            if view.message.isEmpty { view.message = suffix }
        }
        return InspectorView.render(model: shown, state: view, rows: rows, columns: columns)
    }

    // MARK: - Updates

    /// Applies live updates now (also used by tests and `open FILE`).
    public func apply(_ updates: [LiveUpdate]) {
        let now = milliseconds
        for update in updates {
            switch update {
            case .session(let name):
                let fresh = sessions[sessions.count - 1].graph.session.eventCount == 0 && sessions.count == 1
                if fresh {
                    sessions[0].connection = .live
                } else {
                    sessions.append(InspectorModel(connection: .live))
                    if current == sessions.count - 2 { current = sessions.count - 1 }
                }
                state.message = "New session: \(name)"
            case .records(let records):
                sessions[sessions.count - 1].apply(records, now: now)
            case .connection(let connection):
                sessions[sessions.count - 1].connection = connection
            case .message(let text):
                state.message = text
            }
        }
        state.sync(with: shownModel)
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
