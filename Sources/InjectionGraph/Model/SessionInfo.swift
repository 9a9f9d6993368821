import Injection

/// What a trace says about the session itself: who wrote it, how much arrived, how it ended.
///
/// ```swift
/// let session = graph.session
/// print(session.header?.app ?? "?", session.eventCount, session.endReason ?? "running")
/// ```
public struct SessionInfo: Sendable, Hashable {
    /// The first line of the trace, when it was seen.
    public internal(set) var header: TraceHeader?
    /// Event records applied (an aggregate counts once).
    public internal(set) var eventCount: UInt64 = 0
    /// Resolves applied, aggregated ones included.
    public internal(set) var resolveCount: UInt64 = 0
    /// Events the recorder lost because its buffer was full.
    public internal(set) var droppedCount: UInt64 = 0
    /// The largest `t` seen.
    public internal(set) var lastTime: UInt64 = 0
    /// The largest `seq` seen.
    public internal(set) var lastSequence: UInt64 = 0
    /// Whether an `end` record arrived.
    public internal(set) var hasEnded = false
    /// `exit`, or the failure that stopped the app.
    public internal(set) var endReason: String?
}
