import Foundation
import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// A scan opened on its own (`open APP.scan`) and beside a run (`open RUN --scan APP.scan`),
/// rendered without a terminal: what only a run can fill says "declared, not run", never a zero;
/// an edge from the sources that the run never took is marked in the trees.
struct DeclaredViewTests {
    static func at(_ line: Int) -> DeclaredLocation {
        DeclaredLocation(path: "Wiring/App.swift", line: line, column: 5, fileID: "Shop/App.swift")
    }

    /// The shop as its sources declare it: the cart view model needs the store and the HTTP
    /// client; the store needs the logger.
    static func declarations() -> Declarations {
        let registrations = [
            DeclaredRegistration(id: 1, service: ShopTrace.http, scope: "singleton", location: at(10)),
            DeclaredRegistration(id: 2, service: ShopTrace.store, scope: "cached", location: at(11)),
            DeclaredRegistration(id: 3, service: ShopTrace.viewModel, location: at(12)),
            DeclaredRegistration(id: 4, service: ShopTrace.logger, scope: "singleton", location: at(13)),
        ]
        let sites = [
            InjectionSite(id: 5, requested: ShopTrace.store, kind: .keypath, requester: ShopTrace.viewModel, form: "factoryCall",
                          registration: 2, location: at(12)),
            InjectionSite(id: 6, requested: ShopTrace.http, kind: .keypath, requester: ShopTrace.viewModel, form: "factoryCall",
                          registration: 1, location: at(12)),
            InjectionSite(id: 7, requested: ShopTrace.logger, kind: .eager, requester: ShopTrace.store, form: "resolveCall",
                          registration: 4, location: at(11)),
            InjectionSite(id: 8, requested: ShopTrace.viewModel, kind: .keypath, form: "Inject", registration: 3, location: at(30)),
        ]
        return Declarations(
            summary: ScanSummary(root: "Sources/Shop", tool: "test", files: 1), registrations: registrations, sites: sites)
    }

    static func scanOnly() -> InspectorModel {
        var model = InspectorModel(connection: .file("shop.scan"))
        model.declare { graph in
            var graph = graph
            graph.declare(declarations())
            return graph
        }
        return model
    }

    func render(_ model: InspectorModel, _ keys: [Key] = [], rows: Int = 30, columns: Int = 120) -> [String] {
        var state = InspectorState()
        state.sync(with: model)
        for key in keys { _ = state.handle(key, model: model) }
        return InspectorView.render(model: model, state: state, rows: rows, columns: columns).textDump()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The shop's run (``ShopTrace``) with its sources beside it (`open RUN --scan FILE`).
    static func runWithScan() -> InspectorModel {
        var model = ShopTrace.model()
        model.declare { graph in
            var graph = graph
            graph.declare(declarations())
            return graph
        }
        return model
    }

    /// `w` on a scan alone: the chain starts where app code asks for its first service in the
    /// sources, never "resolved by app code", which only a run can say; a service nothing asks
    /// for says so.
    @Test func whyOnAScanStartsWhereAppCodeAsksInTheSources() {
        let filter: (String) -> [Key] = { [.character("/")] + $0.map { Key.character($0) } + [.enter, .character("w")] }
        let http = render(Self.scanOnly(), filter("HTTPClient")).joined(separator: "\n")
        #expect(http.contains("Cart.viewModel: CartViewModel  asked for by app code at Shop/App.swift:30"), "\(http)")
        #expect(!http.contains("resolved by app code"))
        var unasked = Self.declarations()
        unasked.sites.removeAll { $0.requester == nil }
        var model = InspectorModel(connection: .file("shop.scan"))
        model.declare { graph in
            var graph = graph
            graph.declare(unasked)
            return graph
        }
        let logger = render(model, filter("Logger")).joined(separator: "\n")
        #expect(logger.contains("Cart.viewModel: CartViewModel  nothing asks for it"), "\(logger)")
    }

    @Test func aScanAloneSaysDeclaredNotRunInTheHeaderAndHasNoEventCount() {
        let text = render(Self.scanOnly())
        #expect(text[0] == " di-inspect  Sources/Shop  ▣ shop.scan  declared, not run", "\(text[0])")
        #expect(text[1].hasSuffix("7 Events"), "\(text[1])")
        #expect(text[2] == "Services  sorted by service ▲  declared, not run")
        let events = render(Self.scanOnly(), [.character("7")])
        #expect(events.contains { $0.hasPrefix("declared, not run: a scan of the sources has no events.") })
        // The time keys have no run to move in.
        var state = InspectorState()
        state.sync(with: Self.scanOnly())
        _ = state.handle(.character("<"), model: Self.scanOnly())
        #expect(state.message == "declared, not run: a scan has no time to move in", "\(state.message)")
    }

    /// Resolves, live instances, hit rates and edge counts come from a run: on a scan alone no
    /// screen shows them as zeros.
    @Test func aScanAloneShowsNoZeroThatOnlyARunCouldFill() {
        let model = Self.scanOnly()
        var screens: [String: [String]] = [:]
        for key in "1234567" { screens[String(key)] = render(model, [.character(key)]) }
        screens["layers list"] = render(model, [.character("2"), .character("v")])
        screens["crossing"] = render(model, [.character("2"), .enter])
        screens["tree"] = render(model, [.character("/")] + "CartViewModel".map { Key.character($0) } + [.enter, .character("d")])
        for (name, text) in screens {
            let joined = text.joined(separator: "\n")
            for zero in ["×0", "dropped 0", "Events 0", " 0 resolves", "0 alive", "resolves  0", "ev/s"] {
                #expect(!joined.contains(zero), "\(name) shows \(zero):\n\(joined)")
            }
        }
        let scopes = screens["3"]!
        #expect(scopes.contains { $0.hasPrefix("declared, not run: instances and hit rates come from a run") }, "\(scopes.joined(separator: "\n"))")
        #expect(scopes.contains { $0.hasPrefix("singleton  2 services") }, "\(scopes.joined(separator: "\n"))")
        #expect(screens["layers list"]!.contains { $0.hasPrefix("└─ app/Cart → app/Network  1 edge") })
        #expect(screens["2"]!.contains { $0.contains("resolves  declared, not run") }, "\(screens["2"]!.joined(separator: "\n"))")
        // The tree and the detail pane name the declared dependencies, with no count.
        let tree = screens["tree"]!
        let row = tree.first { $0.hasPrefix("├─ Cart.store: CartStore") }.map { $0.split(separator: "│")[0].trimmingCharacters(in: .whitespaces) }
        #expect(row == "├─ Cart.store: CartStore  cached", "\(tree.joined(separator: "\n"))")
        #expect(!tree.joined().contains(DeclaredMarks.declaredTag + " "), "a scan alone tags nothing: every edge is declared")
    }

    /// Beside a run, an edge only the sources have is tagged `declared` in the trees, the
    /// crossing list and the detail pane; an edge the run took keeps its count.
    @Test func besideARunAnEdgeNoRunTookIsMarkedDeclared() {
        let model = Self.runWithScan()
        let tree = render(model, [.character("/")] + "CartViewModel".map { Key.character($0) } + [.enter, .character("d")])
        // The view model's own edge to the client: declared, never taken; the store's: taken once.
        let http = tree.first { $0.hasPrefix("└─ Network.http: HTTPClient") }
        let storeHTTP = tree.first { $0.hasPrefix("│  ├─ Network.http: HTTPClient") }
        let store = tree.first { $0.hasPrefix("├─ Cart.store: CartStore") }
        #expect(http?.contains("singleton  declared") == true, "\(tree.joined(separator: "\n"))")
        #expect(storeHTTP?.contains("×1") == true && storeHTTP?.contains("declared") == false, "\(tree.joined(separator: "\n"))")
        #expect(store?.contains("×2") == true && store?.contains("declared") == false, "\(tree.joined(separator: "\n"))")
        // The run's own edges from the store are not tagged: the sources declare them and the run took them.
        let storeTree = render(model, [.character("/")] + "CartStore".map { Key.character($0) } + [.enter, .character("d")])
        #expect(storeTree.contains { $0.contains("─ Logger  unique  ×1") }, "\(storeTree.joined(separator: "\n"))")
        #expect(render(model)[0].contains("shop-app") && !render(model)[0].contains("declared, not run"))
        let crossing = render(model, [.character("2"), .character("v")]).joined(separator: "\n")
        #expect(crossing.contains("app/Cart → app/Network"), "\(crossing)")
        let edges = render(model, [.character("2"), .enter]).joined(separator: "\n")
        #expect(edges.contains("Cart.viewModel: CartViewModel → Network.http: HTTPClient  declared")
                || edges.contains("Cart.viewModel → Network.http  declared"), "\(edges)")
    }
}
