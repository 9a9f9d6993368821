import Foundation
import Testing

/// `di-inspect diff` and `export --layers` on real sample-app runs.
@Suite(.serialized)
struct DiffTests {
    private func record(_ faults: [String]) throws -> String {
        try Command.recordSampleApp(faults: faults)
    }

    @Test func aRunWithACycleFailsTheGateAndListsTheCycleAsNew() throws {
        let base = try record([])
        let head = try record(["cycle"])
        defer {
            try? FileManager.default.removeItem(atPath: base)
            try? FileManager.default.removeItem(atPath: head)
        }
        let diff = try Command.run(Command.path(of: "di-inspect"), ["diff", base, head])
        #expect(diff.status == 1, "\(diff.stdout)\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("HEAD adds 1 problem:"))
        #expect(diff.stdout.contains("New problems (1)\n  [cycle] Dependency cycle: ProfileCycleViewModel → ProfileCycleUseCase → ProfileCycleViewModel in 'app'"))
        #expect(diff.stdout.contains("  + ProfileCycleViewModel in 'app'"))
        #expect(diff.stdout.contains("  + ProfileCycleViewModel → ProfileCycleUseCase"))

        let json = try Command.run(Command.path(of: "di-inspect"), ["diff", base, head, "--json"])
        #expect(json.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["format"] as? String == "di-diff")
        #expect(document?["hasNewProblems"] as? Bool == true)
        let problems = document?["problems"] as? [String: Any]
        let new = problems?["new"] as? [[String: Any]]
        #expect(new?.map { $0["kind"] as? String } == ["cycle"])

        // The other way round the cycle is fixed, and that passes the gate.
        let reverse = try Command.run(Command.path(of: "di-inspect"), ["diff", head, base])
        #expect(reverse.status == 0, "\(reverse.stdout)")
        #expect(reverse.stdout.contains("Fixed problems (1)\n  [cycle]"))
        #expect(reverse.stdout.contains("  − ProfileCycleViewModel in 'app'"))
    }

    @Test func diffExitsTwoOnAnUnreadableTrace() throws {
        let base = try record([])
        defer { try? FileManager.default.removeItem(atPath: base) }
        let diff = try Command.run(Command.path(of: "di-inspect"), ["diff", base, "/nonexistent/head.ndjson"])
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("/nonexistent/head.ndjson"))
    }

    @Test func layerExportIsValidDotAndMermaid() throws {
        let trace = try record([])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let dotFile = Command.temporaryFile(".dot")
        defer { try? FileManager.default.removeItem(atPath: dotFile) }
        let export = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--layers", "-o", dotFile])
        #expect(export.status == 0, "\(export.stderr)")
        let dotText = try String(contentsOfFile: dotFile, encoding: .utf8)
        #expect(dotText.hasPrefix("digraph layers {"))
        for layer in ["app/ViewModel", "app/UseCase", "app/Repository", "app/Network"] {
            #expect(dotText.contains("[label=\"\(layer)\\n"), "no node for \(layer)")
        }
        let dot = try Command.run("/usr/bin/env", ["dot", "-Tsvg", "-o", "/dev/null", dotFile])
        #expect(dot.status == 0, "dot rejected the export: \(dot.stderr)")

        let mermaid = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--layers", "--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart TB\n  l0[\"app/ViewModel<br/>"))
        let json = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--layers", "--format", "json"])
        #expect(json.status != 0)
        #expect(json.stderr.contains("--layers writes dot, svg or mermaid, not json."))
    }
}
