import Testing
@testable import InjectionInspector

struct WidgetTests {
    // MARK: - Box

    @Test func boxDrawsAFrameWithATitle() {
        var canvas = Canvas(rows: 3, columns: 14)
        let inside = Box(title: "Detail").draw(into: &canvas, in: canvas.bounds)
        #expect(inside == Rect(row: 1, column: 1, height: 1, width: 12))
        #expect(canvas.textDump() == """
            ┌─ Detail ───┐
            │            │
            └────────────┘
            """)
    }

    // MARK: - Table

    @Test func tableAlignsAndTruncatesColumns() {
        var canvas = Canvas(rows: 3, columns: 24)
        Table(columns: [TableColumn("Service", width: .flexible(minimum: 8)),
                        TableColumn("Count", width: .fixed(6), alignment: .trailing)],
              rows: [TableRow(["NetworkClientService", "12"]), TableRow(["Cache", "3"])],
              selected: 1, sortColumn: 0)
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == """
            Service▲           Count
            NetworkClientSer…     12
            Cache                  3
            """)
        #expect(canvas.styleDump().split(separator: "\n", omittingEmptySubsequences: false)[2].allSatisfy { $0 == "S" })
    }

    /// Names that share a long prefix and differ at the end (numbered, suffixed services) stay
    /// apart: the rows a cut at the end would make read the same are cut in the middle; a row
    /// whose cut is its own keeps the usual cut, and one that fits is not cut.
    @Test func aColumnKeepingRowsApartCutsLookAlikesInTheMiddle() {
        var canvas = Canvas(rows: 5, columns: 24)
        Table(columns: [TableColumn("Service", width: .flexible(minimum: 8), truncation: .tailKeepingRowsApart),
                        TableColumn("Count", width: .fixed(6), alignment: .trailing)],
              rows: [TableRow(["service-with-a-long-name-12", "12"]), TableRow(["service-with-a-long-name-13", "3"]),
                     TableRow(["Repository.products: ProductRepository", "4"]), TableRow(["Cache", "5"])],
              selected: nil, sortColumn: 0)
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == """
            Service▲           Count
            service-…-name-12     12
            service-…-name-13      3
            Repository.produ…      4
            Cache                  5
            """)
        #expect(TextWidth.truncateMiddle("Repository.cartRepositoryMock", to: 16) == "Reposit…toryMock")
        #expect(TextWidth.truncateMiddle("日本語の名前です", to: 9) == "日本…です", "wide characters counted as two columns")
        #expect(TextWidth.truncateMiddle("short", to: 9) == "short")
    }

    /// Two settings of one mapping differ by their line: the Overrides view's `Set at` keeps the
    /// end of a location too long for it (it showed `Faults/faults.sw…` twice), and its last
    /// column fits `active!` (it showed `activ…`).
    @Test func overridesKeepTheLineOfWhereAnOverrideWasSet() {
        var canvas = Canvas(rows: 3, columns: 16)
        Table(columns: [TableColumn("Set at", width: .flexible(minimum: 8), truncation: .leading)],
              rows: [TableRow(["Faults/faults.swift:59"]), TableRow(["Faults/faults.swift:65"])], selected: nil)
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == """
            Set at
            …faults.swift:59
            …faults.swift:65
            """)
        let setAt = try! #require(OverridesView.columns.first { $0.title == "Set at" })
        #expect(setAt.truncation == .leading)
        let problem = try! #require(OverridesView.columns.last)
        #expect(problem.title == "Problem" && problem.width == .fixed(7), "fits 'active!' and 'stale*'")
    }

    @Test func tableShowsAScrollbarWhenRowsDoNotFit() {
        var canvas = Canvas(rows: 3, columns: 10)
        Table(columns: [TableColumn("N", width: .flexible(minimum: 1))],
              rows: [TableRow(["a"]), TableRow(["b"])], firstIndex: 0, total: 10, selected: 0)
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.line(1).hasSuffix("┃") || canvas.line(1).hasSuffix("│"))
    }

    @Test func emptyTableSaysSo() {
        var canvas = Canvas(rows: 3, columns: 30)
        Table(columns: [TableColumn("Service", width: .flexible(minimum: 5))], rows: [], emptyMessage: "No services yet.")
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.line(1) == "No services yet.")
    }

    @Test func columnLayoutSharesSpareWidthByWeight() {
        let widths = TableColumn.layout([TableColumn("a", width: .flexible(minimum: 4, weight: 3)),
                                         TableColumn("b", width: .flexible(minimum: 4, weight: 1)),
                                         TableColumn("c", width: .fixed(5))], available: 30)
        #expect(widths == [15, 8, 5])
    }

    // MARK: - Bars

    @Test func tabBarShowsCountsAndWarningBadges() {
        var canvas = Canvas(rows: 1, columns: 60)
        TabBar(tabs: [.init(key: "1", title: "Services", count: 42), .init(key: "4", title: "Cycles", count: 1, warnings: 1)],
               selected: 0).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == " 1 Services 42   4 Cycles 1 ⚠1")
    }

    @Test func tabBarDropsCountsWhenNarrow() {
        var canvas = Canvas(rows: 1, columns: 24)
        TabBar(tabs: [.init(key: "1", title: "Services", count: 42), .init(key: "2", title: "Layers", count: 3)],
               selected: 1).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == " 1 Services   2 Layers")
    }

    @Test func keyBarDropsHintsThatDoNotFit() {
        var canvas = Canvas(rows: 1, columns: 20)
        KeyBar(hints: [.init("q", "Quit"), .init("?", "Help"), .init("/", "Filter")]).draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == " q Quit  ? Help")
    }

    /// Paused, a live session does not claim to be live at 0 ev/s.
    @Test func aPausedLiveHeaderSaysPaused() {
        var canvas = Canvas(rows: 1, columns: 80)
        var bar = HeaderBar(app: "sample-app", pid: 42, connection: .live, eventsPerSecond: 0, dropped: 0)
        bar.paused = true
        bar.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump().hasPrefix(" di-inspect  sample-app  pid 42  ⏸ paused  dropped 0"), "\(canvas.textDump())")
        #expect(!canvas.textDump().contains("live") && !canvas.textDump().contains("ev/s"))
    }

    @Test func headerShowsConnectionState() {
        var canvas = Canvas(rows: 1, columns: 80)
        HeaderBar(app: "sample-app", pid: 42, connection: .disconnected("app exited"), eventsPerSecond: 0, dropped: 3)
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump() == " di-inspect  sample-app  pid 42  ✕ disconnected (app exited)  0 ev/s  dropped 3")
    }

    /// A long state (the trap an app stopped on) is cut, and the session it belongs to, at the
    /// right, stays on the line: before, the state pushed "session 3/4 [ ]" off the screen.
    @Test func aLongConnectionStateLeavesTheSessionSummaryOnTheLine() {
        var canvas = Canvas(rows: 1, columns: 100)
        HeaderBar(app: "abrupt", pid: 2086,
                  connection: .disconnected("app stopped: Missing registration: Big (name: \"not-registered\") in 'abrupt'"),
                  eventsPerSecond: 0, dropped: 0, trailing: "0 live · session 4/4 [ ]")
            .draw(into: &canvas, in: canvas.bounds)
        let line = canvas.textDump()
        #expect(line.hasSuffix("0 live · session 4/4 [ ]"), "\(line)")
        #expect(line.hasPrefix(" di-inspect  abrupt  pid 2086  ✕ disconnected (app stopped: Missing regist…"), "\(line)")
        #expect(line.contains("… 0 live"), "the state is cut after 'dropped 0' and the rate gave way: \(line)")
        #expect(!line.contains("ev/s") && !line.contains("dropped"))
    }

    /// A state that fits keeps it all: the rate goes before the state is cut, and a waiting
    /// address (it carries the TCP token to copy) is never cut.
    @Test func theRateGivesWayBeforeTheStateAndAWaitingAddressIsNeverCut() {
        var canvas = Canvas(rows: 1, columns: 120)
        HeaderBar(app: "sample-app", pid: 2988, connection: .disconnected("app exited"), eventsPerSecond: 1415,
                  dropped: 0, trailing: "browsing last session  1 live · session 2/2 [ ]")
            .draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.textDump().contains("✕ disconnected (app exited)"), "\(canvas.textDump())")
        #expect(canvas.textDump().hasSuffix("1 live · session 2/2 [ ]"), "\(canvas.textDump())")
        let token = String(repeating: "5f0c", count: 8)
        var waiting = Canvas(rows: 1, columns: 110)
        HeaderBar(app: "", pid: nil, connection: .waiting("tcp:127.0.0.1:7777  DI_INSPECT_TOKEN=\(token)"), eventsPerSecond: 0,
                  dropped: 0, trailing: "0 live · refused 2")
            .draw(into: &waiting, in: waiting.bounds)
        #expect(waiting.textDump().contains("DI_INSPECT_TOKEN=\(token)"), "\(waiting.textDump())")
    }

    // MARK: - Trees, overlays

    @Test func treeLinesHaveGuides() {
        let tree = TreeNode("Network", children: [
            TreeNode("HTTPClient", children: [TreeNode("Session")]), TreeNode("Cache"),
        ])
        #expect(tree.lines().map(\.text) == ["Network", "├─ HTTPClient", "│  └─ Session", "└─ Cache"])
    }

    @Test func tooSmallScreenSaysTheSizes() {
        var canvas = Canvas(rows: 5, columns: 44)
        TooSmallScreen(minimumRows: 12, minimumColumns: 60).draw(into: &canvas)
        #expect(canvas.textDump().contains("Terminal too small: 44×5"))
        #expect(canvas.textDump().contains("Need at least 60×12."))
    }

    @Test func helpOverlayListsEveryKeyGroupAndTheLegend() {
        var canvas = Canvas(rows: 80, columns: 100)
        HelpOverlay(groups: HelpOverlay.inspectorKeys).draw(into: &canvas, in: canvas.bounds)
        let text = canvas.textDump()
        for title in ["Views", "Move", "Find", "Explain", "Session", "Marks", "Row colours"] { #expect(text.contains(title)) }
        for mark in ["—  ", "⇢  ", "∅  ", "✗  ", "↻  "] { #expect(text.contains("  " + mark), "the legend lacks \(mark)") }
        #expect(text.contains("Help — any key closes"))
        // A colour's name is drawn in that colour.
        let red = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(" red  ") }
        #expect(red.map { canvas.styleDump().split(separator: "\n", omittingEmptySubsequences: false)[$0].contains("E") } == true)
    }

    /// At 80×24 the help is taller than the screen: it says so and scrolls to its end.
    @Test func helpOverlayScrollsOnASmallScreen() {
        var top = Canvas(rows: 24, columns: 80)
        HelpOverlay(groups: HelpOverlay.inspectorKeys).draw(into: &top, in: top.bounds)
        #expect(top.textDump().contains("Help — ↑↓ scroll, any other key closes"))
        #expect(top.textDump().contains("↓ more"))
        #expect(!top.textDump().contains("Row colours"))
        var end = Canvas(rows: 24, columns: 80)
        HelpOverlay(groups: HelpOverlay.inspectorKeys, scroll: HelpOverlay.lineCount).draw(into: &end, in: end.bounds)
        #expect(end.textDump().contains("Row colours"))
        #expect(end.textDump().contains("↑ more"))
        #expect(!end.textDump().contains("↓ more"))
    }

    @Test func detailPaneWrapsLongValues() {
        let pane = DetailPane(title: "X", sections: [.init(title: "Fix", lines: [.init("", "register the gateway before first use")])])
        #expect(pane.renderedLines(width: 20).map(\.text) == ["Fix", "  register the", "  gateway before", "  first use"])
    }

    /// A word longer than the pane (a long service name) is broken across lines, every character
    /// kept: the pane is where a name the table shortened is read whole.
    @Test func detailPaneBreaksAWordLongerThanALineInsteadOfCuttingIt() {
        let name = "service-with-a-rather-long-name-ééééé-12"
        let pane = DetailPane(title: "X", sections: [.init(title: "Service", lines: [.init("name", name)])])
        let lines = pane.renderedLines(width: 20).map(\.text)
        #expect(lines == ["Service", "  name  service-with", "        -a-rather-lo", "        ng-name-éééé", "        é-12"])
        #expect(lines.dropFirst().map { $0.dropFirst(8) }.joined() == name)
        #expect(DetailPane.wrap("日本語の名前", width: 5) == ["日本", "語の", "名前"], "wide characters fill two columns each")
    }

    @Test func scrollWindowMovesOnlyAsFarAsNeeded() {
        #expect(ScrollWindow.offset(selected: 50, previous: 0, visible: 20, count: 100) == 31)
        #expect(ScrollWindow.offset(selected: 35, previous: 31, visible: 20, count: 100) == 31)
        #expect(ScrollWindow.offset(selected: 2, previous: 31, visible: 20, count: 100) == 2)
    }
}
