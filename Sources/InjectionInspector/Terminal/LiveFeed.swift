import Injection
import InjectionTrace
import Synchronization

/// Hands live updates from producer threads (socket readers, a launched app's watcher) to the UI
/// loop, bounded: a ``LiveIntake`` under a `Mutex` folds repeats and counts drops when the loop
/// falls behind, so a flood costs a fixed amount of memory, never a growing queue.
///
/// Producers ``send(_:)`` and wake the loop through its ``WakePipe`` (once per batch that finds
/// the queue empty); the loop ``take(maximumRecords:)``s a frame's worth when it wakes. Nothing
/// here touches curses.
///
/// ```swift
/// let feed = LiveFeed(wake: pipe)
/// let listener = try TraceListener(address: .defaultUnix) { event in
///     if case .records(let session, let records) = event {
///         feed.send(.records(connection: session.number, records))   // any thread
///     }
/// }
/// let batch = feed.take(maximumRecords: 20_000)    // UI loop
/// ```
public final class LiveFeed: Sendable {
    private let intake: Mutex<LiveIntake>
    private let wake: WakePipe
    /// The listener whose connections the feed's updates come from (``attach(_:)``).
    private let source = Mutex(WeakListener())

    private struct WeakListener: Sendable {
        weak var listener: TraceListener?
    }

    init(wake: WakePipe, intake: LiveIntake = LiveIntake()) {
        self.wake = wake
        self.intake = Mutex(intake)
    }

    /// Makes `listener` the source of the connections: one the intake sheds is closed there,
    /// so that what it sends is never read only to be dropped, and what its readers keep
    /// counts in the budget (``listenerBytes``). Held weakly.
    public func attach(_ listener: TraceListener) {
        source.withLock { $0.listener = listener }
    }

    /// What the attached listener holds for its connections, in bytes (their readers' decoded
    /// values): counted in the inspector's memory budget.
    var listenerBytes: Int { source.withLock { $0.listener }?.decodedValueBytes ?? 0 }

    /// Queues an update and wakes the loop. Safe from any thread.
    public func send(_ update: LiveUpdate) {
        // What the update let go of is dropped here, after the lock: the UI's take never waits
        // for a finished connection's key table to be freed.
        let (wasEmpty, released) = intake.withLock { intake in
            let empty = intake.count == 0
            return (empty, intake.add(update))
        }
        if wasEmpty { wake.wake() }
        close(released.shedConnection)
        _ = consume released
    }

    /// Closes a shed connection at the listener (nothing attached: nothing to close).
    private func close(_ connection: Int?) {
        guard let connection, let listener = source.withLock({ $0.listener }) else { return }
        listener.close(session: connection)
    }

    /// Queues several updates in order.
    public func send(_ updates: [LiveUpdate]) {
        for update in updates { send(update) }
    }

    /// Up to `maximumRecords` records' worth of updates, oldest first; none when a producer
    /// held the queue for ``longestWait`` (the loop takes them at its next turn).
    ///
    /// The UI thread never waits behind a producer for longer: a producer preempted while it
    /// held the lock kept a take waiting 73 ms in a soak at load 15.
    func take(maximumRecords: Int) -> [LiveUpdate] {
        // What the take let go of is dropped after the lock, as in ``send(_:)``.
        guard let (updates, released, status) = withIntakeIfAvailable({ intake in
            (intake.take(maximumRecords: maximumRecords), intake.takeReleased(), Status(intake))
        }) else { return [] }
        _ = consume released
        lastStatus.withLock { $0 = status }
        return updates
    }

    /// Sheds a connection the inspector found over its share of the budget: what it queued is
    /// dropped now, and what it sends until it disconnects (``LiveIntake/shed(connection:)``);
    /// `droppedEvents` were taken from the queue but not applied, and are counted as dropped.
    func shed(connection: Int, droppedEvents: UInt64 = 0) {
        let released = intake.withLock { intake in
            intake.countDropped(droppedEvents)
            return intake.shed(connection: connection)
        }
        close(released.shedConnection)
        _ = consume released
    }

    /// Whether connections arriving from now on are let in (see ``LiveIntake/admitsNewSessions``);
    /// skipped when a producer holds the queue (the loop says it again at its next tick).
    func admitsNewSessions(_ admitting: Bool) {
        _ = withIntakeIfAvailable { $0.admitsNewSessions = admitting }
    }

    /// What the intake folded and dropped so far, and how much is still queued: now, or as of
    /// the last take when a producer holds the queue (the header reads it on every frame and
    /// must not wait).
    var status: (statistics: LiveIntake.Statistics, queuedRecords: Int) {
        let status = intake.withLockIfAvailable { Status($0) } ?? lastStatus.withLock { $0 }
        lastStatus.withLock { $0 = status }
        return (status.statistics, status.queuedRecords)
    }

    /// ``status`` right now, waiting for the queue if need be (the figures written at exit).
    var currentStatus: (statistics: LiveIntake.Statistics, queuedRecords: Int) {
        intake.withLock { ($0.statistics, $0.queuedRecords) }
    }

    /// The longest the UI thread tries for the queue before it leaves it to its next turn.
    static let longestWait: Duration = .milliseconds(1)

    /// The intake's figures, kept for when the queue is busy.
    private struct Status: Sendable {
        var statistics = LiveIntake.Statistics()
        var queuedRecords = 0

        init() {}

        init(_ intake: borrowing LiveIntake) {
            statistics = intake.statistics
            queuedRecords = intake.queuedRecords
        }
    }

    private let lastStatus = Mutex(Status())

    /// Runs `body` on the queue if it can be had within ``longestWait``: tries again and again
    /// without sleeping. A producer on the other processor lets go within microseconds; one that
    /// was preempted holding the lock is not waited for. (A 100 µs sleep between tries came back
    /// 20–42 ms late at load 10, perf: the take then waited for the scheduler, not the lock.)
    private func withIntakeIfAvailable<Result: Sendable>(_ body: (inout LiveIntake) -> Result) -> Result? {
        let deadline = ContinuousClock.now.advanced(by: Self.longestWait)
        while true {
            if let result = intake.withLockIfAvailable({ body(&$0) }) { return result }
            guard ContinuousClock.now < deadline else { return nil }
        }
    }
}
