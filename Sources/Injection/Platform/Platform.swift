#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every operating-system call of the runtime's trace writer, with a Darwin branch wherever the
/// platforms differ; nothing outside a `Platform` folder names `Glibc.` (a test checks). Names
/// differ from POSIX's so a type's own `write`/`close` never shadow them.
package enum PosixIO {
    // MARK: - Descriptors

    /// Writes every byte, retrying after `EINTR` and, for a non-blocking socket, waiting for room until
    /// `deadline` (a ``monotonicNanoseconds()`` value); never raises `SIGPIPE`. False on any other
    /// error or past the deadline.
    package static func writeAll(
        _ fd: Int32, _ bytes: UnsafeRawBufferPointer, send useSend: Bool, deadline: UInt64? = nil
    ) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let written = useSend ? send(fd, next, remaining, sendFlags) : write(fd, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK, let deadline {
                    let now = monotonicNanoseconds()
                    guard now < deadline else { return false }
                    let waitMilliseconds = Int32(min((deadline - now) / 1_000_000 + 1, 1000))
                    guard waitUntilWritable(fd, milliseconds: waitMilliseconds) else { return false }
                    continue
                }
                return false
            }
            next += written
            remaining -= written
        }
        return true
    }

    #if canImport(Darwin)
    private static let sendFlags: Int32 = 0
    #else
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// Reads up to `buffer.count` bytes; the count, 0 at the end, or -1 with `errno` set.
    package static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// What ``openForWritingWithoutWaiting(_:)`` opened.
    package enum OpenedForWriting: Equatable {
        /// A FIFO, left non-blocking: a write to a reader that does not read fails with `EAGAIN`.
        case fifo(Int32)
        /// Anything else (a regular file, a terminal, `/dev/null`), with ordinary blocking writes.
        case other(Int32)
        /// A FIFO that no process has open for reading: `open(2)` would wait for one.
        case fifoWithoutReader
        /// Any other failure, with its `errno`.
        case failed(Int32)
    }

    /// Creates or truncates a file for writing (mode 0644, close-on-exec) without waiting: a FIFO
    /// without a reader fails at once (``OpenedForWriting/fifoWithoutReader``) instead of blocking.
    package static func openForWritingWithoutWaiting(_ path: String) -> OpenedForWriting {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            let code = errno
            return code == ENXIO ? .fifoWithoutReader : .failed(code)
        }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO { return .fifo(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .other(fd)
    }

    package static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Makes a descriptor non-blocking and close-on-exec.
    package static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// A pipe whose ends are non-blocking and close-on-exec; nil with `errno` set on failure.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { makeNonBlocking(fd) }
        return (fds[0], fds[1])
    }

    /// Waits until one of `descriptors` is readable or `milliseconds` pass (-1: no limit): the flags in
    /// order, all false after `EINTR`, nil after another error.
    package static func waitUntilReadable(_ descriptors: [Int32], milliseconds: Int32) -> [Bool]? {
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polls, nfds_t(polls.count), milliseconds)
        if ready < 0 { return errno == EINTR ? Array(repeating: false, count: polls.count) : nil }
        return polls.map { $0.revents != 0 }
    }

    private static func waitUntilWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready == 1 && poller.revents & Int16(POLLOUT) != 0
        }
    }

    // MARK: - Messages

    /// `strerror(code)` as a `String`.
    package static func errorDescription(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Whether `code` only says "nothing to read or write right now".
    package static func wouldBlock(_ code: Int32) -> Bool {
        code == EAGAIN || code == EWOULDBLOCK || code == EINTR
    }

    /// The current `errno`.
    package static var lastError: Int32 { errno }

    /// Writes `text` and a newline to stderr in one `write(2)`, so threads' lines never
    /// interleave; control characters other than line breaks are escaped.
    package static func printError(_ text: String) {
        let line = Array((text.escapingControlCharacters(keepingNewlines: true) + "\n").utf8)
        line.withUnsafeBytes { _ = writeAll(2, $0, send: false) }
    }

    // MARK: - Clock

    /// Nanoseconds on the monotonic clock (an arbitrary origin): the one clock of the package.
    @inline(__always)
    package static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// ``monotonicNanoseconds()`` as of the last timer tick (Linux's `CLOCK_MONOTONIC_COARSE`: cheaper,
    /// up to a tick behind); Darwin's precise clock is already cheap.
    @inline(__always)
    package static func coarseMonotonicNanoseconds() -> UInt64 {
        #if os(Linux)
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
        #else
        monotonicNanoseconds()
        #endif
    }

    /// Sleeps for about `nanoseconds` (tests and retry loops; never on an app thread).
    package static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// Seconds since 1970 (`time(2)`).
    package static var secondsSinceEpoch: Int { Int(time(nil)) }

    /// The UTC calendar fields for `secondsSinceEpoch` (`gmtime_r`).
    package static func utc(secondsSinceEpoch: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var seconds = time_t(secondsSinceEpoch)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
                Int(parts.tm_min), Int(parts.tm_sec))
    }

    // MARK: - Process

    /// An environment variable, nil when unset.
    package static func environment(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }

    package static var processID: Int32 { getpid() }

    /// The running executable's path: `/proc/self/exe` on Linux, `_NSGetExecutablePath` on Darwin
    /// (which has no `/proc`). Nil when it cannot be told.
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
        #else
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map(UInt8.init(bitPattern:)), as: UTF8.self)
        #endif
    }

    package static var userID: UInt32 { UInt32(getuid()) }

    /// A folder for the user's own files: `/tmp/<name>-<uid>` on Linux; `$TMPDIR/<name>` on Darwin
    /// (inside the app's sandbox on iOS).
    package static func userTemporaryDirectory(named name: String) -> String {
        #if canImport(Darwin)
        if let folder = environment("TMPDIR"), folder.hasPrefix("/") {
            return (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + name
        }
        #endif
        return "/tmp/\(name)-\(userID)"
    }

    /// Runs `handler` at normal process exit (`atexit`).
    package static func atExit(_ handler: @convention(c) () -> Void) {
        atexit(handler)
    }

    /// Blocks `SIGPIPE` for the calling thread: a write to a closed pipe then fails with
    /// `EPIPE` instead of killing the process.
    package static func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }
}
