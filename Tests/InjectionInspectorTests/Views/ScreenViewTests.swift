import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// Every screen rendered into a 120×40 text buffer, as a user would see it.
struct ScreenViewTests {
    let model = ShopTrace.model()

    func render(_ keys: [Key] = [], rows: Int = 40, columns: Int = 120) -> Canvas {
        var state = ShopTrace.state(for: model)
        for key in keys { _ = state.handle(key, model: model) }
        return InspectorView.render(model: model, state: state, rows: rows, columns: columns)
    }

    func lines(_ canvas: Canvas) -> [String] { canvas.textDump().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    // MARK: - Chrome

    @Test func headerAndTabsShowCountsAndBadges() {
        let text = lines(render())
        // A trace file can be scrubbed: the header has the time cursor and the sparkline.
        #expect(text[0].hasPrefix(" di-inspect  shop-app  pid 4242  ▣ shop.ndjson  t=end/18.0ms ▁"))
        #expect(text[1] == " 1 Services 7 ⚠7   2 Layers 4   3 Scopes ⚠1   4 Cycles 1 ⚠1   5 Overrides 1 ⚠1   6 Missing 1 ⚠1   7 Events 18")
        #expect(text[2] == "Services  sorted by service ▲")
        #expect(text.last!.hasPrefix(" q Quit  ? Help  1-7 Views  / Filter"))
    }

    // MARK: - Screens

    @Test func servicesListsNameLayerScopeCountsAndFlags() {
        let text = lines(render())
        let row = text.first { $0.hasPrefix("Cart.viewModel: CartViewModel") }!
        #expect(row.contains("app/Cart"))
        #expect(row.contains("unique"))
        #expect(row.contains("missing"))
        #expect(text.contains { $0.hasPrefix("Auth.service: AuthService") && $0.contains("cycle") })
        #expect(text.contains { $0.hasPrefix("Cart.store: CartStore") && $0.contains("captive") })
        #expect(text.contains { $0.hasPrefix("Network.http: HTTPClient") && $0.contains("stale") })
    }

    @Test func servicesSortedByResolvesPutsTheBusiestFirst() {
        let text = lines(render([.character("s"), .character("s"), .character("s")]))
        #expect(text[3].hasPrefix("Service"))
        #expect(text[3].contains("Resolves▼"))
        #expect(text[4].hasPrefix("Cart.store: CartStore") || text[4].hasPrefix("Cart.viewModel: CartViewModel"))
    }

    @Test func layersShowTreesCrossingsAndBreaches() {
        let text = render([.character("2"), .character("v")]).textDump()
        #expect(text.contains("app/Cart"))
        #expect(text.contains("├─ Cart.store: CartStore"))
        #expect(text.contains("Crossings"))
        #expect(text.contains("app/Cart → app/Network"))
    }

    @Test func scopesShowInstancesAndHitRates() {
        let text = render([.character("3")]).textDump()
        #expect(text.contains("cached  1 service, 2 resolves, 1 alive, hit 50%"))
        #expect(text.contains("└─ Cart.store: CartStore  1 alive, 2 resolves, hit 50%"))
    }

    @Test func cyclesShowTheirPath() {
        let text = render([.character("4")]).textDump()
        #expect(text.contains("↻ Auth.service: AuthService → Auth.session: SessionManager → Auth.service: Aut…"))
        #expect(text.contains("Auth.session: SessionManager →"))  // the full path, in the detail pane
        #expect(text.contains("├─ Auth.service: AuthService"))
    }

    @Test func enterOnACycleGoesToAServiceOnIt() {
        let text = lines(render([.character("4"), .enter]))
        #expect(text[2].hasPrefix("Cycles › Auth.service: AuthService › dependencies"))
    }

    @Test func overridesShowFromToWhereAndStale() {
        let text = render([.character("5")]).textDump()
        #expect(text.contains("active"))
        #expect(text.contains("Network.http: HTTPClient → N…"))
        #expect(text.contains("register"))
        #expect(text.contains("set at    Shop/App.swift:50"))
        #expect(text.contains("+0.017s stale"))
        // The same words as `check`: who holds the old instance and the reset that rebuilds it.
        #expect(text.contains("built with the old one and kept it:"))
        #expect(text.contains("Cart.store: CartStore in 'app'"))
        #expect(text.contains("overriding: app.reset(.cached); or"))
    }

    @Test func missingShowsChainNearMissAndFix() {
        let text = render([.character("6")]).textDump()
        #expect(text.contains("✗ PaymentGateway in 'app'  ← Cart.viewModel: CartViewModel  ×1"))
        #expect(text.contains("Requester chain"))
        #expect(text.contains("PaymentGateway is registered in"))
        #expect(text.contains("'app' under the name \"stripe\""))
        #expect(text.contains("app.register { StripeGateway() as"))
    }

    @Test func eventsShowTheLogNewestSelected() {
        let canvas = render([.character("7")])
        let text = canvas.textDump()
        #expect(text.contains("resolved Logger ← Cart.store: CartStore (created, 1.0µs)"))
        #expect(text.contains("MISSING PaymentGateway in 'app' ← Cart.viewModel"))
        #expect(lines(canvas)[2].contains("following"))
    }

    @Test func whyShowsAPathFromARoot() {
        var keys: [Key] = []
        // Network.http: HTTPClient sorts after Cart.* and Auth.*, Logger, MockHTTPClient.
        keys += [.character("/")] + "HTTPClient".map { Key.character($0) } + [.enter, .character("w")]
        let text = render(keys).textDump()
        #expect(text.contains("Cart.viewModel: CartViewModel  resolved by app code"))
        #expect(text.contains("└─ Cart.store: CartStore"))
        #expect(text.contains("   └─ Network.http: HTTPClient  ← the service"))
    }

    @Test func dependencyTreeShowsCounts() {
        let keys: [Key] = [.character("/")] + "CartViewModel".map { Key.character($0) } + [.enter, .character("d")]
        let text = render(keys).textDump()
        #expect(text.contains("└─ Cart.store: CartStore  cached  ×2"))
        #expect(text.contains("   ├─ Network.http: HTTPClient  singleton  ×1"))
    }

    @Test func detailPaneShowsTheSelectedService() {
        let keys: [Key] = [.character("/")] + "CartStore".map { Key.character($0) } + [.enter]
        let text = render(keys).textDump()
        #expect(text.contains("registered  Shop/App.swift:11"))
        #expect(text.contains("implements  CartStoring"))
        #expect(!text.contains("overridden"))
        #expect(text.contains("resolves    2 (1 new, 1 cached)"))
        #expect(text.contains("Dependencies (2)"))
        #expect(text.contains("Dependents (1)"))
        #expect(text.contains("captive"))
    }

    // MARK: - Sizes and overlays

    @Test func helpOverlayOpensWithQuestionMark() {
        #expect(render([.character("?")]).textDump().contains("Help — "))
    }

    @Test func tooSmallScreenBelowTheMinimum() {
        let text = render(rows: 10, columns: 50).textDump()
        #expect(text.contains("Terminal too small: 50×10"))
    }

    @Test func narrowTerminalsStillLayOut() {
        let canvas = render(rows: 12, columns: 60)
        #expect(canvas.line(0).hasPrefix(" di-inspect"))
        #expect(canvas.line(11).hasPrefix(" q Quit"))
    }

    @Test func changedRowsAreHighlighted() {
        var live = InspectorModel(connection: .live)
        live.apply(ShopTrace.records(), now: 0)
        let state = ShopTrace.state(for: live)
        let canvas = InspectorView.render(model: live, state: state, rows: 40, columns: 120)
        #expect(canvas.styleDump().contains("C"))
        live.advance(to: 5_000)
        let later = InspectorView.render(model: live, state: state, rows: 40, columns: 120)
        #expect(!later.styleDump().contains("C"))
    }
}
