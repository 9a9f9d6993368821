import ArgumentParser
import Injection
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by SIGINT/SIGTERM; the simulation stops at the next step and the app exits normally, so
/// the trace is flushed.
let stopRequested = Atomic<Bool>(false)

/// A small shop app wired with every style the library supports, for `di-inspect demo`.
@main
struct SampleApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-app",
        abstract: "A sample shop app that keeps resolving services, for watching di-inspect work.",
        discussion: """
            Record it:   di-inspect record -o shop.ndjson -- sample-app --duration 3
            Watch it:    di-inspect demo --fault cycle
            """)

    @Option(help: "Stop after this many seconds (default: run until interrupted).")
    var duration: Double?

    @Option(name: .customLong("fault"), help: "Inject a wiring bug: \(FaultName.allValueStrings.joined(separator: ", ")). Repeatable.")
    var faultNames: [FaultName] = []
    var faults: [Fault] { faultNames.compactMap { if case .wiring(let fault) = $0 { fault } else { nil } } }
    var lifetimeFaults: [LifetimeFault] { faultNames.compactMap { if case .lifetime(let fault) = $0 { fault } else { nil } } }

    @Flag(help: "Answer every API call from the mock client (a keypath mapping for the whole run).")
    var mockNetwork = false

    @Flag(help: "Open the payment screen, whose gateway is not registered, without catching the error: the app stops with the diagnostic (and the trace keeps it).")
    var crashOnMissing = false

    @Option(help: "Milliseconds between simulated user steps; 0 runs as fast as possible.")
    var intervalMs = 20

    @Option(help: "Seed for the simulated user's choices.")
    var seed: UInt64 = 42

    @Flag(help: "Play a server instead of a user: a child container per request, made, used and dropped as fast as it goes (with --interval-ms 0).")
    var server = false

    mutating func run() throws {
        signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }

        let app = Container(name: "app")
        Registrations.registerAll(in: app)
        for fault in faults { fault.register(in: app) }
        for fault in lifetimeFaults { fault.register(in: app) }
        if crashOnMissing && !faults.contains(.missing) { Fault.missing.register(in: app) }
        if mockNetwork { app.map(\.network.mockAPI, to: \.network.api) }

        let start = ResolutionEvents.now()
        let deadline = duration.map { start + UInt64(max(0, $0) * 1e9) }
        let done: Int
        if server {
            done = withContainer(app) {
                RequestSimulation(app: app, intervalMilliseconds: max(0, intervalMs)).run(until: deadline, stop: stopRequested)
            }
        } else {
            var simulation = UserSimulation(
                app: app, faults: faults, intervalMilliseconds: max(0, intervalMs), random: SeededRandom(seed: seed),
                crashOnMissing: crashOnMissing, lifetimeFaults: lifetimeFaults)
            done = withContainer(app) {
                simulation.run(until: deadline, stop: stopRequested) { message in
                    PosixIO.printError("sample-app: caught a wiring error (the app keeps running):\n\(message)\n")
                }
            }
        }
        if mockNetwork { app.resetAllMappings() }
        let seconds = Double(ResolutionEvents.now() - start) / 1e9
        let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
        let unit = server ? "requests" : "screens"
        PosixIO.printError("sample-app: \(server ? "served" : "opened") \(done) \(unit) in \((seconds * 100).rounded() / 100) s (\(rate) \(unit)/s)")
        // Only with the `Tracing` trait: without it the runtime has no recorder (`make app-links`
        // builds the sample app both ways).
        #if Tracing
        if let recorder = TraceBootstrap.recorder {
            // What the app produced for the inspector (`Scripts/bench-live-soak.sh` sets it beside
            // what the inspector received): lines sent, resolutions folded into aggregates, and
            // records dropped because the buffer was full.
            let traced = recorder.statistics
            let produced = traced.linesWritten &+ traced.folded &+ traced.dropped
            PosixIO.printError("sample-app: traced \(produced) records in \((seconds * 100).rounded() / 100) s "
                + "(\(traced.linesWritten) lines written, \(traced.folded) folded, \(traced.dropped) dropped)")
        }
        #endif
    }
}
