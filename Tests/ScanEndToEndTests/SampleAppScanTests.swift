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
