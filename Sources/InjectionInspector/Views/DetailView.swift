import Injection
import InjectionGraph

/// The detail pane: everything about the selected service (dependencies, dependents, where it
/// was registered, scope, counts, timing, and why it exists), or about the selected failed
/// request, cycle or override on those screens.
///
/// ```
/// ┌ LoginViewModel ──────────────┐
/// │Service                       │
/// │  type      LoginViewModel    │
/// │  scope     unique            │
/// └──────────────────────────────┘
/// ```
enum DetailView {
    /// A pane's title and sections.
    typealias Content = (title: String, sections: [DetailPane.Section])

    /// The pane's title and sections for the current selection: a problem's row, a row a screen
    /// details itself (``ScreenView/detail(of:context:)``, asked of every screen since a drilled
    /// route keeps its rows' kinds), else the selected service.
    static func content(_ context: ViewContext) -> Content {
        let graph = context.graph
        if let item = context.state.selectedItem {
            let report = context.state.report
            if let number = ProblemItems.number(of: item.id), ProblemItems.isHeader(item.id), report.all.indices.contains(number) {
                let problem = report.all[number]
                return (ProblemItems.title(problem), ProblemItems.sections(problem, isNote: number >= report.problems.count))
            }
            for screen in Screen.allCases {
                if let content = screen.view.detail(of: item, context: context) { return content }
            }
        }
        guard let node = context.state.selectedNode, graph.nodes.indices.contains(node) else {
            return ("Detail", [.init(title: "Nothing selected", lines: [.init("", "Select a service to see its details.", style: Style(.dim))])])
        }
        return (graph.nodes[node].identity.type, serviceSections(node, context: context))
    }

    /// A layer arrow: what crosses, how often, whether it is a breach, and its edges busiest first.
    static func arrowSections(_ arrow: LayerMap.Arrow, graph: DependencyGraph) -> [DetailPane.Section] {
        let crossing = arrow.crossing
        let about: [DetailPane.Line] = [
            .init("edges", "\(crossing.edgeCount)"),
            graph.isScanOnly ? .init("resolves", DeclaredSummary.notRun, style: Style(.dim)) : .init("resolves", "\(crossing.resolveCount)"),
            .init("breach", arrow.isBreach ? "yes: these layers reach each other" : "no",
                  style: arrow.isBreach ? Style(.error, .bold) : .normal),
        ]
        let edges = crossing.edges.sorted { graph.edges[$0].count > graph.edges[$1].count }.prefix(50).map { id in
            let edge = graph.edges[id]
            return DetailPane.Line(DeclaredMarks.count(edge, in: graph), "\(LayerDiagramPanel.shortName(graph.nodes[edge.from].identity)) → "
                + LayerDiagramPanel.shortName(graph.nodes[edge.to].identity))
        }
        return [.init(title: "Crossing", lines: about), .init(title: "Edges", lines: edges)]
    }

    /// A service's container: its name, or for the children of one site folded into it
    /// (``ContainerFold``) `request child ×1200 (3 live; last request-1200)`.
    static func containerText(_ name: String, in graph: DependencyGraph) -> String {
        guard let info = graph.container(named: name), info.made > 1 else { return name }
        return "\(info.label) (\(info.live) live; last \(info.lastMade ?? name))"
    }

    static func serviceSections(_ node: NodeID, context: ViewContext) -> [DetailPane.Section] {
        let graph = context.graph
        let service = graph.nodes[node]
        let identity = service.identity
        var sections: [DetailPane.Section] = []
        var about: [DetailPane.Line] = [.init("type", identity.type)]
        if let name = identity.name { about.append(.init("name", name)) }
        about.append(.init("container", containerText(identity.container, in: graph)))
        if let layer = identity.layer { about.append(.init("layer", layer)) }
        if let member = identity.member { about.append(.init("member", member)) }
        about.append(.init("scope", service.scope?.name ?? "unknown"))
        if !service.implements.isEmpty {
            about.append(.init("implements", service.implements.map(\.description).joined(separator: ", ")))
        }
        about.append(.init("registered", service.registeredAt?.description ?? "not seen (no registration in the trace)",
                           style: service.registeredAt == nil ? Style(.warning) : .normal))
        if service.registrationCount > 1 { about.append(.init("overridden", "\(service.registrationCount - 1)×", style: Style(.warning))) }
        sections.append(.init(title: "Service", lines: about))

        if service.provenance == .declared {
            // Resolves, live instances and timing are a run's: one line says so, never zeros.
            var declared: [DetailPane.Line] = [.init("counts", DeclaredSummary.notRun, style: Style(.dim))]
            if graph.session.header != nil { declared.append(.init("coverage", "never resolved in this run", style: Style(.warning))) }
            sections.append(.init(title: "Run", lines: declared))
            let flags = context.state.flags.flags(of: node)
            if !flags.isEmpty {
                sections.append(.init(title: "Problems", lines: problemLines(node, context: context)))
            }
            sections.append(.init(title: "Dependencies (\(graph.outgoing[node].count))", lines: neighborLines(node, .dependencies, context: context)))
            sections.append(.init(title: "Dependents (\(graph.incoming[node].count))", lines: neighborLines(node, .dependents, context: context)))
            return sections
        }

        var counts: [DetailPane.Line] = [
            .init("resolves", "\(service.resolveCount) (\(service.createdCount) new, \(service.cachedCount) cached)"),
            .init("hit rate", Format.percent(service.cachedCount, of: service.resolveCount)),
            .init("from app", "\(service.appResolveCount)"),
        ]
        if let alive = service.aliveInstances { counts.append(.init("live", "\(alive)")) }
        sections.append(.init(title: "Counts", lines: counts))

        let average = service.resolveCount == 0 ? 0 : service.totalNanoseconds / service.resolveCount
        sections.append(.init(title: "Timing", lines: [
            .init("total", Format.duration(service.totalNanoseconds)),
            .init("self", Format.duration(service.selfNanoseconds)),
            .init("average", Format.duration(average)),
        ] + (service.firstSeen.map { [.init("first", Format.timestamp($0))] } ?? [])
          + (service.lastSeen.map { [.init("last", Format.timestamp($0))] } ?? [])))

        let flags = context.state.flags.flags(of: node)
        if !flags.isEmpty {
            sections.append(.init(title: "Problems", lines: problemLines(node, context: context)))
        }
        sections.append(.init(title: "Dependencies (\(graph.outgoing[node].count))", lines: neighborLines(node, .dependencies, context: context)))
        sections.append(.init(title: "Dependents (\(graph.incoming[node].count))", lines: neighborLines(node, .dependents, context: context)))
        let why: [DetailPane.Line]
        if let path = graph.why(node) {
            why = [.init("", path.map { graph.nodes[$0].identity.description }.joined(separator: " → "))]
        } else {
            why = [.init("", "no path from app code", style: Style(.dim))]
        }
        sections.append(.init(title: "Why (w)", lines: why))
        return sections
    }

    private static func neighborLines(_ node: NodeID, _ direction: DependencyGraph.Direction, context: ViewContext) -> [DetailPane.Line] {
        let graph = context.graph
        let ids = direction == .dependencies ? graph.outgoing[node] : graph.incoming[node]
        if ids.isEmpty { return [.init("", "none", style: Style(.dim))] }
        var lines = ids.prefix(12).map { edgeID -> DetailPane.Line in
            let edge = graph.edges[edgeID]
            let other = direction == .dependencies ? edge.to : edge.from
            let count = DeclaredMarks.count(edge, in: graph, lazy: edge.isLazy)
            if edge.isLazy {
                return .init("", "⇢ \(graph.nodes[other].identity.description)  lazy\(count.isEmpty ? "" : " " + count)", style: Style(.dim))
            }
            let counted = count.isEmpty ? "" : "  " + count
            let cycle = edge.isOnObservedCycle ? "  ↻" : ""
            // An edge the run only failed on is an error; one only the sources have is not.
            let failed = edge.count == 0 && !DeclaredMarks.isDeclaredOnly(edge)
            return .init("", "\(graph.nodes[other].identity.description)\(counted)\(cycle)",
                         style: failed || edge.isOnObservedCycle ? Style(.error) : DeclaredMarks.isDeclaredOnly(edge) ? Style(.dim) : .normal)
        }
        if ids.count > 12 { lines.append(.init("", "… \(ids.count - 12) more (\(direction == .dependencies ? "d" : "D") shows all)", style: Style(.dim))) }
        return lines
    }

    private static func problemLines(_ node: NodeID, context: ViewContext) -> [DetailPane.Line] {
        let graph = context.graph
        let identity = graph.nodes[node].identity
        var lines: [DetailPane.Line] = []
        for missing in graph.missing where missing.requester == identity {
            lines.append(.init("missing", missing.requested.qualifiedDescription, style: Style(.error)))
            lines.append(.init("fix", missing.fix, style: Style(.success)))
        }
        for cycle in graph.cycles where cycle.nodes.contains(node) {
            lines.append(.init("cycle", cycle.cycle.pathDescription, style: Style(.error)))
        }
        for record in graph.scopeMismatches
        where record.isConfirmed && (record.mismatch.holder == identity || record.mismatch.captive == identity) {
            let m = record.mismatch
            let kept = "\(m.holder) (\(m.holderScope)) keeps \(m.captive) (\(m.captiveScope))"
            lines.append(m.captiveHoldsNothing
                ? .init("captive", kept + ", which holds nothing (a note)", style: Style(.dim))
                : .init("captive", kept, style: Style(.warning)))
        }
        for record in graph.overrides where record.isStale && (record.from == identity || record.to == identity) {
            lines.append(.init("stale", "\(record.from) → \(record.to) set at \(record.location)", style: Style(.warning)))
        }
        return lines
    }

    static func overrideSections(_ record: OverrideRecord) -> [DetailPane.Section] {
        var lines: [DetailPane.Line] = [
            .init("kind", record.kind.rawValue),
            .init("from", record.from.qualifiedDescription),
            .init("to", record.to.qualifiedDescription),
            .init("set at", record.location.description),
            .init("when", Format.timestamp(record.time)),
        ]
        if let replaced = record.replacedLocation { lines.append(.init("replaced", replaced.description)) }
        switch record.state {
        case .active: lines.append(.init("state", "active"))
        case .replaced: lines.append(.init("state", "replaced by a later override", style: Style(.dim)))
        case .reset(let at, let time): lines.append(.init("state", "reset at \(at) (\(Format.timestamp(time)))", style: Style(.dim)))
        }
        var sections: [DetailPane.Section] = [.init(title: "Override", lines: lines)]
        if record.isStale {
            sections += ProblemItems.sections(.staleOverride(record), isNote: false)
        } else if record.kind == .mapping && record.isActive {
            sections += ProblemItems.sections(.activeMapping(record), isNote: false)
        }
        return sections
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        let content = content(context)
        DetailPane(title: content.title, sections: content.sections, focused: context.state.focus == .detail,
                   scroll: context.state.detailScroll).draw(into: &canvas, in: rect)
    }
}
