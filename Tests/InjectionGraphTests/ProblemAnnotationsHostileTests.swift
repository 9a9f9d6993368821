import Injection
import Testing
@testable import InjectionGraph

/// A trace's file IDs are the app's text, like service names: `check --format xcode|github|sarif`
/// must not let one carry a terminal sequence or a line break into the terminal, the CI log or the
/// SARIF file.
struct ProblemAnnotationsHostileTests {
    typealias B = TraceBuilder

    /// A missing registration whose resolve site is a hostile file ID: a screen-clearing sequence,
    /// a line break that would start a forged diagnostic, and a GitHub command separator.
    static var hostileTrace: TraceBuilder {
        var trace = TraceBuilder()
        trace.container("app")
        trace.event(.missing(MissingRegistration(
            requested: B.id("Gateway"), requesterChain: [B.id("Screen")], nearMisses: [],
            fix: "app.register { Gateway() }",
            location: B.at(7, "Evil\u{1B}[2J.swift\nForged.swift:1: error: fake::x"))))
        return trace
    }

    static func annotations() -> ProblemAnnotations {
        let graph = hostileTrace.graph
        return ProblemAnnotations(report: graph.check(), graph: graph) { $0 }
    }

    @Test func theFileIDIsEscapedInTheAnnotation() throws {
        let annotation = try #require(Self.annotations().annotations.first)
        #expect(annotation.rule == "missing")
        #expect(annotation.file == "Evil\\u{1B}[2J.swift\\u{0A}Forged.swift:1: error: fake::x")
        #expect(annotation.line == 7)
    }

    @Test func xcodeLinesCarryNoEscapeAndNoForgedLine() {
        let xcode = Self.annotations().xcode(fallbackFile: "trace.ndjson")
        #expect(!xcode.unicodeScalars.contains("\u{1B}"))
        let lines = xcode.split(separator: "\n")
        // Every line starts at the (escaped) file: no line of its own for the forged diagnostic.
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("Evil\\u{1B}[2J.swift\\u{0A}Forged.swift:1: error: fake::x:7: ") }, "\(xcode)")
        #expect(!lines.contains { $0.hasPrefix("Forged.swift") })
    }

    @Test func githubCommandsStayOneLineWithEncodedSeparators() throws {
        let github = Self.annotations().github()
        #expect(!github.unicodeScalars.contains("\u{1B}"))
        let lines = github.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(github)")
        let line = try #require(lines.first)
        // `:` and `,` inside a property are percent-encoded, so the forged `::` cannot end the
        // properties early.
        #expect(line.hasPrefix("::error file=Evil\\u{1B}[2J.swift\\u{0A}Forged.swift%3A1%3A error%3A fake%3A%3Ax,line=7,"), "\(line)")
    }

    @Test func sarifHasTheEscapedURIAndNoRawControlCharacter() {
        let sarif = Self.annotations().sarif(toolVersion: "test")
        #expect(!sarif.unicodeScalars.contains("\u{1B}"))
        #expect(!sarif.contains("Evil\u{1B}"))
        // The escaped file ID, percent-encoded as a URI reference.
        #expect(sarif.contains("\"uri\":\"Evil%5Cu%7B1B%7D%5B2J.swift%5Cu%7B0A%7DForged.swift%3A1%3A%20error%3A%20fake%3A%3Ax\""), "\(sarif)")
    }
}
