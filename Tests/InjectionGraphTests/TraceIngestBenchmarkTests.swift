import Testing
import Injection
@testable import InjectionGraph
import InjectionSynthetic
@testable import InjectionTrace

struct TraceIngestBenchmarkTests {
    @Test func measuresASyntheticTrace() throws {
        let trace = TraceIngestBenchmark.syntheticTrace(events: 20_000)
        let result = TraceIngestBenchmark.measure(trace, repetitions: 1)
        #expect(result.events == 20_000)
        #expect(result.bytes == trace.count)
        #expect(result.diagnostics == 0)
        #expect(result.seconds > 0 && result.eventsPerSecond > 0)
        // The synthetic trace is a valid trace with several kinds.
        let file = try TraceReader.read(bytes: trace)
        #expect(Set(file.records.map(\.kindName)) == ["registered", "resolved", "scopeReset", "missing"])
    }
}
