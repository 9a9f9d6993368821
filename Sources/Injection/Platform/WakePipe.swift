#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking pipe that wakes a thread waiting in `poll()`: the one wake mechanism of the
/// package (the recorder's writer thread, the listener's thread, the inspector's UI loop).
///
/// Producers change shared state under a lock, then call ``wake()``; the waiting side polls
/// ``readDescriptor`` and calls ``drain()``. A one-byte write is async-signal-safe, and a full
/// pipe already means "wake up", so a failed write is ignored.
///
/// ```swift
/// let pipe = try WakePipe()
/// let pending = Mutex<[String]>([])
///
/// // A producer, on any thread:
/// pending.withLock { $0.append("event") }
/// pipe.wake()
///
/// // The waiting side, once poll() reports pipe.readDescriptor readable:
/// pipe.drain()
/// let batch = pending.withLock { queue in defer { queue.removeAll() }; return queue }
/// ```
public final class WakePipe: Sendable {
    public let readDescriptor: Int32
    public let writeDescriptor: Int32

    /// Why the pipe could not be made: the `errno` of `pipe(2)`.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let code: Int32
        public var description: String { "pipe: \(PosixIO.errorDescription(code))" }
    }

    /// Opens the pipe; both ends are non-blocking and close on exec.
    public init() throws(Failure) {
        guard let ends = PosixIO.makePipe() else { throw Failure(code: PosixIO.lastError) }
        readDescriptor = ends.read
        writeDescriptor = ends.write
    }

    deinit {
        PosixIO.closeDescriptor(readDescriptor)
        PosixIO.closeDescriptor(writeDescriptor)
    }

    /// Wakes the waiting side. Safe from any thread and from a signal handler.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Waits until ``wake()`` or until `milliseconds` pass, then drains the pipe (one wake-up
    /// handles every signal sent so far).
    package func wait(milliseconds: Int32) {
        _ = PosixIO.waitUntilReadable([readDescriptor], milliseconds: milliseconds)
        drain()
    }

    /// Empties the pipe; returns whether anything was in it.
    @discardableResult
    public func drain() -> Bool {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var any = false
        while true {
            let count = withUnsafeMutableBytes(of: &buffer) { PosixIO.readSome(readDescriptor, into: $0) }
            if count <= 0 { return any }
            any = true
        }
    }
}
