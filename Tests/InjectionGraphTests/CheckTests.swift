import Injection
import Testing
@testable import InjectionGraph

struct CheckTests {
    @Test func cleanGraphSaysSo() {
        let report = Fixtures.small.graph.check()
        #expect(report.isClean)
        #expect(report.text == "No problems in sample-app (pid 42): 5 services, 4 edges, 12 events.\n")
    }

    @Test func reportsEveryKindOfProblemInOrder() {
        let report = Fixtures.everyDiagnostic.graph.check()
        #expect(report.problems.map(\.kind) == ["missing", "cycle", "loop", "scopeMismatch", "staleOverride", "staleOverride", "activeMapping"])
        assertSnapshot(report.text, named: "check.txt")
    }

    @Test func jsonReportCarriesStructuredFields() {
        assertSnapshot(Fixtures.everyDiagnostic.graph.check().json, named: "check.json")
    }

    @Test func notesDroppedEventsAndAFailedEnd() {
        var trace = Fixtures.small
        trace.records.append(.dropped(count: 3, time: 5_000))
        trace.records.append(.end(time: 6_000, reason: "Missing registration: XYZFetching in 'app'"))
        #expect(trace.graph.check().text == """
            No problems in sample-app (pid 42): 5 services, 4 edges, 12 events.

            Note: the recorder dropped 3 events; the graph may be incomplete.

            Note: the app stopped: Missing registration: XYZFetching in 'app'

            """)
    }

    @Test func repeatedProblemsSayHowOften() {
        var trace = TraceBuilder()
        let cycle = DependencyCycle(path: [TraceBuilder.id("A"), TraceBuilder.id("B"), TraceBuilder.id("A")])
        trace.event(.cycle(cycle))
        trace.event(.cycle(cycle))
        #expect(trace.graph.check().problems.map(\.message) == [cycle.message + "\n  Seen 2 times."])
    }
}
