import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// What a newcomer notices at 80×24 and in the small details: truncation that says so, counts
/// never cut, the breadcrumb's end kept, the event log on one line per event with the whole
/// message in the detail pane, a detail pane for a layer arrow, singular counts.
struct SmallScreenTests {
    let model = ShopTrace.model()

    func render(_ keys: [Key] = [], rows: Int = 24, columns: Int = 80) -> (Canvas, InspectorState) {
        var state = ShopTrace.state(for: model)
        for key in keys { _ = state.handle(key, model: model) }
        return (InspectorView.render(model: model, state: state, rows: rows, columns: columns), state)
    }

    func lines(_ canvas: Canvas) -> [String] {
        canvas.textDump().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func truncationKeepsTheBreadcrumbsEnd() {
        #expect(TextWidth.truncateLeading("Services › Cart › Dependencies", to: 16) == "… › Dependencies")
        #expect(TextWidth.truncateLeading("short", to: 20) == "short")
        #expect(TextWidth.of(TextWidth.truncateLeading(String(repeating: "x", count: 50), to: 10)) == 10)
        // A drill two levels deep on a narrow screen still names the view you are in.
        let (canvas, _) = render([.enter, .down, .enter, .down, .enter], columns: 60)
        let crumb = lines(canvas)[2]
        #expect(crumb.hasPrefix("…") && crumb.trimmingCharacters(in: .whitespaces).hasSuffix("› dependencies"), "\(canvas.textDump())")
    }

    @Test func anEventsMessageIsOneRowAndWholeInTheDetail() {
        let (canvas, state) = render([.character("7")], rows: 40, columns: 160)
        let text = canvas.textDump()
        #expect(!text.contains("\\u{0A}"), "a line break in a message is shown escaped:\n\(text)")
        // Rows are completed as they are drawn.
        let rows = state.items.map { EventsView.completed($0, model: model) }
        let missing = rows.first { $0.cells.last?.contains("MISSING") == true }
        #expect(missing?.cells.last?.contains("\n") == false)
        // Select it: the detail pane shows the event and its message line by line.
        var selected = state
        let index = selected.items.firstIndex { $0.id == missing?.id } ?? 0
        selected.selections[selected.route] = Selection(id: selected.items[index].id, index: index)
        let shown = InspectorView.render(model: model, state: selected, rows: 40, columns: 160).textDump()
        #expect(shown.contains("Event"), "\(shown)")
        #expect(!shown.contains("Nothing selected"), "\(shown)")
    }

    @Test func eventTimesNeverGoBack() {
        let (_, state) = render([.character("7")], rows: 40, columns: 160)
        let times = state.items.map { EventsView.completed($0, model: model) }.compactMap { $0.cells.count > 1 ? $0.cells[1] : nil }
        #expect(times.count == state.items.count)
        #expect(times == times.sorted { Double($0.dropFirst().dropLast())! < Double($1.dropFirst().dropLast())! } , "\(times)")
    }

    @Test func aSelectedLayerArrowHasADetailPane() {
        let (_, state) = render([.character("2")], rows: 60, columns: 200)
        guard state.selectedItem?.id.hasPrefix(LayersView.arrowPrefix) == true else {
            Issue.record("the Layers screen selects an arrow: \(String(describing: state.selectedItem?.id))")
            return
        }
        let text = InspectorView.render(model: model, state: state, rows: 60, columns: 200).textDump()
        #expect(!text.contains("Nothing selected"), "\(text)")
        #expect(text.contains("Crossing"), "\(text)")
    }

    /// However narrow, a tab's badge is whole: `⚠1`, never `⚠`.
    @Test func tabBadgesAreNeverCut() {
        for columns in [60, 64, 70, 80] {
            let (canvas, _) = render(columns: columns)
            let tabs = lines(canvas)[1]
            #expect(tabs.firstMatch(of: /⚠(?![0-9])/) == nil, "\(columns) columns: \(tabs)")
        }
    }

    @Test func oneIsSingular() {
        #expect(Format.counted(1, "resolve") == "1 resolve")
        #expect(Format.counted(2, "resolve") == "2 resolves")
        #expect(Format.counted(0, "edge") == "0 edges")
    }
}

/// A live app that maps a provider for a while (the sample app's tunnel) has no problem until its
/// trace ends with the mapping still set: no badge flashes on Overrides while it runs.
struct LiveMappingBadgeTests {
    static func records() -> [TraceRecord] {
        let real = ServiceIdentity(type: "APIClient", container: "app", layer: "Network", member: "api")
        let mock = ServiceIdentity(type: "APIClient", container: "app", layer: "Network", member: "mockAPI")
        let at = SourceLocation(fileID: "App/Tunnel.swift", line: 12)
        let kinds: [ResolutionEvent.Kind] = [
            .registered(Registered(service: real, scope: .cached, location: at, replaced: nil, implements: [])),
            .registered(Registered(service: mock, scope: .cached, location: at, replaced: nil, implements: [])),
            .mappingChanged(MappingChange(action: .set, container: "app", from: real, to: mock, location: at)),
        ]
        return [.header(TraceHeader(app: "tunnel", pid: 7, startTime: "2026-11-22T04:23:13Z"))]
            + kinds.enumerated().map { .event(ResolutionEvent(sequence: UInt64($0.offset + 1), time: UInt64($0.offset + 1) * 100, thread: 1, kind: $0.element)) }
    }

    @Test(arguments: [true, false])
    func aMappingInEffectIsAProblemOnlyOnceTheTraceEnds(live: Bool) {
        var model = InspectorModel(connection: live ? .live : .file("tunnel.ndjson"))
        model.apply(Self.records(), now: 0)
        var state = InspectorState()
        state.sync(with: model)
        #expect(state.counts[.overrides].warnings == (live ? 0 : 1), "live: \(live)")
        #expect(state.report.problems.contains { $0.kind == "activeMapping" } == !live)
    }
}
