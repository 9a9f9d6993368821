import Foundation
import Testing

/// `check` never calls a trace clean when it could not read all of it.
struct CheckVerdictTests {
    static let header = #"{"format":"di-trace","version":1,"app":"a","pid":1,"start":"2026-11-22T00:00:00Z"}"#
    static let reset = #"{"kind":"scopeReset","seq":1,"t":1,"thread":1,"container":"app","scope":"cached","discarded":0}"#
    static let end = #"{"kind":"end","t":2,"reason":"exit"}"#

    private func check(_ text: String) throws -> Command.Result {
        let path = Command.temporaryFile(".ndjson")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Command.run(Command.path(of: "di-inspect"), ["check", path])
    }

    @Test func rejectedLinesMakeTheVerdictExitTwo() throws {
        let lines = [Self.header, "not json", Self.reset, #"{"kind":"resolved","seq":2}"#, "{", Self.end]
        let result = try check(lines.joined(separator: "\n") + "\n")
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("error: 3 lines were rejected (lines 2, 4, 5); the trace cannot be called clean"), "\(result.stderr)")
    }

    @Test func everyRecordRejectedIsNotClean() throws {
        let result = try check([Self.header, "garbage", "more garbage"].joined(separator: "\n") + "\n")
        #expect(result.status == 2)
        #expect(!result.stdout.contains("No problems") || result.stderr.contains("2 lines were rejected"), "\(result.stderr)")
    }

    @Test func aTruncatedLastLineStaysAWarning() throws {
        let result = try check([Self.header, Self.reset].joined(separator: "\n") + "\n" + #"{"kind":"end","t":"#)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("truncated line"), "\(result.stderr)")
    }
}
