import ArgumentParser
import Foundation
import InjectionScanFacts
import SourceFacts

/// `di-scan`: reads Swift sources and writes their DI facts ("di-scan-facts", docs/SCAN_FACTS.md)
/// for `di-inspect scan` to link and check.
@main
struct DIScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "di-scan",
        abstract: "Read Swift sources and write the dependency-injection facts of each file (di-scan-facts NDJSON).",
        discussion: """
            Files, folders and SwiftPM package roots. Folders are walked for .swift files; test folders \
            are left out unless --include-tests; paths named here are always read. Notes about files \
            that could not be read go to standard error, one line each, and into the facts.
            """)

    @Flag(name: .long, help: "Walk test folders (Tests, *Tests) too.")
    var includeTests = false

    @Option(name: .long, help: "Skip (and report) files larger than this many bytes.")
    var maxFileSize = ScanOptions.defaultMaxFileSize

    @Option(name: .customLong("define"), help: "An #if flag that is set (repeatable); with any, other bare flags are unset.")
    var defines: [String] = []

    @Option(name: .long, help: "A di-inspect.json naming the app's own wrappers, helpers and module folders (default: di-inspect.json in the scanned root, if any).")
    var config: String?

    @Option(name: .long, help: "Files parsed at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .long, help: "Read, prefilter and parse only; write nothing (for measuring).")
    var parseOnly = false

    @Option(name: [.customShort("o"), .long], help: "Write the facts here instead of standard output.")
    var output: String?

    @Argument(help: "Swift files, folders or package roots.")
    var paths: [String]

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxFileSize >= 1 else { throw ValidationError("--max-file-size must be at least 1 byte") }
    }

    func run() throws {
        EndWithParent.arrange()
        let result = try DIScan.run(
            paths: paths, includeTests: includeTests, maxFileSize: maxFileSize, defines: defines, config: config, jobs: jobs,
            parseOnly: parseOnly)
        var standardError = FileHandle.standardError
        for line in DIScan.noteLines(result.facts) { print(line, to: &standardError) }
        if parseOnly {
            let files = result.facts.files.count
            print("di-scan: parsed \(result.extracted + result.declarationsOnly) of \(files) \(files == 1 ? "file" : "files") (\(result.prefiltered) prefiltered)", to: &standardError)
            return
        }
        let bytes = result.encoded()
        if let output {
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: output))
            } catch {
                print("di-scan: cannot write \(output): \(error)", to: &standardError)
                throw ExitCode(2)
            }
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
        if !result.readAny {
            print("di-scan: nothing could be read", to: &standardError)
            throw ExitCode(2)
        }
    }
}

extension FileHandle: @retroactive TextOutputStream {
    public func write(_ string: String) {
        write(Data(string.utf8))
    }
}
