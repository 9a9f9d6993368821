/// What the UI loop needs from a terminal: start, read keys, show a canvas, stop.
///
/// ``NCursesDriver`` is the real one. Everything above the driver (state, views, widgets) works
/// on ``Canvas`` values, so tests never need a terminal.
///
/// ```swift
/// let driver = NCursesDriver(noColor: false)   // colours from the terminal and NO_COLOR, at start()
/// try driver.start()
/// defer { driver.stop() }
/// if !driver.outputIsBehind { _ = driver.draw(canvas) }
/// ```
@MainActor
protocol TerminalDriver: AnyObject {
    /// The file descriptor to `poll()` for key presses.
    var inputDescriptor: Int32 { get }
    /// The current size in cells.
    var size: (rows: Int, columns: Int) { get }
    /// Takes over the terminal (alternate screen, no echo, keypad).
    func start() throws(TerminalProblem)
    /// Every key already waiting, without blocking.
    func readKeys() -> [Key]
    /// Shows `canvas`; sends only what changed since the last frame sent. Never waits for the
    /// terminal: when it has not taken the last frame yet, this one is skipped.
    func draw(_ canvas: Canvas) -> DrawOutcome
    /// Whether the terminal has not yet taken the last frame (a new frame would be skipped).
    var outputIsBehind: Bool { get }
    /// A descriptor that becomes readable when the terminal has taken everything sent, if the
    /// driver has one: the loop polls it to send the frame it skipped at once.
    var outputReadyDescriptor: Int32? { get }
    /// Empties ``outputReadyDescriptor`` after it was readable.
    func acknowledgeOutputReady()
    /// Gives the terminal back as it was. Safe to call more than once.
    func stop()
}

/// What ``TerminalDriver/draw(_:)`` did with a frame.
enum DrawOutcome: Sendable, Hashable {
    /// Handed to the terminal.
    case sent
    /// The same as the last frame sent: nothing to send.
    case unchanged
    /// Not sent: the terminal has not taken the last frame yet.
    case skipped
}
