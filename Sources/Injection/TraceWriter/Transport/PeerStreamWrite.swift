// Compiled only with the `Tracing` package trait (on by default): part of the writer an app
// streams its trace with. See DECISIONS.md.
#if Tracing

/// How a sink writes a batch to a stream another process reads (a live inspector's socket, the
/// reader of a FIFO): every byte before a deadline, or the stream is over. A peer that stops
/// reading costs the batch, never a stalled app, and a peer that went away (`EPIPE`: sockets are
/// written with `MSG_NOSIGNAL`, and the recorder's thread blocks `SIGPIPE` for a FIFO) ends the
/// stream too; the sink's next ``TraceSink/prepare()`` starts a new one.
///
/// One value for both sinks (``SocketTraceSink``, ``FileTraceSink`` on a FIFO), so the two say
/// the same thing the same way when their peer fails them.
struct PeerStreamWrite {
    /// Who reads the stream, as a failure names it: "the inspector", "the reader of the FIFO".
    let peer: String
    /// The longest one write may wait for a peer that is not reading.
    let timeout: Duration
    /// Whether the descriptor is a socket (written with `send(2)`, never raising `SIGPIPE`).
    let isSocket: Bool

    /// Writes all of `bytes` to `fd`. On failure the descriptor is closed and set to -1, and the
    /// returned text says why (for ``TraceSink/failure``); nil when every byte was written.
    func write(_ bytes: UnsafeRawBufferPointer, to fd: inout Int32) -> String? {
        let deadline = PosixIO.monotonicNanoseconds() &+ timeout.nanoseconds
        if PosixIO.writeAll(fd, bytes, send: isSocket, deadline: deadline) { return nil }
        let code = PosixIO.lastError
        let reason = PosixIO.wouldBlock(code) || PosixIO.monotonicNanoseconds() >= deadline
            ? "\(peer) stopped reading for \(timeout)"
            : "\(peer) went away: \(PosixIO.errorDescription(code))"
        PosixIO.closeDescriptor(fd)
        fd = -1
        return reason
    }
}
#endif
