import Injection
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's keys, read off the UI thread: a reader thread of its own copies what the
/// terminal sends into a pipe, and curses and the loop read the pipe.
///
/// On Linux, asking a terminal whether a key waits (`poll`) or reading it when none does first
/// waits for the kernel's worker that moves the terminal's incoming bytes along
/// (`n_tty_poll` → `flush_work`). On a loaded machine that worker can wait for a CPU for
/// seconds: a `poll` of stdin by the UI thread once took 3.6 s at load 10 (perf, `sched_switch`
/// with call chains), a frozen screen. Here only the reader thread ever touches the terminal's
/// input; the loop polls a pipe, which never waits for anything. A key still reaches the screen
/// only once the kernel handed it on, but the frames go on meanwhile.
///
/// The reader uses an opening of the terminal of its own (non-blocking, like ``TerminalOutput``'s
/// writer, without touching stdin's flags, which the shell shares), and waits in `poll` for the
/// terminal or a stop request. ``close(within:)`` asks it to stop and waits a bounded time: a
/// reader stuck in that kernel wait ends later on its own, without reading another byte.
///
/// ```swift
/// let input = try TerminalInput(terminal: 0)
/// let keys = fdopen(input.keysDescriptor, "r")   // curses reads its keys here
/// // poll(input.keysDescriptor) never waits for the terminal
/// input.close(within: .milliseconds(50))
/// ```
final class TerminalInput: Sendable {
    /// Where the terminal's bytes come out, in order: what curses reads and the loop polls. Whoever
    /// takes it (curses' `FILE`) closes it.
    let keysDescriptor: Int32
    private let reader: Reader
    private let thread: Mutex<BackgroundThread?>
    /// Whether ``close(within:)`` has run.
    private let closed = Atomic<Bool>(false)

    /// - Parameter terminal: The terminal's descriptor (stdin); it is opened again by name, not
    ///   taken.
    init(terminal: Int32) throws(TerminalProblem) {
        guard let ends = PosixIO.makePipe() else { throw .system("pipe", errno) }
        // The read end blocks (curses' own reads wait with a timeout in `poll` first); the
        // write end does not, so the reader waits in `poll` where a stop request reaches it.
        _ = fcntl(ends.read, F_SETFL, fcntl(ends.read, F_GETFL) & ~O_NONBLOCK)
        let terminalCopy = Self.openAgain(terminal)
        guard terminalCopy >= 0 else {
            let code = errno
            PosixIO.closeDescriptor(ends.read)
            PosixIO.closeDescriptor(ends.write)
            throw .system("open the terminal for reading", code)
        }
        let reader: Reader
        do {
            reader = Reader(terminal: terminalCopy, pipe: ends.write, stop: try WakePipe(), ended: try WakePipe())
        } catch {
            for descriptor in [ends.read, ends.write, terminalCopy] { PosixIO.closeDescriptor(descriptor) }
            throw .system("pipe", error.code)
        }
        do {
            thread = Mutex(try BackgroundThread { reader.run() })
        } catch {
            for descriptor in [ends.read, ends.write, terminalCopy] { PosixIO.closeDescriptor(descriptor) }
            throw .system("pthread_create", error.status)
        }
        keysDescriptor = ends.read
        self.reader = reader
    }

    deinit {
        close(within: .zero)
    }

    /// Stops the reader: it reads nothing more from the terminal once this returns. Waits at
    /// most `limit` for the thread to end (it normally ends at once); returns whether it did. A
    /// reader still inside the kernel's wait when the limit is reached ends when it comes back,
    /// without reading (so a program started next, an editor, gets every key typed after this).
    @discardableResult
    func close(within limit: Duration) -> Bool {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return true }
        reader.stopping.store(true, ordering: .releasing)
        reader.stop.wake()
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !reader.hasEnded {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(min(100, seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
            _ = PosixIO.waitUntilReadable([reader.ended.readDescriptor], milliseconds: milliseconds)
        }
        thread.withLock { $0 }?.join()
        return true
    }

    /// Whether the reader thread has returned (tests).
    var readerEnded: Bool { reader.hasEnded }

    /// The terminal opened again by name: a description of its own, so that making it
    /// non-blocking does not touch stdin (which shares the shell's description).
    private static func openAgain(_ terminal: Int32) -> Int32 {
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(terminal, &name, name.count) == 0 else { return -1 }
        return open(name, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    }

    /// The reader thread's loop and what it shares with ``TerminalInput`` (a class: the thread
    /// may outlive the `TerminalInput`, and it owns the terminal's copy and the pipe's write end).
    private final class Reader: Sendable {
        let terminal: Int32
        let pipe: Int32
        let stop: WakePipe
        /// Woken when ``run()`` returns.
        let ended: WakePipe
        let stopping = Atomic<Bool>(false)
        private let finished = Atomic<Bool>(false)

        init(terminal: Int32, pipe: Int32, stop: WakePipe, ended: WakePipe) {
            self.terminal = terminal
            self.pipe = pipe
            self.stop = stop
            self.ended = ended
        }

        var hasEnded: Bool { finished.load(ordering: .acquiring) }

        func run() {
            // A write to the pipe after curses closed its end fails (EPIPE) instead of ending
            // the process.
            PosixIO.blockBrokenPipeSignal()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
            defer {
                buffer.deallocate()
                PosixIO.closeDescriptor(terminal)
                PosixIO.closeDescriptor(pipe)
                finished.store(true, ordering: .releasing)
                ended.wake()
            }
            while true {
                guard let readable = PosixIO.waitUntilReadable([terminal, stop.readDescriptor], milliseconds: -1)
                else { return }
                // Checked after every wait: a stop asked while the kernel held the `poll` wins
                // over the bytes that ended it.
                if readable[1] || stopping.load(ordering: .acquiring) { return }
                guard readable[0] else { continue }
                let count = PosixIO.readSome(terminal, into: buffer)
                if count < 0, errno == EINTR || PosixIO.wouldBlock(errno) { continue }
                // End of input (the terminal hung up) or an error: the loop learns it from
                // SIGHUP; nothing more comes from here.
                guard count > 0 else { return }
                guard forward(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) else { return }
            }
        }

        /// Writes `bytes` to the pipe as the loop takes them; false when asked to stop
        /// meanwhile or the pipe's reader is gone.
        private func forward(_ bytes: UnsafeRawBufferPointer) -> Bool {
            WakeableWrite.writeAll(bytes, to: pipe, wokenBy: [stop.readDescriptor]) == .written
        }
    }
}
