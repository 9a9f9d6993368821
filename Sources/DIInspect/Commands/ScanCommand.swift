import ArgumentParser
import Foundation
import Injection
import InjectionGraph
import InjectionScan
import InjectionScanFacts

/// `di-inspect scan PATH…`: the graph the sources declare, and the problems a run would hit,
/// without running anything.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read Swift sources and report the problems a run would hit, without running anything.",
        discussion: """
            Reads files, folders and SwiftPM package roots (test folders only with --include-tests; \
            paths named here are always read) through di-scan, links what it finds into the \
            dependency graph the sources declare, and prints what 'check' prints, with check's exit \
            codes: 0 clean, 1 problems, 2 when nothing could be read. Warnings (often meant: a \
            captive in another library's idiom, a key registered again) exit as notes do, and \
            count with --strict. With -o, writes the graph (docs/SCAN_FORMAT.md), which check, why, \
            list, export, open and diff read as they read a trace.

              $ di-inspect scan Sources/SampleApp
              $ di-inspect scan . --format github
              $ di-inspect scan Sources -o app.scan && di-inspect diff app.scan run.ndjson
            """)

    @Argument(help: "Swift files, folders or package roots.")
    var paths: [String]

    @Flag(help: "Walk test folders (Tests, *Tests) too.")
    var includeTests = false

    @Option(name: .customLong("define"), help: "An #if flag that is set (repeatable); other bare flags are then unset.")
    var defines: [String] = []

    @Option(help: "Skip (and report) files larger than this many bytes.")
    var maxFileSize: Int?

    @Option(help: "A di-inspect.json naming the app's own wrappers, helpers, containers and module folders (default: di-inspect.json in the scanned root, if any).")
    var config: String?

    @Option(help: "Files read at once (default: the number of cores); the output is the same whatever the count.")
    var jobs: Int?

    @Option(name: .shortAndLong, help: "Write the scanned graph here (di-scan-graph: docs/SCAN_FORMAT.md).")
    var output: String?

    @Option(help: "text, json (docs/CHECK_JSON.md), xcode, github or sarif.")
    var format: ReportFormat = .text

    @Flag(help: "Count warnings and optional requests nothing registers as problems.")
    var strict = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        guard let scanner = ScannerLocation.find() else {
            PosixIO.printError(ScannerLocation.missingMessage)
            throw ExitCode(2)
        }
        let facts = try Self.readFacts(scanner: scanner, arguments: scanArguments, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let declarations = ScanLinker.link(facts, root: Self.displayRoot(facts.header.root))
        if declarations.summary.files == 0 || declarations.summary.unreadable == declarations.summary.files {
            PosixIO.printError("error: nothing could be read in \(paths.joined(separator: " ")) (no Swift file, or none readable)")
            for note in declarations.notes where note.kind == "unreadable" {
                PosixIO.printError("  \(note.message.escapingControlCharacters)")
            }
            throw ExitCode(2)
        }
        let graph = ScanChecks.graph(from: declarations)
        let problems = graph.check(strict: strict)
        if let output {
            try writeReport(try ScanGraphFile.write(declarations), to: output, escaping: false)
        }
        let report = try ReportOptions.parse(["--format", format.rawValue])
        try report.write(text: problems.text, json: problems.json, fallbackFile: paths.first ?? ".", declarations: declarations) { path in
            ProblemAnnotations(report: problems, graph: graph, path: path)
        }
        if !problems.isClean { throw ExitCode(1) }
    }

    var scanArguments: [String] {
        var arguments: [String] = []
        if includeTests { arguments.append("--include-tests") }
        for define in defines { arguments += ["--define", define] }
        if let maxFileSize { arguments += ["--max-file-size", String(maxFileSize)] }
        if let config { arguments += ["--config", config] }
        if let jobs { arguments += ["--jobs", String(jobs)] }
        return arguments + ["--"] + paths
    }

    /// Runs `di-scan` into a temporary file and reads its facts (on `jobs` threads); its messages
    /// go to standard error only when it fails.
    static func readFacts(scanner: String, arguments: [String], jobs: Int) throws -> ScanFacts {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("di-scan-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).facts")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scanner)
        process.arguments = ["-o", temporary.path] + arguments
        // di-scan ends with this process (see its `EndWithParent`), not after it.
        process.environment = ProcessInfo.processInfo.environment.merging(["DI_SCAN_PARENT": String(getpid())]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            PosixIO.printError("error: cannot run \(scanner): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard FileManager.default.fileExists(atPath: temporary.path) else {
            FileHandle.standardError.write(messages)
            PosixIO.printError("error: di-scan (\(scanner)) wrote no facts (exit \(process.terminationStatus))")
            throw ExitCode(2)
        }
        do {
            return try ScanFactsReader().read(contentsOf: temporary.path, jobs: jobs)
        } catch {
            PosixIO.printError("error: di-scan (\(scanner)) wrote facts this di-inspect cannot read: \(error)")
            throw ExitCode(2)
        }
    }

    /// The scanned root as a path from the current folder (`.` for the folder itself).
    static func displayRoot(_ root: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if root == current { return "." }
        if root.hasPrefix(current + "/") { return String(root.dropFirst(current.count + 1)) }
        return root
    }
}
