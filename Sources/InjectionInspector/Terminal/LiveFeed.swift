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

    init(wake: WakePipe, intake: LiveIntake = LiveIntake()) {
        self.wake = wake
        self.intake = Mutex(intake)
    }

    /// Queues an update and wakes the loop. Safe from any thread.
    public func send(_ update: LiveUpdate) {
        // What the update let go of is dropped here, after the lock: the UI's take never waits
        // for a finished connection's key table to be freed.
        let (wasEmpty, released) = intake.withLock { intake in
            let empty = intake.count == 0
            return (empty, intake.add(update))
        }
        if wasEmpty { wake.wake() }
        _ = consume released
    }

    /// Queues several updates in order.
    public func send(_ updates: [LiveUpdate]) {
        for update in updates { send(update) }
    }

    /// Up to `maximumRecords` records' worth of updates, oldest first.
    func take(maximumRecords: Int) -> [LiveUpdate] {
        // What the take let go of is dropped after the lock, as in ``send(_:)``.
        let (updates, released) = intake.withLock { intake in
            (intake.take(maximumRecords: maximumRecords), intake.takeReleased())
        }
        _ = consume released
        return updates
    }

    /// Whether connections arriving from now on are let in (see ``LiveIntake/admitsNewSessions``).
    func admitsNewSessions(_ admitting: Bool) {
        intake.withLock { $0.admitsNewSessions = admitting }
    }

    /// What the intake folded and dropped so far, and how much is still queued.
    var status: (statistics: LiveIntake.Statistics, queuedRecords: Int) {
        intake.withLock { ($0.statistics, $0.queuedRecords) }
    }
}
