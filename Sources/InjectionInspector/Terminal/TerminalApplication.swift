/// What the UI loop drives: something that takes keys, absorbs live updates, and draws itself
/// into a ``Canvas``.
///
/// ```swift
/// @MainActor final class Counter: TerminalApplication {
///     var count = 0
///     func handle(_ key: Key) -> KeyResult { key == .character("q") ? .quit : { count += 1; return .handled }() }
///     func refresh(shouldYield: () -> Bool) -> Bool { false }
///     func tick(now: ContinuousClock.Instant, shouldYield: () -> Bool) -> Bool { false }
///     func render(rows: Int, columns: Int) -> Canvas {
///         var canvas = Canvas(rows: rows, columns: columns)
///         canvas.put("\(count)", row: 0, column: 0)
///         return canvas
///     }
/// }
/// ```
@MainActor
protocol TerminalApplication: AnyObject {
    /// Handles one key.
    func handle(_ key: Key) -> KeyResult
    /// Takes in what producers published since the last call (after a wake); returns whether
    /// the screen may have changed. Work is done in small slices, and it stops as soon as
    /// `shouldYield` says a key or a signal is waiting: the loop answers it first.
    func refresh(shouldYield: () -> Bool) -> Bool
    /// Called at least every 100 ms; returns whether the screen may have changed (fading
    /// highlights, rates). Like ``refresh(shouldYield:)``, it stops early when asked to yield.
    func tick(now: ContinuousClock.Instant, shouldYield: () -> Bool) -> Bool
    /// Draws the whole screen.
    func render(rows: Int, columns: Int) -> Canvas
    /// Called when a program asked for with ``KeyResult/runInForeground(_:)`` has ended and the
    /// screen is back.
    func foregroundProgramEnded(_ program: ForegroundProgram, outcome: ForegroundProgram.Outcome)
    /// Called before a frame is rendered once the terminal has fallen behind at least once: how
    /// many frames were skipped and when, for the header to say so.
    func terminalLagged(_ lag: TerminalLag)
}

extension TerminalApplication {
    func foregroundProgramEnded(_ program: ForegroundProgram, outcome: ForegroundProgram.Outcome) {}
    func terminalLagged(_ lag: TerminalLag) {}
}

/// What a key did to the loop.
enum KeyResult: Sendable, Hashable {
    case handled
    case ignored
    case quit
    /// Give the terminal to this program (an editor) until it exits, then take it back.
    case runInForeground(ForegroundProgram)
}
