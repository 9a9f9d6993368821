import Foundation
import Testing

/// Every `di-inspect` command that a `--help` page, the no-argument overview or the README shows
/// is run here, as written, in a folder holding the traces the examples name: the headless ones
/// directly (they must exit 0, or 1 where a problem is the documented answer), the interactive
/// ones in tmux (the screen must come up and `q` must exit 0). An example that does not parse,
/// names an option that does not exist or a service the sample app lacks fails the test.
///
/// What is substituted, and why: a user's own app (`./my-app`, `.build/debug/MyApp`) is the
/// sample app stopped after a moment; the TCP port 7777 is a free one (parallel tests share the
/// machine). `sample-app` itself is found on PATH, as after `make install`.
@Suite(.serialized)
struct DocumentedExamplesTests {
    struct Example: CustomStringConvertible {
        var source: String
        var line: String
        var description: String { "\(source): \(line)" }
        var subcommand: String {
            line.split(separator: " ").dropFirst().first { !$0.hasPrefix("-") }.map(String.init) ?? ""
        }
        var isInteractive: Bool { ["demo", "run", "listen", "open"].contains(subcommand) }
    }

    static let subcommands = ["demo", "run", "listen", "open", "record", "check", "export", "list", "why", "diff"]

    /// The examples of every `--help` page and of the overview `di-inspect` prints alone.
    static func helpExamples(_ diInspect: String) -> [Example] {
        var examples: [Example] = []
        for subcommand in subcommands {
            let help = Spawn.run([diInspect, subcommand, "--help"]).output
            for line in help.split(separator: "\n") {
                let text = String(line).trimmingWhitespace
                if text.hasPrefix("$ di-inspect ") {
                    examples.append(Example(source: "\(subcommand) --help", line: String(text.dropFirst(2))))
                }
            }
        }
        for line in Spawn.run([diInspect]).output.split(separator: "\n") where line.hasPrefix("  di-inspect ") {
            let text = String(line).trimmingWhitespace
            // `command   what it does`: the command ends at the first run of two spaces.
            let command = text.components(separatedBy: "  ").first ?? text
            examples.append(Example(source: "di-inspect", line: command))
        }
        return examples
    }

    /// The `di-inspect` lines of the README's code blocks: every line of a ```sh block, and the
    /// `$ ` prompt lines of a plain ``` block (the others are captured screens and output).
    static func readmeExamples() throws -> [Example] {
        let readme = try String(contentsOfFile: "\(BuiltProducts.packageRoot)/README.md", encoding: .utf8)
        var examples: [Example] = []
        var block: String?
        var continued: String?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                block = block == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            guard let language = block, language == "sh" || language.isEmpty else { continue }
            var text = line.trimmingWhitespace
            if let head = continued {
                text = head + " " + text
                continued = nil
            } else if text.hasPrefix("$ ") {
                text.removeFirst(2)
            } else if language.isEmpty {
                continue
            }
            guard text.hasPrefix("di-inspect ") else { continue }
            if text.hasSuffix("\\") {
                continued = String(text.dropLast()).trimmingWhitespace
                continue
            }
            examples.append(Example(source: "README.md", line: text))
        }
        return examples
    }

    @Test func everyDocumentedExampleRuns() throws {
        let diInspect = try #require(BuiltProducts.diInspect, "build the package first")
        let sampleApp = try #require(BuiltProducts.sampleApp)
        let bin = (diInspect as NSString).deletingLastPathComponent
        let examples = Self.helpExamples(diInspect) + (try Self.readmeExamples())
        #expect(examples.count >= 25, "found only \(examples.count) examples")
        for subcommand in Self.subcommands {
            #expect(examples.contains { $0.subcommand == subcommand }, "no example shows '\(subcommand)'")
        }

        // The traces the examples name, recorded once from the sample app with two faults.
        let folder = "/tmp/di-examples-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seed = Spawn.run([diInspect, "record", "-o", "\(folder)/trace.ndjson", "--", sampleApp,
                              "--duration", "0.6", "--interval-ms", "2", "--fault", "missing", "--fault", "optional-missing"])
        try #require(seed.status == 0, "\(seed.output)")
        for name in ["shop", "main", "branch", "base", "head", "myapp"] {
            try FileManager.default.copyItem(atPath: "\(folder)/trace.ndjson", toPath: "\(folder)/\(name).ndjson")
        }

        let port = 20_000 + Int(getpid() % 20_000)
        for example in examples {
            // A trailing `# comment` would swallow what the test appends to the line.
            let uncommented = example.line.components(separatedBy: " #").first ?? example.line
            let command = uncommented
                .replacingOccurrences(of: "./.build/debug/my-app", with: "sample-app --duration 0.5")
                .replacingOccurrences(of: ".build/debug/MyApp", with: "sample-app --duration 0.5")
                .replacingOccurrences(of: "./my-app", with: "sample-app --duration 0.5")
                .replacingOccurrences(of: "7777", with: "\(port)")
            let script = "cd '\(folder)' && export PATH='\(bin)':\"$PATH\" && \(command)"
            if example.isInteractive {
                try Self.runInteractive(script, example)
            } else {
                let result = Spawn.run(["/bin/bash", "-c", script])
                let problemsAreTheAnswer = ["check", "diff"].contains(example.subcommand)
                #expect(result.status == 0 || (problemsAreTheAnswer && result.status == 1),
                        "\(example) exited \(result.status):\n\(result.output)")
                // argument-parser's `Error:`, or di-inspect's own `error: …` (not a problem that
                // `--format xcode` prints as `file:line: error: …`).
                let complaint = result.output.split(separator: "\n").first { $0.hasPrefix("Error:") || $0.hasPrefix("error:") }
                #expect(complaint == nil, "\(example):\n\(result.output)")
            }
        }
    }

    /// Starts an interactive example in tmux (80×24, as a newcomer's terminal), waits for the
    /// inspector's header, quits with `q` and expects it to end cleanly: status 0, or for `run`
    /// and `demo` 143 when the app they launched was still running and `q` stopped it (SIGTERM;
    /// they exit with the app's status).
    static func runInteractive(_ script: String, _ example: Example) throws {
        try #require(BuiltProducts.hasTmux, "tmux is needed (make test-deps installs it)")
        let tmux = TmuxSession(command: script, rows: 24, columns: 80)
        defer { tmux.close() }
        let came = tmux.waitUntil(timeout: 20) { $0.contains(" di-inspect ") && $0.contains("q Quit") }
        #expect(came, "\(example): the inspector did not come up:\n\(tmux.capture())")
        tmux.send("q")
        let launchesAnApp = ["run", "demo"].contains(example.subcommand)
        // A liveness bound, not a speed check: on a loaded machine (a whole parallel `swift test`
        // beside other builds, load 9 on 2 cores) the key can wait seconds in the kernel's tty
        // worker before the inspector sees it, and `run`/`demo` then end the app they launched
        // (10 s was once too short there).
        let ended = tmux.waitUntil(timeout: 30) { $0.contains("EXIT:0") || (launchesAnApp && $0.contains("EXIT:143")) }
        #expect(ended, "\(example) did not exit cleanly:\n\(tmux.capture())")
    }
}
