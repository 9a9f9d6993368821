import Foundation
import Injection
import Testing

/// Runs the package's built executables (found next to the test bundle) and captures output.
enum Command {
    /// The build folder holding `di-inspect`, `sample-app` and this test bundle.
    static let buildDirectory: URL = {
        let executable = PosixIO.executablePath() ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }()

    static func path(of product: String) -> String { buildDirectory.appendingPathComponent(product).path }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with `arguments`; output goes through files, not pipes, so a child that
    /// leaves a grandchild running cannot hang the test.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout"), err = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// A fresh temporary file path with `suffix`.
    static func temporaryFile(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("di-\(UUID().uuidString)\(suffix)").path
    }

    /// Records `sampleApp` (the built `sample-app` unless given) with `faults` into a temporary
    /// trace for 0.6 s, and returns the trace's path.
    static func recordSampleApp(faults: [String], sampleApp: String? = nil) throws -> String {
        let trace = temporaryFile(".ndjson")
        let arguments = ["record", "-o", trace, "--", sampleApp ?? path(of: "sample-app"), "--duration", "0.6", "--interval-ms", "2"]
            + faults.flatMap { ["--fault", $0] }
        let result = try run(path(of: "di-inspect"), arguments)
        #expect(result.status == 0, "record failed: \(result.stderr)")
        return trace
    }
}
