import Injection
import ArgumentParser
import InjectionTrace

/// `di-inspect`: reads the events an app's containers report (a trace file, or live) and shows
/// the dependency graph.
///
/// ```
/// $ di-inspect check trace.ndjson
/// $ di-inspect export trace.ndjson --format dot | dot -Tsvg > graph.svg
/// ```
@main
struct DIInspect: ParsableCommand {
    /// The subcommands that need no terminal. Interactive ones (`demo`, `run`, `listen`, `open`)
    /// are listed in ``interactiveCommands``; add a command by appending its type to either list.
    static let headlessCommands: [any ParsableCommand.Type] = [
        RecordCommand.self, CheckCommand.self, ScanCommand.self, ExportCommand.self, ListCommand.self, WhyCommand.self, DiffCommand.self,
    ]

    /// The ncurses inspector's subcommands.
    static let interactiveCommands: [any ParsableCommand.Type] = [
        DemoCommand.self, RunCommand.self, ListenCommand.self, OpenCommand.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "di-inspect",
        abstract: "Inspect the dependency graph of an app that uses Injection.",
        version: InjectionVersion.current,
        subcommands: interactiveCommands + headlessCommands)

    func run() throws {
        print("""
            di-inspect shows what an app's containers registered and resolved.

              di-inspect demo                                  the bundled sample app, live (try --fault cycle)
              di-inspect run -- ./my-app                       launch your app and watch it live
              di-inspect listen --tcp 127.0.0.1:7777           wait for apps started with DI_INSPECT=tcp:…
              di-inspect open trace.ndjson                     browse a recorded trace
              di-inspect record -o trace.ndjson -- ./my-app   record a trace while the app runs
              di-inspect check trace.ndjson                    list missing registrations, cycles, …
              di-inspect export trace.ndjson --format dot      the graph for Graphviz (or json, mermaid)
              di-inspect diff base.ndjson head.ndjson          what changed between two runs (exit 1 on a new problem)

            Type 'di-inspect help <subcommand>' for details.
            """)
    }
}
