// Compiled only with the `Tracing` package trait (on by default): part of the writer an app
// streams its trace with. See DECISIONS.md.
#if Tracing
/// Where a `TraceRecorder` puts its encoded lines: a file, a socket to a live inspector, memory.
///
/// A sink is only ever used from the recorder's background thread, so it may block briefly
/// (a socket write to a slow inspector), but never the app: while it is slow, the recorder's
/// buffer fills and further events are counted as dropped.
///
/// ```swift
/// let sink = MemoryTraceSink()
/// let recorder = TraceRecorder(sink: sink)
/// recorder.start()
/// ```
public protocol TraceSink: Sendable, CustomStringConvertible {
    /// Makes the sink ready for a write, connecting (or reconnecting) if it can.
    ///
    /// Called before every batch. Return ``TraceSinkState/opened`` when the sink just became
    /// writable on a fresh stream: the recorder then sends the header and a replay of the
    /// durable records (registrations, failures) first, so a late inspector sees them too.
    func prepare() -> TraceSinkState

    /// Writes all of `bytes`; false when the stream broke (the recorder calls ``prepare()``
    /// again later, which may reconnect).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool

    /// Closes the stream for good.
    func close()

    /// Why the last write failed (`write failed: No space left on device`), nil while none has:
    /// what the recorder says on stderr when the trace ends incomplete.
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
