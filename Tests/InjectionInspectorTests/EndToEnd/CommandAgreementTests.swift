import Foundation
import Injection
import InjectionTrace
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The other half of ``ProblemAgreementTests``: for every fault of the sample app, the
/// commands without a terminal (`list cycles|missing|overrides`, `why`, `export`) and the
/// inspector's `e` name the same services and problems as `check`.
struct CommandAgreementTests {
    /// Runs the built `di-inspect` with `arguments`.
    static func diInspect(_ arguments: [String]) throws -> Spawn.Result {
        let binary = try #require(BuiltProducts.diInspect, "build the package first")
        return Spawn.run([binary] + arguments)
    }

    @Test(arguments: ProblemAgreementTests.faults)
    func listWhyAndExportsAgreeWithCheck(fault: String) throws {
        let diInspect = try #require(BuiltProducts.diInspect, "build the package first")
        let sampleApp = try #require(BuiltProducts.sampleApp)
        let trace = "/tmp/di-commands-\(fault)-\(UInt64.random(in: 0...UInt64.max)).ndjson"
        defer { unlink(trace) }
        let recorded = Spawn.run([diInspect, "record", "-o", trace, "--", sampleApp, "--duration", "0.6",
                                  "--interval-ms", "2", "--fault", fault])
        try #require(recorded.status == 0, "\(recorded.output)")
        let graph = DependencyGraph(records: try TraceReader.read(contentsOfFile: trace).records)
        let report = graph.check()
        try #require(!report.all.isEmpty, "the \(fault) fault produced nothing to report")

        let cycles = try Self.diInspect(["list", trace, "cycles"]).output
        let missing = try Self.diInspect(["list", trace, "missing"]).output
        let overrides = try Self.diInspect(["list", trace, "overrides"]).output
        let json = try Self.diInspect(["export", trace, "--format", "json"]).output
        #expect(!overrides.contains("heldByLongLived") && !overrides.contains("reported\n"), "internal names leak:\n\(overrides)")

        var model = InspectorModel(connection: .file("\(fault).ndjson"))
        model.apply(try TraceReader.read(contentsOfFile: trace).records, now: 0)
        var state = InspectorState()
        state.sync(with: model)

        for problem in report.all {
            switch problem {
            case .cycle(let cycle):
                #expect(cycles.contains("↻  cycle") && cycles.contains(cycle.cycle.pathDescription), "\(fault): list cycles:\n\(cycles)")
            case .dependencyLoop(let loop):
                #expect(cycles.contains(loop.pathDescription), "\(fault): list cycles:\n\(cycles)")
            case .lazyLoop(let loop):
                #expect(cycles.contains("⇢  broken lazily (note)") && cycles.contains(loop.pathDescription), "\(fault): list cycles:\n\(cycles)")
            case .missing(let item), .resolvedToNil(let item):
                let mark = if case .missing = problem { "✗" } else { "∅" }
                let row = "\(mark)  \(item.requested.qualifiedDescription)"
                #expect(missing.contains(row), "\(fault): list missing lacks \(row):\n\(missing)")
                // `why` answers for the exact service check names, whatever else shares its type.
                let why = try Self.diInspect(["why", trace, item.requested.qualifiedDescription])
                #expect(why.status == 0, "\(fault): why \(item.requested.qualifiedDescription): \(why.output)")
                let verb = if case .missing = problem { "was missing" } else { "resolved to nil" }
                #expect(why.output.contains("\(item.requested.qualifiedDescription) \(verb)"), "\(fault): \(why.output)")
            case .staleOverride(let record):
                #expect(overrides.contains(record.from.description) && overrides.contains("stale: "), "\(fault): list overrides:\n\(overrides)")
            case .activeMapping(let record):
                #expect(overrides.contains(record.from.description) && overrides.contains("still active at the end of the trace"),
                        "\(fault): list overrides:\n\(overrides)")
            case .scopeMismatch:
                break  // Scopes: `list scopes` counts services per scope; the problem is check's and the view's.
            case .layerBreach(let breach):
                let layers = try Self.diInspect(["list", trace, "layers"]).output
                #expect(layers.contains(breach.against[0].from.description), "\(fault): list layers:\n\(layers)")
            case .shadowed(let shadow):
                let why = try Self.diInspect(["why", trace, shadow.answering.service.qualifiedDescription])
                let headline = String(shadow.message.prefix { $0 != "\n" })
                #expect(why.output.contains(headline), "\(fault): why \(shadow.answering.service): \(why.output)")
            case .overridden, .scanNote:
                Issue.record("\(fault): a run reported a scan's problem: \(problem.message)")
            case .replacedInstance, .crossContainer, .unkeptScope:
                // `why` of the service it is about explains it.
                let service = problem.services[problem.kind == "crossContainer" ? 1 : 0]
                let why = try Self.diInspect(["why", trace, service.qualifiedDescription])
                let headline = String(problem.message.prefix { $0 != "\n" })
                #expect(why.output.contains(headline), "\(fault): why \(service): \(why.output)")
            }
            // Every service a problem names is in the JSON export, and in what the inspector's
            // `e` writes from the problem's tab.
            let tab = Character(String(["layers": 2, "scopes": 3, "cycles": 4, "overrides": 5, "missing": 6][problem.area.rawValue]!))
            var onTab = state
            _ = onTab.handle(.character(tab), model: model)
            if problem.area == .layers {
                // Layers exports what its diagram shows: the layer summary, breaches marked.
                #expect(onTab.exportRequest(model: model).content == .layers, "\(fault): Layers exports the layer summary")
                continue
            }
            let label = ProblemAgreementTests.viewLabel(problem)
            let row = try #require(onTab.items.firstIndex { $0.label.contains(label) || $0.cells.contains { $0.contains(label) } },
                                   "\(fault): the \(problem.area) tab has no row for \(label)")
            onTab.selections[onTab.route] = Selection(id: onTab.items[row].id, index: row)
            onTab.sync(with: model)
            guard case .graph(let options) = onTab.exportRequest(model: model).content else {
                Issue.record("\(fault): the \(problem.area) tab exports no services")
                continue
            }
            let exported = Set(graph.selection(options).nodes)
            for identity in problem.services {
                guard let node = graph.nodeID(for: identity) else { continue }  // a missing service is no node
                let inJSON = json.contains(#""type":"\#(identity.type)""#)
                    && (identity.member.map { json.contains(#""member":"\#($0)""#) } ?? true)
                #expect(inJSON, "\(fault): the JSON export lacks \(identity)")
                #expect(exported.contains(node), "\(fault): the \(problem.area) tab's export lacks \(identity)")
            }
        }
    }

    @Test func anAmbiguousNameIsAnErrorThatListsTheCandidates() throws {
        let diInspect = try #require(BuiltProducts.diInspect, "build the package first")
        let sampleApp = try #require(BuiltProducts.sampleApp)
        let trace = "/tmp/di-commands-typo-\(UInt64.random(in: 0...UInt64.max)).ndjson"
        defer { unlink(trace) }
        _ = Spawn.run([diInspect, "record", "-o", trace, "--", sampleApp, "--duration", "0.6", "--interval-ms", "2",
                       "--fault", "name-typo"])
        let why = try Self.diInspect(["why", trace, "HTTPClient"])
        #expect(why.status == 2)
        #expect(why.output.contains("'HTTPClient' matches 3 services"), "\(why.output)")
        #expect(why.output.contains(#"HTTPClient (name: "autenticated") in 'app'"#), "\(why.output)")
        let export = try Self.diInspect(["export", trace, "--focus", "HTTPClient"])
        // export looks among services only: the misspelt name was requested, never registered.
        #expect(export.status == 2 && export.output.contains("'HTTPClient' matches 2 services"), "\(export.output)")

        let unused = try Self.diInspect(["why", trace, #"HTTPClient (name: "public")"#])
        #expect(unused.status == 0)
        #expect(unused.output.hasPrefix(#"HTTPClient (name: "public") in 'app' is registered at SampleApp/Registrations.swift:"#),
                "\(unused.output)")
        #expect(unused.output.contains("but was never resolved in this trace"), "\(unused.output)")
    }
}
