import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The UI loop: owns the terminal for as long as it runs and gives it back on every way out.
///
/// It `poll()`s stdin and the ``WakePipe`` with a 100 ms timeout (so the screen refreshes at
/// 10 Hz or more), drains keys, and redraws when something changed. `q` (through the app),
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
    static let longestFrameInterval: Duration = .milliseconds(200)

    /// What the loop measured: frames drawn, the longest time between two, and the longest time
    /// from reading a key to the frame that showed it (for `make bench`).
    struct Statistics: Sendable, Hashable {
        var frames = 0
        var longestFrameGap: Duration = .zero
        var longestKeyLatency: Duration = .zero
        var keys = 0
    }

    private(set) var statistics = Statistics()

    private let driver: any TerminalDriver
    private let wake: WakePipe
    private let clock = ContinuousClock()

    init(driver: any TerminalDriver, wake: WakePipe) {
        self.driver = driver
        self.wake = wake
    }

    /// Runs `app` until it quits or a signal arrives; the terminal is restored before this
    /// returns or throws.
    func run(_ app: some TerminalApplication) throws -> End {
        let trap = SignalTrap(wake: wake)
        trap.install()
        defer {
            driver.stop()
            trap.uninstall()
        }
        try driver.start()
        var dirty = true
        var nextTick = clock.now.advanced(by: Self.tick)
        var lastFrame: ContinuousClock.Instant?
        var firstUnshownKey: ContinuousClock.Instant?
        while true {
            if let number = SignalTrap.caught { return .signal(number) }
            if let lastFrame, clock.now - lastFrame >= Self.longestFrameInterval { dirty = true }
            if dirty {
                let size = driver.size
                driver.draw(app.render(rows: size.rows, columns: size.columns))
                dirty = false
                let drawn = clock.now
                if let lastFrame { statistics.longestFrameGap = max(statistics.longestFrameGap, drawn - lastFrame) }
                if let key = firstUnshownKey { statistics.longestKeyLatency = max(statistics.longestKeyLatency, drawn - key) }
                firstUnshownKey = nil
                lastFrame = drawn
                statistics.frames += 1
            }
            let remaining = (nextTick - clock.now).components
            let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000
            let timeout = Int32(max(0, min(100, milliseconds)))
            var fds = [
                pollfd(fd: driver.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0, errno != EINTR { throw TerminalProblem.system("poll", errno) }
            if let number = SignalTrap.caught { return .signal(number) }
            if ready > 0, fds[1].revents != 0 {
                wake.drain()
                if app.refresh() { dirty = true }
            }
            // Keys are drained every turn: a resize arrives as a key after EINTR.
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
            let now = clock.now
            if now >= nextTick {
                if app.tick(now: now) { dirty = true }
                nextTick = now.advanced(by: Self.tick)
            }
        }
    }
}
