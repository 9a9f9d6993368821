import ArgumentParser
import Foundation
import Injection
import InjectionGraph
import InjectionInspector

/// `di-inspect run -- COMMAND [ARGS…]`: any app that uses Injection, live.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Launch an app that uses Injection and inspect it live.",
        discussion: """
              $ di-inspect run -- .build/debug/MyApp
            """)

    @Option(help: "Listen on this unix socket (default: a private one for this run).")
    var socket: String?

    @OptionGroup var live: LiveOptions

    @Flag(help: "Leave the app running when the inspector ends (by default it gets SIGTERM, then SIGKILL).")
    var keepApp = false

    @Argument(parsing: .postTerminator, help: "The command to run, after '--'.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("Give the command to run after '--', as in: di-inspect run -- ./my-app") }
    }

    func run() throws {
        let path = socket ?? TraceDestination.defaultSocketDirectory() + "/run-\(getpid()).sock"
        let status = try LiveInspection(
            address: .unix(path: path), launch: command, noColor: live.noColor, memoryBudget: live.memoryBudgetBytes, keepApp: keepApp
        ).run()
        // The terminal is restored and the launched app ended: the memory's unmapping need not
        // delay the exit (ProcessEnd).
        ProcessEnd.exit(status)
    }
}
