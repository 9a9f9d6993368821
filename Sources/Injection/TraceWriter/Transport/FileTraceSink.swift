// Compiled only with the `Tracing` package trait (on by default): part of the writer an app
// streams its trace with. See DECISIONS.md.
#if Tracing
import Synchronization


/// Writes the trace to a file, created (or truncated) when the recorder first writes.
///
/// The recorder hands it whole batches, so each `write(2)` carries many lines.
///
/// ```swift
/// let recorder = TraceRecorder(sink: FileTraceSink(path: "/tmp/app.ndjson"))
/// ```
public final class FileTraceSink: TraceSink {
    public let path: String
    /// The descriptor once opened; -1 before, -2 after a failed open (it is not retried).
    private let descriptor = Mutex<Int32>(-1)
    private let lastFailure = Mutex<String?>(nil)

    public init(path: String) {
        self.path = path
    }

    public func prepare() -> TraceSinkState {
        descriptor.withLock { fd in
            if fd >= 0 { return .ready }
            if fd == -2 { return .unavailable }
            let opened = PosixIO.openForWriting(path)
            guard opened >= 0 else {
                let reason = PosixIO.errorDescription(PosixIO.lastError)
                PosixIO.printError("di-inspect: cannot write the trace to \(path): \(reason); recording is off.")
                fd = -2
                return .unavailable
            }
            fd = opened
            return .opened
        }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        descriptor.withLock { fd in
            guard fd >= 0 else { return false }
            if PosixIO.writeAll(fd, bytes, send: false) { return true }
            // A full disk, /dev/full, an I/O error: stop here rather than leave half lines
            // after a gap. The recorder reports the loss once when it stops.
            lastFailure.withLock { $0 = "write failed: \(PosixIO.errorDescription(PosixIO.lastError))" }
            PosixIO.closeDescriptor(fd)
            fd = -2
            return false
        }
    }

    public var failure: String? { lastFailure.withLock { $0 } }

    public func close() {
        descriptor.withLock { fd in
            if fd >= 0 { PosixIO.closeDescriptor(fd) }
            fd = -2
        }
    }

    public var description: String { "file:\(path)" }
}
#endif
