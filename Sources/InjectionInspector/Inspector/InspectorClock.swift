/// Where the inspector reads the time: its frame gates (records taken at most every 100 ms, the
/// view rebuilt at most every 250 ms), its per-frame deadlines and its session clock. The
/// terminal's monotonic clock in the app; a clock a test moves, so that no test sleeps past a
/// gate.
///
/// ```swift
/// let inspector = Inspector(model: model, feed: feed, clock: SystemInspectorClock())
/// ```
protocol InspectorClock: Sendable {
    var now: ContinuousClock.Instant { get }
}

/// The monotonic clock (`CLOCK_MONOTONIC`).
struct SystemInspectorClock: InspectorClock {
    var now: ContinuousClock.Instant { ContinuousClock.now }
}
