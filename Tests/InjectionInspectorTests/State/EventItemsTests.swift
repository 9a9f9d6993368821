import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The Events screen's rows kept from frame to frame: completed, always the rows a full rebuild
/// gives; built only for the lines logged since the last frame.
struct EventItemsTests {
    static let app = ServiceIdentity(type: "App", container: "app")

    static func resolve(_ type: String, at time: UInt64) -> TraceRecord {
        .event(ResolutionEvent(sequence: time, time: time, thread: 1, kind: .resolved(Resolved(
            service: ServiceIdentity(type: type, container: "app"), requester: app, scope: .singleton, outcome: .cached,
            source: .factory, durationNanoseconds: 10, depth: 1))))
    }

    /// A folded aggregate: it carries its last resolve's time, older than events logged before it.
    static func aggregate(_ type: String, from first: UInt64, to last: UInt64) -> TraceRecord {
        .aggregate(ResolutionAggregate(
            service: ServiceIdentity(type: type, container: "app"), requester: app, scope: .singleton, outcome: .cached,
            source: .factory, count: 10, totalNanoseconds: 100, firstTime: first, lastTime: last))
    }

    static func fullRebuild(_ model: InspectorModel, filter: FilterState = FilterState()) -> [ListItem] {
        var state = InspectorState()
        state.filter = filter
        return EventsView.items(model: model, state: state)
    }

    /// What `update` returns, each row completed as the screen draws it.
    static func shown(_ rows: inout EventItems, _ model: InspectorModel, filter: FilterState = FilterState()) -> [ListItem] {
        rows.update(model: model, filter: filter).map { EventsView.completed($0, model: model) }
    }

    @Test func onlyNewLinesAreBuiltAndTheRowsMatchAFullRebuild() {
        var model = InspectorModel(connection: .live)
        model.events = EventLog(capacity: 40)
        var rows = EventItems()
        model.apply((1...30).map { Self.resolve("S\($0 % 4)", at: UInt64($0) * 10) }, now: 0)
        #expect(Self.shown(&rows, model, filter: FilterState()) == Self.fullRebuild(model))
        #expect(rows.builtByLastUpdate == 30)
        // Nothing new: nothing built.
        #expect(Self.shown(&rows, model, filter: FilterState()) == Self.fullRebuild(model))
        #expect(rows.builtByLastUpdate == 0)
        // Five more, one of them an aggregate older than the last event: merged in time order.
        model.apply((31...34).map { Self.resolve("S\($0 % 4)", at: UInt64($0) * 10) } + [Self.aggregate("S9", from: 5, to: 155)],
                    now: 0)
        let rebuilt = Self.fullRebuild(model)
        #expect(Self.shown(&rows, model, filter: FilterState()) == rebuilt)
        #expect(rows.builtByLastUpdate == 5)
        #expect(rebuilt.firstIndex { $0.id == "event:35" } == 15, "the aggregate (t=155) sorts after the event at t=150")
        // Past the log's capacity (at 51 lines it trims to 40, lines 12–51, then 52–61 come):
        // the rows of the trimmed lines go too.
        model.apply((35...60).map { Self.resolve("S\($0 % 4)", at: UInt64($0) * 10) }, now: 0)
        #expect(model.events.lines.first?.number == 12)
        #expect(Self.shown(&rows, model, filter: FilterState()) == Self.fullRebuild(model))
        #expect(rows.builtByLastUpdate == 26)
    }

    @Test func aTimeCursorAFilterAndAnotherLogEachGiveTheirOwnRows() {
        var model = InspectorModel(connection: .file("trace.ndjson"))
        model.apply((1...50).map { Self.resolve("S\($0 % 5)", at: UInt64($0) * 10) }, now: 0)
        var rows = EventItems()
        _ = rows.update(model: model, filter: FilterState())
        // The time cursor's earlier model shares the log: its rows are the first 20, none built.
        let earlier = model.asOf(20)
        #expect(Self.shown(&rows, earlier, filter: FilterState()) == Self.fullRebuild(earlier))
        #expect(rows.builtByLastUpdate == 0)
        // Back at the end: only the 30 after the cursor are built again.
        #expect(Self.shown(&rows, model, filter: FilterState()) == Self.fullRebuild(model))
        #expect(rows.builtByLastUpdate == 30)
        // A filter: only the matching lines, built for that filter.
        var filter = FilterState()
        filter.set("S3")
        let filtered = Self.shown(&rows, model, filter: filter)
        #expect(filtered == Self.fullRebuild(model, filter: filter))
        #expect(filtered.count == 10)
        // Another session's log: its own rows.
        var other = InspectorModel(connection: .live)
        other.apply([Self.resolve("T", at: 1)], now: 0)
        #expect(Self.shown(&rows, other, filter: FilterState()) == Self.fullRebuild(other))
        #expect(rows.builtByLastUpdate == 1)
    }

    @Test func theSelectedRowIsCompleteForTheKeysThatActOnIt() {
        var model = InspectorModel(connection: .live)
        model.apply((1...20).map { Self.resolve("S\($0 % 4)", at: UInt64($0) * 10) }, now: 0)
        var state = InspectorState()
        _ = state.handle(.character("7"), model: model)
        // Following the log: the last row is selected, and complete; the others wait to be drawn.
        #expect(state.selectedItem?.cells == ["20", Format.timestamp(200), model.events.lines.last?.text ?? ""])
        #expect(state.selectedNode == model.graph.nodeID(for: ServiceIdentity(type: "S0", container: "app")))
        #expect(state.items.first?.cells.isEmpty == true)
        _ = state.handle(.character("k"), model: model)
        #expect(state.selectedItem?.cells.first == "19")
        #expect(state.selectedNode == model.graph.nodeID(for: ServiceIdentity(type: "S3", container: "app")))
    }
}
