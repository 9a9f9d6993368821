import Injection
import InjectionGraph

/// Times the graph at scale: ingest of a synthetic trace, `check`, and dot export.
///
/// Run it from a release build; the numbers in a debug build are not meaningful.
///
/// ```swift
/// let result = GraphScaleBenchmark.run(services: 100_000, edges: 1_000_000)
/// print(result.summary)
/// // ingest 1 105 000 events in 0.61 s (1.8 M events/s); check 0.21 s; dot 0.74 s (52 MB)
/// ```
public enum GraphScaleBenchmark {
    /// The measured figures.
    public struct Result: Sendable, Hashable {
        public var services: Int
        public var edges: Int
        /// Records fed to ``DependencyGraph/apply(_:)``.
        public var records: Int
        /// Of those, `resolved` events.
        public var resolvedEvents: Int
        public var ingestSeconds: Double
        public var checkSeconds: Double
        public var dotSeconds: Double
        public var dotBytes: Int
        public var problems: Int

        /// Records applied per second.
        public var recordsPerSecond: Double { Double(records) / ingestSeconds }

        /// One line with every figure.
        public var summary: String {
            func seconds(_ value: Double) -> String { String(Double(Int(value * 1000)) / 1000) + " s" }
            return "\(services) services, \(edges) edges: ingest \(records) records in \(seconds(ingestSeconds)) "
                + "(\(Int(recordsPerSecond)) records/s); check \(seconds(checkSeconds)) (\(problems) problems); "
                + "dot \(seconds(dotSeconds)) (\(dotBytes / 1_000_000) MB)"
        }
    }

    /// Builds a synthetic trace of `services` and `edges` (with some cycles and missing
    /// requests), then times ingest, `check` and dot export.
    public static func run(services: Int = 100_000, edges: Int = 1_000_000, layers: Int = 16, cycles: Int = 20) -> Result {
        let trace = SyntheticTrace(services: services, edges: edges, containers: 4, layers: layers, cycles: cycles, missing: 50)
        let records = trace.records()
        let resolvedEvents = records.count { record in
            if case .event(let event) = record, case .resolved = event.kind { return true }
            return false
        }
        let clock = ContinuousClock()
        var graph = DependencyGraph()
        let ingest = clock.measure {
            for record in records { graph.apply(record) }
        }
        var report: DiagnosticsReport?
        let check = clock.measure { report = graph.check() }
        var dot = ""
        let export = clock.measure { dot = DotExporter().render(graph) }
        return Result(
            services: graph.nodes.count, edges: graph.edges.count, records: records.count,
            resolvedEvents: resolvedEvents, ingestSeconds: ingest.seconds, checkSeconds: check.seconds,
            dotSeconds: export.seconds, dotBytes: dot.utf8.count, problems: report?.problems.count ?? 0)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
