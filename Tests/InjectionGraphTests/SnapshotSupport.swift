import Foundation
import Testing

/// Compares `actual` with `Snapshots/<name>`. With `UPDATE_SNAPSHOTS=1` in the environment, the
/// snapshot is (re)written instead, and the test still fails so a run never silently passes.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("Snapshot \(name) written; run again without UPDATE_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("No snapshot \(name); run with UPDATE_SNAPSHOTS=1 to write it", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, sourceLocation: sourceLocation)
}

/// Runs `dot -Tsvg` on `source` and returns its exit status and standard error. Without graphviz
/// it throws a message that says how to get it: writing to the pipe of a `dot` that never started
/// killed the whole test process with SIGPIPE instead.
func runDot(_ source: String) throws -> (status: Int32, errors: String) {
    guard let dot = executableOnPath("dot") else { throw GraphvizMissing() }
    let process = Process()
    process.executableURL = dot
    process.arguments = ["-Tsvg", "-o", "/dev/null"]
    let input = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(source.utf8))
    try input.fileHandleForWriting.close()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
}

/// Graphviz is a test dependency (`make test-deps` installs it).
struct GraphvizMissing: Error, CustomStringConvertible {
    var description: String {
        "graphviz's `dot` is not on PATH: `make test-deps` installs it (on Debian: apt-get install graphviz)"
    }
}

/// The first executable file named `name` in the directories of `PATH`.
private func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}
