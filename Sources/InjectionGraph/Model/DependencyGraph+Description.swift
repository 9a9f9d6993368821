import Injection

extension DependencyGraph {
    /// A stable, human-readable dump of the whole model, for tests and debugging.
    ///
    /// ```swift
    /// print(graph.treeDescription)
    /// ```
    /// prints
    /// ```
    /// session sample-app pid 42, 3 events, 0 dropped, running
    /// containers:
    ///   app
    /// services:
    ///   #0 XYZService in 'app' [singleton] registered Main.swift:3; 1 resolve (1 new, 0 cached), 1 alive, total 30ns, self 10ns
    /// edges:
    ///   XYZService → XYZFetching ×1 (1 new, 0 cached)
    /// ```
    public var treeDescription: String {
        var lines: [String] = []
        let header = session.header.map { "\($0.app) pid \($0.pid)" } ?? "(no header)"
        let end = session.hasEnded ? "ended: \(session.endReason ?? "")" : "running"
        lines.append("session \(header), \(session.eventCount) events, \(session.droppedCount) dropped, \(end)")
        lines.append("containers:")
        for container in containers {
            var line = "  \(container.name)"
            if let parent = container.parent { line += " (parent \(parent))" }
            if let at = container.createdAt { line += " created \(at)" }
            lines.append(line)
        }
        lines.append("services:")
        for node in nodes { lines.append("  " + node.summary) }
        if !edges.isEmpty {
            lines.append("edges:")
            for edge in edges {
                var line = "  \(nodes[edge.from].identity) → \(nodes[edge.to].identity) ×\(edge.count)"
                line += " (\(edge.createdCount) new, \(edge.cachedCount) cached)"
                if edge.isOnObservedCycle { line += " cycle" }
                lines.append(line)
            }
        }
        if !overrides.isEmpty {
            lines.append("overrides:")
            for record in overrides { lines.append("  " + record.summary) }
        }
        if !missing.isEmpty {
            lines.append("missing:")
            for item in missing {
                let chain = item.chain.isEmpty ? "app code" : item.chain.map(\.description).joined(separator: " → ")
                lines.append("  \(item.requested.qualifiedDescription) ×\(item.count) requested by \(chain)")
            }
        }
        if !cycles.isEmpty {
            lines.append("cycles:")
            for cycle in cycles { lines.append("  \(cycle.cycle.pathDescription) ×\(cycle.count)") }
        }
        if !scopeMismatches.isEmpty {
            lines.append("scope mismatches:")
            for record in scopeMismatches {
                let m = record.mismatch
                lines.append("  \(m.holder) (\(m.holderScope)) holds \(m.captive) (\(m.captiveScope)) ×\(record.count)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension ServiceNode {
    /// One line: `#0 XYZService in 'app' [singleton] registered Main.swift:3; 2 resolves (1 new,
    /// 1 cached), 1 alive, total 30ns, self 10ns`.
    public var summary: String {
        var line = "#\(id) \(identity.qualifiedDescription) [\(scope?.name ?? "?")]"
        if let registeredAt { line += " registered \(registeredAt)" }
        if registrationCount > 1 { line += " (\(registrationCount) registrations)" }
        line += "; \(resolveCount) resolve\(resolveCount == 1 ? "" : "s") (\(createdCount) new, \(cachedCount) cached)"
        if appResolveCount > 0 { line += ", \(appResolveCount) from app" }
        if let aliveInstances { line += ", \(aliveInstances) alive" }
        if resolveCount > 0 { line += ", total \(totalNanoseconds)ns, self \(selfNanoseconds)ns" }
        return line
    }
}

extension OverrideRecord {
    /// One line: `registration XYZFetching → XYZFetching set at Tests.swift:9 (replaced
    /// App.swift:3), active, stale (reported)`.
    public var summary: String {
        var line = "\(kind.rawValue) \(from) → \(to) in '\(container)' set at \(location)"
        if let replacedLocation { line += " (replaced \(replacedLocation))" }
        switch state {
        case .active: line += ", active"
        case .replaced: line += ", replaced"
        case .reset(let at, _): line += ", reset at \(at)"
        }
        if isStale, let staleness { line += ", stale (\(staleness.rawValue))" }
        return line
    }
}
