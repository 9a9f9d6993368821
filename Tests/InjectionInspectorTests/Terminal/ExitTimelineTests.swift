import Testing
@testable import InjectionInspector

/// What `DI_INSPECT_STATS` says about the way out: each step's time since the signal.
struct ExitTimelineTests {
    @Test func stepsAreTimedFromTheSignalInTheirOrder() {
        let signal: UInt64 = 5_000_000_000
        let lines = ExitTimeline.lines(signalCaught: signal, marks: [
            .appStopped: signal + 104_560_000,
            .loopLeft: signal + 250_000,
            .terminalRestored: signal + 1_900_000,
            .listenerStopped: signal + 2_049_999,
            .exiting: signal + 104_700_000,
        ])
        #expect(lines == [
            "exit_origin_monotonic_ns 5000000000",
            "exit_signal_caught_ms 0.0",
            "exit_loop_left_ms 0.2",
            "exit_terminal_restored_ms 1.9",
            "exit_listener_stopped_ms 2.0",
            "exit_app_stopped_ms 104.5",
            "exit_exiting_ms 104.7",
        ])
    }

    @Test func afterQuitTheStepsAreTimedFromLeavingTheLoop() {
        let left: UInt64 = 7_000_000
        let lines = ExitTimeline.lines(signalCaught: 0, marks: [.loopLeft: left, .terminalRestored: left + 3_000_000])
        #expect(lines == ["exit_origin_monotonic_ns 7000000", "exit_loop_left_ms 0.0", "exit_terminal_restored_ms 3.0"])
    }

    @Test func nothingIsWrittenBeforeTheLoopWasLeft() {
        #expect(ExitTimeline.lines(signalCaught: 0, marks: [.listenerStopped: 1]).isEmpty)
    }
}
