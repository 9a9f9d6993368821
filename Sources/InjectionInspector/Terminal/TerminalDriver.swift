/// What the UI loop needs from a terminal: start, read keys, show a canvas, stop.
///
/// ``NCursesDriver`` is the real one. Everything above the driver (state, views, widgets) works
/// on ``Canvas`` values, so tests never need a terminal.
///
/// ```swift
/// let driver = NCursesDriver(noColor: false)   // colours from the terminal and NO_COLOR, at start()
/// try driver.start()
/// defer { driver.stop() }
/// driver.draw(canvas)
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
    /// Shows `canvas`; sends only what changed since the last frame.
    func draw(_ canvas: Canvas)
    /// Gives the terminal back as it was. Safe to call more than once.
    func stop()
}
