import Foundation
import Injection
import Testing

/// README's "Add it to your app", done as a newcomer would: its `Package.swift` and
/// `Sources/MyApp/main.swift`, verbatim, as a package of their own that depends on this checkout
/// by the README's URL and branch, built, then run under `di-inspect record` and checked.
///
/// The README's URL is redirected to a snapshot of this checkout with a SwiftPM mirror (so the
/// manifest is the README's byte for byte); the snapshot is the working tree as it is, pushed as
/// `main`. The package and its build folder live at a fixed
/// path under `.build/`, so a second run rebuilds only what changed.
@Suite(.serialized)
struct AppPackageTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of README's "Add it to your app", and its ```sh block's lines.
    static func readmeSection() throws -> (manifest: String, main: String, shell: [String]) {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Add it to your app"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let blocks = fencedBlocks(String(section[..<end]))
        let swift = blocks.filter { $0.language == "swift" }.map(\.text)
        let shell = try #require(blocks.first { $0.language == "sh" }).text
        try #require(swift.count == 2, "README's section should show Package.swift and main.swift")
        return (swift[0], swift[1], shell.split(separator: "\n").map(String.init))
    }

    static func fencedBlocks(_ markdown: String) -> [(language: String, text: String)] {
        var blocks: [(String, String)] = []
        var current: (language: String, lines: [String])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append((block.language, block.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else if current != nil {
                current!.lines.append(String(line))
            }
        }
        return blocks
    }

    @Test func gettingStartedShowsTheSamePackage() throws {
        let readme = try Self.readmeSection()
        let article = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Injection/Injection.docc/GettingStarted.md"), encoding: .utf8)
        #expect(article.contains("```swift\n" + readme.manifest + "```"), "GettingStarted.md's Package.swift differs from the README's")
        #expect(article.contains("```swift\n" + readme.main + "```"), "GettingStarted.md's main.swift differs from the README's")
        #expect(article.contains(readme.shell.joined(separator: "\n")), "GettingStarted.md's commands differ from the README's")
        #expect(readme.manifest.contains(#".product(name: "Injection", package: "swift-injection")"#))
        #expect(readme.main.contains("import Injection"))
    }

    @Test func theReadmePackageBuildsAndRunsUnderDIInspect() throws {
        let readme = try Self.readmeSection()
        let work = Self.root.appendingPathComponent(".build/readme-app")
        let package = work.appendingPathComponent("MyApp")
        let snapshot = work.appendingPathComponent("swift-injection.git")
        let files = FileManager.default
        try files.createDirectory(at: package.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        try readme.manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try readme.main.write(to: package.appendingPathComponent("Sources/MyApp/main.swift"), atomically: true, encoding: .utf8)

        // The checkout as a git repository whose `main` is the working tree as it is (new files
        // too, ignored ones not), committed through an index of its own: the checkout's index,
        // branches and stash are left alone.
        let index = Command.temporaryFile(".index")
        defer { try? files.removeItem(atPath: index) }
        let git = { (arguments: [String]) throws -> String in
            let result = try Command.run("/usr/bin/env", ["git", "-C", Self.root.path] + arguments, environment: ["GIT_INDEX_FILE": index])
            try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if !files.fileExists(atPath: snapshot.path) { _ = try git(["init", "--quiet", "--bare", snapshot.path]) }
        _ = try git(["read-tree", "HEAD"])
        _ = try git(["add", "--all", "."])
        let tree = try git(["write-tree"])
        let commit = try git(["commit-tree", tree, "-p", "HEAD", "-m", "The working tree, for AppPackageTests"])
        _ = try git(["push", "--quiet", "--force", snapshot.path, "\(commit):refs/heads/main"])

        // The README's URL, whatever it is, answered by the snapshot; argument-parser by the
        // checkout this package already resolved (only when it is there: then no network is
        // needed, though the app's graph does not use it).
        let url = try #require(readme.manifest.firstMatch(of: /\.package\(url: "([^"]+)"/)?.1)
        var mirrors = [(String(url), snapshot.path)]
        let argumentParser = Self.root.appendingPathComponent(".build/checkouts/swift-argument-parser")
        if files.fileExists(atPath: argumentParser.path) {
            mirrors.append(("https://github.com/apple/swift-argument-parser", argumentParser.path))
        }
        let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"
        for (original, mirror) in mirrors {
            let set = try Command.run("/usr/bin/env", [
                swift, "package", "--package-path", package.path, "config", "set-mirror",
                "--original", original, "--mirror", mirror,
            ])
            try #require(set.status == 0, "set-mirror: \(set.stderr)")
        }

        // The README's commands, in the package folder: `swift build`, then `di-inspect record`.
        let update = try Self.run([swift, "package", "update"], in: package)
        try #require(update.status == 0, "swift package update:\n\(update.stdout)\(update.stderr)")
        #expect(readme.shell.first == "swift build")
        let build = try Self.run([swift, "build"], in: package)
        try #require(build.status == 0, "swift build:\n\(build.stdout)\(build.stderr)")

        let recordLine = try #require(readme.shell.first { $0.hasPrefix("di-inspect record") })
        let record = try Self.run([Command.path(of: "di-inspect")] + Array(Self.words(recordLine).dropFirst()), in: package)
        #expect(record.status == 0, "\(recordLine): \(record.stderr)")
        #expect(record.stdout == "Hello from MyApp\n")

        let checkLine = try #require(readme.shell.first { $0.hasPrefix("di-inspect check") })
        let check = try Self.run([Command.path(of: "di-inspect")] + Array(Self.words(checkLine).dropFirst()), in: package)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasPrefix("No problems in MyApp (pid "), "\(check.stdout)")

        let trace = try String(contentsOf: package.appendingPathComponent("myapp.ndjson"), encoding: .utf8)
        #expect(trace.prefix { $0 != "\n" }.contains(#""library":"\#(InjectionVersion.current)""#), "the header names the runtime's version")
        #expect(trace.contains(#""type":"Greeting""#), "the app's registration is in the trace")
    }

    /// A README command line's words, up to its `#` comment.
    static func words(_ line: String) -> [String] {
        let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? line
        return command.split(separator: " ").map(String.init)
    }

    /// Runs `arguments` (through `env`, so a bare name is found on PATH) in `directory`.
    static func run(_ arguments: [String], in directory: URL) throws -> Command.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Command.temporaryFile(".out"), err = Command.temporaryFile(".err")
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: err) }
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        process.waitUntilExit()
        return Command.Result(
            status: process.terminationStatus, stdout: try String(contentsOfFile: out, encoding: .utf8),
            stderr: try String(contentsOfFile: err, encoding: .utf8))
    }
}
