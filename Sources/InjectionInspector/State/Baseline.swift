import Injection
import InjectionGraph

/// The run an inspected trace is compared with (`di-inspect open HEAD --baseline BASE`).
///
/// ```swift
/// var model = InspectorModel(connection: .file("head.ndjson"))
/// model.baseline = Baseline(name: "base.ndjson", graph: DependencyGraph(records: baseRecords))
/// ```
public struct Baseline: Sendable {
    /// The baseline's file name, for the header.
    public let name: String
    public let graph: DependencyGraph

    public init(name: String, graph: DependencyGraph) {
        self.name = name
        self.graph = graph
    }
}

/// Which services and edges differ from the baseline, computed once per graph revision: the
/// `+` (added), `−` (removed) and `~` (changed) marks every view draws.
///
/// ```swift
/// let marks = ChangeMarks(base: baseline.graph, head: model.graph)
/// marks.service(graph.nodes[id].identity)  // .added
/// ```
struct ChangeMarks: Sendable {
    private var services: [String: GraphDiff.Change] = [:]
    private var edges: [String: GraphDiff.Change] = [:]
    /// Services only the baseline has (the head graph has no node for them).
    private(set) var removedServices: [ServiceIdentity] = []
    /// Whether a baseline is set at all (marks are drawn, `changed:` filters).
    private(set) var isComparing = false

    /// No baseline.
    init() {}

    init(base: DependencyGraph, head: DependencyGraph) {
        isComparing = true
        for change in GraphDiff.serviceChanges(base: base, head: head) {
            services[change.identity.key] = change.change
            if change.change == .removed { removedServices.append(change.identity) }
        }
        for change in GraphDiff.edgeChanges(base: base, head: head) {
            edges[change.from.key + ">" + change.to.key] = change.change
        }
    }

    func service(_ identity: ServiceIdentity) -> GraphDiff.Change? { services[identity.key] }

    func edge(from: ServiceIdentity, to: ServiceIdentity) -> GraphDiff.Change? { edges[from.key + ">" + to.key] }

    /// Services and edges marked.
    var count: Int { services.count + edges.count }

    /// Marks the items of a view, adds the removed services to the Services screen, and keeps
    /// only marked items while the filter has a `changed:` term.
    func apply(to items: [ListItem], route: Route, model: InspectorModel, filter: FilterState) -> [ListItem] {
        guard isComparing else { return items }
        var marked = items.map { item -> ListItem in
            var item = item
            if item.mark == nil, let node = item.node, model.graph.nodes.indices.contains(node) {
                item.mark = service(model.graph.nodes[node].identity)
            }
            if let mark = item.mark, !item.cells.isEmpty { item.cells[0] = mark.mark + " " + item.cells[0] }
            return item
        }
        if route == .screen(.services) {
            for identity in removedServices where filter.matches(identity, scope: nil) {
                var item = ListItem(id: "removed:" + identity.key, label: identity.description, style: Style(.dim))
                item.mark = .removed
                marked.append(item)
            }
        }
        guard let wanted = filter.changes else { return marked }
        return marked.filter { item in item.mark.map { wanted.contains($0) } ?? false }
    }
}
