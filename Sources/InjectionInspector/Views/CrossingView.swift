import Injection
import InjectionGraph

/// The service edges behind one arrow of the layer diagram (Enter on an arrow), busiest first;
/// Enter on an edge drills into its requester's dependencies.
///
/// ```
/// app/UseCase → app/Repository  7 edges, 31 resolves
/// ├─ LoadCatalogUseCase → Repository.products: ProductRepository  ×4
/// └─ SyncUseCase → Repository.orders: OrderRepository  ×1
/// ```
enum CrossingView {
    static func items(crossing name: String, model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        guard let crossing = graph.layerCrossings().first(where: { $0.name == name }) else {
            return [ListItem(id: "crossing:" + name, label: "No service edge crosses \(name) at this point.", style: Style(.dim))]
        }
        let breach = crossing.isBreach
        var items = [ListItem(
            id: "crossing:" + name, label: name,
            note: crossing.summary(in: graph) + (breach ? "  BREACH: the layers use each other" : ""),
            style: breach ? Style(.error, .bold) : Style(.title, .bold))]
        let edges = crossing.edges.sorted { (graph.edges[$1].count, $1) < (graph.edges[$0].count, $0) }
        for (index, edgeID) in edges.enumerated() {
            let edge = graph.edges[edgeID]
            let from = graph.nodes[edge.from].identity
            let to = graph.nodes[edge.to].identity
            var item = ListItem(
                id: "edge:" + from.key + ">" + to.key, node: edge.from,
                guide: index == edges.count - 1 ? "└─ " : "├─ ",
                label: "\(from.description) → \(to.description)", note: DeclaredMarks.count(edge, in: graph),
                isMatch: state.filter.isActive && state.filter.matches(from, scope: graph.nodes[edge.from].scope))
            item.mark = state.changeMarks.edge(from: from, to: to)
            items.append(item)
        }
        return items
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        context.drawTree(into: &canvas, in: rect, empty: "No edges.")
    }
}
