#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking pipe that wakes the UI loop from another thread or a signal handler.
///
/// Producers change shared state under a `Mutex`, then call ``wake()``; the UI loop `poll()`s
/// ``readDescriptor`` next to stdin and calls ``drain()`` when it is readable. Writing one byte
/// is async-signal-safe, and a full pipe already means "wake up", so a failed write is ignored.
///
/// ```swift
/// let pipe = try WakePipe()
/// Thread { state.withLock { $0.append(event) }; pipe.wake() }
/// ```
public final class WakePipe: Sendable {
    public let readDescriptor: Int32
    public let writeDescriptor: Int32

    /// Opens the pipe; both ends are non-blocking and close on exec.
    public init() throws(TerminalProblem) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .system("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop. Safe from any thread.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe; returns whether anything was in it.
    @discardableResult
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        var any = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return any }
            any = true
        }
    }
}
