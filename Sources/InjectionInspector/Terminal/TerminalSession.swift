import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The UI loop: owns the terminal for as long as it runs and gives it back on every way out.
///
/// It `poll()`s stdin and the ``WakePipe`` with a 100 ms timeout (so the screen refreshes at
/// 10 Hz or more), drains keys, and redraws when something changed. It never waits for the
/// terminal: while the terminal has not taken the last frame (``TerminalDriver/outputIsBehind``)
/// frames are skipped, not rendered, and counted; the loop goes on reading keys and records, and
/// sends the latest frame as soon as the terminal has caught up. `q` (through the app),
/// SIGINT, SIGTERM, SIGHUP and an error thrown by the app all leave through the same
/// ``TerminalDriver/stop()``.
///
/// ```swift
/// let wake = try WakePipe()
/// let session = TerminalSession(driver: NCursesDriver(), wake: wake)
/// let end = try session.run(app)
/// exit(end.exitCode)
/// ```
@MainActor
final class TerminalSession {
    /// How a session ended.
    enum End: Sendable, Hashable {
        /// The app asked to quit.
        case quit
        /// A signal arrived (SIGINT, SIGTERM, SIGHUP).
        case signal(Int32)

        /// 0 for quit, 128 + the signal's number otherwise (130 for Ctrl-C), as shells do.
        var exitCode: Int32 {
            switch self {
            case .quit: 0
            case .signal(let number): 128 + number
            }
        }
    }

    /// The longest the loop sleeps between frames.
    static let tick: Duration = .milliseconds(100)
    /// A frame is drawn at least this often, changed or not: a frozen screen is measurable.
    /// The work of a tick (≤ 40 ms of records, ≤ 15 ms of compaction) also stops when this
    /// frame is due, so on a loaded machine frames stay within 250 ms of each other.
    static let longestFrameInterval: Duration = .milliseconds(150)

    /// Whether the frame that must be drawn every ``longestFrameInterval`` is due: it goes
    /// before any more work.
    private func frameIsDue(after lastFrame: ContinuousClock.Instant?) -> Bool {
        lastFrame.map { clock.now - $0 >= Self.longestFrameInterval } ?? false
    }

    /// What the loop measured: frames drawn, the longest time between two, and the longest time
    /// from reading a key to the frame that showed it (for `make bench`).
    struct Statistics: Sendable, Hashable {
        var frames = 0
        var longestFrameGap: Duration = .zero
        var longestKeyLatency: Duration = .zero
        var keys = 0
        /// The longest each step of the loop took once (`render`, `draw`, `refresh`, `keys`,
        /// `tick`): which one a long frame gap came from.
        var longestStep: [String: Duration] = [:]
        /// Frames not sent because the terminal had not taken the one before. A skipped frame
        /// counts as a frame for ``longestFrameGap`` (the loop was there on time); the terminal's
        /// own delay is ``longestTerminalBehind``.
        var framesSkipped = 0
        /// The longest time from the first frame skipped to the next frame sent.
        var longestTerminalBehind: Duration = .zero

        mutating func note(_ step: String, since start: ContinuousClock.Instant, now: ContinuousClock.Instant) {
            longestStep[step] = max(longestStep[step] ?? .zero, now - start)
        }
    }

    private(set) var statistics = Statistics()

    private let driver: any TerminalDriver
    private let wake: WakePipe
    private let clock = ContinuousClock()

    /// Whether a key or a signal is waiting: the app checks it between slices of its work, so
    /// a flood of records never stands between the user and the screen (a zero-timeout `poll`
    /// of stdin: a few microseconds).
    private func shouldYield() -> Bool {
        if SignalTrap.caught != nil { return true }
        var input = pollfd(fd: driver.inputDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0
    }

    init(driver: any TerminalDriver, wake: WakePipe) {
        self.driver = driver
        self.wake = wake
    }

    /// Runs `app` until it quits or a signal arrives; the terminal is restored before this
    /// returns or throws. `leaving` is called first thing on the way out, before the terminal is
    /// restored: what should start ending at once (a launched app's SIGTERM) starts there.
    func run(_ app: some TerminalApplication, leaving: () -> Void = {}) throws -> End {
        let trap = SignalTrap(wake: wake)
        trap.install()
        defer {
            ExitTimeline.mark(.loopLeft)
            leaving()
            driver.stop()
            ExitTimeline.mark(.terminalRestored)
            trap.uninstall()
        }
        try driver.start()
        var dirty = true
        var nextTick = clock.now.advanced(by: Self.tick)
        var lastFrame: ContinuousClock.Instant?
        var firstUnshownKey: ContinuousClock.Instant?
        // Since when the terminal has been behind (frames skipped), until a frame is sent.
        var behindSince: ContinuousClock.Instant?
        var lag = TerminalLag()
        while true {
            if let number = SignalTrap.caught { return .signal(number) }
            if let lastFrame, clock.now - lastFrame >= Self.longestFrameInterval { dirty = true }
            if dirty, driver.outputIsBehind {
                // Not rendered: the terminal has not taken the last frame. One skipped frame per
                // frame interval is counted; the frame is sent when the terminal is ready.
                if behindSince == nil || frameIsDue(after: lastFrame) {
                    let now = clock.now
                    if let lastFrame { statistics.longestFrameGap = max(statistics.longestFrameGap, now - lastFrame) }
                    behindSince = behindSince ?? now
                    if let behindSince {
                        statistics.longestTerminalBehind = max(statistics.longestTerminalBehind, now - behindSince)
                    }
                    lastFrame = now
                    statistics.framesSkipped += 1
                    lag.skippedFrames += 1
                    lag.lastSkipped = now
                }
            } else if dirty {
                let size = driver.size
                let started = clock.now
                if lag.skippedFrames > 0 { app.terminalLagged(lag) }
                let canvas = app.render(rows: size.rows, columns: size.columns)
                let rendered = clock.now
                let outcome = driver.draw(canvas)
                dirty = outcome == .skipped
                let drawn = clock.now
                statistics.note("render", since: started, now: rendered)
                statistics.note("draw", since: rendered, now: drawn)
                if let lastFrame { statistics.longestFrameGap = max(statistics.longestFrameGap, drawn - lastFrame) }
                if outcome == .skipped {
                    statistics.framesSkipped += 1
                    lag.skippedFrames += 1
                    lag.lastSkipped = drawn
                    behindSince = behindSince ?? drawn
                } else {
                    if let key = firstUnshownKey { statistics.longestKeyLatency = max(statistics.longestKeyLatency, drawn - key) }
                    firstUnshownKey = nil
                    if let behindSince {
                        statistics.longestTerminalBehind = max(statistics.longestTerminalBehind, drawn - behindSince)
                    }
                    behindSince = nil
                    statistics.frames += 1
                }
                lastFrame = drawn
            }
            // The poll wakes for the next tick or the next frame that must be drawn, whichever
            // comes first: a frame is never later than ``longestFrameInterval`` plus one step.
            let wakeAt = lastFrame.map { min(nextTick, $0.advanced(by: Self.longestFrameInterval)) } ?? nextTick
            let remaining = (wakeAt - clock.now).components
            let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000
            let timeout = Int32(max(0, min(100, milliseconds)))
            var fds = [
                pollfd(fd: driver.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // While a frame waits for the terminal, the loop also wakes when the terminal has
            // taken the last one.
            if dirty, behindSince != nil, let ready = driver.outputReadyDescriptor {
                fds.append(pollfd(fd: ready, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0, errno != EINTR { throw TerminalProblem.system("poll", errno) }
            if let number = SignalTrap.caught { return .signal(number) }
            if ready > 0, fds.count > 2, fds[2].revents != 0 {
                driver.acknowledgeOutputReady()
                if !driver.outputIsBehind { continue }
            }
            if frameIsDue(after: lastFrame) { continue }
            if ready > 0, fds[1].revents != 0 {
                wake.drain()
                let started = clock.now
                if app.refresh(shouldYield: { shouldYield() || frameIsDue(after: lastFrame) }) { dirty = true }
                statistics.note("refresh", since: started, now: clock.now)
            }
            if let number = SignalTrap.caught { return .signal(number) }
            // Keys are drained every turn: a resize arrives as a key after EINTR.
            let keysStarted = clock.now
            let keys = driver.readKeys()
            if !keys.isEmpty, firstUnshownKey == nil { firstUnshownKey = clock.now }
            statistics.keys += keys.count
            for key in keys {
                switch app.handle(key) {
                case .quit: return .quit
                case .handled: dirty = true
                case .ignored: if key == .resize { dirty = true }
                case .runInForeground(let program):
                    // The terminal as it was before curses, for the editor; then curses again.
                    driver.stop()
                    let outcome = program.run()
                    try driver.start()
                    app.foregroundProgramEnded(program, outcome: outcome)
                    dirty = true
                }
            }
            if !keys.isEmpty { statistics.note("keys", since: keysStarted, now: clock.now) }
            // A key's frame is drawn before the tick takes in more records.
            if !keys.isEmpty { continue }
            if frameIsDue(after: lastFrame) { continue }
            let now = clock.now
            if now >= nextTick {
                // The work stops for a key, a signal, or the frame that is due: a tick never
                // stands between two frames for more than one of its slices.
                if app.tick(now: now, shouldYield: { shouldYield() || frameIsDue(after: lastFrame) }) { dirty = true }
                statistics.note("tick", since: now, now: clock.now)
                nextTick = now.advanced(by: Self.tick)
            }
        }
    }
}
