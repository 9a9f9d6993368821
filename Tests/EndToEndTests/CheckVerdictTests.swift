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

    /// An app killed (SIGKILL, a segfault, `_exit`) writes no end line, and its last events are
    /// lost with it: a clean verdict then only covers what was written, and `check` says so.
    /// A trace that ended says nothing more.
    @Test func aTraceWithoutItsEndLineIsCleanWithAWarning() throws {
        let cut = try check([Self.header, Self.reset].joined(separator: "\n") + "\n")
        #expect(cut.status == 0, "\(cut.stdout)\(cut.stderr)")
        #expect(cut.stdout.hasPrefix("No problems in a (pid 1)"), "\(cut.stdout)")
        #expect(cut.stderr.contains("warning: the trace has no end line: the app was killed, crashed outside the container or called _exit"),
                "\(cut.stderr)")
        let ended = try check([Self.header, Self.reset, Self.end].joined(separator: "\n") + "\n")
        #expect(ended.status == 0 && !ended.stderr.contains("no end line"), "\(ended.stderr)")
    }
}

/// The commands' own sums saturate too: a trace claiming 2^64 resolves in a layer is listed.
struct HugeCountTests {
    @Test func listingLayersOfHugeCountsDoesNotTrap() throws {
        let crasher = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("InjectionGraphTests/FuzzCrashers/counts-past-2^63.ndjson").path
        for arguments in [["list", crasher, "layers"], ["list", crasher, "services"], ["export", crasher, "--format", "json"]] {
            let result = try Command.run(Command.path(of: "di-inspect"), arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }
}
