// Compiled only with the `Tracing` trait: part of the writer an app streams its trace with.
#if Tracing

/// How a sink writes a batch to a stream another process reads (a socket, a FIFO's reader): every
/// byte before a deadline, or the stream is over. A stalled or vanished peer costs the batch, never
/// a stalled app; the sink's next ``TraceSink/prepare()`` starts a new stream.
struct PeerStreamWrite {
    /// Who reads the stream, as a failure names it: "the inspector", "the reader of the FIFO".
    let peer: String
    /// The longest one write may wait for a peer that is not reading.
    let timeout: Duration
    /// Whether the descriptor is a socket (written with `send(2)`, never raising `SIGPIPE`).
    let isSocket: Bool

    /// Writes all of `bytes` to `fd`; on failure closes it, sets -1 and returns why (nil on success).
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
