import CNCurses
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notes SIGWINCH (the terminal was resized) for the driver, in place of curses' own handler.
///
/// Curses looks at its own flag inside `doupdate` and then asks the terminal for its size on
/// its output descriptor — which, while a frame is written, is the ``TerminalOutput`` pipe, not
/// the terminal: the size would come out as terminfo's default. With this handler installed
/// first, curses installs none (it only replaces the default action), and the driver resizes
/// curses itself between frames, asking the terminal.
///
/// ```swift
/// let previous = WindowSizeSignal.install()
/// if WindowSizeSignal.takePending() { /* ask the terminal its size, resizeterm */ }
/// WindowSizeSignal.restore(previous)
/// ```
enum WindowSizeSignal {
    /// Installs the handler; returns the action it replaced.
    static func install() -> sigaction {
        var action = sigaction(calling: noteResize, flags: SA_RESTART)
        var previous = sigaction()
        sigaction(SIGWINCH, &action, &previous)
        return previous
    }

    /// Puts back the action ``install()`` replaced.
    static func restore(_ previous: sigaction) {
        var previous = previous
        sigaction(SIGWINCH, &previous, nil)
    }

    /// Whether a resize arrived since the last call.
    static func takePending() -> Bool {
        resizePending.exchange(false, ordering: .acquiringAndReleasing)
    }
}

/// Set by the handler; lock-free, so async-signal-safe.
private let resizePending = Atomic<Bool>(false)

private func noteResize(_ number: Int32) {
    resizePending.store(true, ordering: .releasing)
}
