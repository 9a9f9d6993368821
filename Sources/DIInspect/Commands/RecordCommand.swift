import Injection
import ArgumentParser
import Dispatch
import Foundation

/// `di-inspect record -o FILE -- COMMAND [ARGS…]`: runs an app with tracing to a file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a command with DI_INSPECT=file:FILE so its containers write a trace.",
        discussion: """
            Ctrl-C and SIGTERM are passed on to the command; di-inspect exits with the command's \
            status (128 + the signal's number when a signal stopped it).

              $ di-inspect record -o trace.ndjson -- sample-app --duration 2
              $ di-inspect check trace.ndjson

            sample-app is installed next to di-inspect by 'make install' (in a checkout: \
            .build/debug/sample-app); add --fault missing, --fault cycle, … for its wiring bugs. \
            Your own app: di-inspect record -o trace.ndjson -- .build/debug/MyApp
            """)

    @Option(name: .shortAndLong, help: "The trace file to write.")
    var output: String

    @Argument(parsing: .postTerminator, help: "The command to run, after '--'.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("Give the command to run after '--', as in: record -o trace.ndjson -- ./my-app") }
    }

    func run() throws {
        let path = URL(fileURLWithPath: output).path
        var environment = ProcessInfo.processInfo.environment
        environment["DI_INSPECT"] = "file:" + path
        let process = Process()
        // `env` finds the command on PATH as a shell would.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + command
        process.environment = environment

        do {
            try process.run()
        } catch {
            PosixIO.printError("error: cannot run \(command[0]): \(error.localizedDescription)")
            throw ExitCode(127)
        }
        // Ignore the signals here and pass them on, so the app can flush its trace and exit.
        // Only after the spawn: an ignored signal stays ignored across exec in the child.
        let pid = process.processIdentifier
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { kill(pid, number) }
            source.resume()
            return source
        }
        process.waitUntilExit()
        sources.forEach { $0.cancel() }
        let status = process.terminationStatus
        let code = process.terminationReason == .uncaughtSignal ? 128 + status : status
        if process.terminationReason == .uncaughtSignal {
            // Nothing else would say it: a killed or crashed app prints nothing, and its trace
            // just stops (check then warns that it has no end line).
            let name = String(cString: strsignal(status)).escapingControlCharacters
            PosixIO.printError("\(command[0].escapingControlCharacters) was stopped by signal \(status) (\(name)); the trace \(output.escapingControlCharacters) ends where it stopped.")
        }
        if code != 0 { throw ExitCode(code) }
    }
}
