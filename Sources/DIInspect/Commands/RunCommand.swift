import ArgumentParser
import Foundation
import Injection
import InjectionGraph

/// `di-inspect run -- COMMAND [ARGS…]`: any app that uses Injection, live.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Launch an app that uses Injection and inspect it live.",
        discussion: """
              $ di-inspect run -- ./.build/debug/my-app --verbose
            """)

    @Option(help: "Listen on this unix socket (default: a private one for this run).")
    var socket: String?

    @Flag(help: "Attributes only (bold, reverse, underline); the NO_COLOR variable does the same.")
    var noColor = false

    @Argument(parsing: .postTerminator, help: "The command to run, after '--'.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("Give the command to run after '--', as in: di-inspect run -- ./my-app") }
    }

    func run() throws {
        let path = socket ?? TraceDestination.defaultSocketDirectory() + "/run-\(getpid()).sock"
        let status = try LiveInspection(address: .unix(path: path), launch: command, noColor: noColor).run()
        if status != 0 { throw ExitCode(status) }
    }
}
