import Injection
import InjectionGraph

/// Screen 2: a tree of layers (containers and the sub-containers that declare keypath
/// providers) and their services, then the edges that cross layers; a pair of layers that
/// depend on each other both ways is a breach.
///
/// ```
/// app/Login                         3 services
/// ├─ Login.viewModel: LoginViewModel  unique
/// Crossings
/// ├─ app/Login → app/Network        2 edges, 14 resolves
/// └─ app/Network → app/Login        1 edge, 1 resolve  BREACH
/// ```
enum LayersView {
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        if !state.layersAsList, !state.filter.isActive {
            let map = LayerMap(model.graph)
            if !map.arrows.isEmpty { return arrowItems(map, graph: model.graph) }
        }
        return listItems(model: model, state: state)
    }

    static func listItems(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var items: [ListItem] = []
        let filter = state.filter
        for layer in graph.layers {
            let members = layer.nodes.filter { filter.matches(graph.nodes[$0].identity, scope: graph.nodes[$0].scope) }
            guard !members.isEmpty else { continue }
            let sorted = members.sorted { graph.nodes[$0].identity.description < graph.nodes[$1].identity.description }
            items.append(ListItem(id: "layer:\(layer.id)", label: layer.id.description,
                                  note: "\(members.count) service\(members.count == 1 ? "" : "s")", style: Style(.title, .bold)))
            for (index, node) in sorted.enumerated() {
                let service = graph.nodes[node]
                items.append(ListItem(
                    id: service.identity.key, node: node, guide: index == sorted.count - 1 ? "└─ " : "├─ ",
                    label: service.identity.description, note: service.scope?.name ?? "",
                    isMatch: filter.isActive))
            }
        }
        let crossings = graph.layerCrossings()
        if !crossings.isEmpty {
            let breaches = state.report.problems.count { $0.area == .layers }
            items.append(ListItem(id: "crossings", label: "Crossings",
                                  note: breaches > 0 ? "\(breaches) breach\(breaches == 1 ? "" : "es")" : "no breach",
                                  style: Style(.title, .bold)))
            for (index, crossing) in crossings.enumerated() {
                let edges = crossing.summary(in: graph)
                let first = crossing.edges.first.map { graph.edges[$0].from }
                items.append(ListItem(
                    id: "cross:\(crossing.from)>\(crossing.to)", node: first,
                    guide: index == crossings.count - 1 ? "└─ " : "├─ ",
                    label: "\(crossing.from) → \(crossing.to)",
                    note: crossing.isBreach ? edges + "  BREACH: the layers loop" : edges,
                    style: crossing.isBreach ? Style(.error, .bold) : .normal))
            }
        }
        return items
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        if context.state.items.first?.id.hasPrefix(arrowPrefix) == true,
           LayerDiagramPanel(context: context).draw(into: &canvas, in: rect) {
            return
        }
        context.drawTree(into: &canvas, in: rect, empty: "No layers yet.")
    }
}

extension Screen {
    static let layers = Screen(LayersView.self)
}

extension LayersView: ScreenView {
    static let title = "Layers"
    static var problemArea: GraphProblem.Area? { .layers }

    static func badge(_ source: TabCounts.Source) -> TabBadge {
        TabBadge(count: source.layers ?? Set(source.graph.nodes.map { LayerID($0.identity) }).count,
                 warnings: source.problems(in: .layers))
    }

    /// A layer arrow of the diagram: what crosses and its edges.
    static func detail(of item: ListItem, context: ViewContext) -> DetailView.Content? {
        guard item.id.hasPrefix(arrowPrefix) else { return nil }
        let name = String(item.id.dropFirst(arrowPrefix.count))
        guard let arrow = LayerMap(context.graph).arrows.first(where: { $0.crossing.name == name }) else { return nil }
        return (name, DetailView.arrowSections(arrow, graph: context.graph))
    }

    /// The layer summary, or the selected layer's services.
    static func exportRequest(state: InspectorState, model: InspectorModel) -> ExportRequest {
        if let item = state.selectedItem, item.id.hasPrefix("layer:"), item.label.contains("/"),
           let layer = item.label.split(separator: "/").last {
            return ExportRequest(name: "layer-\(layer)", options: GraphExportOptions(layer: String(layer)))
        }
        return ExportRequest(name: "layers", content: .layers)
    }
}
