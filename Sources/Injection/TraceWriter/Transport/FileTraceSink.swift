// Compiled only with the `Tracing` trait: part of the writer an app streams its trace with.
#if Tracing
/// Writes the trace to a file, created (or truncated) on the first write; one `write(2)` per batch.
///
/// The path may name a FIFO: it is opened without waiting, retried at most every
/// ``retryInterval`` while nobody reads it (said once on stderr), and a write gives up after
/// ``writeTimeout``. A reader that stops or closes ends the stream; the next reader gets a new
/// header and the replay. The app never waits for the reader.
///
/// ```swift
/// let recorder = TraceRecorder(sink: FileTraceSink(path: "/tmp/app.ndjson"))
/// ```
public final class FileTraceSink: TraceSink {
    public let path: String
    /// For a FIFO: the shortest time between two attempts to open it while nobody reads it.
    public let retryInterval: Duration
    /// For a FIFO: the longest one write waits for a reader; past it the stream is broken.
    public let writeTimeout: Duration
    private let state = Lock<State>(State())
    private let lastFailure = Lock<String?>(nil)

    private struct State {
        /// The descriptor while open; -1 otherwise.
        var fd: Int32 = -1
        /// Whether `path` is a FIFO (known once an open found one).
        var isFIFO = false
        /// A regular file failed to open or write, or the sink was closed: no more attempts.
        var finished = false
        /// When the last open of a FIFO found no reader.
        var lastAttempt: UInt64?
        /// Whether stderr was told that no process reads the FIFO (once per wait).
        var toldNoReader = false
    }

    public init(path: String, retryInterval: Duration = .milliseconds(250), writeTimeout: Duration = .seconds(1)) {
        self.path = path
        self.retryInterval = retryInterval
        self.writeTimeout = writeTimeout
    }

    public func prepare() -> TraceSinkState {
        state.withLock { state in
            if state.fd >= 0 { return .ready }
            if state.finished { return .unavailable }
            let now = PosixIO.monotonicNanoseconds()
            if let last = state.lastAttempt, now &- last < retryInterval.nanoseconds { return .unavailable }
            switch PosixIO.openForWritingWithoutWaiting(path) {
            case .fifo(let fd):
                state.fd = fd
                state.isFIFO = true
                state.lastAttempt = nil
                state.toldNoReader = false
                return .opened
            case .other(let fd):
                state.fd = fd
                return .opened
            case .fifoWithoutReader:
                state.isFIFO = true
                state.lastAttempt = now
                if !state.toldNoReader {
                    state.toldNoReader = true
                    PosixIO.printError(
                        "di-inspect: no process is reading the FIFO \(path); the trace is written once one opens it "
                            + "(the app does not wait for it).")
                }
                return .unavailable
            case .failed(let code):
                PosixIO.printError(
                    "di-inspect: cannot write the trace to \(path): \(PosixIO.errorDescription(code)); recording is off.")
                state.finished = true
                return .unavailable
            }
        }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            guard state.fd >= 0 else { return false }
            if state.isFIFO {
                // The reader went away or stopped reading: the next reader starts a new stream.
                return writeToPeer(
                    bytes, to: &state.fd, peer: "the reader of the FIFO", timeout: writeTimeout, isSocket: false,
                    failure: lastFailure)
            }
            if PosixIO.writeAll(state.fd, bytes, send: false) { return true }
            // A full disk or an I/O error: stop rather than leave half lines; the loss is reported at stop.
            lastFailure.withLock { $0 = "write failed: \(PosixIO.errorDescription(PosixIO.lastError))" }
            PosixIO.closeDescriptor(state.fd)
            state.fd = -1
            state.finished = true
            return false
        }
    }

    public var failure: String? { lastFailure.withLock { $0 } }

    public func close() {
        state.withLock { state in
            if state.fd >= 0 { PosixIO.closeDescriptor(state.fd) }
            state.fd = -1
            state.finished = true
        }
    }

    public var description: String { "file:\(path)" }
}
#endif
