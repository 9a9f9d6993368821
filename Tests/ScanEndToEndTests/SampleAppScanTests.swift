import Foundation
import Injection
import InjectionGraph
import InjectionScan
import InjectionTrace
import Testing

/// `di-inspect scan Sources/SampleApp` finds the sample app's faults without running anything,
/// at the lines their marker comments are on, in the runtime's words.
@Suite(.serialized)
struct SampleAppScanTests {
    @Test func theScanFindsTheMissingGatewayTheCycleTheNameTypoAndTheCaptive() throws {
        try ScanTools.requireBuilt()
        let result = try ScanTools.scan(["Sources/SampleApp"])
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        let fault = "SampleApp/Fault.swift"
        let missing = try ScanTools.line(of: "scan-fault: missing", in: "Sources/SampleApp/Wiring/Fault.swift")
        let cycle = try ScanTools.line(of: "scan-fault: cycle", in: "Sources/SampleApp/Wiring/Fault.swift")
        let captive = try ScanTools.line(of: "scan-fault: captive", in: "Sources/SampleApp/Wiring/Fault.swift")
        let typo = try ScanTools.line(of: "scan-fault: name-typo", in: "Sources/SampleApp/Wiring/Fault.swift")
        let text = result.output
        #expect(text.contains("""
            Missing registration: PaymentGateway in 'app'
              Requested by: Screen (name: "payment") in 'app', at \(fault):\(missing)
              Fix: app.register { <#PaymentGateway#>() }
            """), "\(text)")
        #expect(text.contains("""
            Missing registration: HTTPClient (name: "autenticated") in 'app'
              Requested by: TypoSyncUseCase in 'app', at \(fault):\(typo)
              Near: HTTPClient is registered in 'app' under the name "authenticated"
            """), "\(text)")
        #expect(text.contains("Dependency cycle: ProfileCycleViewModel → ProfileCycleUseCase → ProfileCycleViewModel in 'app'\n"
            + "  Closed at: \(fault):\(cycle)"), "\(text)")
        #expect(text.contains("Scope mismatch: CapturingAnalytics in 'app' (singleton) captured RequestContext in 'app' (graph)"),
                "\(text)")
        #expect(text.contains("(registered at \(fault):\(captive))"), "\(text)")
        // The same problems, placed for an editor at the path the scan read.
        let xcode = try ScanTools.scan(["Sources/SampleApp", "--format", "xcode"]).output
        #expect(xcode.contains("Sources/SampleApp/Wiring/Fault.swift:\(missing): error: Missing registration: PaymentGateway in 'app'"),
                "\(xcode)")
    }

    /// `app.map(\.network.mockAPI, to: \.network.api)` (mock-network mode): every
    /// `c.network.api()` in a factory may be answered by `mockAPI`, so the scan links it there
    /// too, naming the mapping's line, as a run records it (`mappedFrom`).
    @Test func aMappingSetInCodeLinksTheRequestsItRedirects() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try ScanTools.scanGraph("Sources/SampleApp")
        let products = try ScanTools.line(of: "ProductRepository(api: c.network.api()", in: "Sources/SampleApp/Wiring/Layers.swift")
        let mappings = [
            "SampleApp/SampleApp.swift:\(try ScanTools.line(of: "app.map(\\.network.mockAPI", in: "Sources/SampleApp/SampleApp.swift"))",
            "SampleApp/UserSimulation.swift:\(try ScanTools.line(of: "app.map(\\.network.mockAPI", in: "Sources/SampleApp/Simulation/UserSimulation.swift"))",
        ]
        let mapped = declarations.sites.filter { site in
            site.registration.flatMap(declarations.registration)?.service.member == "mockAPI"
                && site.location.fileID == "SampleApp/Layers.swift" && site.location.line == products
        }
        #expect(mapped.count == 1 && mapped[0].certainty == .guessed, "\(mapped)")
        #expect(mappings.contains { mapped.first?.note == "answered by mockAPI while the mapping at \($0) is set" }, "\(mapped)")
        let edge = graph.edges.first { edge in
            graph.nodes[edge.from].identity.type == "ProductRepository" && graph.nodes[edge.to].identity.member == "mockAPI"
        }
        #expect(edge?.declaredAt.map { "\($0.fileID):\($0.line)" } == "SampleApp/Layers.swift:\(products)")
    }

    @Test func theREADMEShowsWhatTheScanPrints() throws {
        try ScanTools.requireBuilt()
        let output = try ScanTools.scan(["Sources/SampleApp"]).output
        let readme = try String(contentsOfFile: ScanTools.packageRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains("make scan-demo") && readme.contains("```\n" + output + "```"),
                "README's scan-demo block differs from what di-inspect scan Sources/SampleApp prints:\n\(output)")
    }

    @Test func aScanGraphFileIsReadByCheckListWhyAndExport() throws {
        try ScanTools.requireBuilt()
        let file = NSTemporaryDirectory() + "sample-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let scanned = try ScanTools.scan(["Sources/SampleApp", "-o", file])
        let checked = try ScanTools.run(ScanTools.diInspect, ["check", file])
        #expect(checked.status == 1 && checked.output == scanned.output, "\(checked.output)\(checked.errors)")
        let why = try ScanTools.run(ScanTools.diInspect, ["why", file, "ProfileCycleUseCase"])
        #expect(why.status == 0 && why.output.contains("ProfileCycleUseCase in 'app' is only requested by services on a loop"),
                "\(why.output)\(why.errors)")
        let json = try ScanTools.run(ScanTools.diInspect, ["export", file, "--format", "json"]).output
        #expect(json.contains("\"registrations\": [") && json.contains("\"sites\": [") && json.contains("\"provenance\":\"declared\""))
        let dot = try ScanTools.run(ScanTools.diInspect, ["export", file, "--format", "dot"])
        #expect(dot.status == 0 && dot.output.contains("digraph"), "\(dot.errors)")
        let list = try ScanTools.run(ScanTools.diInspect, ["list", file])
        #expect(list.status == 0 && list.output.contains("ProfileCycleUseCase"), "\(list.errors)")
    }

    /// A scan alone was never run: `list` shows what the sources say (scope, how many services
    /// each needs and is needed by) and no run's columns of zeros; `why` names the lines that
    /// ask, never "(failed)", which a run's edge with no completed resolve says.
    @Test func listAndWhyOfAScanSayWhatTheSourcesSay() throws {
        try ScanTools.requireBuilt()
        let file = NSTemporaryDirectory() + "sample-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try ScanTools.scan(["Sources/SampleApp", "-o", file])
        let services = try ScanTools.run(ScanTools.diInspect, ["list", file]).output
        let header = services.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "SERVICE CONTAINER SCOPE NEEDS NEEDED BY REGISTERED", "\(services)")
        let handler = try #require(services.split(separator: "\n").first { $0.hasPrefix("RequestHandler ") })
        // RequestHandler's factory asks for four services; only app code asks for it.
        #expect(handler.split(separator: " ").map(String.init).prefix(5) == ["RequestHandler", "app", "unique", "4", "0"], "\(handler)")
        for subject in ["scopes", "layers"] {
            let output = try ScanTools.run(ScanTools.diInspect, ["list", file, subject]).output
            #expect(!output.contains("RESOLVES") && output.contains("SERVICES"), "\(subject): \(output)")
        }
        let why = try ScanTools.run(ScanTools.diInspect, ["why", file, "Database"]).output
        let lines = why.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.count == 4, "\(why)")
        #expect(lines.dropFirst().first?.hasPrefix("RequestHandler in 'app' from app code at SampleApp/RequestSimulation.swift:") == true, "\(why)")
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("→ ") && $0.contains(" declared at SampleApp/RequestSimulation.swift:") }, "\(why)")
        #expect(!why.contains("(failed)"))
        let asked = try ScanTools.run(ScanTools.diInspect, ["why", file, "RequestHandler"]).output
        #expect(asked.hasPrefix("RequestHandler in 'app' is asked for by app code at SampleApp/RequestSimulation.swift:"), "\(asked)")
    }

    @Test func withoutTheScannerTheErrorNamesTheFix() throws {
        try ScanTools.requireBuilt()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ScanTools.diInspect)
        process.arguments = ["scan", "Sources/SampleApp"]
        process.currentDirectoryURL = URL(fileURLWithPath: ScanTools.packageRoot)
        process.environment = ["PATH": "/usr/bin:/bin", "DI_SCAN": "/nonexistent/di-scan"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.split(separator: "\n").count == 1 && message.contains("make scan-build"), "\(message)")
    }
}
