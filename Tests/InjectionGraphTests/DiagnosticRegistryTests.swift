import Foundation
import Testing
@testable import InjectionGraph
import Injection

/// The diagnostic registry (`DiagnosticKind.all`) is the one list of what `check` can report:
/// every problem a graph produces is registered, every registered kind is produced by some
/// fixture, and each has what every output needs (a SARIF rule, a title, a line in the JSON
/// documentation). A diagnostic added without its registry entry, or an entry no output knows,
/// fails here.
struct DiagnosticRegistryTests {
    /// Problems and notes of every kind: the every-diagnostic fixture, a layer breach, a
    /// shadowed registration and a captive that holds nothing.
    static var reports: [DiagnosticsReport] {
        [Fixtures.everyDiagnostic, SilentBugProblemTests.layered(breach: true), SilentBugProblemTests.modules(),
         Fixtures.statelessCaptive, LifetimeRuleTests.everyLifetimeKind]
            .map { $0.graph.check() } + [scanned.check(strict: true)]
    }

    /// A scan's own diagnostics: a key registered twice (a warning, a problem with --strict) and
    /// a note of every kind the scan writes.
    static var scanned: DependencyGraph {
        func at(_ line: Int) -> DeclaredLocation { DeclaredLocation(path: "A.swift", line: line, column: 1, fileID: "App/A.swift") }
        let logger = ServiceIdentity(type: "Logger", container: "app")
        let first = DeclaredRegistration(id: 1, service: logger, location: at(1))
        let second = DeclaredRegistration(id: 2, service: logger, location: at(2), overrides: 1)
        var graph = DependencyGraph()
        graph.declare(Declarations(
            summary: ScanSummary(root: ".", tool: "test", files: 1), registrations: [first, second],
            notes: ["unreadable", "syntax", "unrecognized", "unresolved", "guessed", "containersReadAsOne"].enumerated().map {
                ScanNote(kind: $1, message: "a \($1) fact", location: at(10 + $0))
            }))
        graph.declareProblem(DeclaredProblem(.overridden(DeclaredOverride(replaced: first, winner: second)), severity: .warning))
        return graph
    }

    @Test func everyProblemAGraphReportsIsRegisteredAndEveryRegisteredKindIsReported() {
        let reported = Self.reports.flatMap(\.all).map(\.diagnostic)
        #expect(reported.allSatisfy { DiagnosticKind.all.contains($0) })
        #expect(Set(reported) == Set(DiagnosticKind.all))
        // Notes are the registry's notes.
        let notes = Self.reports.flatMap(\.notes).map(\.diagnostic)
        #expect(Set(notes) == Set(DiagnosticKind.all.filter(\.isNote)))
    }

    @Test func namesAreUniqueAndEveryKindSaysWhatItIs() {
        #expect(Set(DiagnosticKind.all.map(\.name)).count == DiagnosticKind.all.count)
        for kind in DiagnosticKind.all {
            #expect(!kind.title.isEmpty && kind.summary.hasSuffix("."), "\(kind.name)")
            #expect(DiagnosticKind.named(kind.name) == kind)
        }
    }

    @Test func everyRegisteredKindHasASARIFRule() throws {
        for kind in DiagnosticKind.all {
            #expect(ProblemAnnotations.ruleDescription(kind.name) == kind.summary, "\(kind.name)")
        }
        // A report's SARIF names a rule per kind found, described by the registry.
        let graph = Fixtures.everyDiagnostic.graph
        let sarif = ProblemAnnotations(report: graph.check(), graph: graph) { $0 }.sarif(toolVersion: "test")
        for problem in graph.check().all {
            #expect(sarif.contains(#""id":"\#(problem.kind)""#), "\(problem.kind)")
            #expect(sarif.contains(problem.diagnostic.summary), "\(problem.kind)")
        }
    }

    @Test func everyRegisteredKindIsDocumentedInTheCheckJSONFormat() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/CHECK_JSON.md"), encoding: .utf8)
        for kind in DiagnosticKind.all {
            #expect(document.contains("| `\(kind.name)` |"), "\(kind.name) has no row in docs/CHECK_JSON.md")
        }
    }
}
