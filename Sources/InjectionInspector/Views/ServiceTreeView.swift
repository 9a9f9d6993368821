import Injection
import InjectionGraph

/// A drilled-in tree for one service: what it depends on (`d`, Enter), what depends on it
/// (`D`), or why it exists (`w`: a path from a service app code resolved down to it).
/// A service met again further down is shown once more, marked `↻ shown above`, and not expanded.
/// Where the tree stops for its depth or line limit it says so (`▸ 3 more below: Enter goes on
/// from here`, a last line for the line limit): a silent stop looked like the end of the chain.
///
/// ```
/// LoginViewModel  unique
/// ├─ AuthService  singleton
/// │  └─ HTTPClient  singleton
/// └─ Analytics  cached
/// ```
enum ServiceTreeView {
    /// The most lines a tree shows (a hub in a 10 000-service graph would otherwise list them all).
    static let lineLimit = 2_000
    static let depthLimit = 16

    static func items(service key: String, kind: Route.TreeKind, model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        guard let root = graph.nodes.firstIndex(where: { $0.identity.key == key }) else {
            return [ListItem(id: key, label: "This service is no longer in the graph.", style: Style(.dim))]
        }
        switch kind {
        case .why:
            guard let path = graph.why(root) else {
                return [item(root, graph: graph, id: key, guide: "", note: "no path from a root: nothing that app code resolved leads here", state: state)]
            }
            let start = switch graph.chainStart(path[0]) {
            case .resolvedByAppCode: "resolved by app code"
            case .askedByAppCode(let location): "asked for by app code at \(location)"
            case .unrequested: "nothing asks for it"
            }
            return path.enumerated().map { depth, node in
                let note = depth == 0 ? start : (depth == path.count - 1 ? "← the service" : "")
                return item(node, graph: graph, id: depth == path.count - 1 ? key : "why:\(depth)",
                            guide: depth == 0 ? "" : String(repeating: "   ", count: depth - 1) + "└─ ", note: note, state: state)
            }
        case .dependencies, .dependents:
            let direction: DependencyGraph.Direction = kind == .dependencies ? .dependencies : .dependents
            var items = [item(root, graph: graph, id: key, guide: "", note: graph.nodes[root].scope?.name ?? "", state: state)]
            var shown: Set<NodeID> = [root]
            expand(root, prefix: "", path: key, depth: 1, direction: direction, graph: graph, state: state, shown: &shown, items: &items)
            if items.count >= lineLimit {
                items.append(ListItem(
                    id: "limit", label: "… the tree goes on past \(lineLimit) lines: Enter on a service goes on from it",
                    style: Style(.dim)))
            }
            if items.count == 1 {
                items[0].note += kind == .dependencies ? "  (resolves nothing)" : "  (nothing resolves it; app code does)"
            }
            return items
        }
    }

    private static func expand(
        _ node: NodeID, prefix: String, path: String, depth: Int, direction: DependencyGraph.Direction,
        graph: DependencyGraph, state: InspectorState, shown: inout Set<NodeID>, items: inout [ListItem]
    ) {
        let children = graph.neighbors(of: node, direction)
        for (index, child) in children.enumerated() {
            guard items.count < lineLimit else { return }
            let last = index == children.count - 1
            let guide = prefix + (last ? "└─ " : "├─ ")
            let childPath = path + ">" + String(child)
            let edge = direction == .dependencies ? graph.edgeID(from: node, to: child) : graph.edgeID(from: child, to: node)
            var note = graph.nodes[child].scope?.name ?? ""
            if let edge, graph.edges[edge].count > 0 { note += "  ×\(graph.edges[edge].count)" }
            if let edge, graph.edges[edge].isOnObservedCycle { note += "  ↻ cycle" }
            if let edge, graph.edges[edge].isLazy { note += graph.edges[edge].lazyCount > 0 ? "  ⇢ lazy ×\(graph.edges[edge].lazyCount)" : "  ⇢ lazy" }
            // Beside a run, an edge the sources declare and the run never took.
            if let edge, DeclaredMarks.isDeclaredOnly(graph.edges[edge]), !graph.isScanOnly { note += "  " + DeclaredMarks.declaredTag }
            let repeated = shown.contains(child)
            if repeated { note += "  ↻ shown above" }
            var line = item(child, graph: graph, id: childPath, guide: guide, note: note, state: state)
            // With a baseline, a line is marked for its service, else for the edge it stands for.
            if let edge {
                let (from, to) = (graph.nodes[graph.edges[edge].from].identity, graph.nodes[graph.edges[edge].to].identity)
                line.mark = state.changeMarks.service(graph.nodes[child].identity) ?? state.changeMarks.edge(from: from, to: to)
            }
            if !repeated, depth >= depthLimit {
                let below = graph.neighbors(of: child, direction).count
                if below > 0 { line.note += "  ▸ \(below) more below: Enter goes on from here" }
            }
            items.append(line)
            guard !repeated, depth < depthLimit else { continue }
            shown.insert(child)
            expand(child, prefix: prefix + (last ? "   " : "│  "), path: childPath, depth: depth + 1, direction: direction,
                   graph: graph, state: state, shown: &shown, items: &items)
        }
    }

    private static func item(_ node: NodeID, graph: DependencyGraph, id: String, guide: String, note: String, state: InspectorState) -> ListItem {
        let service = graph.nodes[node]
        let flagged = !state.flags.flags(of: node).isEmpty
        return ListItem(id: id, node: node, guide: guide, label: service.identity.description, note: note,
                        style: flagged ? Style(.error, .bold) : .normal,
                        isMatch: state.filter.isActive
                            && state.filter.matches(service.identity, scope: service.scope, flags: state.flags.flags(of: node).labels))
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        context.drawTree(into: &canvas, in: rect, empty: "Nothing here.")
    }
}
