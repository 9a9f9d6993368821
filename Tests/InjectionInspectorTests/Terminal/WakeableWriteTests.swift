import Injection
import Testing
@testable import InjectionInspector
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's write that a wake descriptor can end: every byte when there is room, the
/// first readable wake's index when the reader stopped taking bytes, a failure when it is gone.
@Suite(.hangBackstop)
struct WakeableWriteTests {
    /// A pipe whose write end does not block, as the terminal's writer and key reader use.
    private func nonBlockingPipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
        return (ends[0], ends[1])
    }

    @Test func everyByteGoesOutWhenThereIsRoom() throws {
        let ends = nonBlockingPipe()
        defer { close(ends.read); close(ends.write) }
        let stop = try WakePipe()
        let bytes = [UInt8](repeating: 7, count: 1_000)
        var reported = 0
        let end = bytes.withUnsafeBytes {
            WakeableWrite.writeAll($0, to: ends.write, wokenBy: [stop.readDescriptor]) { reported += $0 }
        }
        #expect(end == .written)
        #expect(reported == 1_000)
        var received = [UInt8](repeating: 0, count: 2_000)
        #expect(read(ends.read, &received, received.count) == 1_000)
    }

    /// Nobody reads the pipe: the write waits for room until a wake comes, and says which one
    /// (the first readable in the list), having reported only the bytes that went out.
    @Test func aFullPipeWaitsUntilAWakeAndSaysWhichOne() throws {
        let ends = nonBlockingPipe()
        defer { close(ends.read); close(ends.write) }
        let stop = try WakePipe()
        let cut = try WakePipe()
        cut.wake()
        let bytes = [UInt8](repeating: 1, count: 1 << 20)
        var reported = 0
        let end = bytes.withUnsafeBytes {
            WakeableWrite.writeAll($0, to: ends.write, wokenBy: [stop.readDescriptor, cut.readDescriptor]) { reported += $0 }
        }
        #expect(end == .woken(1))
        #expect(reported > 0 && reported < 1 << 20)
        stop.wake()
        let both = bytes.withUnsafeBytes {
            WakeableWrite.writeAll($0, to: ends.write, wokenBy: [stop.readDescriptor, cut.readDescriptor])
        }
        #expect(both == .woken(0), "stop is checked before cut")
    }

    @Test func aReaderThatIsGoneFailsTheWrite() throws {
        let ends = nonBlockingPipe()
        defer { close(ends.write) }
        close(ends.read)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let stop = try WakePipe()
        let end = [UInt8](repeating: 2, count: 10).withUnsafeBytes {
            WakeableWrite.writeAll($0, to: ends.write, wokenBy: [stop.readDescriptor])
        }
        #expect(end == .failed)
    }
}
