import Injection
import InjectionGraph

/// `e`: export what the current view shows, to a path shown and editable before anything is
/// written (Enter writes, Esc cancels, Ctrl-U clears the path).
///
/// Each view exports what it shows: Services and Events the whole graph (or the filter's
/// services), Layers the layer summary (or the selected layer's services), Cycles, Scopes,
/// Overrides and Missing the services of the selected problem (all of the view's problems when
/// nothing is selected), a dependency tree its service and what it reaches, a crossing the
/// services at both ends of its edges.
///
/// ```swift
/// _ = state.handle(.character("e"), model: model)   // prompt: di-inspect-cycles.dot
/// let effects = state.handle(.enter, model: model)  // [.export(request)] with that path
/// ```
extension InspectorState {
    /// Keys while the export path is being edited; nil when no prompt is open.
    mutating func handleExportInput(_ key: Key) -> [InspectorEffect]? {
        guard var prompt = exportPrompt else { return nil }
        switch key {
        case .character(let character): prompt.path.append(character)
        case .backspace: if !prompt.path.isEmpty { prompt.path.removeLast() }
        case .control("u"): prompt.path = ""
        case .escape:
            exportPrompt = nil
            message = "Export cancelled"
            return []
        case .enter:
            exportPrompt = nil
            guard !prompt.path.isEmpty else {
                message = "Export cancelled: no path"
                return []
            }
            return [.export(prompt)]
        default: return []
        }
        exportPrompt = prompt
        return []
    }

    /// Opens the prompt with what the current view shows and a path to edit.
    mutating func openExportPrompt(model: InspectorModel) {
        var request = exportRequest(model: model)
        request.path = request.defaultPath
        exportPrompt = request
    }

    func exportRequest(model: InspectorModel) -> ExportRequest {
        let graph = model.graph
        switch route {
        case .screen(let screen):
            return screen.view.exportRequest(state: self, model: model)
        case .tree(let service, let kind):
            guard let node = graph.nodes.firstIndex(where: { $0.identity.key == service }) else {
                return ExportRequest(name: "graph")
            }
            let name = "\(graph.nodes[node].identity.type)-\(kind.title)"
            return ExportRequest(name: name, options: GraphExportOptions(focus: node, reverse: kind == .dependents))
        case .crossing(let name):
            let ends = items.compactMap { item -> [NodeID]? in
                guard item.id.hasPrefix("edge:"), let from = item.node else { return nil }
                let to = graph.outgoing[from].map { graph.edges[$0].to }.filter { toNode in
                    item.id.hasSuffix(">" + graph.nodes[toNode].identity.key)
                }
                return [from] + to
            }
            return ExportRequest(name: "crossing-" + name, options: GraphExportOptions(services: Array(Set(ends.flatMap { $0 })).sorted()))
        }
    }

    /// The services of the selected row's problem, override or scope group.
    private func selectedProblemServices(_ graph: DependencyGraph) -> [NodeID]? {
        guard let item = selectedItem else { return nil }
        var identities: [ServiceIdentity] = []
        if let number = ProblemItems.number(of: item.id), report.all.indices.contains(number) {
            identities = report.all[number].services
            if case .missing(let missing) = report.all[number] { identities += missing.chain }
            if case .resolvedToNil(let missing) = report.all[number] { identities += missing.chain }
        } else if let number = MissingView.number(of: item.id), graph.missing.indices.contains(number) {
            identities = graph.missing[number].chain
        } else if let number = OverridesView.number(of: item.id), graph.overrides.indices.contains(number) {
            let record = graph.overrides[number]
            identities = [record.from, record.to] + record.holders.map(\.service)
        } else if item.id.hasPrefix("scope:") {
            let scope = String(item.id.dropFirst("scope:".count))
            return graph.nodes.indices.filter { (graph.nodes[$0].scope?.name ?? "-") == scope }
        } else if let node = item.node {
            return [node]
        }
        let nodes = identities.compactMap { graph.nodeID(for: $0) }
        return nodes.isEmpty ? nil : Array(Set(nodes)).sorted()
    }

    /// The whole graph, or the services the filter shows.
    func graphExportRequest(name: String, graph: DependencyGraph) -> ExportRequest {
        guard filter.isActive else { return ExportRequest(name: name) }
        let shown = graph.nodes(matching: filter.filter) { flags.flags(of: $0).labels }
        return ExportRequest(name: "\(name)-filtered", options: GraphExportOptions(services: shown))
    }

    /// The services of the selected row's problem, else of every problem of `area` (and `also`).
    func problemsExportRequest(name: String, area: GraphProblem.Area?, graph: DependencyGraph,
                               also: [ServiceIdentity] = []) -> ExportRequest {
        let services = selectedProblemServices(graph) ?? problemServices(area, graph, also: also)
        return ExportRequest(name: name + (selectedItem == nil ? "" : "-selected"), options: GraphExportOptions(services: services))
    }

    /// Every service the problems of an area are about, and `also`.
    private func problemServices(_ area: GraphProblem.Area?, _ graph: DependencyGraph, also: [ServiceIdentity]) -> [NodeID] {
        var identities: [ServiceIdentity] = also
        for problem in report.all where problem.area == area {
            identities += problem.services
            if case .missing(let missing) = problem { identities += missing.chain }
            if case .resolvedToNil(let missing) = problem { identities += missing.chain }
        }
        return Array(Set(identities.compactMap { graph.nodeID(for: $0) })).sorted()
    }
}
