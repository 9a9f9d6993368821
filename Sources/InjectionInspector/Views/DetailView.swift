import InjectionTrace
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
    /// The pane's title and sections for the current selection.
    static func content(_ context: ViewContext) -> (title: String, sections: [DetailPane.Section]) {
        let graph = context.graph
        if let item = context.state.selectedItem {
            if let number = MissingView.number(of: item.id), graph.missing.indices.contains(number) {
                return ("Missing registration", MissingView.sections(for: graph.missing[number]))
            }
            if context.state.route == .screen(.cycles), let number = CyclesView.cycleNumber(of: item.id),
               !item.id.dropFirst("cycle:".count).contains(":"), graph.cycles.indices.contains(number) {
                return ("Cycle", cycleSections(graph.cycles[number], context: context))
            }
            if let number = OverridesView.number(of: item.id), graph.overrides.indices.contains(number) {
                return ("Override", overrideSections(graph.overrides[number]))
            }
        }
        guard let node = context.state.selectedNode, graph.nodes.indices.contains(node) else {
            return ("Detail", [.init(title: "Nothing selected", lines: [.init("", "Select a service to see its details.", style: Style(.dim))])])
        }
        return (graph.nodes[node].identity.type, serviceSections(node, context: context))
    }

    static func serviceSections(_ node: NodeID, context: ViewContext) -> [DetailPane.Section] {
        let graph = context.graph
        let service = graph.nodes[node]
        let identity = service.identity
        var sections: [DetailPane.Section] = []
        var about: [DetailPane.Line] = [.init("type", identity.type)]
        if let name = identity.name { about.append(.init("name", name)) }
        about.append(.init("container", identity.container))
        if let layer = identity.layer { about.append(.init("layer", layer)) }
        if let member = identity.member { about.append(.init("member", member)) }
        about.append(.init("scope", service.scope?.name ?? "unknown"))
        about.append(.init("registered", service.registeredAt?.description ?? "not seen (no registration in the trace)",
                           style: service.registeredAt == nil ? Style(.warning) : .normal))
        if service.registrationCount > 1 { about.append(.init("overridden", "\(service.registrationCount - 1)×", style: Style(.warning))) }
        sections.append(.init(title: "Service", lines: about))

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
            let cycle = edge.isOnObservedCycle ? "  ↻" : ""
            return .init("", "\(graph.nodes[other].identity.description)  ×\(edge.count)\(cycle)",
                         style: edge.count == 0 || edge.isOnObservedCycle ? Style(.error) : .normal)
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
        for record in graph.scopeMismatches where record.mismatch.holder == identity || record.mismatch.captive == identity {
            let m = record.mismatch
            lines.append(.init("captive", "\(m.holder) (\(m.holderScope)) keeps \(m.captive) (\(m.captiveScope))", style: Style(.warning)))
        }
        for record in graph.overrides where record.staleness != nil && record.isActive && (record.from == identity || record.to == identity) {
            lines.append(.init("stale", "\(record.from) → \(record.to) set at \(record.location)", style: Style(.warning)))
        }
        return lines
    }

    static func cycleSections(_ cycle: ObservedCycle, context: ViewContext) -> [DetailPane.Section] {
        var sections: [DetailPane.Section] = [
            .init(title: "Path", lines: [.init("", cycle.cycle.pathDescription, style: Style(.error, .bold))]),
            .init(title: "Seen", lines: [.init("times", "\(cycle.count)"), .init("first", Format.timestamp(cycle.firstSeen))]),
        ]
        if !cycle.cycle.enteredThrough.isEmpty {
            sections.append(.init(title: "Entered through", lines: [.init("", cycle.cycle.enteredThrough.map(\.description).joined(separator: " → "))]))
        }
        sections.append(.init(title: "Fix", lines: [.init("", "Break the cycle: resolve one of these lazily (@LazyInjected) or after init.", style: Style(.success))]))
        return sections
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
        if record.staleness != nil {
            sections.append(.init(title: "Stale", lines: [
                .init("", "Set after a \(record.staleScope?.name ?? "kept") instance of \(record.from) was built; code that resolved it earlier keeps the old instance.", style: Style(.warning)),
                .init("fix", "Set overrides before the first resolve, or reset the scope after overriding.", style: Style(.success)),
            ]))
        }
        return sections
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        let content = content(context)
        DetailPane(title: content.title, sections: content.sections, focused: context.state.focus == .detail,
                   scroll: context.state.detailScroll).draw(into: &canvas, in: rect)
    }
}
