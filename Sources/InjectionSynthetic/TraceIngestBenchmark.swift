import Injection
import InjectionTrace
import InjectionGraph

/// Measures how fast ``TraceReader`` ingests a trace held in memory: the benchmark suite's and
/// `di-inspect`'s yardstick for "a million events a second".
///
/// ```swift
/// let trace = TraceIngestBenchmark.syntheticTrace(events: 1_000_000)
/// let result = TraceIngestBenchmark.measure(trace)
/// print(result)   // 1000000 events, 245.3 MB in 0.512 s: 1.95 M events/s, 479.1 MB/s
/// ```
public enum TraceIngestBenchmark {
    /// One measurement.
    public struct Result: Sendable, CustomStringConvertible {
        /// Records read (the header excluded).
        public var events: Int
        public var bytes: Int
        /// Wall time of the fastest repetition.
        public var seconds: Double
        /// Diagnostics the reader reported (0 for a synthetic trace).
        public var diagnostics: Int

        public var eventsPerSecond: Double { Double(events) / seconds }
        public var megabytesPerSecond: Double { Double(bytes) / 1_000_000 / seconds }

        public var description: String {
            func fixed(_ value: Double, _ digits: Int) -> String {
                var scale = 1.0
                for _ in 0..<digits { scale *= 10 }
                let rounded = (value * scale).rounded() / scale
                return String(rounded)
            }
            return "\(events) events, \(fixed(Double(bytes) / 1_000_000, 1)) MB in \(fixed(seconds, 3)) s: "
                + "\(fixed(eventsPerSecond / 1_000_000, 2)) M events/s, \(fixed(megabytesPerSecond, 1)) MB/s"
        }
    }

    /// A realistic trace of `events` records after the header: a registration per service, then
    /// resolutions (created and cached, with requesters, some mapped) with a scope reset and a
    /// missing registration now and then — what an unfolded live stream looks like.
    public static func syntheticTrace(events: Int, services: Int = 64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events * 260)
        TraceEncoder.encode(.header(TraceHeader(app: "synthetic", pid: 1, startTime: "2026-01-01T00:00:00Z")), into: &bytes)
        let identities = (0..<max(1, services)).map { index in
            index % 4 == 3
                ? ServiceIdentity(type: "Feature\(index)ViewModel", container: "app", layer: "Feature\(index)", member: "viewModel")
                : ServiceIdentity(type: "XYZService\(index)", name: index % 5 == 0 ? "edit" : nil, container: "app")
        }
        let scopes: [Scope] = [.unique, .graph, .cached, .singleton, .custom("session")]
        for sequence in 1...max(1, events) {
            let index = sequence % identities.count
            let service = identities[index]
            let kind: ResolutionEvent.Kind
            if sequence <= identities.count {
                kind = .registered(Registered(
                    service: service, scope: scopes[index % scopes.count],
                    location: SourceLocation(fileID: "App/Assembly.swift", line: 10 + index), replaced: nil))
            } else if sequence % 1000 == 0 {
                kind = .scopeReset(ScopeReset(container: "app", scope: .custom("session"), discarded: 3))
            } else if sequence % 10_007 == 0 {
                kind = .missing(MissingRegistration(
                    requested: ServiceIdentity(type: "XYZFetching", container: "app"), requesterChain: [service],
                    nearMisses: [NearMiss(kind: .otherName, service: identities[0])],
                    fix: "app.register { <#XYZFetching#>() }", location: SourceLocation(fileID: "App/View.swift", line: 7)))
            } else {
                kind = .resolved(Resolved(
                    service: service, requester: sequence % 3 == 0 ? nil : identities[(index * 7 + 1) % identities.count],
                    scope: scopes[index % scopes.count], outcome: sequence % 2 == 0 ? .created : .cached,
                    source: sequence % 11 == 0 ? .mapping : .factory, durationNanoseconds: UInt64(sequence % 5000),
                    depth: 1 + sequence % 4, mappedFrom: sequence % 11 == 0 ? identities[0] : nil))
            }
            let event = ResolutionEvent(sequence: UInt64(sequence), time: UInt64(sequence) * 1_000, thread: UInt64(1 + sequence % 8), kind: kind)
            TraceEncoder.encode(.event(event), into: &bytes)
        }
        return bytes
    }

    /// Reads (parses and builds every record of) `trace` from memory `repetitions` times and
    /// reports the fastest run.
    public static func measure(_ trace: [UInt8], repetitions: Int = 3) -> Result {
        var best = Result(events: 0, bytes: trace.count, seconds: .infinity, diagnostics: 0)
        let clock = ContinuousClock()
        for _ in 0..<max(1, repetitions) {
            var reader = TraceReader()
            var count = 0
            // Records are handed over one by one, as a consumer that applies them would take
            // them; collecting a million large values into an array is the consumer's cost.
            let elapsed = clock.measure {
                trace.withUnsafeBytes { reader.feed($0) { _ in count += 1 } }
                count += reader.finish().count
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if seconds < best.seconds {
                best = Result(events: count - 1, bytes: trace.count, seconds: seconds, diagnostics: reader.diagnostics.count)
            }
        }
        return best
    }
}
