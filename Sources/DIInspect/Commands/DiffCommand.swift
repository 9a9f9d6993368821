import Injection
import ArgumentParser
import InjectionGraph

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
            """)

    @Argument(help: "The trace of the base run (before the change).")
    var base: String

    @Argument(help: "The trace of the head run (after the change).")
    var head: String

    @OptionGroup var report: ReportOptions

    func run() throws {
        let headGraph = try loadGraph(head)
        let diff = GraphDiff(base: try loadGraph(base), head: headGraph)
        try report.write(text: diff.text, json: diff.json, fallbackFile: head) { path in
            ProblemAnnotations(diff: diff, head: headGraph, path: path)
        }
        if diff.hasNewProblems { throw ExitCode(1) }
    }
}
