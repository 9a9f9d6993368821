import InjectionTrace
import InjectionGraph

/// Screen 4: every dependency cycle the app hit, with its path; Enter on a cycle or on one of
/// its services opens that service's dependencies.
///
/// ```
/// ↻ A → B → C → A in 'app'        ×2
/// ├─ A
/// ├─ B
/// └─ C
/// ```
enum CyclesView {
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var items: [ListItem] = []
        for (number, cycle) in graph.cycles.enumerated() {
            let matches = cycle.nodes.contains { state.filter.isActive && state.filter.matches(graph.nodes[$0].identity, scope: graph.nodes[$0].scope) }
            items.append(ListItem(id: "cycle:\(number)", node: cycle.nodes.first, label: "↻ " + cycle.cycle.pathDescription,
                                  note: "×\(cycle.count)", style: Style(.error, .bold), isMatch: matches))
            for (index, node) in cycle.nodes.enumerated() {
                let service = graph.nodes[node]
                items.append(ListItem(
                    id: "cycle:\(number):\(index)", node: node, guide: index == cycle.nodes.count - 1 ? "└─ " : "├─ ",
                    label: service.identity.description, note: service.scope?.name ?? "",
                    isMatch: state.filter.isActive && state.filter.matches(service.identity, scope: service.scope)))
            }
        }
        return items
    }

    /// The cycle number of an item id (`cycle:2` or `cycle:2:0`).
    static func cycleNumber(of id: String) -> Int? {
        let parts = id.split(separator: ":")
        guard parts.count >= 2, parts[0] == "cycle" else { return nil }
        return Int(parts[1])
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        context.drawTree(into: &canvas, in: rect, empty: "No dependency cycles. ✓")
    }
}
