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
/// ```swift
/// try NCursesDriver.preflight()      // throws TerminalProblem for TERM=dumb, pipes, …
/// let driver = NCursesDriver(noColor: false)
/// try driver.start()
/// defer { driver.stop() }
/// ```
@MainActor
final class NCursesDriver: TerminalDriver {
    let inputDescriptor: Int32 = 0
    /// Decided at ``start()`` from the terminal, `--no-color` and `NO_COLOR`.
    private(set) var colorMode: ColorMode = .attributesOnly
    private let noColorFlag: Bool
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>? { cn_stdscr() }
    private var lastFrame: Canvas?
    /// Curses attributes for each role and emphasis, computed once colors are known.
    private var attributes: [[attr_t]] = []
    private var buffer: [wchar_t] = []
    /// Whether the terminal reports clicks and the wheel (set at ``start()``).
    private(set) var mouseEnabled = false

    /// - Parameter noColor: The `--no-color` flag: attributes only, whatever the terminal can do.
    init(noColor: Bool = false) {
        self.noColorFlag = noColor
    }

    /// Checks, without printing anything, that stdin and stdout are terminals and that TERM can
    /// position the cursor.
    static func preflight(environment: [String: String] = currentEnvironment()) throws(TerminalProblem) {
        guard let term = environment["TERM"], !term.isEmpty else { throw .noTerm }
        if term == "dumb" { throw .dumbTerminal(term) }
        guard isatty(0) == 1 else { throw .notATerminal("stdin") }
        guard isatty(1) == 1 else { throw .notATerminal("stdout") }
        switch cn_terminal_status(term, 1) {
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

    func start() throws(TerminalProblem) {
        guard screen == nil else { return }
        try Self.preflight()
        setlocale(LC_ALL, "")
        if cn_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        setenv("NCURSES_NO_UTF8_ACS", "1", 1)
        guard let screen = newterm(nil, cn_stdout(), cn_stdin()) else {
            throw .cursesFailed(Self.currentEnvironment()["TERM"] ?? "")
        }
        self.screen = screen
        set_term(screen)
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
        colorMode = ColorMode.choose(colors: colors, noColorFlag: noColorFlag, environment: Self.currentEnvironment())
        prepareAttributes()
        // Clicks and the wheel, where the terminal reports them; elsewhere mousemask enables
        // nothing and the keys work as before.
        mouseEnabled = cn_enable_mouse() != 0
        lastFrame = nil
    }

    func readKeys() -> [Key] {
        guard screen != nil else { return [] }
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

    func draw(_ canvas: Canvas) {
        guard screen != nil, canvas != lastFrame else { return }
        werase(window)
        for row in 0..<canvas.rows { drawRow(row, of: canvas) }
        wnoutrefresh(window)
        doupdate()
        lastFrame = canvas
    }

    func stop() {
        guard let screen else { return }
        endwin()
        delscreen(screen)
        self.screen = nil
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
