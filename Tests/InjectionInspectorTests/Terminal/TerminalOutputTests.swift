import CNCurses
import Injection
import Testing
@testable import InjectionInspector
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal whose other end the test reads, or never reads: a terminal emulator that
/// is starved or stopped.
final class PseudoTerminal {
    /// The terminal emulator's end.
    let controller: Int32
    /// The program's end (its stdin and stdout).
    let terminal: Int32

    init(rows: Int32 = 24, columns: Int32 = 80) throws {
        var ends: (Int32, Int32) = (-1, -1)
        let opened = cn_open_pseudo_terminal(&ends.0, &ends.1)
        controller = ends.0
        terminal = ends.1
        try #require(opened == 0)
        // Bytes pass unchanged (no newline translation), so what arrives can be compared exactly.
        var modes = termios()
        tcgetattr(terminal, &modes)
        cfmakeraw(&modes)
        tcsetattr(terminal, TCSANOW, &modes)
        _ = cn_set_window_size(terminal, rows, columns)
        PosixIO.makeNonBlocking(controller)
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// Everything the program wrote so far, waiting up to a second for more after each read
    /// until `ending` is seen (a bound so that a broken writer fails the test, not hangs it).
    func readAll(until ending: [UInt8]) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while !received.ends(with: ending) {
            let count = read(controller, &chunk, chunk.count)
            if count > 0 {
                received += chunk[0..<count]
                continue
            }
            guard PosixIO.waitUntilReadable([controller], milliseconds: 1_000)?.first == true else { break }
        }
        return received
    }

    /// Types `text` as if on the keyboard.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(controller, &bytes, bytes.count)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

@Suite(.hangBackstop)
struct TerminalOutputTests {
    /// A frame larger than what the pseudo-terminal buffers, to a terminal that does not read:
    /// writing it returns at once, the output says it is behind, and the way out cuts it with
    /// CAN before the restoring, which arrives whole once the terminal reads again.
    @Test @MainActor func aTerminalThatDoesNotReadNeverHoldsTheWriter() throws {
        let pty = try PseudoTerminal()
        let output = try TerminalOutput(terminal: pty.terminal)
        let frame = (0..<48 * 1_024).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        output.writeFrame {
            frame.withUnsafeBytes { bytes in
                #expect(write(output.cursesDescriptor, bytes.baseAddress, bytes.count) == frame.count)
            }
        }
        #expect(output.isBehind)
        #expect(output.finishFrame(within: .milliseconds(20)) == false)
        let restoring = Array("\u{1B}[?1049l restored".utf8)
        output.writeFrame {
            #expect(write(output.cursesDescriptor, restoring, restoring.count) == restoring.count)
        }
        let received = pty.readAll(until: restoring)
        #expect(output.close(within: .seconds(5)))
        // A prefix of the frame (what the terminal had buffered), CAN, then the restoring.
        let prefixCount = received.count - restoring.count - 1
        #expect(prefixCount > 0 && prefixCount < frame.count)
        #expect(Array(received.prefix(max(0, prefixCount))) == Array(frame.prefix(max(0, prefixCount))))
        #expect(received.count > prefixCount && received[max(0, prefixCount)] == TerminalOutput.cancelSequence)
        #expect(received.ends(with: restoring))
        #expect(output.bytesWritten == received.count)
    }

    /// Everything written reaches a terminal that reads, in order, and nothing is cut.
    @Test @MainActor func aTerminalThatReadsGetsEveryByteInOrder() throws {
        let pty = try PseudoTerminal()
        let output = try TerminalOutput(terminal: pty.terminal)
        var sent: [UInt8] = []
        for index in 0..<20 {
            let frame = Array("frame \(index) ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 3_000)
            sent += frame
            output.writeFrame { _ = write(output.cursesDescriptor, frame, frame.count) }
        }
        let last = Array("frame 19 ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 3_000)
        let received = pty.readAll(until: last)
        #expect(received == sent)
        #expect(output.finishFrame(within: .seconds(5)))
        #expect(output.close(within: .seconds(5)))
    }

    /// The whole loop on a terminal that never reads: it keeps taking in work and answering
    /// keys, frames are counted as skipped rather than written, and the way out neither hangs
    /// nor loses the terminal's modes. (Before the writer thread, this test hung in `write`.)
    @Test @MainActor func theLoopKeepsGoingWhileTheTerminalDoesNotRead() throws {
        let pty = try PseudoTerminal()
        var modesBefore = termios()
        tcgetattr(pty.terminal, &modesBefore)
        let wake = try WakePipe()
        let driver = NCursesDriver(noColor: false, input: pty.terminal, output: pty.terminal, terminalType: "xterm-256color")
        let session = TerminalSession(driver: driver, wake: wake)
        let app = ChangingScreen(wake: wake, skippedFrames: { session.statistics.framesSkipped }, type: pty.type)
        let end = try session.run(app)
        #expect(end == .quit)
        #expect(session.statistics.framesSkipped >= 5)
        #expect(session.statistics.frames >= 1)
        #expect(app.refreshesWhileSkipping > 0)
        // (Whether the last frame and the restoring got through depends on how much the
        // pseudo-terminal's buffers took meanwhile; the first test checks the cut exactly.)
        var modesAfter = termios()
        tcgetattr(pty.terminal, &modesAfter)
        #expect(modesAfter.c_lflag == modesBefore.c_lflag && modesAfter.c_iflag == modesBefore.c_iflag)
    }
}

/// A screen that changes every cell on every frame and always has more work: the loop never
/// idles, and every frame is a full screen of output.
@MainActor
private final class ChangingScreen: TerminalApplication {
    private let wake: WakePipe
    private let skippedFrames: () -> Int
    private let type: (String) -> Void
    private var frame = 0
    private var refreshes = 0
    private var quitTyped = false
    /// Refreshes done after the first frame was skipped.
    private(set) var refreshesWhileSkipping = 0

    /// - Parameters:
    ///   - skippedFrames: The loop's count of skipped frames.
    ///   - type: Types keys on the terminal: `q` once frames were skipped five times and work
    ///     went on meanwhile (or after very many refreshes, so a loop that never skips fails
    ///     the test rather than hangs it).
    init(wake: WakePipe, skippedFrames: @escaping () -> Int, type: @escaping (String) -> Void) {
        self.wake = wake
        self.skippedFrames = skippedFrames
        self.type = type
        wake.wake()
    }

    func handle(_ key: Key) -> KeyResult { key == .character("q") ? .quit : .ignored }

    func refresh(shouldYield: () -> Bool) -> Bool {
        refreshes += 1
        let skipped = skippedFrames()
        if skipped > 0 { refreshesWhileSkipping += 1 }
        if !quitTyped, (skipped >= 5 && refreshesWhileSkipping > 0) || refreshes > 200_000 {
            quitTyped = true
            type("q")
        }
        wake.wake()
        return true
    }

    func tick(now: ContinuousClock.Instant, shouldYield: () -> Bool) -> Bool { true }

    func render(rows: Int, columns: Int) -> Canvas {
        frame += 1
        var canvas = Canvas(rows: rows, columns: columns)
        let letter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(frame % 26)))
        let line = String(repeating: letter, count: columns)
        for row in 0..<rows { canvas.put(line, row: row, column: 0) }
        return canvas
    }
}

/// The header says the terminal fell behind, with the count, for a few seconds after a skip.
struct TerminalLagHeaderTests {
    @Test @MainActor func theHeaderSaysHowManyFramesTheTerminalMadeTheLoopSkip() {
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")))
        #expect(!inspector.liveSummary.contains("terminal behind"))
        inspector.terminalLagged(TerminalLag(skippedFrames: 3, lastSkipped: .now))
        #expect(inspector.liveSummary.contains("terminal behind, 3 frames skipped"))
        inspector.terminalLagged(TerminalLag(skippedFrames: 1, lastSkipped: .now))
        #expect(inspector.liveSummary.contains("terminal behind, 1 frame skipped"))
        // Long after the last skip it is no longer said.
        inspector.terminalLagged(TerminalLag(skippedFrames: 3, lastSkipped: .now - .seconds(60)))
        #expect(!inspector.liveSummary.contains("terminal behind"))
    }

    @Test func aLagIsRecentForThreeSeconds() {
        let now = ContinuousClock.now
        let lag = TerminalLag(skippedFrames: 2, lastSkipped: now)
        #expect(lag.isRecent(now: now + .milliseconds(2_999)))
        #expect(!lag.isRecent(now: now + .seconds(3)))
        #expect(!TerminalLag().isRecent(now: now))
        #expect(lag.summary == "terminal behind, 2 frames skipped")
    }
}
