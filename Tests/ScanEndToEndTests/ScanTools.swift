import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// The built `di-inspect`, `sample-app` and `di-scan` (`make scan-build`), found from this file.
enum ScanTools {
    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // ScanTools.swift, ScanEndToEndTests, Tests
        return parts.joined(separator: "/")
    }()

    static var diInspect: String { "\(packageRoot)/.build/debug/di-inspect" }
    static var sampleApp: String { "\(packageRoot)/.build/debug/sample-app" }
    /// `$DI_SCAN`, else the Scan package's debug build.
    static var diScan: String {
        ProcessInfo.processInfo.environment["DI_SCAN"] ?? "\(packageRoot)/Scan/.build/debug/di-scan"
    }

    /// Fails the test (never skips it) when a tool is not built, naming the make target.
    static func requireBuilt() throws {
        for (path, how) in [(diInspect, "swift build"), (sampleApp, "swift build"), (diScan, "make scan-build")] {
            try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is not built: run '\(how)'")
        }
    }

    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `executable` with `arguments` (in `folder`), `DI_SCAN` set, and waits.
    static func run(
        _ executable: String, _ arguments: [String], in folder: String? = nil, environment extra: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["DI_SCAN"] = diScan
        environment.removeValue(forKey: "DI_INSPECT")
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both to the end before waiting: a full pipe would stop the child.
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1_000) }
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    static func scan(_ arguments: [String], in folder: String? = nil) throws -> Result {
        try run(diInspect, ["scan"] + arguments, in: folder ?? packageRoot)
    }

    /// `di-inspect scan PATH -o FILE`, read back.
    static func scanGraph(
        _ path: String, in folder: String? = nil, options: [String] = []
    ) throws -> (Declarations, DependencyGraph) {
        let file = NSTemporaryDirectory() + "scan-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try scan([path, "-o", file] + options, in: folder)
        try #require(result.status == 0 || result.status == 1, "scan failed: \(result.errors)")
        let declarations = try ScanGraphFile.read(try String(contentsOfFile: file, encoding: .utf8))
        return (declarations, ScanChecks.graph(from: declarations))
    }

    /// `files` (name → text) written to a fresh folder and scanned as ``scanGraph(_:in:options:)``
    /// does; the folder is removed afterwards.
    static func scanFiles(_ files: [String: String], options: [String] = []) throws -> (Declarations, DependencyGraph) {
        let folder = NSTemporaryDirectory() + "scan-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return try scanGraph(folder, options: options)
    }

    /// The line of `marker` (a comment) in `file` under the package root.
    static func line(of marker: String, in file: String) throws -> Int {
        let text = try String(contentsOfFile: "\(packageRoot)/\(file)", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(marker) }, "no \(marker) in \(file)") + 1
    }
}
