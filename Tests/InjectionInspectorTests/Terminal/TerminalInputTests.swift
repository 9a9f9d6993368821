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
@Suite(.timeLimit(.minutes(1)))
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
        var typed = 0
        var idle = 0
        // The terminal's buffers take what the reader cannot pass on; stop when they refuse.
        while typed < 100 * 1_024, idle < 50 {
            let count = write(pty.controller, block, block.count)
            if count > 0 { typed += count; idle = 0 } else { idle += 1; usleep(10_000) }
        }
        // The pipe holds at least its default capacity by now (64 KB on Linux): the reader is
        // waiting to forward more.
        #expect(typed > 64 * 1_024)
        #expect(input.close(within: .seconds(5)))
        #expect(input.readerEnded)
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
