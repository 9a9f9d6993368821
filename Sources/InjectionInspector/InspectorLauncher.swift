import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an ``Inspector`` in the terminal and turns every way out into an exit status.
///
/// When the terminal cannot host the inspector (`TERM=dumb`, an unknown TERM, stdin or stdout
/// not a terminal) it prints why and what to run instead to standard error, without a single
/// escape sequence, and returns 2.
///
/// ```swift
/// let status = InspectorLauncher.run(noColor: false) { feed in
///     Inspector(model: model, feed: feed)
/// }
/// exit(status)
/// ```
@MainActor
public enum InspectorLauncher {
    /// Whether this terminal can host the inspector (a tty, a usable TERM, a big enough
    /// screen); ``run(noColor:memoryBudget:start:leaving:ending:)`` says why not.
    public static var terminalCanShowInspector: Bool { (try? NCursesDriver.preflight()) != nil }

    /// - Parameters:
    ///   - noColor: The `--no-color` flag.
    ///   - memoryBudget: What the inspector may use (`--memory-budget`): the feed's queue is
    ///     sized from it (``Inspector/init(model:feed:exportDirectory:memoryBudget:sourceRoot:)``
    ///     takes the same figure).
    ///   - start: Called once the terminal checks passed, with the feed producers should use;
    ///     returns the inspector to run.
    ///   - leaving: Called first thing on the way out of the screen, before the terminal is
    ///     restored: where a launched app is asked to end, so its grace period runs while the
    ///     terminal and the listener are put away.
    ///   - ending: Called once the terminal is restored, before `run` returns: where the
    ///     producers are stopped (a listener, a launched app), so that `DI_INSPECT_STATS` can
    ///     say how long each step of the way out took.
    /// - Returns: 0 after `q`, 128 + signal after SIGINT/SIGTERM/SIGHUP, 2 when the terminal
    ///   cannot host the inspector, 1 after an error (printed).
    public static func run(noColor: Bool, memoryBudget: Int = Inspector.defaultMemoryBudget,
                           start: (LiveFeed) throws -> Inspector, leaving: () -> Void = {},
                           ending: () -> Void = {}) -> Int32 {
        do {
            try NCursesDriver.preflight()
        } catch {
            PosixIO.printError(error.description)
            return TerminalProblem.exitCode
        }
        FreedMemory.configure()
        // Every way out stops the producers once (`start` may have started some before it threw).
        var producersStopped = false
        func stopProducers() {
            guard !producersStopped else { return }
            producersStopped = true
            ending()
        }
        do {
            let wake = try WakePipe()
            let feed = LiveFeed(wake: wake, intake: LiveIntake(memoryBudget: memoryBudget))
            let inspector = try start(feed)
            let driver = NCursesDriver(noColor: noColor)
            let session = TerminalSession(driver: driver, wake: wake)
            let end = try session.run(inspector, leaving: leaving)
            stopProducers()
            writeStatistics(session.statistics, driver: driver, inspector: inspector)
            // The process ends right after this: freeing the sessions' histories object by
            // object (hundreds of MB after a long flood) would only delay the exit the user
            // asked for, so they are kept until the process is gone.
            endedInspectors.append(inspector)
            return end.exitCode
        } catch let problem as TerminalProblem {
            stopProducers()
            PosixIO.printError(problem.description)
            return TerminalProblem.exitCode
        } catch {
            stopProducers()
            PosixIO.printError("di-inspect: \(error)")
            return 1
        }
    }


    /// Inspectors whose session ended, kept so that their memory goes with the process rather
    /// than being freed piecemeal on the way out.
    private static var endedInspectors: [Inspector] = []

    /// `DI_INSPECT_STATS=PATH` (for `Scripts/bench-live-soak.sh`): what the loop and the feed
    /// measured, written to PATH when the inspector ends, one `name value` per line.
    static let statisticsVariable = "DI_INSPECT_STATS"

    private static func writeStatistics(_ loop: TerminalSession.Statistics, driver: NCursesDriver, inspector: Inspector) {
        guard let path = getenv(statisticsVariable).map({ String(cString: $0) }), !path.isEmpty else { return }
        func milliseconds(_ duration: Duration) -> Int {
            let (seconds, attoseconds) = duration.components
            return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
        }
        var lines = [
            "frames \(loop.frames)", "longest_frame_gap_ms \(milliseconds(loop.longestFrameGap))",
            "keys \(loop.keys)", "longest_key_latency_ms \(milliseconds(loop.longestKeyLatency))",
            "frames_skipped \(loop.framesSkipped)",
            "longest_terminal_behind_ms \(milliseconds(loop.longestTerminalBehind))",
            "last_frame_cut \(driver.lastFrameCut ? 1 : 0)", "terminal_restore_lost \(driver.restoreLost ? 1 : 0)",
        ]
        lines += loop.longestStep.map { "longest_\($0.key)_ms \(milliseconds($0.value))" }.sorted()
        lines += inspector.statistics.map { "\($0.key) \($0.value)" }.sorted()
        ExitTimeline.mark(.exiting)
        lines += ExitTimeline.lines()
        guard let file = fopen(path, "w") else { return }
        defer { fclose(file) }
        fputs(lines.joined(separator: "\n") + "\n", file)
    }
}
