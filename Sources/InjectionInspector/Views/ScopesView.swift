import Injection
import InjectionGraph

/// Screen 3: services grouped by scope, with live instances and cache hit rates (cached
/// resolves out of all resolves).
///
/// ```
/// singleton                   4 services, 4 alive, hit 92%
/// ├─ Session                  1 alive, 40 resolves, hit 97%
/// unique                      9 services
/// ```
enum ScopesView {
    static let order: [Scope.Kind] = [.singleton, .cached, .custom, .shared, .graph, .unique]

    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var groups: [String: [NodeID]] = [:]
        for node in graph.nodes where state.filter.matches(node.identity, scope: node.scope) {
            groups[node.scope?.name ?? "unknown", default: []].append(node.id)
        }
        let names = groups.keys.sorted { a, b in
            let ka = Scope(named: a).map { order.firstIndex(of: $0.kind) ?? 9 } ?? 10
            let kb = Scope(named: b).map { order.firstIndex(of: $0.kind) ?? 9 } ?? 10
            return ka != kb ? ka < kb : a < b
        }
        var items = captiveItems(model: model, state: state) + lifetimeItems(model: model, state: state)
        // Live instances, resolves and hit rates come from a run: a scan alone says so once.
        let scanOnly = graph.isScanOnly
        if scanOnly, !names.isEmpty {
            items.append(ListItem(id: "scopes:notRun", label: DeclaredSummary.notRun + ": instances and hit rates come from a run",
                                  style: Style(.dim)))
        }
        for name in names {
            // Each name built once, not twice per comparison (100 k services: millions of strings).
            let members = groups[name]!.map { ($0, graph.nodes[$0].identity.description) }
                .sorted { $0.1 < $1.1 }.map(\.0)
            let alive = members.reduce(UInt64(0)) { $0.addingSaturated(graph.nodes[$1].aliveInstances ?? 0) }
            let resolves = members.reduce(UInt64(0)) { $0.addingSaturated(graph.nodes[$1].resolveCount) }
            let cached = members.reduce(UInt64(0)) { $0.addingSaturated(graph.nodes[$1].cachedCount) }
            var note = Format.counted(members.count, "service") + (scanOnly ? "" : ", " + Format.counted(resolves, "resolve"))
            if !scanOnly, Scope(named: name)?.isLongLived ?? false || name == "shared" {
                note += ", \(alive) alive, hit \(Format.percent(cached, of: resolves))"
            }
            items.append(ListItem(id: "scope:\(name)", label: name, note: note, style: Style(.title, .bold)))
            for (index, node) in members.enumerated() {
                let service = graph.nodes[node]
                var detail = scanOnly ? "" : Format.counted(service.resolveCount, "resolve")
                if !scanOnly, let alive = service.aliveInstances { detail = "\(alive) alive, " + detail }
                if service.resolveCount > 0 { detail += ", hit \(Format.percent(service.cachedCount, of: service.resolveCount))" }
                items.append(ListItem(id: service.identity.key, node: node, guide: index == members.count - 1 ? "└─ " : "├─ ",
                                      label: service.identity.description, note: detail, isMatch: state.filter.isActive))
            }
        }
        return items
    }

    /// The captive dependencies `check` reports, first: the tab's badge counts them.
    static func captiveItems(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var items: [ListItem] = []
        for (number, problem) in state.report.all.enumerated() {
            guard case .scopeMismatch(let record) = problem else { continue }
            let m = record.mismatch
            let matches = state.filter.isActive
                && (state.filter.matches(m.holder, scope: m.holderScope) || state.filter.matches(m.captive, scope: m.captiveScope))
            // A captive that holds nothing is a note: shown dim, as a loop broken lazily is.
            let kept = "\(m.holder.description) (\(m.holderScope)) keeps \(m.captive.description) (\(m.captiveScope))"
            items.append(ListItem(
                id: ProblemItems.id(number), node: graph.nodeID(for: m.holder),
                label: m.captiveHoldsNothing ? "· captive that holds nothing: " + kept : "⚠ captive: " + kept,
                note: "×\(record.count)", style: Style(m.captiveHoldsNothing ? .dim : .warning, .bold), isMatch: matches))
        }
        return items
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        context.drawTree(into: &canvas, in: rect, empty: "No services yet.")
    }
}

extension Screen {
    static let scopes = Screen(ScopesView.self)
}

extension ScopesView: ScreenView {
    static let title = "Scopes"
    static var problemArea: GraphProblem.Area? { .scopes }

    static func badge(_ source: TabCounts.Source) -> TabBadge {
        TabBadge(count: nil, warnings: source.problems(in: .scopes))
    }
}
