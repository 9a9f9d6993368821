// Built with the `Tracing` trait, as the sinks it stands beside.
#if Tracing
import Injection

/// A sink that keeps the trace in memory: for tests and tools, never an app (so not in the runtime).
///
/// ```swift
/// let sink = MemoryTraceSink()
/// let recorder = TraceRecorder(sink: sink)
/// recorder.start()
/// // … resolve …
/// recorder.stop()
/// print(sink.text)
/// ```
///
/// ``disconnect(clear:)`` simulates an inspector going away: the next batch starts a new stream, so a
/// test can watch the recorder's replay without sockets.
public final class MemoryTraceSink: TraceSink {
    private struct State {
        var bytes: [UInt8] = []
        var connected = false
        var available = true
        var opens = 0
        var closed = false
    }

    private let state = Lock(State())

    public init() {}

    /// Everything written so far.
    public var bytes: [UInt8] { state.withLock { $0.bytes } }

    /// Everything written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many streams were opened (1 unless ``disconnect(clear:)`` was called).
    public var openCount: Int { state.withLock { $0.opens } }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Ends the current stream: the next batch starts a new one (with a header and the replay).
    /// - Parameter clear: Whether to forget what was written so far.
    public func disconnect(clear: Bool = true) {
        state.withLock {
            $0.connected = false
            if clear { $0.bytes.removeAll() }
        }
    }

    /// Makes the sink refuse (`TraceSinkState.unavailable`) or accept new streams.
    public func setAvailable(_ available: Bool) {
        state.withLock { $0.available = available }
    }

    public func prepare() -> TraceSinkState {
        state.withLock { state in
            if state.connected { return .ready }
            guard state.available, !state.closed else { return .unavailable }
            state.connected = true
            state.opens += 1
            return .opened
        }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            guard state.connected else { return false }
            state.bytes.append(contentsOf: bytes)
            return true
        }
    }

    public func close() {
        state.withLock {
            $0.closed = true
            $0.connected = false
        }
    }

    public var description: String { "memory" }
}
#endif
