import Injection

extension DependencyGraph {
    /// Adds what a scan read from the sources: a node for every registered key (marked declared),
    /// an edge for every site inside a registration's factory that links to a registration, the
    /// containers, and the scan's notes. On a graph built from a run, the run's nodes and edges
    /// are marked declared too where the sources have them, and keep what the run saw.
    ///
    /// ```swift
    /// var graph = DependencyGraph(records: trace.records)
    /// graph.declare(scan)
    /// let neverRan = graph.nodes.filter { $0.provenance == .declared }
    /// ```
    public mutating func declare(_ declarations: Declarations) {
        revision &+= 1
        noteStructureChange()
        for container in declarations.containers where containerIndex[container.name] == nil {
            noteContainer(container.name, parent: container.parent, location: container.location?.sourceLocation)
        }
        let overridden = Set(declarations.registrations.compactMap(\.overrides))
        var registrationIDs: [Int: ServiceIdentity] = [:]
        for registration in declarations.registrations {
            registrationIDs[registration.id] = registration.service
            let id = internDeclared(registration.service)
            nodes[id].isDeclared = true
            // A run's registration is what the run did; otherwise the registration that wins (one
            // no other overrides) names the scope and the line.
            if nodes[id].registrationCount == 0, nodes[id].registeredAt == nil || !overridden.contains(registration.id) {
                nodes[id].scope = registration.effectiveScope
                nodes[id].registeredAt = registration.location.sourceLocation
            }
            for alias in registration.implements where !nodes[id].implements.contains(alias) {
                nodes[id].implements.append(alias)
            }
        }
        for site in declarations.sites {
            guard let requester = site.requester, let linked = site.registration, let service = registrationIDs[linked] else { continue }
            let from = internDeclared(requester)
            let to = internDeclared(service)
            let before = edges.count
            let edge = internEdge(from, to)
            if edges.count > before { edges[edge].isTraced = false }
            if edges[edge].declaredAt == nil { edges[edge].declaredAt = site.location }
            if site.kind == .lazy { edges[edge].declaredLazy = true } else { edges[edge].declaredEager = true }
        }
        for note in declarations.notes {
            declaredProblems.append(DeclaredProblem(.scanNote(note), severity: .note))
        }
        self.declarations = declarations
    }

    /// Whether the graph is a scan of the sources alone: no run, so no counts, times or
    /// instances to show ("declared, not run").
    public var isScanOnly: Bool { declarations != nil && session.header == nil }

    /// Where app code (no registration's factory) asks for `identity` in the sources.
    public func appCodeSites(requesting identity: ServiceIdentity) -> [InjectionSite] {
        declarations?.sites.filter { $0.requester == nil && $0.requested == identity } ?? []
    }

    /// The node for `identity`, made (not traced) when the graph has not seen it.
    mutating func internDeclared(_ identity: ServiceIdentity) -> NodeID {
        if let id = nodeID(for: identity) { return id }
        let before = nodes.count
        let id = addNode(identity)
        if nodes.count > before { nodes[id].isTraced = false }
        return id
    }

    /// Adds a problem the scan found, with its severity.
    public mutating func declareProblem(_ problem: DeclaredProblem) {
        noteStructureChange()
        declaredProblems.append(problem)
    }

    /// A request in the sources that no registration answers, in the runtime's words
    /// (``MissingRegistration``); an optional one (`@OptionalInjected`) is filed as the runtime
    /// files an optional request that gave nil.
    public mutating func declareMissing(_ missing: MissingRegistration, optional: Bool = false, severity: ProblemSeverity) {
        let record = MissingDependency(missing, time: 0)
        declareProblem(DeclaredProblem(optional ? .resolvedToNil(record) : .missing(record), severity: severity))
    }

    /// A loop of constructor resolves in the sources: the cycle the runtime would catch.
    public mutating func declareCycle(_ cycle: DependencyCycle, severity: ProblemSeverity) {
        let nodes = cycle.path.dropLast().map { internDeclared($0) }
        declareProblem(DeclaredProblem(.cycle(ObservedCycle(cycle: cycle, nodes: nodes, time: 0)), severity: severity))
    }

    /// A long-lived registration whose factory resolves a short-lived one: the captive the
    /// runtime would report on the first build; its fixes in `spelledFixes` when given, and
    /// `forwardFix` when the holder only forwards to the captive.
    public mutating func declareCaptive(
        _ mismatch: ScopeMismatch, holderRegisteredAt: SourceLocation?, severity: ProblemSeverity,
        spelledFixes: ScopeMismatchRecord.SpelledFixes? = nil, forwardFix: ScopeMismatchRecord.ForwardFix? = nil
    ) {
        var record = ScopeMismatchRecord(mismatch, time: 0)
        record.holderRegisteredAt = holderRegisteredAt
        record.spelledFixes = spelledFixes
        record.forwardFix = forwardFix
        record.isConfirmed = true
        declareProblem(DeclaredProblem(.scopeMismatch(record), severity: severity))
    }

    /// Nodes on a cycle the scan declared: the loop check leaves them to that cycle, as it does
    /// for the cycles the runtime caught.
    var nodesOnDeclaredCycles: [NodeID] {
        declaredProblems.flatMap { declared -> [NodeID] in
            if case .cycle(let cycle) = declared.problem { return cycle.nodes }
            return []
        }
    }
}
