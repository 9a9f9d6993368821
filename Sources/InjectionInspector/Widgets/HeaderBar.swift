/// The top line: the app being inspected, its pid, whether the connection is live, and the rate.
///
/// ```swift
/// HeaderBar(app: "sample-app", pid: 4242, connection: .live, eventsPerSecond: 120, dropped: 0)
///     .draw(into: &canvas, in: row)
/// // di-inspect  sample-app  pid 4242  ● live  120 ev/s  dropped 0
/// ```
struct HeaderBar: Sendable {
    var app: String
    var pid: Int32?
    var connection: ConnectionState
    var eventsPerSecond: Int
    var dropped: UInt64
    /// Extra text at the right (a session number, "paused").
    var trailing: String
    /// Live updates are held (`p`): the connection shows as paused, without a rate.
    var paused = false
    /// The time cursor and the sparkline of resolves, when the run can be scrubbed.
    var timeline: Timeline?
    /// A scan alone: no run, so no rate and no drops; the header says "declared, not run" instead.
    var notRun = false

    init(
        app: String, pid: Int32?, connection: ConnectionState, eventsPerSecond: Int, dropped: UInt64,
        trailing: String = ""
    ) {
        self.app = app
        self.pid = pid
        self.connection = connection
        self.eventsPerSecond = eventsPerSecond
        self.dropped = dropped
        self.trailing = trailing
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0 else { return }
        let row = rect.row
        canvas.fill(Rect(row: row, column: rect.column, height: 1, width: rect.width), style: Style(.chrome))
        var x = canvas.put(" di-inspect ", row: row, column: rect.column, style: Style(.chrome, .bold), limit: rect.right)
        x = canvas.put(" " + app, row: row, column: x, style: Style(.chrome, .bold), limit: rect.right)
        if let pid { x = canvas.put("  pid \(pid)", row: row, column: x, style: Style(.chrome), limit: rect.right) }
        x = canvas.put("  ", row: row, column: x, style: Style(.chrome), limit: rect.right)
        // Paused, a live session is not shown as live: nothing reaches the views, so no rate either.
        let pausedLive = paused && connection == .live
        var rate = connection.showsRate && !pausedLive && !notRun ? "  \(eventsPerSecond) ev/s" : ""
        // With a timeline the room goes to it; a drop is still shown. A scan has neither.
        var drops = notRun ? "  " + DeclaredSummary.notRun : timeline == nil || dropped > 0 ? "  dropped \(dropped)" : ""
        // The trailing text (which session, how many live) stays on the line: when the state is
        // long (a trap's headline, a closed connection's reason), "dropped 0" goes first, then the
        // rate, then the state is cut. Never a waiting address: it carries the token to copy.
        let state = pausedLive ? "⏸ paused" : connection.label
        let room = rect.right - x - (trailing.isEmpty ? 0 : TextWidth.of(trailing) + 1)
        func fits() -> Bool { TextWidth.of(state) + TextWidth.of(rate) + TextWidth.of(drops) <= room }
        if !fits(), dropped == 0, !notRun { drops = "" }
        if !fits() { rate = "" }
        var label = state
        if case .waiting = connection {} else {
            label = TextWidth.truncate(state, to: max(16, room - TextWidth.of(rate) - TextWidth.of(drops)))
        }
        x = canvas.put(label, row: row, column: x,
                       style: pausedLive ? Style(.warning, .bold) : Style(connection.role, .bold), limit: rect.right)
        x = canvas.put(rate, row: row, column: x, style: Style(.chrome), limit: rect.right)
        x = canvas.put(drops, row: row, column: x, style: dropped > 0 ? Style(.warning, .bold) : Style(.chrome), limit: rect.right)
        let trailingStart = trailing.isEmpty ? rect.right : max(x + 1, rect.right - TextWidth.of(trailing) - 1)
        if let timeline { TimelineBar(timeline: timeline).draw(into: &canvas, row: row, from: x, to: trailingStart - 1) }
        if !trailing.isEmpty {
            canvas.put(trailing, row: row, column: trailingStart, style: Style(.chrome, .bold), limit: rect.right)
        }
    }
}

/// Where the inspector's events come from, and whether more are coming.
public enum ConnectionState: Sendable, Hashable {
    /// Listening; no app has connected yet.
    case waiting(String)
    /// An app is connected and sending events.
    case live
    /// The app went away; `reason` says how (`exited`, `crashed`, `connection lost`).
    case disconnected(String)
    /// A trace file, complete.
    case file(String)
    /// A trace file played back as if live (`open --replay`).
    case replay(String)

    var label: String {
        switch self {
        case .waiting(let address): "○ waiting on \(address)"
        case .live: "● live"
        case .disconnected(let reason): "✕ disconnected (\(reason))"
        case .file(let name): "▣ \(name)"
        case .replay(let name): "▶ replay \(name)"
        }
    }

    var role: Role {
        switch self {
        case .waiting: .warning
        case .live: .success
        case .disconnected: .error
        case .file: .accent
        case .replay: .success
        }
    }

    var showsRate: Bool {
        if case .file = self { return false }
        return true
    }
}
