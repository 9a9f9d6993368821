import Foundation
import Injection

/// Type-checks a snippet with `swiftc` against the modules built next to this test bundle, for
/// compile-fail tests: the listings' and the runtime's (LayerAccessCompileTests).
public enum SnippetTypecheck {
    public static func run(_ source: String) throws -> (status: Int32, output: String) {
        guard let executable = PosixIO.executablePath() else { throw CocoaError(.fileNoSuchFile) }
        let modules = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("Modules").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
                             "-module-cache-path", directory.appendingPathComponent("cache").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
