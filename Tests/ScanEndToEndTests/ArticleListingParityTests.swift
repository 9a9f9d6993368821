import Foundation
import Injection
import InjectionGraph
import InjectionScan
import InjectionTrace
import Testing

/// Each seed article's listing target run and scanned: every service, edge and scope a run of the
/// target's tests records is found by a scan of its folder, with the same type, name, layer,
/// member, registration line and scope. Containers are compared apart: the tests make theirs at
/// run time (`withContainer(Container(name: "seed000-\(#function)"))`), a name no source holds.
@Suite(.serialized)
struct ArticleListingParityTests {
    /// A service apart from its container.
    struct Key: Hashable, CustomStringConvertible {
        let type: String, name: String?, layer: String?, member: String?
        init(_ identity: ServiceIdentity) {
            (type, name, layer, member) = (identity.type, identity.name, identity.layer, identity.member)
        }
        var description: String { ServiceIdentity(type: type, name: name, container: "", layer: layer, member: member).key }
    }

    /// The exit tests of a listing target: each runs in a child process that would write its own
    /// trace over the parent's, so they are left out of the recorded run.
    static func exitTests(in folder: String) throws -> [String] {
        let text = try String(contentsOfFile: "\(ScanTools.packageRoot)/Tests/ArticleListings/\(folder)/Tests.swift", encoding: .utf8)
        var names: [String] = [], lastFunction: String?
        for line in text.split(separator: "\n") {
            if let range = line.range(of: "func ") {
                lastFunction = String(line[range.upperBound...].prefix { $0 != "(" && $0 != "<" })
            }
            if line.contains("processExitsWith"), let lastFunction { names.append(lastFunction) }
        }
        return names
    }

    /// Why the scan cannot match a difference, when it is one of the kinds a scan does not see;
    /// nil for a difference that is a scan's bug.
    static func onlyKnownByRunning(_ gap: String) -> String? {
        // Keypath members (`Login.viewModel`, `Interactor.appState`) are the keys with an `@`.
        guard gap.contains("@") else { return nil }
        // A plain computed member (`var viewModel: LoginViewModel { … }`) has no registration
        // call: the runtime records where the member was first read or mapped, which is the
        // run's order; the scan gives the member's declaration.
        if gap.hasPrefix("line ") { return "a plain keypath member: the run records the site that first read or mapped it" }
        // `\.interactor.appState`, where `appState` is a requirement of the layer protocol that
        // `interactor` returns: the runtime keeps the member read as a service of its own that
        // depends on its layer; the scan keys each such site by layer and member, and declares no
        // service for a protocol requirement.
        return "a layer protocol's plain member, read through its layer: a service only at run time"
    }

    /// Every difference: a service the scan lacks or has at no registration of that line, with
    /// another scope, or an edge the run took that the scan lacks.
    static func gaps(scan: DependencyGraph, declarations: Declarations, run: DependencyGraph) -> [String] {
        var byKey: [Key: [Int]] = [:]
        for (id, node) in scan.nodes.enumerated() { byKey[Key(node.identity), default: []].append(id) }
        // Every registration of a key, not only the one that wins in the graph.
        var lines: [Key: Set<String>] = [:]
        for registration in declarations.registrations {
            for key in [registration.service] + registration.implements {
                lines[Key(key), default: []].insert("\(registration.location.fileID):\(registration.location.line)")
            }
        }
        var gaps: Set<String> = []
        for node in run.nodes where node.registrationCount > 0 {
            let key = Key(node.identity)
            let candidates = (byKey[key] ?? []).map { scan.nodes[$0] }
            guard !candidates.isEmpty else {
                gaps.insert("service \(key): registered at \(node.registeredAt?.description ?? "?") in the run; not in the scan")
                continue
            }
            let line = node.registeredAt?.description ?? "?"
            if !(lines[key] ?? []).contains(line) {
                gaps.insert("line \(key): run \(line), scan \((lines[key] ?? []).sorted())")
            }
            if !candidates.contains(where: { $0.scope == node.scope }) {
                gaps.insert("scope \(key): run \(node.scope?.name ?? "?"), scan \(candidates.map { $0.scope?.name ?? "?" })")
            }
        }
        for edge in run.edges where edge.count > 0 || edge.lazyCount > 0 {
            let from = Key(run.nodes[edge.from].identity), to = Key(run.nodes[edge.to].identity)
            let found = (byKey[from] ?? []).contains { a in (byKey[to] ?? []).contains { scan.edgeID(from: a, to: $0) != nil } }
            if !found { gaps.insert("edge \(from) > \(to): taken in the run, not in the scan") }
        }
        return gaps.sorted()
    }

    @Test(arguments: ArticleListingScanTests.articles.map(\.folder))
    func aListingsRunIsFoundByItsScan(_ folder: String) throws {
        try ScanTools.requireBuilt()
        let trace = NSTemporaryDirectory() + "listing-parity-\(UUID().uuidString).ndjson"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        // This test binary holds every listing target's tests: run the one target's, recording.
        let skipped = try Self.exitTests(in: folder).flatMap { ["--skip", "/\($0)\\("] }
        let tests = try #require(PosixIO.executablePath(), "this test binary's path")
        let ran = try ScanTools.run(
            tests, ["--testing-library", "swift-testing", "--filter", "\(folder)ArticleTests"] + skipped,
            environment: ["DI_INSPECT": "file:\(trace)"])
        try #require(ran.status == 0, "\(ran.output)\(ran.errors)")
        let run = DependencyGraph(records: try TraceReader.read(contentsOfFile: trace).records)
        // The target's module, as its `#fileID`s name it: the folder is not Sources/<module>.
        let config = NSTemporaryDirectory() + "listing-parity-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try #"{"modules": [{"path": ".", "module": "\#(folder)ArticleTests"}]}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let (declarations, scan) = try ScanTools.scanGraph("Tests/ArticleListings/\(folder)", options: ["--config", config])
        let gaps = Self.gaps(scan: scan, declarations: declarations, run: run)
        let unexplained = gaps.filter { Self.onlyKnownByRunning($0) == nil }
        #expect(run.nodes.contains { $0.registrationCount > 0 }, "the run recorded no registration")
        #expect(unexplained.isEmpty, "found by the run, not by the scan:\n\(unexplained.joined(separator: "\n"))")
        for gap in gaps where Self.onlyKnownByRunning(gap) != nil {
            print("parity exception: \(folder): \(gap): \(Self.onlyKnownByRunning(gap)!)")
        }
    }
}
