import Foundation
import Injection
import InjectionTrace
import Testing
@testable import InjectionGraph

/// Inputs that once crashed a reader (found by `make fuzz` or by hand), kept so they never do
/// again: each is read, applied to a graph, checked and exported exactly as the fuzzer does.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzCrashers")

    /// The kept inputs; an unreadable folder lists none, which ``theCrashersAreListed()`` fails
    /// on (test arguments cannot throw, so the listing itself cannot report it).
    static let crashers: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }()

    @Test func theCrashersAreListed() throws {
        let listed = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(!listed.isEmpty, "no kept crashers in \(Self.folder.path)")
        #expect(Self.crashers == listed)
    }

    @Test(arguments: crashers)
    func aFormerCrasherIsReadWithoutATrap(name: String) throws {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(name)))
        var reader = TraceReader(maximumLineLength: 1 << 16)
        var graph = DependencyGraph()
        var history = GraphHistory()
        bytes.withUnsafeBytes {
            reader.feed($0) { record in
                graph.apply(record)
                history.append(record, appliedTo: graph)
            }
        }
        _ = reader.finish()
        #expect(history.resolvesPerBucket(16).count == 16)
        let report = graph.check()
        #expect(!report.text.isEmpty)
        #expect(!DotExporter().render(graph).isEmpty)
        #expect(!JSONExporter().render(graph).isEmpty)
    }

    @Test func countsPastTwoToTheSixtyThreeSaturate() throws {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent("counts-past-2^63.ndjson")))
        var graph = DependencyGraph()
        var reader = TraceReader()
        bytes.withUnsafeBytes { reader.feed($0) { graph.apply($0) } }
        #expect(reader.takeDiagnostics() == [])
        #expect(graph.session.resolveCount == .max)
        #expect(graph.session.droppedCount == .max)
        let edge = try #require(graph.edges.first)
        #expect(edge.count == .max && edge.totalNanoseconds == .max)
        #expect(edge.createdCount == .max && edge.cachedCount == 9_223_372_036_854_775_808)
    }
}
