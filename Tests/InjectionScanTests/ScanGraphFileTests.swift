import Foundation
import Injection
import InjectionGraph
import Testing
@testable import InjectionScan

/// The scan-graph file: what is written is read back whole, deterministically; additions are
/// ignored by this reader; a newer version is refused by name.
struct ScanGraphFileTests {
    static var sample: Declarations {
        var app = DeclaredFixture()
        let first = app.register("Logger", line: 12)
        app.register("Logger", line: 40, overrides: first)
        app.register("Screen", scope: "singleton", line: 3)
        app.ask("Logger", from: "Screen", kind: .lazy, line: 8)
        app.ask("Missing", from: nil, line: 9)
        app.declarations.containers = [DeclaredContainer(name: "app", kind: "container", location: DeclaredFixture.at(1), conditions: ["DEBUG"])]
        app.declarations.notes = [ScanNote(kind: "syntax", message: "expected '}'", location: DeclaredFixture.at(7, "Bad.swift"))]
        app.declarations.protocols = ["Logging"]
        return app.declarations
    }

    @Test func whatIsWrittenIsReadBackAndTheBytesAreStable() throws {
        let text = try ScanGraphFile.write(Self.sample)
        #expect(text.hasPrefix(#"{"defines":[],"files":3,"format":"di-scan-graph","root":"Sources/App","#))
        #expect(try ScanGraphFile.read(text) == Self.sample)
        #expect(try ScanGraphFile.write(ScanGraphFile.read(text)) == text)
    }

    @Test func fieldsAndRecordsThisReaderDoesNotKnowAreIgnored() throws {
        var lines = try ScanGraphFile.write(Self.sample).split(separator: "\n").map(String.init)
        lines[0] = String(lines[0].dropLast()) + #","futureField":true}"#
        lines.append(#"{"futureRecord":{"x":1}}"#)
        lines[2] = String(lines[2].dropLast(2)) + #","futureField":[1,2]}}"#
        #expect(try ScanGraphFile.read(lines.joined(separator: "\n")) == Self.sample)
    }

    @Test func aNewerVersionOrAnotherFileIsAClearError() throws {
        let text = try ScanGraphFile.write(Self.sample).replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
        #expect(throws: ScanGraphFile.ReadError.newerVersion(2)) { try ScanGraphFile.read(text) }
        #expect(throws: ScanGraphFile.ReadError.notAScan) { try ScanGraphFile.read(#"{"format":"di-trace","version":1}"#) }
        #expect(throws: ScanGraphFile.ReadError.badLine(2, "not a di-scan-graph record")) {
            try ScanGraphFile.read(#"{"defines":[],"files":1,"format":"di-scan-graph","root":".","tool":"t","unreadable":0,"version":1}"# + "\n{oops")
        }
    }
}
