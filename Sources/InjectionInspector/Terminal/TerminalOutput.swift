import CNCurses
import Injection
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's output, kept off the UI thread: curses writes each frame into a pipe, and a
/// writer thread of its own copies the pipe to the terminal as fast as the terminal takes it.
///
/// A terminal that does not read (a starved tmux, a stopped terminal emulator, a slow ssh
/// link) then stalls the writer, never the screen's loop: while the last frame is still on its
/// way (``isBehind``), the loop draws no new one, keeps reading keys and records, and sends the
/// latest frame as soon as the terminal has taken the last (``readyDescriptor`` becomes
/// readable), so frames in between are skipped rather than queued. Every byte curses wrote
/// reaches the terminal in order, so curses' idea of the screen stays true and the next frame
/// sends only what changed.
///
/// Curses keeps one descriptor (``cursesDescriptor``) for both its output and the terminal's
/// modes and size: it is the terminal itself, except while a frame is written
/// (``writeFrame(_:)`` points it at the pipe for that time).
///
/// ```swift
/// let output = try TerminalOutput(terminal: 1)
/// output.writeFrame { doupdate() }            // never waits for the terminal
/// if output.isBehind { /* skip the next frame */ }
/// output.finishFrame(within: .milliseconds(40))   // delivered, or cut cleanly
/// output.writeFrame { endwin() }                 // the restoring, after it, in order
/// output.close(within: .milliseconds(100))
/// ```
final class TerminalOutput: Sendable {
    /// What curses writes to and sets the terminal's modes on (a copy of the terminal).
    let cursesDescriptor: Int32
    /// Readable when the writer has sent everything it was given: the loop polls it to draw the
    /// frame it skipped as soon as the terminal caught up.
    var readyDescriptor: Int32 { ready.readDescriptor }

    /// Another copy of the terminal, put back in ``cursesDescriptor`` after each frame.
    private let terminalCopy: Int32
    /// The writer's own, non-blocking opening of the terminal: a stalled terminal leaves the
    /// writer waiting in `poll`, where it can be told to stop.
    private let writerTerminal: Int32
    private let pipeRead: Int32
    private let pipeWrite: Int32
    private let stopRequest: WakePipe
    private let cutRequest: WakePipe
    private let ready: WakePipe
    /// What the writer thread shares with the loop.
    private let state = WriterState()
    private let writer: Mutex<BackgroundThread?>
    /// Whether ``close(within:)`` has run.
    private let finished = Atomic<Bool>(false)

    /// The pipe's capacity where the system lets it be set: several full 300-column screens, so
    /// that writing one frame into it never waits.
    static let pipeCapacity = 1 << 20
    /// Sent when a frame had to be cut on the way out: CAN ends any escape or UTF-8 sequence the
    /// terminal was in the middle of, so what follows (the terminal's restoring) is read as it is.
    static let cancelSequence: UInt8 = 0x18

    /// - Parameter terminal: The terminal's descriptor (stdout); it is copied, not taken.
    init(terminal: Int32) throws(TerminalProblem) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .system("pipe", errno) }
        pipeRead = ends[0]
        pipeWrite = ends[1]
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The read end never blocks the writer; the write end blocks (curses retries a write
        // that would block in a busy loop), which it never needs to: see `pipeCapacity`.
        _ = fcntl(pipeRead, F_SETFL, fcntl(pipeRead, F_GETFL) | O_NONBLOCK)
        _ = cn_set_pipe_capacity(pipeWrite, Int32(Self.pipeCapacity))
        cursesDescriptor = fcntl(terminal, F_DUPFD_CLOEXEC, 3)
        terminalCopy = fcntl(terminal, F_DUPFD_CLOEXEC, 3)
        writerTerminal = Self.openAgain(terminal)
        do {
            stopRequest = try WakePipe()
            cutRequest = try WakePipe()
            ready = try WakePipe()
        } catch {
            throw .system("pipe", error.code)
        }
        guard cursesDescriptor >= 0, terminalCopy >= 0, writerTerminal >= 0 else {
            let code = errno
            for descriptor in [pipeRead, pipeWrite, cursesDescriptor, terminalCopy, writerTerminal] where descriptor >= 0 {
                PosixIO.closeDescriptor(descriptor)
            }
            throw .system("open the terminal for writing", code)
        }
        let copier = Copier(
            source: pipeRead, terminal: writerTerminal, stop: stopRequest, cut: cutRequest, ready: ready, state: state)
        do {
            writer = Mutex(try BackgroundThread { copier.run() })
        } catch {
            throw .system("pthread_create", error.status)
        }
    }

    deinit {
        close(within: .zero)
        for descriptor in [pipeRead, pipeWrite, terminalCopy, writerTerminal] { PosixIO.closeDescriptor(descriptor) }
    }

    /// Whether the terminal has not yet taken all that was written: the next frame should wait.
    ///
    /// The pipe is asked first, then the writer: the writer sets `busy` before it takes bytes out
    /// of the pipe, so bytes that left the pipe after the first question are seen by the second.
    /// Asked the other way round, a writer that took the frame between the two questions was
    /// missed (`busy` read while it was still false, the pipe then empty): a full frame in flight
    /// read as delivered (CI, once, under load).
    var isBehind: Bool {
        cn_unread_bytes(pipeRead) > 0 || state.busy.load(ordering: .acquiring)
    }

    /// Bytes written to the terminal so far.
    var bytesWritten: Int { state.written.load(ordering: .relaxed) }

    /// Runs `body` (curses' `doupdate`, or its `endwin`) with ``cursesDescriptor`` pointing at
    /// the pipe, so its writes return at once whatever the terminal does; then points it back at
    /// the terminal. (Curses' own changes to the terminal's modes inside `body` fail on the pipe:
    /// the way out restores the modes itself.)
    @MainActor
    func writeFrame(_ body: () -> Void) {
        guard !finished.load(ordering: .relaxed) else { return body() }
        Self.point(cursesDescriptor, at: pipeWrite)
        body()
        Self.point(cursesDescriptor, at: terminalCopy)
    }

    /// Waits until the terminal has taken all that was written, at most `limit`; if it has not
    /// by then, the rest is dropped and ``cancelSequence`` is sent in its place, so what is
    /// written next (the restoring) is not read inside a half-written sequence. Returns whether
    /// everything was delivered.
    @discardableResult
    func finishFrame(within limit: Duration) -> Bool {
        guard !finished.load(ordering: .relaxed) else { return true }
        if waitUntilDelivered(within: limit) { return true }
        let cuts = state.cuts.load(ordering: .acquiring)
        cutRequest.wake()
        // The writer answers from its `poll` at once; the bound only guards against a writer
        // that is gone (then nothing more reaches the terminal anyway).
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(50))
        while state.cuts.load(ordering: .acquiring) == cuts, ContinuousClock.now < deadline {
            _ = PosixIO.waitUntilReadable([ready.readDescriptor], milliseconds: 5)
            ready.drain()
        }
        return false
    }

    /// Waits at most `limit` for the terminal to take what is left (the restoring), then stops
    /// the writer; later writes go straight to the terminal. Returns whether everything was
    /// delivered (not, when the terminal read nothing for all that time: a stopped terminal).
    @discardableResult
    func close(within limit: Duration) -> Bool {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return true }
        let delivered = waitUntilDelivered(within: limit)
        stopRequest.wake()
        writer.withLock { $0 }?.join()
        return delivered
    }

    private func waitUntilDelivered(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while isBehind {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(min(100, seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
            _ = PosixIO.waitUntilReadable([ready.readDescriptor], milliseconds: milliseconds)
            ready.drain()
        }
        return true
    }

    /// `dup2(source, target)`, retried while interrupted.
    private static func point(_ target: Int32, at source: Int32) {
        while dup2(source, target) < 0, errno == EINTR || errno == EBUSY {}
    }

    /// The terminal opened again by name: a description of its own, so that making it
    /// non-blocking does not touch stdin and stdout (which share the shell's description).
    private static func openAgain(_ terminal: Int32) -> Int32 {
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(terminal, &name, name.count) == 0 else { return -1 }
        return open(name, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    }

    /// The writer's figures, read by the loop (a class: atomics cannot be copied into the
    /// thread's closure).
    private final class WriterState: Sendable {
        /// Set while the writer holds bytes it took from the pipe but has not written yet.
        let busy = Atomic<Bool>(false)
        /// Bytes written to the terminal.
        let written = Atomic<Int>(0)
        /// Cuts done (``finishFrame(within:)`` waits for the count to move).
        let cuts = Atomic<Int>(0)
    }

    /// The writer thread's loop: pipe → terminal, waiting in `poll` (never in `write`) so a cut
    /// or a stop request is seen at once.
    private struct Copier: Sendable {
        let source: Int32
        let terminal: Int32
        let stop: WakePipe
        let cut: WakePipe
        let ready: WakePipe
        let state: WriterState

        /// What ended a `send`.
        private enum Sent { case all, cut, stop }

        func run() {
            let capacity = 64 << 10
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
            defer { buffer.deallocate() }
            while true {
                // Idle: wait for bytes, a cut or the stop request.
                guard let readable = PosixIO.waitUntilReadable(
                    [source, stop.readDescriptor, cut.readDescriptor], milliseconds: -1) else { return }
                if readable[1] { return }
                if readable[2] {
                    guard cutHere(buffer) else { return }
                    continue
                }
                guard readable[0] else { continue }
                state.busy.store(true, ordering: .releasing)
                let count = PosixIO.readSome(source, into: buffer)
                if count <= 0 {
                    state.busy.store(false, ordering: .releasing)
                    if count == 0 || !PosixIO.wouldBlock(errno) { return }
                    continue
                }
                switch send(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                case .stop: return
                case .cut: guard cutHere(buffer) else { return }
                case .all: break
                }
                state.busy.store(false, ordering: .releasing)
                if cn_unread_bytes(source) == 0 { ready.wake() }
            }
        }

        /// Drops what is left in the pipe, says the cut is done, then sends the cancel sequence
        /// (before anything written after the cut). False when asked to stop meanwhile.
        private func cutHere(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
            cut.drain()
            state.busy.store(true, ordering: .releasing)
            while PosixIO.readSome(source, into: buffer) > 0 {}
            state.cuts.add(1, ordering: .releasing)
            ready.wake()
            var cancel = TerminalOutput.cancelSequence
            let sent = withUnsafeBytes(of: &cancel) { send($0) }
            state.busy.store(false, ordering: .releasing)
            if cn_unread_bytes(source) == 0 { ready.wake() }
            return sent != .stop
        }

        /// Writes `bytes` as the terminal takes them, until done or asked to cut or stop. A
        /// terminal that is gone (EIO after a hang-up) drops them: the pipe keeps being emptied,
        /// so curses never waits on it.
        private func send(_ bytes: UnsafeRawBufferPointer) -> Sent {
            let end = WakeableWrite.writeAll(bytes, to: terminal, wokenBy: [stop.readDescriptor, cut.readDescriptor]) {
                state.written.add($0, ordering: .relaxed)
            }
            switch end {
            case .written, .failed: return .all
            case .woken(0): return .stop
            case .woken: return .cut
            }
        }
    }
}
