import CNCurses
import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ncurses ``TerminalDriver``: wide characters, 8 or 256 colors or attributes only, and a
/// terminal that comes back as it was on every way out.
///
/// It uses `newterm` rather than `initscr` (which calls `exit()` on an unknown TERM), a UTF-8
/// locale (falling back to `C.UTF-8`), `NCURSES_NO_UTF8_ACS=1`, `set_escdelay(25)` so Esc feels
/// immediate, and `use_default_colors` to keep the terminal's background. All curses calls
/// happen on the main actor: ncurses is not thread-safe.
///
/// Frames reach the terminal through a ``TerminalOutput`` (a pipe and a writer thread): drawing
/// never waits for the terminal, and while the terminal has not taken the last frame the next
/// is skipped (``draw(_:)`` returns ``DrawOutcome/skipped``). Resizes are taken from SIGWINCH by
/// ``WindowSizeSignal`` and given to curses between frames. Keys come the other way through a
/// ``TerminalInput`` (a reader thread and a pipe): the loop never asks the terminal itself
/// whether a key waits, which on Linux can wait for a starved kernel worker for seconds.
///
/// ```swift
/// try NCursesDriver.preflight()      // throws TerminalProblem for TERM=dumb, pipes, …
/// let driver = NCursesDriver(noColor: false)
/// try driver.start()
/// defer { driver.stop() }
/// ```
@MainActor
final class NCursesDriver: TerminalDriver {
    /// The terminal's descriptor for keys (stdin).
    let terminalInputDescriptor: Int32
    /// What the loop polls for keys: the ``TerminalInput``'s pipe while curses runs (never the
    /// terminal itself), the terminal otherwise.
    var inputDescriptor: Int32 { input?.keysDescriptor ?? terminalInputDescriptor }
    /// The terminal's descriptor for output (stdout).
    let outputDescriptor: Int32
    /// Decided at ``start()`` from the terminal, `--no-color` and `NO_COLOR`.
    private(set) var colorMode: ColorMode = .attributesOnly
    private let noColorFlag: Bool
    /// The terminal type to use instead of TERM (tests on a pseudo-terminal).
    private let terminalType: String?
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>? { cn_stdscr() }
    private var lastFrame: Canvas?
    /// Curses attributes for each role and emphasis, computed once colors are known.
    private var attributes: [[attr_t]] = []
    private var buffer: [wchar_t] = []
    /// Whether the terminal reports clicks and the wheel (set at ``start()``).
    private(set) var mouseEnabled = false
    /// Where frames go: a writer thread, so the loop never waits for the terminal.
    private var output: TerminalOutput?
    /// Where keys come from: a reader thread, so the loop never waits on the terminal's input.
    private var input: TerminalInput?
    /// The streams curses was given (copies of the descriptors), closed at ``stop()``.
    private var streams: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?
    /// SIGWINCH's action before ``start()``.
    private var previousResizeAction: sigaction?
    /// Whether the last frame had to be cut on the way out (the terminal had not taken it).
    private(set) var lastFrameCut = false
    /// Whether the terminal did not take the restoring sequences within ``restoreWait`` (it
    /// read nothing at all for that long: a stopped terminal); its modes are restored anyway.
    private(set) var restoreLost = false
    /// The terminal's modes before curses, put back at ``stop()``.
    private var shellModes: termios?

    /// - Parameters:
    ///   - noColor: The `--no-color` flag: attributes only, whatever the terminal can do.
    ///   - input: The terminal's descriptor for keys (stdin).
    ///   - output: The terminal's descriptor for the screen (stdout).
    ///   - terminalType: The terminfo entry to use instead of TERM's.
    init(noColor: Bool = false, input: Int32 = 0, output: Int32 = 1, terminalType: String? = nil) {
        self.noColorFlag = noColor
        self.terminalInputDescriptor = input
        self.outputDescriptor = output
        self.terminalType = terminalType
    }

    /// How long the way out waits for the terminal to take the last frame before it cuts it.
    static let lastFrameWait: Duration = .milliseconds(40)
    /// How long the way out waits for the terminal to take the restoring sequences.
    static let restoreWait: Duration = .milliseconds(100)
    /// How long the way out waits for the key reader to end (it ends at once unless the kernel
    /// holds it; then it ends later without reading another key).
    static let inputStopWait: Duration = .milliseconds(20)

    /// Checks, without printing anything, that stdin and stdout are terminals and that TERM can
    /// position the cursor.
    static func preflight(
        environment: [String: String] = currentEnvironment(), input: Int32 = 0, output: Int32 = 1
    ) throws(TerminalProblem) {
        guard let term = environment["TERM"], !term.isEmpty else { throw .noTerm }
        if term == "dumb" { throw .dumbTerminal(term) }
        guard isatty(input) == 1 else { throw .notATerminal("stdin") }
        guard isatty(output) == 1 else { throw .notATerminal("stdout") }
        switch cn_terminal_status(term, output) {
        case 0: return
        case 1: throw .unknownTerminal(term)
        case 2: throw .noTerminfo
        default: throw .dumbTerminal(term)
        }
    }

    /// The variables the terminal checks read (`TERM`, `NO_COLOR`), looked up one by one with
    /// `getenv`: the `environ` array is not importable on Darwin.
    nonisolated static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["TERM", "NO_COLOR"] {
            if let value = PosixIO.environment(name) { result[name] = value }
        }
        return result
    }

    var size: (rows: Int, columns: Int) {
        screen == nil ? (0, 0) : (Int(cn_lines()), Int(cn_cols()))
    }

    /// Whether the terminal has not yet taken the last frame: a new one would only queue up.
    var outputIsBehind: Bool { output?.isBehind ?? false }

    /// Readable once the terminal has taken everything written.
    var outputReadyDescriptor: Int32? { output?.readyDescriptor }

    func acknowledgeOutputReady() {
        guard let output else { return }
        var byte: UInt8 = 0
        while read(output.readyDescriptor, &byte, 1) > 0 {}
    }

    func start() throws(TerminalProblem) {
        guard screen == nil else { return }
        var environment = Self.currentEnvironment()
        if let terminalType { environment["TERM"] = terminalType }
        try Self.preflight(environment: environment, input: terminalInputDescriptor, output: outputDescriptor)
        setlocale(LC_ALL, "")
        if cn_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        setenv("NCURSES_NO_UTF8_ACS", "1", 1)
        let output = try TerminalOutput(terminal: outputDescriptor)
        let input: TerminalInput
        do {
            input = try TerminalInput(terminal: terminalInputDescriptor)
        } catch {
            close(output.cursesDescriptor)
            output.close(within: .zero)
            throw error
        }
        guard let inputStream = fdopen(input.keysDescriptor, "r") else {
            let code = errno
            input.close(within: Self.inputStopWait)
            close(input.keysDescriptor)
            close(output.cursesDescriptor)
            output.close(within: .zero)
            throw .system("fdopen", code)
        }
        guard let outputStream = fdopen(output.cursesDescriptor, "w") else {
            let code = errno
            close(output.cursesDescriptor)
            output.close(within: .zero)
            input.close(within: Self.inputStopWait)
            fclose(inputStream)
            throw .system("fdopen", code)
        }
        var modes = termios()
        shellModes = tcgetattr(outputDescriptor, &modes) == 0 ? modes : nil
        // Before curses starts: it then leaves SIGWINCH to this handler (see WindowSizeSignal).
        previousResizeAction = WindowSizeSignal.install()
        guard let screen = newterm(terminalType, outputStream, inputStream) else {
            fclose(outputStream)
            input.close(within: Self.inputStopWait)
            fclose(inputStream)
            output.close(within: .zero)
            if let previousResizeAction { WindowSizeSignal.restore(previousResizeAction) }
            previousResizeAction = nil
            throw .cursesFailed(environment["TERM"] ?? "")
        }
        self.screen = screen
        self.output = output
        self.input = input
        streams = (inputStream, outputStream)
        set_term(screen)
        resizeToTerminal()
        set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        curs_set(0)
        var colors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(cn_colors())
        }
        colorMode = ColorMode.choose(colors: colors, noColorFlag: noColorFlag, environment: environment)
        prepareAttributes()
        // Clicks and the wheel, where the terminal reports them; elsewhere mousemask enables
        // nothing and the keys work as before.
        mouseEnabled = cn_enable_mouse() != 0
        lastFrame = nil
        lastFrameCut = false
        restoreLost = false
    }

    /// Gives curses the terminal's size (asked on the terminal itself, never on the pipe);
    /// curses then returns KEY_RESIZE from the next read and redraws everything.
    private func resizeToTerminal() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(outputDescriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return }
        if rows != cn_lines() || columns != cn_cols() { resizeterm(rows, columns) }
    }

    func readKeys() -> [Key] {
        guard screen != nil else { return [] }
        if WindowSizeSignal.takePending() { resizeToTerminal() }
        var keys: [Key] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(window, &character)
            if result == CN_ERR { break }
            if result == CN_KEY_CODE_YES, Int32(bitPattern: UInt32(character)) == CN_KEY_MOUSE {
                var row: Int32 = -1
                var column: Int32 = -1
                let kind = cn_read_mouse(&row, &column)
                if let event = MouseEvent.decode(kind: kind, row: row, column: column) { keys.append(.mouse(event)) }
                continue
            }
            if let key = KeyDecoder.decode(code: UInt32(character), isFunctionKey: result == CN_KEY_CODE_YES) {
                if key == .resize { lastFrame = nil }
                keys.append(key)
            }
        }
        return keys
    }

    func draw(_ canvas: Canvas) -> DrawOutcome {
        guard screen != nil, canvas != lastFrame else { return .unchanged }
        // The terminal has not taken the last frame: this one would only wait behind it. The
        // next frame drawn is compared with the last one sent, so it carries this one's changes.
        if outputIsBehind { return .skipped }
        werase(window)
        for row in 0..<canvas.rows { drawRow(row, of: canvas) }
        wnoutrefresh(window)
        if let output { output.writeFrame { _ = doupdate() } } else { doupdate() }
        lastFrame = canvas
        return .sent
    }

    func stop() {
        guard let screen else { return }
        // First: no key is read from the terminal after this, so what is typed during the way
        // out (or before an editor starts) stays in the terminal for the shell or the editor.
        input?.close(within: Self.inputStopWait)
        if let output {
            // The last frame first (briefly, else it is cut cleanly), then the restoring through
            // the same writer, after it in order: the way out never waits on a terminal that
            // does not read for longer than these two limits.
            if !output.finishFrame(within: Self.lastFrameWait) { lastFrameCut = true }
            output.writeFrame { _ = endwin() }
            // Curses' own restoring of the modes failed on the pipe (and would wait for the
            // output to drain): the modes the terminal had before curses, at once.
            if var shellModes { tcsetattr(outputDescriptor, TCSANOW, &shellModes) }
            if !output.close(within: Self.restoreWait) { restoreLost = true }
        } else {
            endwin()
        }
        delscreen(screen)
        self.screen = nil
        input = nil
        if let streams {
            fclose(streams.output)
            fclose(streams.input)
        }
        streams = nil
        output = nil
        if let previousResizeAction { WindowSizeSignal.restore(previousResizeAction) }
        previousResizeAction = nil
        lastFrame = nil
    }

    // MARK: - Drawing

    /// Writes a row as runs of cells that share attributes.
    private func drawRow(_ row: Int, of canvas: Canvas) {
        var column = 0
        while column < canvas.columns {
            let start = column
            let attribute = attributeFor(canvas[row, column].style)
            buffer.removeAll(keepingCapacity: true)
            while column < canvas.columns {
                let cell = canvas[row, column]
                if cell.isContinuation { column += 1; continue }
                if attributeFor(cell.style) != attribute { break }
                for scalar in cell.character.unicodeScalars { buffer.append(wchar_t(bitPattern: scalar.value)) }
                column += 1
            }
            guard !buffer.isEmpty else { continue }
            cn_wattrset(window, attribute)
            buffer.withUnsafeBufferPointer { text in
                _ = mvwaddnwstr(window, Int32(row), Int32(start), text.baseAddress, Int32(text.count))
            }
        }
        cn_wattrset(window, CN_A_NORMAL)
    }

    private func attributeFor(_ style: Style) -> attr_t {
        attributes[Int(style.role.rawValue)][Int(style.emphasis.rawValue & 0x0F)]
    }

    /// Sets up one color pair per role and precomputes the attributes of every role × emphasis.
    private func prepareAttributes() {
        attributes = Role.allCases.map { role in
            let look = Palette.look(for: role, mode: colorMode)
            var pair: attr_t = 0
            if colorMode != .attributesOnly, look.foreground != -1 || look.background != -1 {
                let number = Int16(role.rawValue) + 1
                init_pair(number, look.foreground, look.background)
                pair = cn_color_pair(Int32(number))
            }
            return (0..<16).map { bits in
                let emphasis = look.emphasis.union(Emphasis(rawValue: UInt8(bits)))
                var value = pair
                if emphasis.contains(.bold) { value |= CN_A_BOLD }
                if emphasis.contains(.reverse) { value |= CN_A_REVERSE }
                if emphasis.contains(.underline) { value |= CN_A_UNDERLINE }
                if emphasis.contains(.dim) { value |= CN_A_DIM }
                return value
            }
        }
    }
}
