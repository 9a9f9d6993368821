#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// The built `di-inspect` on a scan of the sample app: `open FILE --replay` says in one line that
/// a scan has nothing to play; `open FILE`, driven in tmux, says "declared, not run" where only a
/// run could fill the screen, never a zero.
@Suite(.serialized)
struct ScanInspectorTests {
    static let message = "declared, not run: a scan of the sources has no events to replay (open it without --replay)"

    @Test func replayingAScanPrintsOneLineAndIsNotAnError() throws {
        try ScanTools.requireBuilt()
        let file = NSTemporaryDirectory() + "replay-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try ScanTools.scan(["Sources/SampleApp", "-o", file])
        let replay = try ScanTools.run(ScanTools.diInspect, ["open", file, "--replay"])
        #expect(replay.status == 0 && replay.output == "\(file): \(Self.message)\n" && replay.errors.isEmpty,
                "\(replay.status) \(replay.output)\(replay.errors)")
    }

    @Test func theInspectorOnAScanSaysDeclaredNotRun() throws {
        try ScanTools.requireBuilt()
        let file = NSTemporaryDirectory() + "open-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try ScanTools.scan(["Sources/SampleApp", "-o", file])
        let tmux = Tmux()
        defer { tmux.close() }
        try tmux.start("\(ScanTools.diInspect) open \(file)")
        let services = try tmux.waitFor("declared, not run")
        let lines = services.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].contains("Sources/SampleApp") && lines[0].hasSuffix("declared, not run") && !lines[0].contains("dropped"),
                "\(services)")
        #expect(lines[1].trimmingCharacters(in: .whitespaces).hasSuffix("7 Events"), "\(services)")
        #expect(lines[2].hasPrefix("Services  sorted by service ▲  declared, not run"), "\(services)")
        tmux.send("7")
        let events = try tmux.waitFor("a scan of the sources has no events")
        #expect(!events.contains("Events 0") && !events.contains("dropped 0"), "\(events)")
        tmux.send("3")
        let scopes = try tmux.waitFor("instances and hit rates come from a run")
        #expect(!scopes.contains("0 resolves") && !scopes.contains("0 alive"), "\(scopes)")
        tmux.send("q")
        _ = try tmux.waitFor("EXIT:0")
    }
}

/// A private tmux server (`-L`, no config) with one 120×40 window running a command.
final class Tmux {
    let server = "di-scan-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    /// Runs a tmux command through the shell and returns what it printed. Not `Process`: the
    /// server `new-session` starts keeps what it inherited, and `Process` then never returns.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "\(server)-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let words = ["tmux", "-L", server, "-f", "/dev/null"] + arguments
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        _ = system("\(quoted) </dev/null >'\(path)' 2>&1")
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Starts `command`; when it exits the pane prints `EXIT:<status>` and stays for a while.
    func start(_ command: String) throws {
        try run(["new-session", "-d", "-s", "main", "-x", "120", "-y", "40", "bash", "-c", "\(command); echo EXIT:$?; sleep 30"])
    }

    func send(_ keys: String...) {
        _ = try? run(["send-keys", "-t", "main"] + keys)
    }

    /// The screen once it shows `text`, polled (never a fixed sleep); fails after `timeout`.
    func waitFor(_ text: String, timeout: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try run(["capture-pane", "-p", "-t", "main"])
            if screen.contains(text) { return screen }
            usleep(50_000)
        }
        Issue.record("no \(text) on the screen after \(timeout)s:\n\(screen)")
        throw CancellationError()
    }

    func close() {
        _ = try? run(["kill-server"])
    }
}
