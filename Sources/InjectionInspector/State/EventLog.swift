import Injection
import Synchronization

/// The most recent events as readable lines, for the Events screen: a bounded log that drops
/// its oldest lines first.
///
/// ```swift
/// var log = EventLog(capacity: 5_000)
/// log.append(record)
/// log.lines.last?.text
/// ```
struct EventLog: Sendable {
    let capacity: Int
    /// Which log this is: copies (a time cursor's earlier model) keep it, since a line number
    /// names the same line in all of them; every new log gets another (``EventItems`` keys its
    /// rows by it).
    let identity = EventLog.nextIdentity.add(1, ordering: .relaxed).newValue
    /// The kept lines, oldest first.
    private(set) var lines: [LoggedEvent] = []
    /// Every line ever appended (kept or not).
    private(set) var total: UInt64 = 0

    init(capacity: Int = 5_000) {
        // No room reserved up front: the lines grow as they come, so the many short sessions of
        // apps that come and go each weigh what they logged, not a full log.
        self.capacity = max(1, capacity)
    }

    mutating func append(_ record: TraceRecord) {
        guard let line = LoggedEvent(record: record, number: total + 1) else { return }
        total += 1
        lines.append(line)
        // Trim in chunks so appending stays amortised O(1).
        if lines.count > capacity + capacity / 4 { lines.removeFirst(lines.count - capacity) }
    }

    /// Counts a record whose line would be trimmed before anyone sees it (a batch longer than
    /// the log keeps only its last ``capacity`` lines): numbered, never formatted.
    mutating func skip(_ record: TraceRecord) {
        if case .header = record { return }
        total += 1
    }

    /// The log as it was when line `number` was the newest.
    func through(number: UInt64) -> EventLog {
        var earlier = self
        earlier.lines.removeAll { $0.number > number }
        earlier.total = min(total, number)
        return earlier
    }
}

extension EventLog {
    /// The last identity handed out.
    fileprivate static let nextIdentity = Atomic<UInt64>(0)
}
