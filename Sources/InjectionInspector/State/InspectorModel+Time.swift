import Injection
import InjectionGraph

extension InspectorModel {
    /// The model as it was after the first `count` records: graph, problems and event log as of
    /// that point. `count` at or past the end gives the whole run.
    ///
    /// ```swift
    /// let halfway = model.asOf(model.history.count / 2)
    /// halfway.graph.nodes.count  // the services seen in the first half
    /// ```
    func asOf(_ count: Int) -> InspectorModel {
        guard count < history.count else { return self }
        var earlier = self
        let target = max(0, count)
        earlier.graph = history.graph(through: target)
        earlier.timeCursor = target
        // Event lines are numbered from the session's start; the history may start later, and
        // a folded site's records are merged into runs.
        let lines = history.eventLines(through: target)
        earlier.events = events.through(number: UInt64(max(0, lines)))
        earlier.clearHighlights()
        return earlier
    }

    /// Where the cursor is, for the header: the time and record count shown, the run's end, and
    /// resolves per slice of the run for the sparkline.
    func timeline(buckets: Int) -> Timeline {
        let shown = timeCursor ?? history.count
        return Timeline(position: history.time(through: shown), end: history.endTime, record: shown,
                        records: history.count, resolves: history.resolvesPerBucket(buckets), isAtEnd: timeCursor == nil,
                        start: history.droppedRecords > 0 ? history.startTime : nil)
    }
}

/// The time cursor's place in a run, as the header draws it.
struct Timeline: Sendable, Hashable {
    /// The `t` of the last record shown, and of the last record (nanoseconds).
    var position: UInt64
    var end: UInt64
    /// Records shown, and in the run.
    var record: Int
    var records: Int
    /// Resolves per equal slice of the run.
    var resolves: [UInt64]
    /// Whether the cursor is at the end (the whole run, or live).
    var isAtEnd: Bool
    /// Where the kept history starts when the oldest was dropped to stay within the memory
    /// budget (nanoseconds); nil when it starts with the run.
    var start: UInt64? = nil

    /// The slice the cursor is in.
    var cursorBucket: Int {
        let from = start ?? 0
        guard !resolves.isEmpty, end > from else { return max(0, resolves.count - 1) }
        let offset = Double(position > from ? position - from : 0)
        // A position past the end (a trace's times need not be in order) is the last slice.
        return min(resolves.count - 1, Int(min(1, offset / Double(end - from)) * Double(resolves.count)))
    }
}
