import Foundation
import InjectionSynthetic
import Injection
import InjectionGraph
import InjectionScan
import Testing

/// Faults seeded into a copy of the sample app's sources are found by the scan: a deleted
/// registration that a site asks for is `missing` at that site, a seeded constructor cycle a
/// `cycle`, a seeded singleton resolving a unique service a captive. The seed is printed, and
/// `SCAN_MUTATION_SEED=<n>` replays one.
@Suite(.serialized)
struct MutationTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["SCAN_MUTATION_SEED"].flatMap(UInt64.init)
        ?? UInt64.random(in: 1...UInt64(UInt32.max))

    /// A copy of Sources/SampleApp in a temporary folder named like it (`…/Sources/SampleApp`, so
    /// the file IDs are the app's).
    static func copyOfSampleApp() throws -> String {
        let folder = NSTemporaryDirectory() + "scan-mutation-\(UUID().uuidString)"
        let sources = folder + "/Sources/SampleApp"
        try FileManager.default.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ScanTools.packageRoot + "/Sources/SampleApp", toPath: sources)
        return sources
    }

    @Test func deletingARegistrationASiteAsksForMakesThatSiteMissing() throws {
        try ScanTools.requireBuilt()
        print("MutationTests seed: \(Self.seed) (SCAN_MUTATION_SEED=\(Self.seed) replays it)")
        var random = SplitMix64(seed: Self.seed)
        let (declarations, _) = try ScanTools.scanGraph("Sources/SampleApp")
        // Registrations written on one line, of a key nothing else registers, that a site
        // links to.
        let asked = Set(declarations.sites.compactMap(\.registration))
        let keys = Dictionary(grouping: declarations.registrations, by: \.service)
        let candidates = declarations.registrations.filter { registration in
            asked.contains(registration.id) && keys[registration.service]?.count == 1 && registration.service.member == nil
                && registration.certainty == .exact
        }
        try #require(candidates.count >= 5, "too few registrations with sites to sample: \(candidates.count)")
        for _ in 0..<3 {
            let victim = candidates[Int(random.next() % UInt64(candidates.count))]
            let sources = try Self.copyOfSampleApp()
            defer { try? FileManager.default.removeItem(atPath: sources + "/../..") }
            let path = sources + "/" + victim.location.path
            var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let text = String(lines[victim.location.line - 1])
            // A one-line registration only: the deletion keeps the file valid.
            guard text.filter({ $0 == "{" }).count == text.filter({ $0 == "}" }).count else { continue }
            lines[victim.location.line - 1] = ""  // keeps every other line where it was
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let (_, graph) = try ScanTools.scanGraph(sources)
            let sites = declarations.sites.filter { $0.registration == victim.id && $0.kind != .optional }
            let report = graph.check()
            let missingAt = Set((report.problems + report.warnings).compactMap { problem -> Int? in
                if case .missing(let missing) = problem, missing.requested.type == victim.service.type { return missing.location?.line }
                return nil
            })
            for site in sites where site.location.path != victim.location.path || site.location.line != victim.location.line {
                #expect(missingAt.contains(site.location.line),
                        "seed \(Self.seed): deleting \(victim.service) at \(victim.location) left \(site.location) not missing")
            }
        }
    }

    @Test func aSeededConstructorCycleIsACycleAndASeededCaptiveACaptive() throws {
        try ScanTools.requireBuilt()
        let sources = try Self.copyOfSampleApp()
        defer { try? FileManager.default.removeItem(atPath: sources + "/../..") }
        let suffix = Self.seed % 1000
        try """
            import Injection

            final class SeedLeft\(suffix) { init(right: SeedRight\(suffix)) {} }
            final class SeedRight\(suffix) { init(left: SeedLeft\(suffix)) {} }
            final class SeedHolder\(suffix) { init(part: SeedPart\(suffix)) {} }
            final class SeedPart\(suffix) {}

            func seedFaults(in app: Container) {
                app.register { c in SeedLeft\(suffix)(right: c.resolve()) }
                app.register { c in SeedRight\(suffix)(left: c.resolve()) }  // closes the cycle
                app.register(scope: .singleton) { c in SeedHolder\(suffix)(part: c.resolve()) }
                app.register { SeedPart\(suffix)() }
            }
            """.write(toFile: sources + "/Seeded.swift", atomically: true, encoding: .utf8)
        let (_, graph) = try ScanTools.scanGraph(sources)
        let problems = graph.check().problems
        let cycle = problems.first { if case .cycle = $0 { $0.message.contains("SeedLeft\(suffix)") } else { false } }
        #expect(cycle?.message.contains("Closed at: SampleApp/Seeded.swift:10") == true, "\(problems.map(\.message))")
        let captive = problems.first { if case .scopeMismatch = $0 { $0.message.contains("SeedHolder\(suffix)") } else { false } }
        #expect(captive?.message.hasPrefix(
            "Scope mismatch: SeedHolder\(suffix) in 'app' (singleton) captured SeedPart\(suffix) in 'app' (unique)") == true,
                "\(problems.map(\.message))")
    }
}
