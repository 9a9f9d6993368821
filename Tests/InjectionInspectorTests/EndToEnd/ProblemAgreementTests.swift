import Foundation
import Injection
import InjectionTrace
import InjectionGraph
import Testing
@testable import InjectionInspector

/// `check`, the inspector and the dot export derive from one problem list: for every fault of
/// the sample app, each problem `check` reports (and each note) has a badge on its tab, an item
/// in that tab's view, and a mark in dot.
struct ProblemAgreementTests {
    static let faults = [
        "missing", "cycle", "captive", "stale-override", "name-typo", "optional-missing", "mapping-left-active",
        "lazy-cycle", "layer-breach", "background-container", "shadowed-child", "decorator-captive",
        "replaced-session", "unkept-cache", "stray-injected",
    ]

    /// Records the sample app with `fault` and reads the trace back.
    static func record(_ fault: String) throws -> [TraceRecord] {
        let diInspect = try #require(BuiltProducts.diInspect, "build the package first")
        let sampleApp = try #require(BuiltProducts.sampleApp)
        let trace = "/tmp/di-agree-\(fault)-\(UInt64.random(in: 0...UInt64.max)).ndjson"
        defer { unlink(trace) }
        let result = Spawn.run([diInspect, "record", "-o", trace, "--", sampleApp, "--duration", "0.6",
                                "--interval-ms", "2", "--fault", fault])
        #expect(result.status == 0, "\(result.output)")
        return try TraceReader.read(contentsOfFile: trace).records
    }

    /// What the view of a problem's tab shows for it.
    static func viewLabel(_ problem: GraphProblem) -> String {
        switch problem {
        case .missing(let missing): "✗ \(missing.requested.qualifiedDescription)"
        case .resolvedToNil(let missing): "∅ \(missing.requested.qualifiedDescription)"
        case .cycle(let cycle): "↻ \(cycle.cycle.pathDescription)"
        case .dependencyLoop(let loop): "↻ \(loop.pathDescription)"
        case .lazyLoop(let loop): "⇢ \(loop.pathDescription)"
        case .scopeMismatch(let record): "⚠ captive: \(record.mismatch.holder.description) (\(record.mismatch.holderScope))"
        case .staleOverride(let record), .activeMapping(let record): "\(record.from) → \(record.to)"
        case .layerBreach(let breach): breach.against[0].description
        case .shadowed(let shadow): OverridesView.shadowLabel(shadow)
        case .overridden, .scanNote: problem.message  // a scan's: no run reports them
        case .replacedInstance(let replaced): ScopesView.label(replaced)
        case .crossContainer(let reach): ScopesView.label(reach)
        case .unkeptScope(let unkept): ScopesView.label(unkept)
        }
    }

    /// The mark dot draws for a problem.
    static func dotMark(_ problem: GraphProblem) -> String {
        switch problem {
        case .missing(let missing): "\(DotExporter.quoted(missing.requested.qualifiedDescription))\\n(missing)"
        case .resolvedToNil(let missing): "\(DotExporter.quoted(missing.requested.qualifiedDescription))\\n(nil: optional)"
        case .cycle, .dependencyLoop: "color=red, penwidth=2"
        case .lazyLoop: "style=dashed, arrowhead=empty"
        case .scopeMismatch: "xlabel=\"captive\""
        case .staleOverride: "(stale)\", color=orange"
        case .activeMapping: "(left active)"
        case .layerBreach: "xlabel=\"breach\""
        case .shadowed: "label=\"shadows\""
        case .overridden, .scanNote: problem.message  // a scan's: no run reports them
        case .replacedInstance: "label=\"holds replaced\""
        case .crossContainer: "label=\"other container\""
        case .unkeptScope: "xlabel=\"never kept\""
        }
    }

    static let tabs: [(area: GraphProblem.Area, key: Character, title: String)] = [
        (.layers, "2", "Layers"), (.scopes, "3", "Scopes"), (.cycles, "4", "Cycles"), (.overrides, "5", "Overrides"), (.missing, "6", "Missing"),
    ]

    @Test(arguments: faults)
    func checkInspectorAndDotAgree(fault: String) throws {
        let records = try Self.record(fault)
        var model = InspectorModel(connection: .file("\(fault).ndjson"))
        model.apply(records, now: 0)
        let report = model.graph.check()
        #expect(!report.all.isEmpty, "the \(fault) fault produced nothing to report")

        var state = InspectorState()
        state.sync(with: model)
        let tabRow = InspectorView.render(model: model, state: state, rows: 40, columns: 160)
            .textDump().split(separator: "\n")[1]
        let dot = DotExporter().render(model.graph)
        for tab in Self.tabs {
            let problems = report.problems.count { $0.area == tab.area }
            let piece = Self.tabPiece(String(tabRow), key: tab.key, title: tab.title)
            if problems > 0 {
                #expect(piece.contains("⚠\(problems)"), "\(fault): \(tab.title) should show ⚠\(problems): \(tabRow)")
            } else {
                #expect(!piece.contains("⚠"), "\(fault): \(tab.title) shows a badge but check has no problem there: \(tabRow)")
            }
            var onTab = state
            _ = onTab.handle(.character(tab.key), model: model)
            onTab.sync(with: model)
            let labels = onTab.items.map(\.label) + onTab.items.flatMap(\.cells)
            for problem in report.all where problem.area == tab.area {
                let label = Self.viewLabel(problem)
                #expect(labels.contains { $0.contains(label) }, "\(fault): the \(tab.title) view lacks \(label)")
                #expect(dot.contains(Self.dotMark(problem)), "\(fault): dot lacks the mark of \(problem.kind)")
            }
        }
    }
}

extension ProblemAgreementTests {
    /// The text of one tab in the tab row: from ` 3 Scopes` up to the next tab's key.
    static func tabPiece(_ row: String, key: Character, title: String) -> Substring {
        guard let start = row.range(of: " \(key) \(title)") else { return "" }
        let rest = row[start.upperBound...]
        let next = Character(String(key.wholeNumberValue.map { $0 + 1 } ?? 0))
        guard let end = rest.range(of: " \(next) ") else { return rest }
        return rest[..<end.lowerBound]
    }
}
