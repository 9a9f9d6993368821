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
        case .screen(.layers):
            if let item = selectedItem, item.id.hasPrefix("layer:"), item.label.contains("/"),
               let layer = item.label.split(separator: "/").last {
                return ExportRequest(name: "layer-\(layer)", options: GraphExportOptions(layer: String(layer)))
            }
            return ExportRequest(name: "layers", content: .layers)
        case .screen(.services), .screen(.events):
            let name = route.screen!.title.lowercased()
            guard filter.isActive else { return ExportRequest(name: name) }
            let shown = graph.nodes(matching: filter.filter) { flags.flags(of: $0).labels }
            return ExportRequest(name: "\(name)-filtered", options: GraphExportOptions(services: shown))
        case .screen(let screen):
            let services = selectedProblemServices(graph) ?? viewServices(screen, graph)
            return ExportRequest(name: screen.title.lowercased() + (selectedItem == nil ? "" : "-selected"),
                                 options: GraphExportOptions(services: services))
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

    /// Every service the problems of a view are about.
    private func viewServices(_ screen: Screen, _ graph: DependencyGraph) -> [NodeID] {
        let area: GraphProblem.Area? = switch screen {
        case .cycles: .cycles
        case .missing: .missing
        case .scopes: .scopes
        case .overrides: .overrides
        default: nil
        }
        var identities: [ServiceIdentity] = []
        for problem in report.all where problem.area == area {
            identities += problem.services
            if case .missing(let missing) = problem { identities += missing.chain }
            if case .resolvedToNil(let missing) = problem { identities += missing.chain }
        }
        if screen == .overrides {
            for record in graph.overrides { identities += [record.from, record.to] }
        }
        return Array(Set(identities.compactMap { graph.nodeID(for: $0) })).sorted()
    }
}
