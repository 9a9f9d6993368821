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

/// Runs `dot -Tsvg` on `source` and returns its exit status and standard error.
func runDot(_ source: String) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["dot", "-Tsvg", "-o", "/dev/null"]
    let input = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: errorData, as: UTF8.self))
}
