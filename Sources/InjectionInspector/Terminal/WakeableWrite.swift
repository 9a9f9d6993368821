import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of a buffer to a non-blocking descriptor, waiting in `poll` (never in `write`)
/// for room, or for one of a few wake descriptors to become readable, which ends the write
/// early. The terminal's writer (``TerminalOutput``: stop and cut) and its key reader
/// (``TerminalInput``: stop) both copy this way, so a request to stop is seen at once even when
/// the other side has stopped reading.
///
/// ```swift
/// let end = WakeableWrite.writeAll(bytes, to: terminal, wokenBy: [stop.readDescriptor])
/// if end == .woken(0) { return }   // asked to stop before every byte went out
/// ```
enum WakeableWrite {
    /// What ended a write.
    enum End: Equatable {
        /// Every byte was written.
        case written
        /// `write` or `poll` failed with something other than `EINTR` or "would block" (the
        /// descriptor's reader is gone, a terminal hung up).
        case failed
        /// The wake descriptor at this index in `wokenBy` became readable first.
        case woken(Int)
    }

    /// Writes `bytes` to `fd`, calling `progress` with each chunk's size as it goes out. The
    /// wake descriptors are checked in order: the first readable one is the answer.
    static func writeAll(
        _ bytes: UnsafeRawBufferPointer, to fd: Int32, wokenBy wakes: [Int32], progress: (Int) -> Void = { _ in }
    ) -> End {
        var offset = 0
        while offset < bytes.count {
            let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count > 0 {
                offset += count
                progress(count)
                continue
            }
            if count < 0, errno == EINTR { continue }
            guard count < 0, PosixIO.wouldBlock(errno) else { return .failed }
            var polls = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                + wakes.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&polls, nfds_t(polls.count), -1) < 0, errno != EINTR { return .failed }
            if let woken = polls.dropFirst().firstIndex(where: { $0.revents != 0 }) { return .woken(woken - 1) }
        }
        return .written
    }
}
