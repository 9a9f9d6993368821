import Injection

/// Every problem found in a graph, in a fixed order: missing registrations, cycles, dependency
/// loops, scope mismatches, stale overrides, mappings still active at the end, layer breaches,
/// shadowed registrations;
/// then the notes:
/// optional requests that gave nil, loops broken lazily and captives that hold nothing.
///
/// ```swift
/// let report = graph.check()
/// print(report.text)
/// exit(report.isClean ? 0 : 1)
/// ```
public struct DiagnosticsReport: Sendable, Hashable {
    public let problems: [GraphProblem]
    /// Problems a scan found that are probably wrong but often meant (``ProblemSeverity/warning``):
    /// they do not change the exit code unless `--strict`, which counts them as problems.
    public var warnings: [GraphProblem] = []
    /// Worth knowing, not wrong: they do not change the exit code.
    public let notes: [GraphProblem]
    /// What was scanned, when the graph was read from the sources.
    public var scan: ScanSummary?
    /// The session the graph was built from.
    public let session: SessionInfo
    public let serviceCount: Int
    public let edgeCount: Int

    /// Whether nothing was found (notes aside).
    public var isClean: Bool { problems.isEmpty }

    /// Problems, warnings and notes, in order.
    public var all: [GraphProblem] { problems + warnings + notes }
}

extension DependencyGraph {
    /// Runs every diagnostic over the graph.
    ///
    /// Linear in nodes and edges (strongly connected components included): a graph of
    /// 100 000 services and 1 000 000 edges is checked well under a second. With `strict`,
    /// optional requests that gave nil are problems rather than notes.
    ///
    /// ```swift
    /// for problem in graph.check().problems { print(problem.kind, problem.message) }
    /// ```
    /// - Parameters:
    ///   - strict: Count optional requests that gave nil as problems.
    ///   - stillRunning: The app is still sending (a live session): a mapping in effect now is
    ///     not one "left active at the end", so it is no problem yet.
    public func check(strict: Bool = false, stillRunning: Bool = false) -> DiagnosticsReport {
        report(from: checkedStructure(stillRunning: stillRunning), strict: strict)
    }

    /// What ``check(strict:stillRunning:)`` finds that depends on the graph's structure only
    /// (``structureRevision``): every problem but the counts of layer breaches and shadowed
    /// registrations, which ``report(from:strict:)`` takes from the graph as it is.
    func checkedStructure(stillRunning: Bool) -> CheckedStructure {
        checkedStructure(stillRunning: stillRunning, loops: loopsByKind(), crossings: layerCrossings())
    }

    /// ``checkedStructure(stillRunning:)`` with the loops and the layer crossings already found
    /// (kept up to date by ``CheckedTopology``).
    func checkedStructure(
        stillRunning: Bool, loops: (eager: [DependencyLoop], lazy: [DependencyLoop]), crossings: [LayerCrossing]
    ) -> CheckedStructure {
        var problems: [GraphProblem] = missingWithSafeFixes().map(GraphProblem.missing)
        problems += cycles.map { cycle in
            var cycle = cycle
            cycle.opensLongLived = cycle.nodes.first.flatMap { nodes[$0].scope?.isLongLived } ?? false
            return GraphProblem.cycle(cycle)
        }
        problems += loops.eager.map(GraphProblem.dependencyLoop)
        var statelessCaptives: [GraphProblem] = []
        for record in scopeMismatches where record.isConfirmed {
            var record = record
            record.holderKeptBy = longLivedRequester(of: record.mismatch.holder)
            // A captive with no stored properties keeps nothing that can go stale: a note.
            if record.mismatch.captiveHoldsNothing {
                statelessCaptives.append(.scopeMismatch(record))
            } else {
                problems.append(.scopeMismatch(record))
            }
        }
        problems += overrides.filter(\.isStale).map(GraphProblem.staleOverride)
        problems += heldReplacedInstances().map(GraphProblem.replacedInstance)
        problems += crossContainerResolves().map(GraphProblem.crossContainer)
        if !stillRunning {
            problems += overrides.filter { $0.kind == .mapping && $0.isActive }.map(GraphProblem.activeMapping)
        }
        return CheckedStructure(
            leading: problems, crossings: crossings.contains(where: \.isBreach) ? crossings : [],
            shadows: shadowCandidates(), resolvedToNil: resolvedToNil.map(GraphProblem.resolvedToNil),
            lazyLoops: loops.lazy.map(GraphProblem.lazyLoop), statelessCaptives: statelessCaptives,
            unkeptScopes: unkeptScopes().map(GraphProblem.unkeptScope))
    }

    /// The report from `structure` (checked at this graph's ``structureRevision``), with the
    /// graph's counts as they are now: layer breaches are judged again with their crossings'
    /// resolves summed anew (which crossing is the weaker one can change with them), shadowed
    /// registrations listed once resolved, with their resolves, and the session is this one.
    func report(from structure: CheckedStructure, strict: Bool) -> DiagnosticsReport {
        var crossings = structure.crossings
        for index in crossings.indices where crossings[index].isBreach {
            crossings[index].resolveCount = crossings[index].edges.reduce(0) { $0.addingSaturated(edges[$1].count) }
        }
        var problems = structure.leading
        problems += layerBreaches(in: crossings).map(GraphProblem.layerBreach)
        problems += resolvedShadows(structure.shadows).map(GraphProblem.shadowed)
        var notes = structure.lazyLoops + structure.statelessCaptives
        if strict { problems += structure.resolvedToNil } else { notes = structure.resolvedToNil + notes }
        if strict { problems += structure.unkeptScopes } else { notes += structure.unkeptScopes }
        var warnings: [GraphProblem] = []
        var declaredNotes: [GraphProblem] = []
        for declared in declaredProblems {
            switch declared.severity {
            case .error: problems.append(declared.problem)
            case .warning: if strict { problems.append(declared.problem) } else { warnings.append(declared.problem) }
            case .note:
                // An optional request that gives nil is a problem with --strict, from a run or a scan.
                if strict, case .resolvedToNil = declared.problem { problems.append(declared.problem) } else {
                    declaredNotes.append(declared.problem)
                }
            }
        }
        var report = DiagnosticsReport(
            problems: problems, notes: declaredNotes + notes, session: session, serviceCount: nodes.count, edgeCount: edges.count)
        report.warnings = warnings
        report.scan = declarations?.summary
        return report
    }

    /// A long-lived service seen resolving `service` (the first by node order), if any: what a
    /// shorter scope for `service` would make a captive dependency.
    func longLivedRequester(of service: ServiceIdentity) -> (service: ServiceIdentity, scope: Scope)? {
        guard let id = nodeID(for: service) else { return nil }
        for edgeID in incoming[id] {
            let requester = nodes[edges[edgeID].from]
            if let scope = requester.scope, scope.isLongLived { return (requester.identity, scope) }
        }
        return nil
    }

    /// Strongly connected components that no observed cycle already explains, without lazy
    /// edges (problems).
    public func dependencyLoops() -> [DependencyLoop] { loopsByKind().eager }

    /// Loops that can be cycles at run time (`eager`), and loops that exist only through a lazy
    /// edge (`lazy`), each outside the cycles the runtime caught.
    public func loopsByKind() -> (eager: [DependencyLoop], lazy: [DependencyLoop]) {
        var onObservedCycle = [Bool](repeating: false, count: nodes.count)
        for cycle in cycles { for node in cycle.nodes { onObservedCycle[node] = true } }
        for node in nodesOnDeclaredCycles { onObservedCycle[node] = true }
        var onEagerLoop = [Bool](repeating: false, count: nodes.count)
        let eager: [DependencyLoop] = stronglyConnectedComponents(includingLazy: false).compactMap { component in
            for node in component { onEagerLoop[node] = true }
            // A service that resolves itself is a cycle the runtime always catches (its
            // registration is on the stack). A self-edge with no caught cycle is two services
            // that share an identity: two containers with the same name, one resolving the
            // other's registration of the same type (a decorator). Not a loop.
            guard component.count > 1, !component.contains(where: { onObservedCycle[$0] }),
                  let loop = loop(through: component[0], within: component, includingLazy: false) else { return nil }
            return DependencyLoop(nodes: component, path: loop.map { nodes[$0].identity })
        }
        guard edges.contains(where: \.isLazy) else { return (eager, []) }
        let lazy: [DependencyLoop] = stronglyConnectedComponents(includingLazy: true).compactMap { component in
            guard component.count > 1, !component.contains(where: { onObservedCycle[$0] || onEagerLoop[$0] }) else { return nil }
            let inside = Set(component)
            // Start at the owner of a lazy edge inside the component, and take that edge first.
            guard let lazyEdge = component.lazy.flatMap({ self.outgoing[$0] })
                .first(where: { self.edges[$0].isLazy && inside.contains(self.edges[$0].to) }) else { return nil }
            let owner = edges[lazyEdge].from, next = edges[lazyEdge].to
            let rest: [NodeID]
            if next == owner {
                rest = [owner]
            } else {
                guard let back = path(from: next, to: owner, within: inside) else { return nil }
                rest = back
            }
            let path = [owner] + rest
            let steps = zip(path, path.dropFirst()).map { from, to in
                edgeID(from: from, to: to).map { edges[$0].isLazy } ?? false
            }
            return DependencyLoop(nodes: component, path: path.map { nodes[$0].identity }, lazySteps: steps)
        }
        return (eager, lazy)
    }

    /// A shortest path from `start` to `end` inside `inside` (both included), any edge kind.
    func path(from start: NodeID, to end: NodeID, within inside: Set<NodeID>) -> [NodeID]? {
        shortestPath(from: start, to: end) { node in outgoing[node].map { edges[$0].to }.filter { inside.contains($0) } }
    }
}

/// The part of a check that only a structural change can change (see
/// ``DependencyGraph/structureRevision``), kept by ``DiagnosticsCache``.
struct CheckedStructure: Sendable {
    /// Missing registrations, cycles, loops, scope mismatches, stale overrides, mappings left
    /// active: the problems before the layer breaches, whole.
    var leading: [GraphProblem] = []
    /// Every layer crossing when one of them is a breach (their edges; the resolves are summed
    /// again for each report), else none.
    var crossings: [LayerCrossing] = []
    /// Shadowed registrations whether resolved or not (``DependencyGraph/shadowCandidates()``).
    var shadows: [ShadowedRegistration] = []
    var resolvedToNil: [GraphProblem] = []
    var lazyLoops: [GraphProblem] = []
    /// Captives that hold nothing (notes, with `--strict` too).
    var statelessCaptives: [GraphProblem] = []
    var unkeptScopes: [GraphProblem] = []
}
