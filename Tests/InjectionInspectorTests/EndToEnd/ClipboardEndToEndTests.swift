import Testing

/// `y` in a real terminal: tmux, with `set-clipboard on`, takes the OSC 52 the inspector sends
/// into its paste buffer, as a desktop terminal would put it on the clipboard.
struct ClipboardEndToEndTests {
    @Test func yPutsTheSelectedNameOnTheClipboard() throws {
        let binary = try #require(BuiltProducts.diInspect, "build the package first")
        try #require(BuiltProducts.hasTmux, "tmux is needed (make test-deps installs it)")
        let trace = BuiltProducts.fixture("shop-small.ndjson")
        let tmux = TmuxSession(command: "\(binary) open \(trace)", environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        defer { tmux.close() }
        tmux.tmux(["set-option", "-g", "set-clipboard", "on"])
        #expect(tmux.waitFor("q Quit"))
        tmux.send("y")
        #expect(tmux.waitFor("Copied "), "\(tmux.capture())")
        let screen = tmux.capture()
        let copied = screen.split(separator: "\n").compactMap { line in line.range(of: "Copied ").map { line[$0.upperBound...] } }
            .first.map { String($0).trimmingWhitespace }
        let buffer = tmux.tmux(["show-buffer"]).output
        #expect(copied.map { !$0.isEmpty && buffer.hasPrefix($0.replacingOccurrences(of: "…", with: "")) } == true,
                "buffer: \(buffer), screen: \(screen)")
        tmux.send("q")
    }
}
