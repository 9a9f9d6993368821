import Injection
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When each step of the way out happened, on the monotonic clock: the signal caught (stored by
/// the handler itself), the UI loop left, the terminal restored, the listener stopped, the
/// launched app ended, the process about to exit. `DI_INSPECT_STATS` gets each step's time since
/// the first (`exit_<step>_ms`), so a slow exit says where its time went; the time from the last
/// step to the process being gone is the process's own teardown, measured from outside.
///
/// ```swift
/// ExitTimeline.mark(.listenerStopped)
/// ExitTimeline.lines()   // ["exit_loop_left_ms 0.4", "exit_terminal_restored_ms 1.9", …]
/// ```
package enum ExitTimeline {
    /// A step of the way out, in the order they happen.
    package enum Step: String, CaseIterable, Sendable {
        /// The UI loop saw the signal or the quit key.
        case loopLeft = "loop_left"
        /// curses gave the terminal back.
        case terminalRestored = "terminal_restored"
        /// The listener's thread was joined.
        case listenerStopped = "listener_stopped"
        /// The launched app ended (or was left running with `--keep-app`) and its watcher joined.
        case appStopped = "app_stopped"
        /// Everything is done: the figures are written and the process exits.
        case exiting
    }

    /// Records that `step` happened now (the first time only).
    package static func mark(_ step: Step) {
        let now = PosixIO.monotonicNanoseconds()
        marks.withLock { marks in
            if marks[step] == nil { marks[step] = now }
        }
    }

    /// Touches the handler's atomic so that its lazy initialisation never runs inside the
    /// signal handler (called when the trap is installed).
    static func prepareForSignals() {
        _ = signalCaught.load(ordering: .relaxed)
    }

    /// Records that a signal was caught: called from the signal handler, so it only reads the
    /// clock (`clock_gettime` is async-signal-safe) and stores into a lock-free atomic.
    static func markSignalCaught() {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        let now = UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
        _ = signalCaught.compareExchange(expected: 0, desired: now, ordering: .relaxed)
    }

    /// `exit_signal_caught_ms 0` (when a signal ended the inspector) and each step marked so far,
    /// in milliseconds since the signal, or since the loop was left after `q`.
    package static func lines() -> [String] {
        lines(signalCaught: signalCaught.load(ordering: .relaxed), marks: marks.withLock { $0 })
    }

    /// The lines for a signal caught at `signalCaught` (0: none) and steps marked at `marks`
    /// (monotonic nanoseconds): the origin first, then each step's milliseconds since it, in
    /// the steps' order, to a tenth of a millisecond.
    static func lines(signalCaught signal: UInt64, marks recorded: [Step: UInt64]) -> [String] {
        guard let origin = signal != 0 ? signal : recorded[.loopLeft] else { return [] }
        // The origin on the monotonic clock: a script that timed the exit from outside (SIGTERM
        // sent, process gone) places the steps on its own timeline with it.
        var lines = ["exit_origin_monotonic_ns \(origin)"] + (signal != 0 ? ["exit_signal_caught_ms 0.0"] : [])
        for step in Step.allCases {
            guard let time = recorded[step] else { continue }
            let tenths = Int64(bitPattern: time &- origin) / 100_000
            lines.append("exit_\(step.rawValue)_ms \(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)")
        }
        return lines
    }

    private static let marks = Mutex<[Step: UInt64]>([:])
    private static let signalCaught = Atomic<UInt64>(0)
}
