#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the trace writer and the inspector's listener share, under names that a
/// type's own `write`/`close` methods do not shadow.
package enum PosixIO {
    /// Writes every byte (`write(2)`, or `send(2)` with `MSG_NOSIGNAL` for a socket, so a closed
    /// peer gives `EPIPE` instead of killing the app with `SIGPIPE`), retrying after `EINTR`.
    /// False on any other error, including a send timeout (a peer that stopped reading).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, send useSend: Bool) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let written = useSend ? send(fd, next, remaining, Int32(MSG_NOSIGNAL)) : write(fd, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            next += written
            remaining -= written
        }
        return true
    }

    /// Prints `di-inspect: <message>` to stderr in one write (one line per call, so lines from
    /// several threads never interleave).
    package static func printError(_ message: String) {
        let line = Array("di-inspect: \(message)\n".utf8)
        line.withUnsafeBytes { _ = writeAll(2, $0, send: false) }
    }

    package static func close(_ fd: Int32) {
        _ = closeDescriptor(fd)
    }

    /// `strerror(code)` as a `String`.
    package static func errorDescription(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Nanoseconds on the monotonic clock (an arbitrary origin).
    package static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Sleeps for about `nanoseconds` (tests and retry loops; never on an app thread).
    package static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
