// Compiled only with the `Tracing` trait: part of the writer an app streams its trace with.
#if Tracing
/// Streams the trace to a live `di-inspect` over a unix socket or TCP.
///
/// While the inspector is not there the sink is ``TraceSinkState/unavailable`` and retries at most
/// every ``retryInterval`` (the first failure before any connection is said once on stderr). Every
/// (re)connect gets the header and the replay; sends never raise `SIGPIPE` and give up after
/// ``sendTimeout``. Over TCP the sink first presents the listener's token (``TraceConnectionToken``).
///
/// ```swift
/// let recorder = TraceRecorder(sink: SocketTraceSink(address: .unix(path: "/tmp/di.sock")))
/// let remote = SocketTraceSink(address: .tcp(host: "192.168.1.20", port: 7777), token: "5f0c…")
/// ```
public final class SocketTraceSink: TraceSink {
    /// Where the inspector listens (the listener's address type: one for both ends).
    public typealias Address = TraceSocketAddress

    public let address: Address
    /// The shortest time between two connection attempts.
    public let retryInterval: Duration
    /// The longest one write waits for a peer; past it the stream is broken and the sink reconnects later.
    public let sendTimeout: Duration
    private let state = Lock<State>(State())
    private let lastFailure = Lock<String?>(nil)

    public var failure: String? { lastFailure.withLock { $0 } }

    private struct State {
        /// The descriptor while connected; -1 otherwise.
        var fd: Int32 = -1
        /// When the last connection attempt was made.
        var lastAttempt: UInt64?
        /// Closed for good by the recorder.
        var closed = false
        /// Whether any connection succeeded (after one, a failed reconnect is not news).
        var everConnected = false
        /// Whether stderr was told that nothing listens at ``address``.
        var toldNotListening = false
    }

    /// What the sink presents to a TCP listener before its trace (``TraceConnectionToken``).
    private let token: String?

    /// `token` is the one a TCP listener printed; a unix socket ignores it.
    public init(
        address: Address, token: String? = nil, retryInterval: Duration = .milliseconds(500),
        sendTimeout: Duration = .milliseconds(100)
    ) {
        self.address = address
        self.token = token
        self.retryInterval = retryInterval
        self.sendTimeout = sendTimeout
    }

    public func prepare() -> TraceSinkState {
        state.withLock { state in
            if state.fd >= 0 { return .ready }
            if state.closed { return .unavailable }
            let now = PosixIO.monotonicNanoseconds()
            if let last = state.lastAttempt, now &- last < retryInterval.nanoseconds { return .unavailable }
            state.lastAttempt = now
            switch address.connect(timeoutMilliseconds: 250) {
            case .success(let fd):
                if case .tcp = address, let token {
                    let deadline = PosixIO.monotonicNanoseconds() &+ sendTimeout.nanoseconds
                    let sent = TraceConnectionToken.line(token).withUnsafeBytes {
                        PosixIO.writeAll(fd, $0, send: true, deadline: deadline)
                    }
                    guard sent else {
                        PosixIO.closeDescriptor(fd)
                        return .unavailable
                    }
                }
                state.fd = fd
                state.everConnected = true
                return .opened
            case .failure(let failure):
                lastFailure.withLock { $0 = failure.description }
                if !state.everConnected && !state.toldNotListening {
                    state.toldNotListening = true
                    PosixIO.printError(
                        "di-inspect: no inspector listens at \(address) yet (\(failure)); the app goes on, "
                            + "and the trace streams once one listens there (`\(listenCommand)`).")
                }
                return .unavailable
            }
        }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            guard state.fd >= 0 else { return false }
            return writeToPeer(
                bytes, to: &state.fd, peer: "the inspector", timeout: sendTimeout, isSocket: true, failure: lastFailure)
        }
    }

    public func close() {
        state.withLock { state in
            if state.fd >= 0 { PosixIO.closeDescriptor(state.fd) }
            state.fd = -1
            state.closed = true
        }
    }

    public var description: String { address.description }

    /// The command that listens where this sink connects, as a user would type it.
    var listenCommand: String {
        switch address {
        case .unix(let path) where path == TraceDestination.defaultSocketPath(): "di-inspect listen"
        case .unix(let path): "di-inspect listen --socket \(path)"
        case .tcp: "di-inspect listen --tcp \(address.description.dropFirst("tcp:".count))"
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds (negative durations count as zero).
    package var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
#endif
