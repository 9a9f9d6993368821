import CNCurses
import Injection
import Testing
@testable import InjectionInspector
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key reader between the terminal and curses: every byte typed arrives in order through
/// the pipe, the loop never polls the terminal itself, and once stopped it reads nothing more.
@Suite(.hangBackstop)
struct TerminalInputTests {
    /// Reads what the pipe holds until `count` bytes came (each wait bounded, so a broken reader
    /// fails the test rather than hangs it).
    private func receive(_ count: Int, from descriptor: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while received.count < count {
            guard PosixIO.waitUntilReadable([descriptor], milliseconds: 2_000)?.first == true else { break }
            let got = read(descriptor, &chunk, min(chunk.count, count - received.count))
            guard got > 0 else { break }
            received += chunk[0..<got]
        }
        return received
    }

    @Test func everyByteTypedComesOutOfThePipeInOrder() throws {
        let pty = try PseudoTerminal()
        let input = try TerminalInput(terminal: pty.terminal)
        defer { close(input.keysDescriptor) }
        var info = stat()
        fstat(input.keysDescriptor, &info)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        let typed = "jk2\u{1B}[A\u{1B}[<0;12;5M€q"
        pty.type(typed)
        #expect(receive(typed.utf8.count, from: input.keysDescriptor) == Array(typed.utf8))
        #expect(input.close(within: .seconds(5)))
        #expect(input.readerEnded)
    }

    /// After `close`, keys stay in the terminal for whoever reads it next (an editor, the shell).
    @Test func aClosedReaderLeavesLaterKeysInTheTerminal() throws {
        let pty = try PseudoTerminal()
        let input = try TerminalInput(terminal: pty.terminal)
        defer { close(input.keysDescriptor) }
        pty.type("a")
        #expect(receive(1, from: input.keysDescriptor) == [UInt8(ascii: "a")])
        #expect(input.close(within: .seconds(5)))
        pty.type("xyz")
        #expect(receive(3, from: pty.terminal) == Array("xyz".utf8))
        var byte: UInt8 = 0
        #expect(PosixIO.waitUntilReadable([input.keysDescriptor], milliseconds: 50)?.first == true)
        // The pipe's write end is closed by the reader when it ends: end of file, no stray byte.
        #expect(read(input.keysDescriptor, &byte, 1) == 0)
    }

    /// A reader whose pipe is full (the loop took no keys for a while: 100 KB pasted) waits in
    /// `poll`, where the stop request reaches it: `close` returns with the reader ended.
    @Test func aReaderBlockedOnAFullPipeStillStops() throws {
        let pty = try PseudoTerminal()
        let input = try TerminalInput(terminal: pty.terminal)
        defer { close(input.keysDescriptor) }
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
        // Typed until the pipe takes no more (its write end, the reader's, polls not writable):
        // the reader then waits in `poll` for the loop to take keys. While the terminal's buffers
        // refuse more, the reader is behind: wait for room there, then look again.
        let writeEnd = try #require(Self.writeEnd(ofPipe: input.keysDescriptor))
        let deadline = ContinuousClock.now + .seconds(20)
        while Self.takesWrites(writeEnd), ContinuousClock.now < deadline {
            if write(pty.controller, block, block.count) <= 0 { Self.waitForRoom(in: pty.controller, milliseconds: 10) }
        }
        #expect(!Self.takesWrites(writeEnd), "the pipe still takes keys: \(cn_unread_bytes(input.keysDescriptor)) bytes in it")
        #expect(input.close(within: .seconds(5)))
        #expect(input.readerEnded)
    }

    /// The other end of the pipe whose read end is `readEnd`: this process's descriptor on the
    /// same pipe that is open for writing (the reader thread's).
    private static func writeEnd(ofPipe readEnd: Int32) -> Int32? {
        var pipe = stat()
        guard fstat(readEnd, &pipe) == 0 else { return nil }
        for fd in 0..<min(getdtablesize(), 1 << 16) where fd != readEnd {
            var other = stat()
            guard fstat(fd, &other) == 0, other.st_dev == pipe.st_dev, other.st_ino == pipe.st_ino else { continue }
            if fcntl(fd, F_GETFL) & O_ACCMODE == O_WRONLY { return fd }
        }
        return nil
    }

    /// Whether `descriptor` takes a write now.
    private static func takesWrites(_ descriptor: Int32) -> Bool {
        waitForRoom(in: descriptor, milliseconds: 0)
    }

    /// Waits up to `milliseconds` until `descriptor` takes a write; whether it does.
    @discardableResult
    private static func waitForRoom(in descriptor: Int32, milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&poller, 1, milliseconds) == 1 && poller.revents & Int16(POLLOUT) != 0
    }

    /// The driver hands the loop the pipe while curses runs, and the terminal again after.
    @Test @MainActor func theLoopPollsThePipeNotTheTerminal() throws {
        let pty = try PseudoTerminal()
        let driver = NCursesDriver(noColor: true, input: pty.terminal, output: pty.terminal, terminalType: "xterm-256color")
        try driver.start()
        #expect(driver.inputDescriptor != pty.terminal)
        var info = stat()
        fstat(driver.inputDescriptor, &info)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        pty.type("jq")
        var keys: [Key] = []
        for _ in 0..<200 where keys.count < 2 {
            _ = PosixIO.waitUntilReadable([driver.inputDescriptor], milliseconds: 10)
            keys += driver.readKeys()
        }
        #expect(keys == [.character("j"), .character("q")])
        driver.stop()
        #expect(driver.inputDescriptor == pty.terminal)
    }
}
