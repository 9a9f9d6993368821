import Injection
import ArgumentParser
import InjectionGraph

/// `di-inspect diff BASE HEAD [--json]`: what changed between two runs, and whether HEAD adds a
/// problem (exit 1) — a CI gate.
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
            """)

    @Argument(help: "The trace of the base run (before the change).")
    var base: String

    @Argument(help: "The trace of the head run (after the change).")
    var head: String

    @Flag(help: "Print the diff as JSON.")
    var json = false

    func run() throws {
        let diff = GraphDiff(base: try loadGraph(base), head: try loadGraph(head))
        print(json ? diff.json : diff.text.escapingControlCharacters(keepingNewlines: true), terminator: "")
        if diff.hasNewProblems { throw ExitCode(1) }
    }
}
