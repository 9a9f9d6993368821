import Injection
import InjectionGraph

/// Screen 4: every cycle and loop `check` reports, with its path: cycles the app hit, loops in
/// the recorded graph, and (dimmed, informational) loops broken lazily. Enter on one of their
/// services opens that service's dependencies.
///
/// ```
/// ↻ A → B → C → A in 'app'        ×2
/// ├─ A
/// ├─ B
/// └─ C
/// ⇢ Cart → Pricing ⇢ Cart in 'app'  broken lazily
/// ```
enum CyclesView {
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var items: [ListItem] = []
        for (number, problem) in state.report.all.enumerated() where problem.area == .cycles {
            let label: String, note: String, style: Style
            switch problem {
            case .cycle(let cycle):
                (label, note, style) = ("↻ " + cycle.cycle.pathDescription, "×\(cycle.count)", Style(.error, .bold))
            case .dependencyLoop(let loop):
                (label, note, style) = ("↻ " + loop.pathDescription, "loop", Style(.error, .bold))
            case .lazyLoop(let loop):
                (label, note, style) = ("⇢ " + loop.pathDescription, "broken lazily", Style(.dim, .bold))
            default:
                continue
            }
            let members = problem.services.compactMap { graph.nodeID(for: $0) }
            let matches = members.contains { state.filter.isActive && state.filter.matches(graph.nodes[$0].identity, scope: graph.nodes[$0].scope) }
            items.append(ListItem(id: ProblemItems.id(number), node: members.first, label: label,
                                  note: note, style: style, isMatch: matches))
            for (index, node) in members.enumerated() {
                let service = graph.nodes[node]
                items.append(ListItem(
                    id: ProblemItems.id(number, member: index), node: node, guide: index == members.count - 1 ? "└─ " : "├─ ",
                    label: service.identity.description, note: service.scope?.name ?? "",
                    isMatch: state.filter.isActive && state.filter.matches(service.identity, scope: service.scope)))
            }
        }
        return items
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        context.drawTree(into: &canvas, in: rect, empty: "No dependency cycles. ✓")
    }
}

extension Screen {
    static let cycles = Screen(CyclesView.self)
}

extension CyclesView: ScreenView {
    static let title = "Cycles"
    static var problemArea: GraphProblem.Area? { .cycles }

    /// Every cycle and loop listed (loops broken lazily included); the badge, `check`'s problems.
    static func badge(_ source: TabCounts.Source) -> TabBadge {
        TabBadge(count: source.report.all.count { $0.area == .cycles }, warnings: source.problems(in: .cycles))
    }
}
