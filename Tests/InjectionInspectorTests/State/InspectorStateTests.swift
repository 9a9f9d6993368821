import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

struct InspectorStateTests {
    let model = ShopTrace.model()

    func selectedType(_ state: InspectorState) -> String? {
        state.selectedNode.map { model.graph.nodes[$0].identity.type }
    }

    // MARK: - Moving

    @Test func jAndKMoveTheSelection() {
        var state = ShopTrace.state(for: model)
        #expect(state.selection.index == 0)
        _ = state.handle(.character("j"), model: model)
        _ = state.handle(.down, model: model)
        #expect(state.selection.index == 2)
        _ = state.handle(.character("k"), model: model)
        #expect(state.selection.index == 1)
        _ = state.handle(.character("G"), model: model)
        #expect(state.selection.index == state.items.count - 1)
        _ = state.handle(.character("g"), model: model)
        #expect(state.selection.index == 0)
    }

    @Test func digitsSwitchScreensAndQQuits() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("6"), model: model)
        #expect(state.route == .screen(.missing))
        #expect(state.handle(.character("q"), model: model) == [.quit])
    }

    @Test func selectionStaysOnTheSameServiceWhenRowsMove() {
        var live = InspectorModel(connection: .live)
        live.apply(ShopTrace.records(), now: 0)
        var state = ShopTrace.state(for: live)
        _ = state.handle(.character("s"), model: live)  // by layer
        _ = state.handle(.character("s"), model: live)  // by scope
        _ = state.handle(.character("s"), model: live)  // by resolves, most first
        #expect(state.selection.id == ShopTrace.auth.key, "the selection stays on its service when the order changes")
        _ = state.handle(.character("g"), model: live)
        for _ in 0..<state.items.count where live.graph.nodes[state.selectedNode!].identity != ShopTrace.logger {
            _ = state.handle(.character("j"), model: live)
        }
        let before = state.selection.index
        // Logger is resolved 20 more times: it moves to the top of the resolves order.
        let more = (0..<20).map { n in
            TraceRecord.event(ResolutionEvent(sequence: 100 + UInt64(n), time: 100, thread: 1, kind: .resolved(Resolved(
                service: ShopTrace.logger, requester: nil, scope: .unique, outcome: .created, source: .factory,
                durationNanoseconds: 10, depth: 1))))
        }
        live.apply(more, now: 100)
        state.sync(with: live)
        #expect(state.selection.index != before)
        #expect(live.graph.nodes[state.selectedNode!].identity == ShopTrace.logger)
    }

    // MARK: - Filter

    @Test func filterNarrowsAsYouTypeAndEnterKeepsIt() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("/"), model: model)
        for character in "layer:Cart" { _ = state.handle(.character(character), model: model) }
        #expect(state.filter.isEditing)
        #expect(Set(state.items.compactMap { $0.node.map { model.graph.nodes[$0].identity.type } }) == ["CartStore", "CartViewModel"])
        _ = state.handle(.enter, model: model)
        #expect(!state.filter.isEditing)
        #expect(state.filter.text == "layer:Cart")
        #expect(state.items.count == 2)
    }

    @Test func escInTheFilterClearsIt() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("/"), model: model)
        for character in "scope:singleton" { _ = state.handle(.character(character), model: model) }
        _ = state.handle(.escape, model: model)
        #expect(state.filter.text.isEmpty)
        #expect(state.items.count == model.graph.nodes.count)
    }

    @Test func aFilterThatDoesNotParseKeepsTheLastOneAndSaysWhy() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("/"), model: model)
        for character in "colour:red" { _ = state.handle(.character(character), model: model) }
        #expect(state.filter.error == "unknown filter key 'colour'; use layer:, scope:, container:, name:, type: or flag:")
    }

    @Test func nJumpsToTheNextMatchOnTrees() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("2"), model: model)
        _ = state.handle(.character("/"), model: model)
        for character in "auth" { _ = state.handle(.character(character), model: model) }
        _ = state.handle(.enter, model: model)
        _ = state.handle(.character("n"), model: model)
        #expect(state.selectedItem?.isMatch == true)
    }

    // MARK: - Drilling

    @Test func enterDrillsInAndEscGoesBack() {
        var state = ShopTrace.state(for: model)
        while selectedType(state) != "CartViewModel" { _ = state.handle(.character("j"), model: model) }
        _ = state.handle(.enter, model: model)
        #expect(state.route == .tree(service: ShopTrace.viewModel.key, .dependencies))
        #expect(state.breadcrumb == [.screen(.services)])
        _ = state.handle(.character("j"), model: model)
        _ = state.handle(.enter, model: model)  // into CartStore
        #expect(state.breadcrumb.count == 2)
        _ = state.handle(.escape, model: model)
        _ = state.handle(.character("h"), model: model)
        #expect(state.route == .screen(.services))
        #expect(selectedType(state) == "CartViewModel")
    }

    @Test func sortCyclesColumns() {
        var state = ShopTrace.state(for: model)
        let order = (0..<6).map { _ -> ServiceSort.Column in
            _ = state.handle(.character("s"), model: model)
            return state.sort.column
        }
        #expect(order == [.layer, .scope, .resolves, .instances, .flags, .name])
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("?"), model: model)
        #expect(state.showHelp)
        #expect(state.handle(.character("q"), model: model).isEmpty)
        #expect(!state.showHelp)
    }

    @Test func pauseAndExportAreEffects() {
        var state = ShopTrace.state(for: model)
        #expect(state.handle(.character("p"), model: model) == [.pause(true)])
        // `e` asks where first; the path is shown, editable, and written only on Enter.
        #expect(state.handle(.character("e"), model: model).isEmpty)
        #expect(state.exportPrompt?.path == "di-inspect-services.dot")
        _ = state.handle(.control("u"), model: model)
        for character in "/tmp/x.mmd" { _ = state.handle(.character(character), model: model) }
        var expected = ExportRequest(name: "services")
        expected.path = "/tmp/x.mmd"
        #expect(state.handle(.enter, model: model) == [.export(expected)])
        #expect(state.exportPrompt == nil)
    }

    @Test func yCopiesTheSelectedName() {
        var state = ShopTrace.state(for: model)
        let name = state.selectedNode.map { model.graph.nodes[$0].identity.description }
        #expect(name != nil)
        #expect(state.handle(.character("y"), model: model) == [.copy(name!)])
        #expect(state.message == "Copied \(name!)")
        #expect(ClipboardSequence.osc52("Cart") == "\u{1B}]52;c;Q2FydA==\u{07}")
        #expect(ClipboardSequence.base64(Array("a".utf8)) == "YQ==")
        #expect(ClipboardSequence.base64(Array("ab".utf8)) == "YWI=")
        #expect(ClipboardSequence.base64(Array("\u{1B}]52;c;x\u{07}".utf8)) == "G101MjtjO3gH")
    }

    @Test func escapeCancelsAnExport() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("e"), model: model)
        #expect(state.handle(.escape, model: model).isEmpty)
        #expect(state.exportPrompt == nil)
        #expect(state.message == "Export cancelled")
    }

    /// Each view exports what it shows: the layer summary on Layers, the problem's services on
    /// Cycles and Missing, the whole graph on Services; never the same graph for all.
    @Test func eachViewExportsWhatItShows() {
        var state = ShopTrace.state(for: model)
        let services = state.exportRequest(model: model)
        _ = state.handle(.character("2"), model: model)
        #expect(state.exportRequest(model: model).content == .layers)
        _ = state.handle(.character("4"), model: model)
        let cycles = state.exportRequest(model: model)
        _ = state.handle(.character("6"), model: model)
        let missing = state.exportRequest(model: model)
        #expect(services.content == .graph(GraphExportOptions()))
        for request in [cycles, missing] {
            guard case .graph(let options) = request.content, let shown = options.services else {
                Issue.record("\(request.name) should export its view's services")
                continue
            }
            #expect(shown.count < model.graph.nodes.count, "\(request.name) exported the whole graph")
        }
        #expect(cycles.content != missing.content)
    }

    @Test func eventsFollowUntilTheUserMovesUp() {
        var state = ShopTrace.state(for: model)
        _ = state.handle(.character("7"), model: model)
        #expect(state.selection.index == state.items.count - 1)
        _ = state.handle(.character("k"), model: model)
        #expect(!state.followEvents)
        _ = state.handle(.character("G"), model: model)
        #expect(state.followEvents)
    }
}
