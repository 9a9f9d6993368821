// Compiled only with the `Tracing` trait: part of the writer an app streams its trace with.
#if Tracing
/// Where a `TraceRecorder` puts its encoded lines: a file, a socket to a live inspector, memory.
/// Used only from the recorder's thread: a slow sink fills the buffer (events are then dropped),
/// never blocks the app.
public protocol TraceSink: Sendable, CustomStringConvertible {
    /// Makes the sink ready, connecting or reconnecting if it can; called before every batch.
    /// ``TraceSinkState/opened`` means a fresh stream: the header and the replay go first.
    func prepare() -> TraceSinkState

    /// Writes all of `bytes`; false when the stream broke (``prepare()`` may reconnect later).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool

    /// Closes the stream for good.
    func close()

    /// Why the last write failed, for the recorder's stderr line; nil while none has.
    var failure: String? { get }
}

extension TraceSink {
    public var failure: String? { nil }
}

/// What ``TraceSink/prepare()`` found.
public enum TraceSinkState: Sendable, Hashable {
    /// Writable, on the same stream as the last batch.
    case ready
    /// Writable on a new stream (first open, or a reconnect): it needs a header first.
    case opened
    /// Not writable now (no inspector is listening yet); records are held back or dropped.
    case unavailable
}
#endif
