// Compiled only with the `Tracing` trait: part of the writer an app streams its trace with.
#if Tracing

/// How a sink writes a batch to a stream another process reads (a socket, a FIFO's reader): every
/// byte before a deadline, or the stream is over. A stalled or vanished peer costs the batch, never
/// a stalled app; the sink's next ``TraceSink/prepare()`` starts a new stream.
///
/// Writes all of `bytes` to `fd` (with `send(2)` for a socket, never raising `SIGPIPE`) within
/// `timeout`; on failure closes it, sets -1, stores why in `failure` (naming `peer`, "the
/// inspector", "the reader of the FIFO") and returns false.
func writeToPeer(
    _ bytes: UnsafeRawBufferPointer, to fd: inout Int32, peer: String, timeout: Duration, isSocket: Bool,
    failure: borrowing Lock<String?>
) -> Bool {
    let deadline = PosixIO.monotonicNanoseconds() &+ timeout.nanoseconds
    if PosixIO.writeAll(fd, bytes, send: isSocket, deadline: deadline) { return true }
    let code = PosixIO.lastError
    let reason = PosixIO.wouldBlock(code) || PosixIO.monotonicNanoseconds() >= deadline
        ? "\(peer) stopped reading for \(timeout)"
        : "\(peer) went away: \(PosixIO.errorDescription(code))"
    PosixIO.closeDescriptor(fd)
    fd = -1
    failure.withLock { $0 = reason }
    return false
}
#endif
