import ArgumentParser
import Foundation
import Injection

/// Renders dot to SVG with the installed Graphviz (`dot -Tsvg`), for `export --format svg` and
/// the inspector's export: people get a picture without knowing Graphviz. Without `dot` on PATH
/// it is an error that says what to install (exit status 2).
///
/// ```swift
/// let svg = try GraphvizRenderer.svg(fromDot: "digraph { a -> b }")
/// ```
enum GraphvizRenderer {
    static func svg(fromDot dot: String) throws -> String {
        guard let executable = findDot() else {
            PosixIO.printError("""
                error: --format svg needs Graphviz's dot, which is not on PATH. Install it \
                (Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew install graphviz), \
                or write dot with --format dot and render it elsewhere.
                """)
            throw ExitCode(2)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("di-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("graph.dot"), output = folder.appendingPathComponent("graph.svg")
        let errors = folder.appendingPathComponent("stderr")
        try dot.write(to: input, atomically: true, encoding: .utf8)
        // Opened for writing just below, which reports a failure to create it.
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg", "-o", output.path, input.path]
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let svg = try? String(contentsOf: output, encoding: .utf8) else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            PosixIO.printError("error: Graphviz's dot failed (status \(process.terminationStatus)): \(message)")
            throw ExitCode(2)
        }
        return svg
    }

    /// The first executable `dot` on PATH.
    static func findDot() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
