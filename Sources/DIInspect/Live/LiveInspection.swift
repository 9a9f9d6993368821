import Foundation
import Injection
import InjectionTrace
import InjectionGraph
import InjectionInspector

/// Runs the terminal inspector fed by a ``TraceListener``, optionally launching the app it
/// watches with `DI_INSPECT` pointing at the listener.
///
/// Every connection is a session: when the app exits or crashes the header says so and the graph
/// stays browsable; a new connection starts a new session (`[` and `]` switch between them).
/// The launched app's output goes to a log file, not over the screen.
struct LiveInspection {
    var address: TraceListener.Address
    /// The command to launch (nil for `listen`).
    var launch: [String]?
    var noColor: Bool
    /// Whether a non-loopback TCP address may be used (`listen --allow-remote`).
    var allowingRemote = false

    /// Runs until the user quits; returns the inspector's exit status.
    func run() throws -> Int32 {
        if case .unix(let path) = address {
            try TraceListener.preparePrivateDirectory((path as NSString).deletingLastPathComponent)
        }
        var listener: TraceListener?
        var app: LaunchedApp?
        let status = MainActor.assumeIsolated {
            InspectorLauncher.run(noColor: noColor) { feed in
                let started = try TraceListener(address: address, allowingRemote: allowingRemote) { event in
                    feed.send(Self.updates(for: event))
                }
                listener = started
                if let launch {
                    app = try LaunchedApp(command: launch, destination: started.destination, token: started.token) { ending in
                        feed.send([.connection(.disconnected(ending)), .message("The app \(ending); the graph stays browsable. q quits.")])
                    }
                    feed.send([.message("Started \(launch[0]); its output goes to \(app!.logPath)")])
                } else {
                    feed.send([.message("Start an app with " + Self.environment(for: started))])
                }
                // The header shows where to connect, with the token in full (the key bar may cut it).
                let waiting = started.destination + (started.token.map { "  \(TraceConnectionToken.environmentVariable)=\($0)" } ?? "")
                return Inspector(model: InspectorModel(connection: .waiting(waiting)), feed: feed)
            }
        }
        app?.stop()
        listener?.stop()
        return status
    }

    /// The variables an app is started with to reach `listener`:
    /// `DI_INSPECT=tcp:192.168.1.20:7777 DI_INSPECT_TOKEN=5f0c…`.
    static func environment(for listener: TraceListener) -> String {
        var text = "DI_INSPECT=\(listener.destination)"
        if let token = listener.token { text += " \(TraceConnectionToken.environmentVariable)=\(token)" }
        return text
    }

    /// What the inspector should show for a listener event.
    static func updates(for event: TraceListenerEvent) -> [LiveUpdate] {
        switch event {
        case .connected(let session):
            return [.session(name: session.description), .connection(.live)]
        case .records(_, let records):
            return [.records(records)]
        case .diagnostics(_, let diagnostics):
            return diagnostics.prefix(1).map { .message("Trace: \($0.description.escapingControlCharacters)") }
        case .refused(let session, let reason):
            return [.message("Refused connection \(session): \(reason)")]
        case .disconnected(let session, let diagnostics):
            let reason = diagnostics.isEmpty ? "connection \(session.number) closed" : "connection \(session.number) cut mid-line"
            return [.connection(.disconnected(reason))]
        }
    }
}

/// An app launched for live inspection.
final class LaunchedApp: Sendable {
    private let process: Process
    let logPath: String

    /// Starts `command` (found on PATH) with `DI_INSPECT=destination`; `onExit` is called from
    /// another thread with how it ended ("exited with status 0", "crashed (signal 4)").
    init(command: [String], destination: String, token: String? = nil, onExit: @escaping @Sendable (String) -> Void) throws {
        let name = (command[0] as NSString).lastPathComponent
        logPath = NSTemporaryDirectory() + "di-inspect-\(getpid())-\(name).log"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        guard let log = FileHandle(forWritingAtPath: logPath) else {
            throw LaunchError("cannot create the app's log file \(logPath)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DI_INSPECT"] = destination
        environment[TraceConnectionToken.environmentVariable] = token
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + command
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        process.terminationHandler = { process in
            let ending = process.terminationReason == .uncaughtSignal
                ? "crashed (signal \(process.terminationStatus))"
                : "exited with status \(process.terminationStatus)"
            onExit(ending)
        }
        do {
            try process.run()
        } catch {
            throw LaunchError("cannot start \(command[0]): \(error.localizedDescription)")
        }
        self.process = process
    }

    /// Asks the app to stop (SIGTERM, so it can flush) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

struct LaunchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
