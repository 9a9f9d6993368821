import Foundation
import Testing

/// The sample app recorded with `di-inspect record`, then checked and exported, with each fault.
@Suite(.serialized)
struct RecordCheckExportTests {
    private func record(_ faults: [String]) throws -> String {
        try Command.recordSampleApp(faults: faults)
    }

    @Test func aCleanRunChecksClean() throws {
        let trace = try record([])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let check = try Command.run(Command.path(of: "di-inspect"), ["check", trace])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let services = try Command.run(Command.path(of: "di-inspect"), ["list", trace, "services"])
        #expect(services.status == 0)
        for name in ["CatalogViewModel", "Repository.products", "HTTPClient", "SessionStore"] {
            #expect(services.stdout.contains(name), "list services lacks \(name)")
        }
    }

    @Test(arguments: [
        ("missing", "Missing registration: PaymentGateway in 'app'"),
        ("cycle", "Dependency cycle: ProfileCycleViewModel → ProfileCycleUseCase → ProfileCycleViewModel in 'app'"),
        ("captive", "Scope mismatch: CapturingAnalytics in 'app' (singleton) captured RequestContext in 'app' (graph)"),
        ("stale-override", "Stale override: ResponseCache in 'app'"),
        ("name-typo", "Fix: did you mean the name \"authenticated\"?"),
        ("mapping-left-active", "Mapping still active at the end of the trace: requests for UseCase.search: SearchUseCase in 'app'"),
    ])
    func eachFaultIsFoundByCheck(fault: String, expected: String) throws {
        let trace = try record([fault])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let check = try Command.run(Command.path(of: "di-inspect"), ["check", trace])
        #expect(check.status == 1)
        #expect(check.stdout.contains(expected), "check output:\n\(check.stdout)")

        let dotFile = Command.temporaryFile(".dot")
        defer { try? FileManager.default.removeItem(atPath: dotFile) }
        let export = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--format", "dot", "-o", dotFile])
        #expect(export.status == 0, "\(export.stderr)")
        let dot = try Command.run("/usr/bin/env", ["dot", "-Tsvg", "-o", "/dev/null", dotFile])
        #expect(dot.status == 0, "dot rejected the export: \(dot.stderr)")
    }

    @Test(arguments: [
        ("optional-missing", "(note 1) Resolved to nil: PromotionBanner in 'app' (optional; nothing is registered)"),
        ("lazy-cycle", "(note 1) Cycle broken lazily: CartPricing ⇢ PromotionEngine → CartPricing in 'app'"),
    ])
    func notesLeaveTheExitCodeAloneUnlessStrict(fault: String, expected: String) throws {
        let trace = try record([fault])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let check = try Command.run(Command.path(of: "di-inspect"), ["check", trace])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains(expected), "check output:\n\(check.stdout)")
        let strict = try Command.run(Command.path(of: "di-inspect"), ["check", trace, "--strict"])
        #expect(strict.status == (fault == "optional-missing" ? 1 : 0), "\(strict.stdout)")
    }

    @Test func whyExplainsAnOptionalThatGaveNil() throws {
        let trace = try record(["optional-missing"])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let why = try Command.run(Command.path(of: "di-inspect"), ["why", trace, "PromotionBanner"])
        #expect(why.status == 0, "\(why.stderr)")
        let lines = why.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("PromotionBanner in 'app' resolved to nil (an optional request; nothing is registered),") == true, "\(why.stdout)")
        #expect(why.stdout.contains("  requested at SampleApp/Fault.swift:"), "\(why.stdout)")
        #expect(why.stdout.contains(" by CheckoutPromotions in 'app'\n"), "\(why.stdout)")
        #expect(why.stdout.contains("  Fix: app.register { <#PromotionBanner#>() }"), "\(why.stdout)")
    }

    @Test func checkExitsTwoOnAnUnreadableTrace() throws {
        let garbage = Command.temporaryFile(".ndjson")
        try Data([0xff, 0xfe, 0x00, 0x41]).write(to: URL(fileURLWithPath: garbage))
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        let check = try Command.run(Command.path(of: "di-inspect"), ["check", garbage])
        #expect(check.status == 2)
        #expect(check.stderr.contains("line 1"), "\(check.stderr)")
        let missing = try Command.run(Command.path(of: "di-inspect"), ["check", "/nonexistent/trace.ndjson"])
        #expect(missing.status == 2)
    }

    @Test func aTrapFlushesTheCauseIntoTheTrace() throws {
        let trace = Command.temporaryFile(".ndjson")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let result = try Command.run(
            Command.path(of: "sample-app"), ["--duration", "2", "--crash-on-missing"],
            environment: ["DI_INSPECT": "file:\(trace)"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Missing registration: PaymentGateway"))
        let check = try Command.run(Command.path(of: "di-inspect"), ["check", trace])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Missing registration: PaymentGateway in 'app'"), "\(check.stdout)")
    }
}
