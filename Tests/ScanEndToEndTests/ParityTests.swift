import Foundation
import Injection
import InjectionGraph
import InjectionScan
import InjectionTrace
import Testing

/// The sample app scanned and run: every service, edge and scope the run recorded is found by
/// the scan with the same identity and registration line, except the ones only a run can know,
/// each listed here with why.
@Suite(.serialized)
struct ParityTests {
    /// Why the scan cannot match a difference ``gaps(scan:run:)`` found, when it is one of the
    /// kinds a scan does not see: nil for a difference that is a scan's bug.
    static func onlyKnownByRunning(_ gap: String) -> String? {
        // None today: mapped requests (`app.map(\.network.mockAPI, to: \.network.api)`) and a
        // wrapper in a type two providers build are linked as the run takes them.
        nil
    }

    /// Every difference: a service the scan lacks, or has with another line or scope; an edge
    /// the run took that the scan lacks.
    static func gaps(scan: DependencyGraph, run: DependencyGraph) -> [String: String] {
        var gaps: [String: String] = [:]
        for node in run.nodes where node.registrationCount > 0 {
            let key = node.identity.key
            guard let id = scan.nodeID(for: node.identity) else {
                gaps["service \(key)"] = "registered at \(node.registeredAt?.description ?? "?") in the run; not in the scan"
                continue
            }
            let scanned = scan.nodes[id]
            if scanned.registeredAt != node.registeredAt {
                gaps["line \(key)"] = "run \(node.registeredAt?.description ?? "?"), scan \(scanned.registeredAt?.description ?? "?")"
            }
            if scanned.scope != node.scope {
                gaps["scope \(key)"] = "run \(node.scope?.name ?? "?"), scan \(scanned.scope?.name ?? "?")"
            }
        }
        for edge in run.edges where edge.count > 0 || edge.lazyCount > 0 {
            let from = run.nodes[edge.from].identity, to = run.nodes[edge.to].identity
            let found = scan.nodeID(for: from).flatMap { a in scan.nodeID(for: to).flatMap { scan.edgeID(from: a, to: $0) } }
            if found == nil { gaps["edge \(from.key) > \(to.key)"] = "taken \(edge.count + edge.lazyCount) times in the run" }
        }
        return gaps
    }

    @Test func theSampleAppsRunIsFoundByItsScan() throws {
        try ScanTools.requireBuilt()
        let trace = NSTemporaryDirectory() + "parity-\(UUID().uuidString).ndjson"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let faults = ["missing", "cycle", "captive", "name-typo", "optional-missing", "lazy-cycle"].flatMap { ["--fault", $0] }
        let recorded = try ScanTools.run(
            ScanTools.diInspect, ["record", "-o", trace, "--", ScanTools.sampleApp, "--duration", "0.8", "--interval-ms", "1"] + faults)
        try #require(recorded.status == 0, "\(recorded.errors)")
        let run = DependencyGraph(records: try TraceReader.read(contentsOfFile: trace).records)
        let (_, scan) = try ScanTools.scanGraph("Sources/SampleApp")
        let gaps = Self.gaps(scan: scan, run: run)
        let unexplained = gaps.filter { Self.onlyKnownByRunning($0.key) == nil }
        let listing = unexplained.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
        #expect(unexplained.isEmpty, "found by the run, not by the scan:\n\(listing)")
        // The exceptions, each with why, in the test's output.
        for (key, value) in gaps.sorted(by: { $0.key < $1.key }) where Self.onlyKnownByRunning(key) != nil {
            print("parity exception: \(key) (\(value)): \(Self.onlyKnownByRunning(key)!)")
        }

        // diff SCAN RUN: the run contradicts none of the scan's problems.
        let file = NSTemporaryDirectory() + "parity-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try ScanTools.scan(["Sources/SampleApp", "-o", file])
        let diff = try ScanTools.run(ScanTools.diInspect, ["diff", file, trace])
        #expect(diff.status == 0 && diff.output.hasPrefix("Coverage: ")
                && diff.output.contains("The run contradicts none of the scan's problems."), "\(diff.output)\(diff.errors)")
    }
}
