import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// Everything that lists the screens is derived from ``Screen/allCases``: the tab bar (keys,
/// titles, counts, badges), the digit keys, the help's and the key bar's ranges, the counts and
/// export. A new screen is its view's file and an entry in `allCases`; a spelling that lists
/// screens by hand fails here.
struct ScreenRegistryTests {
    let model = ShopTrace.model()

    func state(on screen: Screen? = nil) -> InspectorState {
        var state = InspectorState()
        state.pageSize = InspectorLayout(rows: 40, columns: 160).pageSize
        state.screenSize = (40, 160)
        state.sync(with: model)
        if let screen { _ = state.handle(.character(Character(String(screen.key))), model: model) }
        state.sync(with: model)
        return state
    }

    @Test func everyScreenIsItsOwnViewAndKeyedByItsPlace() {
        let screens = Screen.allCases
        #expect(screens.count >= 7)
        #expect(Set(screens).count == screens.count, "each screen has its own view")
        #expect(Set(screens.map(\.title)).count == screens.count, "each screen has its own title")
        for (index, screen) in screens.enumerated() {
            #expect(screen.key == index + 1)
            #expect(Screen(key: Character(String(index + 1))) == screen)
        }
        #expect(Screen(key: Character(String(screens.count + 1))) == nil)
        #expect(Screen(key: "0") == nil)
    }

    @Test func theTabBarIsEveryScreenInOrderWithItsViewsBadge() {
        let state = state()
        let bar = InspectorView.tabBar(ViewContext(model: model, state: state))
        #expect(bar.tabs.map(\.key) == Screen.allCases.map { String($0.key) })
        #expect(bar.tabs.map(\.title) == Screen.allCases.map(\.title))
        for (tab, screen) in zip(bar.tabs, Screen.allCases) {
            let badge = screen.view.shownBadge(state.counts[screen], model: model)
            #expect(tab.count == badge.count, "\(screen.title)")
            #expect(tab.warnings == badge.warnings, "\(screen.title)")
        }
        // The shop has services, layers, overrides and a missing registration: counted on their tabs.
        #expect(bar.tabs[Screen.services.key - 1].count == model.graph.nodes.count)
        #expect(bar.tabs[Screen.events.key - 1].count == Int(model.events.total))
    }

    @Test func theCountsAreEachViewsBadgeOfTheSameGraph() {
        let state = state()
        let source = TabCounts.Source(graph: model.graph, flags: state.flags, report: state.report)
        for screen in Screen.allCases {
            #expect(state.counts[screen] == screen.view.badge(source), "\(screen.title)")
        }
        #expect(state.counts[.missing].count == model.graph.missing.count + model.graph.resolvedToNil.count)
    }

    @Test func eachScreensDigitShowsItAndItsTabIsSelected() {
        for screen in Screen.allCases {
            let state = state(on: screen)
            #expect(state.route == .screen(screen))
            let bar = InspectorView.tabBar(ViewContext(model: model, state: state))
            #expect(bar.selected == screen.key - 1)
            let screenText = InspectorView.render(model: model, state: state, rows: 40, columns: 160).textDump()
            #expect(screenText.contains(screen.title), "\(screen.title)")
        }
    }

    @Test func theHelpAndTheKeyBarSpellTheRangeOfScreens() {
        let range = Screen.allCases.count == 1 ? "1" : "1-\(Screen.allCases.count)"
        let views = HelpOverlay.inspectorKeys.flatMap(\.keys).filter { $0.key.hasPrefix("1") }
        #expect(views.map(\.key) == [range])
        #expect(views.first?.label == Screen.allCases.map(\.title).joined(separator: ", "))
        #expect(InspectorView.hints(state()).contains(KeyBar.Hint(range, "Views")))
    }

    @Test func everyScreenExportsUnderItsOwnName() {
        for screen in Screen.allCases {
            let request = state(on: screen).exportRequest(model: model)
            #expect(request.name.hasPrefix(screen.title.lowercased()), "\(screen.title): \(request.name)")
        }
    }

    @Test func aClickOnATableScreenSkipsItsTitleRowOnlyWhereItHasOne() {
        for screen in Screen.allCases {
            #expect(ScreenTarget.hasTitleRow(.screen(screen)) == screen.view.hasTitleRow)
        }
        #expect(Screen.allCases.filter { $0.view.hasTitleRow } == [.services, .overrides, .events])
    }
}
