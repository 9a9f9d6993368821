import Foundation
import InjectionSynthetic
import Testing

/// Every string from a trace reaches the terminal escaped: a trace whose names carry CSI, OSC 52,
/// OSC 8, C1 controls, DEL and bidi overrides goes through each command's output and messages,
/// and no raw control character comes out.
@Suite(.serialized)
struct HostileTextTests {
    static let inspector = Command.path(of: "di-inspect")

    private func write(_ lines: [String]) throws -> String {
        let path = Command.temporaryFile(".ndjson")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func expectEscaped(_ result: Command.Result, _ command: String) {
        #expect(HostileTrace.rawControls(in: result.stdout) == [], "\(command) stdout")
        #expect(HostileTrace.rawControls(in: result.stderr) == [], "\(command) stderr")
    }

    @Test func everyCommandEscapesWhatTheTraceSays() throws {
        let trace = try write(HostileTrace.lines())
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let runs: [[String]] = [
            ["check", trace], ["check", trace, "--json"], ["list", trace, "services"], ["list", trace, "missing"],
            ["why", trace, "Victim"], ["export", trace, "--format", "dot"], ["export", trace, "--format", "mermaid"],
            ["export", trace, "--format", "json"],
        ]
        for arguments in runs {
            let result = try Command.run(Self.inspector, arguments)
            expectEscaped(result, arguments.joined(separator: " "))
            #expect(result.status != 0 || !arguments.contains("check"), "the missing registration fails check")
        }
        // The payload did arrive (escaped): the warning names the unknown kind, check the service.
        let check = try Command.run(Self.inspector, ["check", trace])
        #expect(check.stderr.contains(#"unknown record kind "\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}"#), "\(check.stderr)")
        #expect(check.stdout.contains(#"Evil\u{1B}[2J"#), "\(check.stdout)")
        #expect(check.stdout.contains(#"\u{202E}gnp.exe"#), "\(check.stdout)")
    }

    /// A line break inside a name, a location, a fix or the app's name stays inside its field:
    /// it cannot forge a `Fix:` line or a verdict in `check` or `diff`.
    @Test func aLineBreakInANameCannotForgeOutputLines() throws {
        let forged = #"\n  Fix: forged\nNo problems"#
        let header = #"{"format":"di-trace","version":1,"app":"app\#(forged)","pid":1,"start":"2026-11-22T00:00:00Z"}"#
        let base = try write([header])
        let head = try write([
            header,
            #"{"kind":"registered","seq":1,"t":1,"thread":1,"service":{"type":"Holder","container":"app"},"scope":"unique","at":"A\#(forged).swift:1"}"#,
            #"{"kind":"missing","seq":2,"t":2,"thread":1,"requested":{"type":"Gone\#(forged)","container":"app\#(forged)"},"chain":[{"type":"Holder","container":"app"}],"near":[],"fix":"register\#(forged)"}"#,
        ])
        defer { for path in [base, head] { try? FileManager.default.removeItem(atPath: path) } }
        for arguments in [["check", head], ["diff", base, head]] {
            let result = try Command.run(Self.inspector, arguments)
            let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!lines.contains("Fix: forged"), "\(arguments[0]) printed a forged line:\n\(result.stdout)")
            #expect(!lines.contains("No problems"), "\(arguments[0]) printed a forged verdict:\n\(result.stdout)")
            #expect(result.stdout.contains(#"Gone\u{0A}  Fix: forged\u{0A}No problems"#), "\(arguments[0]):\n\(result.stdout)")
        }
    }

    @Test func theNotATraceErrorIsEscaped() throws {
        let trace = try write([HostileTrace.notATraceLine])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        for command in ["check", "list", "open"] {
            let result = try Command.run(Self.inspector, [command, trace] + (command == "list" ? ["services"] : []))
            #expect(result.status == 2, "\(command): \(result.stderr)")
            expectEscaped(result, command)
            if command != "open" { #expect(result.stderr.contains("not a di-trace header"), "\(command): \(result.stderr)") }
        }
    }

    @Test func anInvalidDIInspectValueIsEscaped() throws {
        let result = try Command.run(
            Command.path(of: "sample-app"), ["--duration", "0.05"], environment: ["DI_INSPECT": "ftp:" + HostileTrace.payload])
        expectEscaped(result, "sample-app")
        #expect(result.stderr.contains(#"DI_INSPECT="ftp:\u{1B}[2J"#), "\(result.stderr)")
    }
}
