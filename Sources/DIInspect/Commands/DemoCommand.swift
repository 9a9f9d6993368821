import ArgumentParser
import Foundation
import Injection
import InjectionGraph
import InjectionInspector

/// `di-inspect demo [--fault …]`: the bundled sample app, live.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start the bundled sample app and inspect it live.",
        discussion: """
            The sample app (a small shop: screens, view models, use cases, repositories, network, \
            cache, database, analytics and session) keeps resolving services until you quit.

              $ di-inspect demo
              $ di-inspect demo --fault cycle --fault missing
            """)

    /// The sample app's `--fault` values (its `Fault` enum; a test holds the two lists equal): the
    /// help lists them, and a wrong one is refused before the app starts.
    static let sampleAppFaults = [
        "missing", "cycle", "captive", "stale-override", "name-typo", "optional-missing", "mapping-left-active",
        "lazy-cycle", "layer-breach", "background-container", "shadowed-child", "decorator-captive",
        "replaced-session", "unkept-cache", "stray-injected",
    ]

    @Option(
        name: .customLong("fault"),
        help: "A wiring bug for the sample app: \(sampleAppFaults.joined(separator: ", ")). Repeatable.")
    var faults: [String] = []

    func validate() throws {
        for fault in faults where !Self.sampleAppFaults.contains(fault) {
            throw ValidationError(
                "Unknown fault '\(fault)'; the sample app knows \(Self.sampleAppFaults.joined(separator: ", ")).")
        }
    }

    @Flag(help: "Run the sample app in mock-network mode (a keypath mapping for the whole run).")
    var mockNetwork = false

    @OptionGroup var live: LiveOptions

    @Flag(help: "Leave the app running when the inspector ends (by default it gets SIGTERM, then SIGKILL).")
    var keepApp = false

    func run() throws {
        let sampleApp = BundledProducts.path(of: "sample-app")
        guard FileManager.default.isExecutableFile(atPath: sampleApp) else {
            PosixIO.printError("error: the sample app is not built next to di-inspect (\(sampleApp)); run 'swift build' or 'make demo'")
            throw ExitCode(2)
        }
        let socket = TraceDestination.defaultSocketDirectory() + "/demo-\(getpid()).sock"
        let command = [sampleApp] + faults.flatMap { ["--fault", $0] } + (mockNetwork ? ["--mock-network"] : [])
        let status = try LiveInspection(
            address: .unix(path: socket), launch: command, noColor: live.noColor, memoryBudget: live.memoryBudgetBytes, keepApp: keepApp
        ).run()
        // The terminal is restored and the launched app ended: the memory's unmapping need not
        // delay the exit (ProcessEnd).
        ProcessEnd.exit(status)
    }
}

/// Executables built next to this one.
enum BundledProducts {
    static func path(of product: String) -> String {
        let executable = PosixIO.executablePath() ?? CommandLine.arguments[0]
        return ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent(product)
    }
}
