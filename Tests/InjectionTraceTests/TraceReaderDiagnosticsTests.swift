import Testing
import Injection
@testable import InjectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct TraceReaderDiagnosticsTests {
    static let end = #"{"kind":"end","t":9,"reason":"exit"}"#

    private func read(_ bytes: [UInt8]) throws -> TraceFile {
        try TraceReader.read(bytes: bytes)
    }

    // MARK: - Bad lines are skipped with an exact message, the rest is kept

    @Test func truncatedLastLine() throws {
        var bytes = TraceFixtures.lines(TraceFixtures.headerLine, Self.end)
        bytes += Array(#"{"kind":"end","t":1"#.utf8)
        let file = try read(bytes)
        #expect(file.records.count == 1)
        #expect(file.diagnostics.map(\.description) == [
            "line 3: error: truncated line: the stream ended after 19 bytes without a newline; ignored",
        ])
    }

    @Test func garbageLine() throws {
        let file = try read(TraceFixtures.lines(TraceFixtures.headerLine, "garbage!", Self.end))
        #expect(file.records.count == 1)
        #expect(file.diagnostics.map(\.description) == [
            "line 2: error: invalid JSON at column 1: expected '{' at the start of the line; line skipped",
        ])
    }

    @Test func invalidUTF8InAName() throws {
        var bytes = TraceFixtures.lines(TraceFixtures.headerLine)
        bytes += Array(#"{"kind":"end","t":1,"reason":"ab"#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        bytes += TraceFixtures.lines(Self.end)
        let file = try read(bytes)
        #expect(file.records.count == 1)
        #expect(file.diagnostics.map(\.description) == [
            "line 2: error: invalid UTF-8 in the string at column 30; line skipped",
        ])
    }

    @Test func enormousLineIsSkipped() {
        var reader = TraceReader(maximumLineLength: 100)
        var records = reader.feed(TraceFixtures.lines(TraceFixtures.headerLine))
        let huge = #"{"kind":"end","t":1,"reason":""# + String(repeating: "x", count: 500) + "\"}\n"
        // Fed in pieces, as a socket delivers it: reported once, as soon as it is too long.
        let hugeBytes = Array(huge.utf8)
        records += reader.feed(hugeBytes[0..<150])
        #expect(reader.diagnostics.map(\.description) == ["line 2: error: line is longer than 100 bytes; skipped"])
        records += reader.feed(hugeBytes[150...])
        records += reader.feed(TraceFixtures.lines(Self.end))
        records += reader.finish()
        #expect(records.count == 2)
        #expect(reader.takeDiagnostics().count == 1)
        #expect(reader.lineCount == 3)
    }

    /// A live listener takes names within a bound: a line naming a longer one (wherever the
    /// name is: a service, a requester in a chain, a container) is skipped with an error that
    /// counts them, the rest of the stream is read, and a name at the bound is taken whole.
    @Test func nameLongerThanTheBoundSkipsItsLine() {
        var reader = TraceReader(maximumNameLength: 1_000)
        let atBound = String(repeating: "A", count: 1_000), past = String(repeating: "B", count: 1_001)
        func registered(_ sequence: Int, type: String, container: String = "app") -> String {
            #"{"kind":"registered","seq":\#(sequence),"t":\#(sequence),"thread":1,"service":{"type":"\#(type)","container":"\#(container)"},"scope":"unique","at":"A.swift:1"}"#
        }
        let missing = #"{"kind":"missing","seq":4,"t":4,"thread":1,"requested":{"type":"X","container":"app"},"chain":[{"type":"\#(past)","container":"app"}]}"#
        let records = reader.feed(TraceFixtures.lines(
            TraceFixtures.headerLine, registered(1, type: atBound), registered(2, type: past),
            registered(3, type: "C", container: past), missing, Self.end))
        #expect(records.count == 3)
        if case .event(let event) = records[1], case .registered(let registered) = event.kind {
            #expect(registered.service.type == atBound)
        } else {
            Issue.record("the name at the bound is not taken: \(records)")
        }
        #expect(reader.linesWithLongNames == 3)
        #expect(reader.takeDiagnostics().map(\.description) == [
            "line 3: error: a name of 1001 bytes, longer than the 1000 a name may have here (1 such line so far); line skipped",
            "line 4: error: a name of 1001 bytes, longer than the 1000 a name may have here (2 such lines so far); line skipped",
            "line 5: error: a name of 1001 bytes, longer than the 1000 a name may have here (3 such lines so far); line skipped",
        ])
        // A file's reader takes names of any length up to its line's.
        var file = TraceReader()
        #expect(file.feed(TraceFixtures.lines(TraceFixtures.headerLine, registered(1, type: String(repeating: "L", count: 500_000)))).count == 2)
        #expect(file.takeDiagnostics().isEmpty)
    }

    @Test func unknownKindAndFieldsAreWarnings() throws {
        let file = try read(TraceFixtures.lines(
            TraceFixtures.headerLine,
            #"{"kind":"teleported","seq":1}"#,
            #"{"kind":"end","t":1,"reason":"x","color":"blue","extra":{"a":[1,2.5e3,null,true]}}"#,
            #"{"kind":"teleported","seq":2}"#,
            #"{"kind":"end","t":2,"reason":"y","color":"red"}"#))
        #expect(file.records.count == 2)
        #expect(file.diagnostics.map(\.description) == [
            #"line 2: warning: unknown record kind "teleported"; ignored (later ones are not reported)"#,
            #"line 3: warning: unknown field "color" in a "end" record; ignored (later ones are not reported)"#,
            #"line 3: warning: unknown field "extra" in a "end" record; ignored (later ones are not reported)"#,
        ])
    }

    @Test func missingFieldAndBadValues() throws {
        let file = try read(TraceFixtures.lines(
            TraceFixtures.headerLine,
            #"{"kind":"resolved","seq":1,"t":1,"thread":1,"scope":"unique","outcome":"created","source":"factory","ns":1,"depth":1}"#,
            #"{"kind":"resolved","seq":2,"t":1,"thread":1,"service":{"type":"A","container":"c"},"scope":"unique","outcome":"made","source":"factory","ns":1,"depth":1}"#,
            #"{"kind":"end","t":-1,"reason":"x"}"#,
            #"{"kind":"registered","seq":3,"t":1,"thread":1,"service":{"type":"A"},"scope":"unique","at":"A.swift:1"}"#,
            #"{"kind":"registered","seq":4,"t":1,"thread":1,"service":{"type":"A","container":"c"},"scope":"unique","at":"nowhere"}"#))
        #expect(file.records.isEmpty)
        #expect(file.diagnostics.map(\.description) == [
            #"line 2: error: "resolved" record has no "service"; line skipped"#,
            #"line 3: error: "outcome" is "made"; expected one of created, cached; line skipped"#,
            #"line 4: error: "t" must be a non-negative integer; line skipped"#,
            #"line 5: error: "service" has no "container"; line skipped"#,
            #"line 6: error: "at" must be "File.swift:LINE", found "nowhere"; line skipped"#,
        ])
    }

    @Test func duplicateSequenceNumbers() throws {
        let resolved = { (seq: Int) in
            #"{"kind":"scopeReset","seq":\#(seq),"t":1,"thread":1,"container":"c","scope":"cached","discarded":0}"#
        }
        let file = try read(TraceFixtures.lines(TraceFixtures.headerLine, resolved(1), resolved(2), resolved(1)))
        #expect(file.records.count == 3)
        #expect(file.diagnostics.map(\.description) == ["line 4: warning: duplicate seq 1"])
    }

    @Test func aNewHeaderStartsANewStream() throws {
        let reset = #"{"kind":"scopeReset","seq":1,"t":1,"thread":1,"container":"c","scope":"cached","discarded":0}"#
        let file = try read(TraceFixtures.lines(TraceFixtures.headerLine, reset, TraceFixtures.headerLine, reset))
        #expect(file.records.count == 3)
        #expect(file.diagnostics == [])
    }

    // MARK: - No usable header: a thrown error

    @Test func missingHeaderIsThrown() {
        #expect(throws: TraceReadError.notATrace(path: "<memory>", problem: TraceDiagnostic(
            .error, line: 1, #"expected a di-trace header first ({"format":"di-trace","version":1,…})"#))) {
            try read(TraceFixtures.lines(Self.end))
        }
        let error = TraceReadError.notATrace(path: "t.ndjson", problem: TraceDiagnostic(.error, line: 1, "x"))
        #expect(error.description == "t.ndjson is not a usable di-trace file: line 1: error: x")
    }

    @Test func wrongFormatIsThrown() {
        #expect(throws: TraceReadError.notATrace(path: "<memory>", problem: TraceDiagnostic(
            .error, line: 1, #"not a di-trace header: "format" is "other""#))) {
            try read(TraceFixtures.lines(#"{"format":"other","version":1,"app":"a","pid":1,"start":"s"}"#))
        }
    }

    @Test func newerMajorVersionIsThrown() {
        #expect(throws: TraceReadError.notATrace(path: "<memory>", problem: TraceDiagnostic(
            .error, line: 1, "trace format version 2 is newer than this reader understands (1); update di-inspect"))) {
            try read(TraceFixtures.lines(
                #"{"format":"di-trace","version":2,"app":"a","pid":1,"start":"s"}"#, Self.end))
        }
    }

    @Test func newerVersionMidStreamIgnoresItsRecords() {
        var reader = TraceReader()
        let records = reader.feed(TraceFixtures.lines(
            TraceFixtures.headerLine, Self.end,
            #"{"format":"di-trace","version":2,"app":"a","pid":1,"start":"s"}"#, Self.end,
            TraceFixtures.headerLine, Self.end))
        #expect(records.map(\.kindName) == ["header", "end", "header", "end"])
        #expect(reader.takeDiagnostics().map(\.description) == [
            "line 3: error: trace format version 2 is newer than this reader understands (1); update di-inspect",
        ])
    }

    @Test func emptyAndUnreadableFiles() {
        #expect(throws: TraceReadError.empty(path: "<memory>")) { try read(Array("\n\n".utf8)) }
        #expect(throws: TraceReadError.unreadable(path: "/nonexistent/trace.ndjson", reason: "No such file or directory")) {
            try TraceReader.read(contentsOfFile: "/nonexistent/trace.ndjson")
        }
        #expect(TraceReadError.empty(path: "t").description == "t is empty: a trace starts with a di-trace header line")
        #expect(TraceReadError.unreadable(path: "t", reason: "Permission denied").description
            == "cannot read trace t: Permission denied")
    }

    @Test func readsAFile() throws {
        let path = "/tmp/di-trace-reader-test-\(getpid()).ndjson"
        defer { unlink(path) }
        let bytes = TraceFixtures.everyKindTrace
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let file = try TraceReader.read(contentsOfFile: path)
        #expect(file.records.count == TraceFixtures.everyKind.count)
        #expect(file.diagnostics == [])
    }
}
