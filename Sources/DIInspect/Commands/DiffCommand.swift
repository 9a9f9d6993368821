import Injection
import ArgumentParser
import InjectionGraph
import InjectionScan

/// `di-inspect diff BASE HEAD [--format text|json|xcode|github|sarif]`: what changed between two
/// runs, and whether HEAD adds a problem (exit 1) — a CI gate.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces: services, edges, scopes and layers added, removed or changed; problems new or fixed.",
        discussion: """
            Exits with 0 when HEAD has no problem BASE did not have, 1 when it has one (a new \
            missing registration, cycle, captive dependency, stale override or layer breach), and \
            2 when a file cannot be read.

              $ di-inspect diff main.ndjson branch.ndjson
              $ di-inspect diff main.ndjson branch.ndjson --json
              $ di-inspect diff main.ndjson branch.ndjson --format github

            With xcode, github or sarif, the problems HEAD adds (and new layer breaches) are \
            errors and the ones both runs have are warnings, each at its source line.

            When BASE is a scan (di-inspect scan -o FILE) and HEAD a run, diff compares what the \
            sources declare with what the run did: declared services never resolved (coverage), \
            services the run resolved that the scan did not see, declared edges never taken, and \
            the scan's problems the run contradicts (exit 1 when there is one: the run resolved \
            something the scan calls missing, or the scan calls an error what the run resolved), \
            for example after 'di-inspect scan Sources/MyApp -o app.scan': 'di-inspect diff app.scan \
            run.ndjson'.
            """)

    @Argument(help: "The trace of the base run (before the change).")
    var base: String

    @Argument(help: "The trace of the head run (after the change).")
    var head: String

    @OptionGroup var report: ReportOptions

    func run() throws {
        let headGraph = try loadGraph(head)
        let baseGraph = try loadGraph(base)
        if baseGraph.declarations != nil, headGraph.declarations == nil {
            let comparison = DeclaredRunComparison(scan: baseGraph, run: headGraph)
            try writeReport(report.json || report.format == .json ? comparison.json : comparison.text, to: report.output,
                            escaping: !(report.json || report.format == .json))
            if comparison.hasContradictions { throw ExitCode(1) }
            return
        }
        let diff = GraphDiff(base: baseGraph, head: headGraph)
        try report.write(text: diff.text, json: diff.json, fallbackFile: head) { path in
            ProblemAnnotations(diff: diff, head: headGraph, path: path)
        }
        if diff.hasNewProblems { throw ExitCode(1) }
    }
}
