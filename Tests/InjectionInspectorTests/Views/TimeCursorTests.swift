import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The time cursor, driven through the real ``Inspector`` and drawn into a text buffer.
@MainActor
struct TimeCursorTests {
    func inspector(_ model: InspectorModel = ShopTrace.model()) -> Inspector {
        let inspector = Inspector(model: model)
        _ = inspector.render(rows: 40, columns: 120)
        return inspector
    }

    func screen(_ inspector: Inspector, rows: Int = 40, columns: Int = 120) -> String {
        inspector.render(rows: rows, columns: columns).textDump()
    }

    func press(_ inspector: Inspector, _ keys: Key...) {
        for key in keys { _ = inspector.handle(key) }
    }

    @Test func steppingBackPastARegistrationHidesTheServiceAndSteppingForwardBringsItBack() {
        let inspector = inspector()
        #expect(screen(inspector).contains("Network.http: MockHTTPClient"))
        // The mock is registered by the second-to-last record; the stale report is the last.
        press(inspector, .character("<"))
        #expect(inspector.state.timeCursor == ShopTrace.records().count - 1)
        #expect(screen(inspector).contains("Network.http: MockHTTPClient"))
        press(inspector, .character("<"))
        let before = screen(inspector)
        #expect(!before.contains("Network.http: MockHTTPClient"))
        #expect(before.contains("Network.http: HTTPClient"))
        #expect(before.contains("t=16.0ms/18.0ms"), "the header shows where the cursor is")
        press(inspector, .character(">"))
        #expect(screen(inspector).contains("Network.http: MockHTTPClient"))
        press(inspector, .end)
        #expect(inspector.state.timeCursor == nil)
        #expect(screen(inspector).contains("t=end/18.0ms"))
    }

    @Test func homeShowsTheEmptyStartAndCountsGrowWithTheCursor() {
        let inspector = inspector()
        press(inspector, .home)
        #expect(inspector.state.timeCursor == 0)
        #expect(screen(inspector).contains("No services yet"))
        // Header, container, then six registrations: every service exists, none resolved yet.
        for _ in 0..<8 { press(inspector, .character(">")) }
        #expect(inspector.shownModel.graph.nodes.count == 6)
        #expect(inspector.shownModel.graph.session.resolveCount == 0)
        press(inspector, .character("}"))
        #expect(inspector.state.timeCursor == 8 + ShopTrace.records().count / 10)
        #expect(inspector.shownModel.graph.session.resolveCount > 0)
    }

    @Test func problemsAndBadgesAreAsOfTheCursor() {
        let inspector = inspector()
        #expect(inspector.state.counts[.cycles].count == 1)
        press(inspector, .character("t"))
        for character in "+12ms" { press(inspector, .character(character)) }
        press(inspector, .enter)
        // Records up to t = 12 ms: no missing gateway (t = 15 ms) nor cycle (t = 16 ms) yet.
        #expect(inspector.state.timeCursor == 13)
        #expect(inspector.state.counts[.cycles].count == 0)
        #expect(inspector.state.counts[.missing].count == 0)
        #expect(inspector.state.message == "As of +12.0ms, record 13 of 19")
        press(inspector, .character("4"))
        #expect(screen(inspector).contains("No dependency cycles."))
    }

    @Test func typingABadTimeSaysWhatToType() {
        let inspector = inspector()
        press(inspector, .character("t"), .character("x"), .enter)
        #expect(inspector.state.timeCursor == nil)
        #expect(inspector.state.message.contains("Not a time: x"))
    }

    @Test func liveSessionsMoveInTimeOnlyWhilePaused() {
        var live = InspectorModel(connection: .live)
        live.apply(ShopTrace.records(), now: 0)
        let inspector = inspector(live)
        press(inspector, .character("<"))
        #expect(inspector.state.timeCursor == nil)
        #expect(inspector.state.message == "Pause (p) to move in time")
        press(inspector, .character("p"), .character("<"))
        #expect(inspector.state.timeCursor == ShopTrace.records().count - 1)
        press(inspector, .character("p"))
        #expect(inspector.state.timeCursor == nil, "resuming goes back to the live end")
    }

    @Test func timeQueriesReadUnitsAndSigns() throws {
        #expect(try TimeQuery(parsing: "+2.5s").time(end: 10_000_000_000) == 2_500_000_000)
        #expect(try TimeQuery(parsing: "250ms").time(end: 10_000_000_000) == 250_000_000)
        #expect(try TimeQuery(parsing: "-1s").time(end: 10_000_000_000) == 9_000_000_000)
        #expect(try TimeQuery(parsing: "3").time(end: 1) == 3_000_000_000)
        #expect(throws: TimeQueryError.self) { try TimeQuery(parsing: "2 parsecs") }
    }

    @Test func sparklineScalesToEightLevelsAndMarksTheCursor() {
        #expect(TimelineBar.sparkline([0, 1, 2, 8], width: 4) == ["▁", "▂", "▃", "█"])
        #expect(TimelineBar.sparkline([1, 1, 1, 1], width: 2) == ["█", "█"])
        let timeline = Timeline(position: 50, end: 100, record: 5, records: 10, resolves: [1, 2, 3, 4], isAtEnd: false)
        #expect(timeline.cursorBucket == 2)
        var canvas = Canvas(rows: 1, columns: 40)
        TimelineBar(timeline: timeline).draw(into: &canvas, row: 0, from: 0, to: 40)
        #expect(canvas.textDump().hasPrefix("  t=50ns/100ns "))
    }
}
