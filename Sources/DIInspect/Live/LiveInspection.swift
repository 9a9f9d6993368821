import Foundation
import Injection
import Synchronization
import InjectionTrace
import InjectionGraph
import InjectionInspector

/// Runs the terminal inspector fed by a ``TraceListener``, optionally launching the app it
/// watches with `DI_INSPECT` pointing at the listener.
///
/// Every connection is a session of its own: its records go only to it, and when its app exits
/// or crashes the header says so and the graph stays browsable; several apps at once each have
/// theirs (`[` and `]` switch between them). The launched app's output goes to a log file, not
/// over the screen; it ends with the inspector (unless `--keep-app`), and when it fails before it
/// ever connects its error is shown and becomes the exit status.
struct LiveInspection {
    var address: TraceListener.Address
    /// The command to launch (nil for `listen`).
    var launch: [String]?
    var noColor: Bool
    /// Whether a non-loopback TCP address may be used (`listen --allow-remote`).
    var allowingRemote = false
    /// What the inspector may use, in bytes (`--memory-budget`).
    var memoryBudget = Inspector.defaultMemoryBudget
    /// Leave the launched app running when the inspector ends (`--keep-app`).
    var keepApp = false

    /// Runs until the user quits; returns the inspector's exit status: the launched app's own
    /// status when it failed before it ever connected (its error is on the screen), otherwise
    /// the screen's.
    func run() throws -> Int32 {
        if case .unix(let path) = address {
            try TraceListener.preparePrivateDirectory((path as NSString).deletingLastPathComponent)
        }
        var listener: TraceListener?
        var app: LaunchedApp?
        let connected = Atomic<Bool>(false)
        // Set once the screen is gone: what the listener and the app's watcher report from then
        // on is shown to nobody, so it costs no queueing (a flood's connections all report their
        // disconnect while the listener stops).
        let leaving = Atomic<Bool>(false)
        let failure = Mutex<Int32?>(nil)
        let budget = memoryBudget
        let status = MainActor.assumeIsolated {
            InspectorLauncher.run(noColor: noColor, memoryBudget: budget, start: { feed in
                let relay = ListenerRelay(feed: feed)
                let started = try TraceListener(address: address, allowingRemote: allowingRemote) { event in
                    if leaving.load(ordering: .relaxed) { return }
                    if case .connected = event { connected.store(true, ordering: .releasing) }
                    relay.relay(event)
                }
                listener = started
                feed.attach(started)
                if let launch {
                    let launched = try LaunchedApp(
                        command: launch, destination: started.destination, token: started.token, keepRunning: keepApp
                    ) { ending, output in
                        // Failed: ended badly before it ever connected (it could not start).
                        let failed = !ending.succeeded && !connected.load(ordering: .acquiring)
                        if failed { failure.withLock { $0 = ending.bySignal ? 128 + ending.status : max(1, ending.status) } }
                        if leaving.load(ordering: .relaxed) { return }
                        feed.send(.launchedAppEnded(processID: ending.processID, ending: ending.description, failed: failed,
                                                    output: failed ? output() : []))
                    }
                    app = launched
                    feed.send(.message("Started \(launch[0]) (pid \(launched.processID)); its output goes to \(launched.logPath)"))
                } else {
                    feed.send(.message("Start an app with " + Self.environment(for: started)))
                }
                // The header shows where to connect, with the token in full (the key bar may cut it).
                let waiting = started.destination + (started.token.map { "  \(TraceConnectionToken.environmentVariable)=\($0)" } ?? "")
                return Inspector(model: InspectorModel(connection: .waiting(waiting)), feed: feed, memoryBudget: budget)
            }, leaving: {
                // First thing on the way out: the app's grace period runs while the terminal is
                // restored and the listener stops.
                leaving.store(true, ordering: .relaxed)
                app?.requestStop()
            }, ending: {
                // The terminal is back (also after a failed start, where `leaving` never ran).
                leaving.store(true, ordering: .relaxed)
                app?.requestStop()
                listener?.stop()
                ExitTimeline.mark(.listenerStopped)
                app?.stop()
                ExitTimeline.mark(.appStopped)
            })
        }
        if status == 0, let failed = failure.withLock({ $0 }) { return failed }
        return status
    }

    /// The variables an app is started with to reach `listener`:
    /// `DI_INSPECT=tcp:192.168.1.20:7777 DI_INSPECT_TOKEN=5f0c…`.
    static func environment(for listener: TraceListener) -> String {
        var text = "DI_INSPECT=\(listener.destination)"
        if let token = listener.token { text += " \(TraceConnectionToken.environmentVariable)=\(token)" }
        return text
    }
}
