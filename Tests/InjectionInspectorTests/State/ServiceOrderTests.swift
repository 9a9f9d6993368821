import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The Services screen's keys and name order kept from revision to revision: each service's
/// entry is built once, and every column sorts exactly as comparing the names and layers
/// themselves does.
struct ServiceOrderTests {
    static let app = ServiceIdentity(type: "App", container: "app")

    /// Mixed case, equal names in two containers, keypath providers in layers.
    static func service(_ number: Int) -> ServiceIdentity {
        switch number % 4 {
        case 0: ServiceIdentity(type: "Service\(number % 9)", container: number % 8 == 0 ? "lib" : "app")
        case 1: ServiceIdentity(type: "service\(number)", container: "app")
        case 2: ServiceIdentity(type: "Model\(number)", container: "app", layer: number % 3 == 0 ? "Login" : "cart",
                                member: "model\(number)")
        default: ServiceIdentity(type: "Zed", name: "n\(number)", container: "App")
        }
    }

    static func resolves(_ numbers: ClosedRange<Int>) -> [TraceRecord] {
        numbers.map { number in
            .event(ResolutionEvent(sequence: UInt64(number), time: UInt64(number), thread: 1, kind: .resolved(Resolved(
                service: service(number), requester: app, scope: number % 2 == 0 ? .singleton : .unique, outcome: .created,
                source: .factory, durationNanoseconds: 10, depth: 1))))
        }
    }

    /// The order by comparing strings, as the screen sorted before the ranks were kept.
    static func sortedByStrings(_ graph: DependencyGraph, _ sort: ServiceSort, flags: ServiceFlags.Index) -> [String] {
        let nodes = graph.nodes
        func name(_ id: NodeID) -> String { nodes[id].identity.description.lowercased() }
        func byName(_ a: NodeID, _ b: NodeID) -> Bool { name(a) != name(b) ? NaturalOrder.precedes(name(a), name(b)) : a < b }
        let descending = sort.descending
        let ids = Array(nodes.indices).sorted { a, b in
            switch sort.column {
            case .name: return descending ? byName(b, a) : byName(a, b)
            case .layer:
                let (x, y) = (LayerID(nodes[a].identity).description.lowercased(), LayerID(nodes[b].identity).description.lowercased())
                return x != y ? (descending ? NaturalOrder.precedes(y, x) : NaturalOrder.precedes(x, y)) : byName(a, b)
            case .scope:
                let (x, y) = (nodes[a].scope?.name ?? "~", nodes[b].scope?.name ?? "~")
                return x != y ? (descending ? x > y : x < y) : byName(a, b)
            case .resolves, .instances, .flags:
                func key(_ id: NodeID) -> UInt64 {
                    switch sort.column {
                    case .resolves: nodes[id].resolveCount
                    case .instances: nodes[id].aliveInstances ?? 0
                    default: UInt64(flags.flags(of: id).rawValue.nonzeroBitCount)
                    }
                }
                return key(a) != key(b) ? (descending ? key(a) > key(b) : key(a) < key(b)) : byName(a, b)
            }
        }
        return ids.map { nodes[$0].identity.key }
    }

    /// Every column, both directions: the rows are the string comparison's order.
    static func expectEveryOrderMatches(_ state: inout InspectorState, _ model: InspectorModel) {
        for _ in 0..<ServiceSort.Column.allCases.count {
            for _ in 0..<2 {
                #expect(state.items.map(\.id) == sortedByStrings(model.graph, state.sort, flags: state.flags),
                        "sorted by \(state.sort.column) \(state.sort.descending ? "descending" : "ascending")")
                _ = state.handle(.character("S"), model: model)
            }
            _ = state.handle(.character("s"), model: model)
        }
    }

    @Test func eachServiceIsBuiltOnceAndEveryColumnSortsAsByStrings() {
        var model = InspectorModel(connection: .live)
        model.apply(Self.resolves(1...200), now: 0)
        var state = InspectorState()
        state.sync(with: model)
        let services = model.graph.nodes.count
        #expect(services == 169, "App, Service0–8 in app and in lib, 50 + 50 + 50 others")
        #expect(state.serviceOrder.entriesBuilt == services)
        Self.expectEveryOrderMatches(&state, model)
        #expect(state.serviceOrder.entriesBuilt == services, "sorting by every column built nothing again")

        // Ten more resolves, eight of them new services (204 and 208 are Service6 in app and
        // Service1 in lib, known): eight entries built, each placed by name.
        model.apply(Self.resolves(201...210), now: 0)
        state.sync(with: model)
        #expect(model.graph.nodes.count == services + 8)
        #expect(state.serviceOrder.entriesBuilt == services + 8)
        Self.expectEveryOrderMatches(&state, model)

        // Many new at once (more than an eighth): sorted whole, the same order.
        model.apply(Self.resolves(211...400), now: 0)
        state.sync(with: model)
        #expect(state.serviceOrder.entriesBuilt == model.graph.nodes.count)
        Self.expectEveryOrderMatches(&state, model)
        // The Layers tab's count comes from the kept layers: app, lib, App, app/Login, app/cart.
        #expect(state.counts[.layers].count == 5)
        #expect(state.counts[.layers].count == Set(model.graph.nodes.map { LayerID($0.identity) }).count)
    }

    @Test func anotherGraphIsBuiltAgainAndAFilterKeepsTheOrder() {
        var first = InspectorModel(connection: .live)
        first.apply(Self.resolves(1...40), now: 0)
        var state = InspectorState()
        state.sync(with: first)
        #expect(state.serviceOrder.entriesBuilt == first.graph.nodes.count)

        // A graph whose services are others at the same places: every entry built again.
        var other = InspectorModel(connection: .live)
        other.apply(Self.resolves(41...60), now: 0)
        state.sync(with: other)
        #expect(state.serviceOrder.count == other.graph.nodes.count)
        #expect(state.serviceOrder.entriesBuilt == first.graph.nodes.count + other.graph.nodes.count)
        Self.expectEveryOrderMatches(&state, other)

        // The filter narrows the rows; their order is the whole list's order.
        _ = state.handle(.character("/"), model: other)
        for character in "model" { _ = state.handle(.character(character), model: other) }
        _ = state.handle(.enter, model: other)
        let all = Self.sortedByStrings(other.graph, state.sort, flags: state.flags)
        let shown = state.items.map(\.id)
        #expect(!shown.isEmpty && shown.count < all.count)
        #expect(shown == all.filter(Set(shown).contains))

        // A state that never synced with the graph (a view built on its own) still lists it right.
        #expect(ServicesView.items(model: other, state: InspectorState()).map(\.id)
                == Self.sortedByStrings(other.graph, ServiceSort(), flags: ServiceFlags.Index(other.graph)))
    }

    /// Numbered services in the order people count (a hidden-check app's `link0`…`link29` listed
    /// `link1, link10, link11, …, link2`): digits compare as numbers, the rest as before.
    @Test func numberedNamesSortAsNumbers() {
        #expect(["link10", "link2", "link1", "link0"].sorted(by: NaturalOrder.precedes) == ["link0", "link1", "link2", "link10"])
        #expect(["leaf 100", "leaf 20", "Leaf", "leaf 3"].sorted(by: NaturalOrder.precedes) == ["Leaf", "leaf 3", "leaf 20", "leaf 100"])
        #expect(["a1", "a01", "a001"].sorted(by: NaturalOrder.precedes) == ["a001", "a01", "a1"], "equal numbers fall back to the plain order")
        #expect(["v1.10", "v1.9", "v1.9.1"].sorted(by: NaturalOrder.precedes) == ["v1.9", "v1.9.1", "v1.10"])
        #expect(["b", "a", "日本", "a2"].sorted(by: NaturalOrder.precedes) == ["a", "a2", "b", "日本"])
        var model = InspectorModel(connection: .live)
        model.apply((0..<12).map { number in
            .event(ResolutionEvent(sequence: UInt64(number + 1), time: UInt64(number + 1), thread: 1, kind: .resolved(Resolved(
                service: ServiceIdentity(type: "Chain", name: "link\(number)", container: "app"), requester: nil, scope: .unique,
                outcome: .created, source: .factory, durationNanoseconds: 10, depth: 1))))
        }, now: 0)
        var state = InspectorState()
        state.sync(with: model)
        let expected = (0..<12).map { ServiceIdentity(type: "Chain", name: "link\($0)", container: "app").key }
        #expect(state.items.map(\.id) == expected, "\(state.items.map(\.id))")
    }
}
