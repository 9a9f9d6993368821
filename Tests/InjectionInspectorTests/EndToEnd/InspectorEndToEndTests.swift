import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `di-inspect` driven inside tmux: what a user at a real terminal sees.
struct InspectorEndToEndTests {
    let binary = BuiltProducts.diInspect ?? "di-inspect-was-not-built"

    @Test func theToolsTheseTestsDriveArePresent() {
        #expect(BuiltProducts.hasTmux, "tmux is missing: run 'make deps'")
        #expect(BuiltProducts.diInspect != nil, "di-inspect is not built: run 'swift build'")
    }
    let trace = BuiltProducts.fixture("shop-small.ndjson")

    /// Runs `stty -a` in the pane after the inspector exits, so the test can check the modes.
    func openTrace(extra: String = "") -> TmuxSession {
        TmuxSession(command: "\(binary) open \(trace) \(extra); echo EXIT:$?; stty -a; true",
                    environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    }

    /// The words of `stty -a` output on screen.
    func sttyModes(_ screen: String) -> Set<String> {
        Set(screen.split { $0 == " " || $0 == "\n" || $0 == ";" }.map(String.init))
    }

    // MARK: - Refusing a terminal it cannot drive

    @Test func dumbTerminalPrintsWhatToRunInsteadAndExits2() {
        // The first run shows the bytes (`cat -v` turns ESC into ^[); the second gives the status.
        let tmux = TmuxSession(command: "\(binary) open \(trace) 2>&1 | cat -v; \(binary) open \(trace) 2>/dev/null",
                               environment: ["TERM": "dumb"])
        defer { tmux.close() }
        #expect(tmux.waitFor("EXIT:2"))
        let screen = tmux.capture()
        #expect(screen.contains("di-inspect: the live inspector needs a terminal that can move the cursor, and TERM=dumb cannot."))
        #expect(screen.contains("di-inspect list FILE"))
        #expect(screen.contains("di-inspect check FILE"))
        #expect(screen.contains("di-inspect export FILE"))
        #expect(!screen.contains("^["), "no escape sequence was printed")
    }

    @Test func notATerminalExits2WithoutEscapes() {
        let result = Spawn.run([binary, "open", trace], environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(result.output.contains("stdin is not one"))
        #expect(!result.output.contains("\u{1B}"))
    }

    // MARK: - Browsing a trace

    @Test func openShowsServices() {
        let tmux = openTrace()
        defer { tmux.close() }
        #expect(tmux.waitFor("Cart.viewModel: CartViewModel"))
        let screen = tmux.capture()
        #expect(screen.contains("shop-app  pid 4242"))
        #expect(screen.contains("1 Services 3"))
        #expect(screen.contains("Network.http: HTTPClient"))
        #expect(screen.contains("┌"))
        tmux.send("q")
    }

    @Test func questionMarkOpensHelp() {
        let tmux = openTrace()
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("?")
        #expect(tmux.waitFor("Help — ↑↓ scroll, any other key closes"))
        // Taller than 40 rows: it scrolls to the legend, and Escape closes it.
        for _ in 0..<30 { tmux.send("Down") }
        #expect(tmux.waitFor("Row colours"))
        tmux.send("Escape")
        #expect(tmux.waitUntil { !$0.contains("Help — ") })
    }

    @Test func keysSwitchScreens() {
        let tmux = openTrace()
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("6")
        #expect(tmux.waitFor("✗ PaymentGateway in 'app'"))
        tmux.send("/")
        tmux.type("cart")
        #expect(tmux.waitFor("/cart"))
    }

    // MARK: - Giving the terminal back

    @Test func qRestoresTheTerminal() {
        let tmux = openTrace()
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
        #expect(tmux.waitFor("extproc"), "the whole of stty -a is on screen")
        let modes = sttyModes(tmux.capture())
        #expect(modes.contains("echo") && !modes.contains("-echo"), "echo is back")
        #expect(modes.contains("icanon") && !modes.contains("-icanon"), "canonical mode is back")
    }

    @Test func sigtermRestoresTheTerminal() {
        // A copy under its own name, so the signal reaches this test's inspector only (the other
        // tests open the same fixture in parallel).
        let copy = "/tmp/di-inspect-sigterm-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ndjson"
        #expect(Spawn.run(["cp", trace, copy]).status == 0)
        defer { unlink(copy) }
        let tmux = TmuxSession(command: "\(binary) open \(copy); echo EXIT:$?; stty -a; true",
                               environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        let killed = Spawn.run(["pkill", "-TERM", "-f", "^\(binary) open \(copy)"])
        #expect(killed.status == 0)
        #expect(tmux.waitFor("EXIT:143"))
        #expect(tmux.waitFor("extproc"), "the whole of stty -a is on screen")
        let modes = sttyModes(tmux.capture())
        #expect(modes.contains("echo") && !modes.contains("-echo"))
        #expect(modes.contains("icanon") && !modes.contains("-icanon"))
    }

    @Test func ctrlCRestoresTheTerminal() {
        let tmux = openTrace()
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("C-c")
        #expect(tmux.waitFor("EXIT:130"))
        #expect(tmux.waitFor("extproc"), "the whole of stty -a is on screen")
        let modes = sttyModes(tmux.capture())
        #expect(modes.contains("icanon") && !modes.contains("-icanon"))
    }

    @Test func smallTerminalsSayTooSmall() {
        let tmux = openTrace()
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.resize(rows: 10, columns: 50)
        #expect(tmux.waitFor("Terminal too small: 50×10"))
        tmux.resize(rows: 40, columns: 120)
        #expect(tmux.waitFor("Cart.viewModel: CartViewModel"))
    }
}
