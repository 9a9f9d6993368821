#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private tmux server with one 120×40 window, for driving the built `di-inspect` end to end.
///
/// Each session uses its own server (`tmux -L NAME -f /dev/null`) so tests run in parallel and
/// never touch a user's tmux. Poll with ``waitFor(_:timeout:)`` instead of sleeping.
///
/// ```swift
/// let tmux = try TmuxSession(command: "\(binary) open trace.ndjson")
/// defer { tmux.close() }
/// #expect(tmux.waitFor("Services"))
/// tmux.send("q")
/// ```
final class TmuxSession {
    let name: String
    private(set) var isOpen = true

    /// Starts `command` in a detached session; after it exits the pane prints `EXIT:<status>`
    /// and stays open for inspection. The script runs under bash, which keeps going when a
    /// child caught Ctrl-C and exited (dash would stop the script).
    init(command: String, rows: Int = 40, columns: Int = 120, environment: [String: String] = [:]) {
        name = "di-inspect-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        let script = "\(exports)\(command); echo EXIT:$?; sleep 60"
        _ = tmux(["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", "bash", "-c", script])
    }

    deinit { close() }

    /// Runs a tmux command against this session's server.
    @discardableResult
    func tmux(_ arguments: [String]) -> Spawn.Result {
        Spawn.run(["tmux", "-L", name, "-f", "/dev/null"] + arguments)
    }

    /// Sends keys (tmux key names: `q`, `Enter`, `Escape`, `Down`, `C-c`).
    func send(_ keys: String...) {
        tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Types text literally.
    func type(_ text: String) {
        tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// The visible screen as text.
    func capture() -> String {
        tmux(["capture-pane", "-p", "-t", "main"]).output
    }

    /// The pid of the program in the pane (the shell running the command).
    func panePID() -> Int32? {
        Int32(tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"]).output.trimmingWhitespace)
    }

    func resize(rows: Int, columns: Int) {
        tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Polls the screen until it contains `text` or the deadline passes; returns whether it did.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds or the deadline passes.
    @discardableResult
    func waitUntil(timeout: Double = 10, _ condition: (String) -> Bool) -> Bool {
        let deadline = now() + timeout
        while now() < deadline {
            if condition(capture()) { return true }
            usleep(50_000)
        }
        return condition(capture())
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        tmux(["kill-server"])
    }

    private func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

extension String {
    var trimmingWhitespace: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
