import Injection

/// What changed between two runs of an app: services, edges, scopes and layers added, removed
/// or changed, and problems new, fixed or still there.
///
/// Services are matched by identity (container, type, name, layer, member); edges by the
/// identities at both ends; problems by what they are about, not by how often they were seen.
///
/// ```swift
/// let diff = GraphDiff(base: DependencyGraph(records: base), head: DependencyGraph(records: head))
/// if diff.hasNewProblems { print(diff.text); exit(1) }
/// ```
public struct GraphDiff: Sendable {
    /// How an item differs from the base run.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        case added, removed, changed

        /// `+`, `−` or `~`: the mark the inspector and the text report use.
        public var mark: String {
            switch self {
            case .added: "+"
            case .removed: "−"
            case .changed: "~"
            }
        }
    }

    /// A service present in only one run, or whose registration differs.
    public struct ServiceChange: Sendable, Hashable {
        public let identity: ServiceIdentity
        public let change: Change
        /// What differs, one phrase each (`scope singleton → cached`); empty for added/removed.
        public let details: [String]
    }

    /// An edge (requester → service) present in only one run, or now on a cycle.
    public struct EdgeChange: Sendable, Hashable {
        public let from: ServiceIdentity
        public let to: ServiceIdentity
        public let change: Change
        public let details: [String]
    }

    /// A scope used by services in only one run, with how many services use it.
    public struct ScopeChange: Sendable, Hashable {
        public let scope: String
        public let change: Change
        public let baseServices: Int
        public let headServices: Int
    }

    /// A layer, or a crossing between two layers, present in only one run or changed.
    public struct LayerChange: Sendable, Hashable {
        /// `app/Login`, or `app/Login → app/Network` for a crossing.
        public let name: String
        public let change: Change
        public let details: [String]
        /// Whether HEAD has this crossing as a breach (and BASE did not).
        public let isNewBreach: Bool
    }

    public let services: [ServiceChange]
    public let edges: [EdgeChange]
    public let scopes: [ScopeChange]
    public let layers: [LayerChange]
    /// Problems HEAD has and BASE did not.
    public let newProblems: [GraphProblem]
    /// Problems BASE had and HEAD does not.
    public let fixedProblems: [GraphProblem]
    /// Problems both runs have (as HEAD reports them).
    public let remainingProblems: [GraphProblem]
    public let base: SessionInfo
    public let head: SessionInfo

    /// Whether HEAD brings a problem or a layer breach BASE did not have: the CI gate.
    public var hasNewProblems: Bool { !newProblems.isEmpty || layers.contains(where: \.isNewBreach) }

    /// Whether nothing differs.
    public var isEmpty: Bool {
        services.isEmpty && edges.isEmpty && scopes.isEmpty && layers.isEmpty && newProblems.isEmpty
            && fixedProblems.isEmpty
    }

    /// Compares `head` with `base`.
    public init(base: DependencyGraph, head: DependencyGraph) {
        self.base = base.session
        self.head = head.session
        services = Self.serviceChanges(base: base, head: head)
        edges = Self.edgeChanges(base: base, head: head)
        scopes = Self.scopeChanges(base: base, head: head)
        layers = Self.layerChanges(base: base, head: head)
        let baseProblems = base.check().problems
        let headProblems = head.check().problems
        let baseKeys = Set(baseProblems.map(\.diffKey))
        let headKeys = Set(headProblems.map(\.diffKey))
        newProblems = headProblems.filter { !baseKeys.contains($0.diffKey) }
        fixedProblems = baseProblems.filter { !headKeys.contains($0.diffKey) }
        remainingProblems = headProblems.filter { baseKeys.contains($0.diffKey) }
    }
}

// MARK: - Comparisons

extension GraphDiff {
    /// Services added, removed or changed from `base` to `head`, sorted by description.
    public static func serviceChanges(base: DependencyGraph, head: DependencyGraph) -> [ServiceChange] {
        var changes: [ServiceChange] = []
        for node in head.nodes {
            guard let old = base.nodeID(for: node.identity).map({ base.nodes[$0] }) else {
                changes.append(ServiceChange(identity: node.identity, change: .added, details: []))
                continue
            }
            var details: [String] = []
            if let was = old.scope, let now = node.scope, was != now { details.append("scope \(was.name) → \(now.name)") }
            if let was = old.registeredAt, let now = node.registeredAt, was != now {
                details.append("registered at \(was) → \(now)")
            }
            let wasSource = base.answeringService(for: old.identity)
            let nowSource = head.answeringService(for: node.identity)
            if wasSource != nowSource {
                details.append("resolved from \(wasSource?.description ?? "its own registration") → "
                    + (nowSource?.description ?? "its own registration"))
            }
            if !details.isEmpty { changes.append(ServiceChange(identity: node.identity, change: .changed, details: details)) }
        }
        for node in base.nodes where head.nodeID(for: node.identity) == nil {
            changes.append(ServiceChange(identity: node.identity, change: .removed, details: []))
        }
        return changes.sorted { ($0.identity.description, $0.identity.container) < ($1.identity.description, $1.identity.container) }
    }

    /// Edges added, removed or changed from `base` to `head`, sorted by their ends' descriptions.
    public static func edgeChanges(base: DependencyGraph, head: DependencyGraph) -> [EdgeChange] {
        var changes: [EdgeChange] = []
        func counterpart(_ edge: DependencyEdge, in graph: DependencyGraph, from other: DependencyGraph) -> DependencyEdge? {
            guard let from = graph.nodeID(for: other.nodes[edge.from].identity),
                  let to = graph.nodeID(for: other.nodes[edge.to].identity),
                  let id = graph.edgeID(from: from, to: to) else { return nil }
            return graph.edges[id]
        }
        for edge in head.edges {
            let from = head.nodes[edge.from].identity
            let to = head.nodes[edge.to].identity
            guard let old = counterpart(edge, in: base, from: head) else {
                changes.append(EdgeChange(from: from, to: to, change: .added, details: []))
                continue
            }
            var details: [String] = []
            if edge.isOnObservedCycle != old.isOnObservedCycle {
                details.append(edge.isOnObservedCycle ? "now on a cycle" : "no longer on a cycle")
            }
            if (old.count == 0) != (edge.count == 0) {
                details.append(edge.count == 0 ? "no longer completes" : "now completes")
            }
            if !details.isEmpty { changes.append(EdgeChange(from: from, to: to, change: .changed, details: details)) }
        }
        for edge in base.edges where counterpart(edge, in: head, from: base) == nil {
            changes.append(EdgeChange(from: base.nodes[edge.from].identity, to: base.nodes[edge.to].identity,
                                      change: .removed, details: []))
        }
        return changes.sorted { ($0.from.description, $0.to.description) < ($1.from.description, $1.to.description) }
    }

    static func scopeChanges(base: DependencyGraph, head: DependencyGraph) -> [ScopeChange] {
        func usage(_ graph: DependencyGraph) -> [String: Int] {
            var counts: [String: Int] = [:]
            for node in graph.nodes { if let scope = node.scope { counts[scope.name, default: 0] += 1 } }
            return counts
        }
        let was = usage(base)
        let now = usage(head)
        return Set(was.keys).union(now.keys).sorted().compactMap { name in
            let before = was[name] ?? 0
            let after = now[name] ?? 0
            let change: Change
            if before == 0 { change = .added } else if after == 0 { change = .removed } else if before != after {
                change = .changed
            } else { return nil }
            return ScopeChange(scope: name, change: change, baseServices: before, headServices: after)
        }
    }

    static func layerChanges(base: DependencyGraph, head: DependencyGraph) -> [LayerChange] {
        var changes: [LayerChange] = []
        let wasLayers = Dictionary(uniqueKeysWithValues: base.layers.map { ($0.id, $0.nodes.count) })
        let nowLayers = Dictionary(uniqueKeysWithValues: head.layers.map { ($0.id, $0.nodes.count) })
        for id in Set(wasLayers.keys).union(nowLayers.keys).sorted() {
            switch (wasLayers[id], nowLayers[id]) {
            case (nil, .some(let count)):
                changes.append(LayerChange(name: id.description, change: .added, details: [counted(count, "service")], isNewBreach: false))
            case (.some, nil):
                changes.append(LayerChange(name: id.description, change: .removed, details: [], isNewBreach: false))
            default: break
            }
        }
        let was = Dictionary(uniqueKeysWithValues: base.layerCrossings().map { ($0.name, $0) })
        let now = Dictionary(uniqueKeysWithValues: head.layerCrossings().map { ($0.name, $0) })
        for name in Set(was.keys).union(now.keys).sorted() {
            switch (was[name], now[name]) {
            case (nil, .some(let crossing)):
                changes.append(LayerChange(
                    name: name, change: .added,
                    details: ["new crossing, \(counted(crossing.edgeCount, "edge"))"] + (crossing.isBreach ? ["breach"] : []),
                    isNewBreach: crossing.isBreach))
            case (.some, nil):
                changes.append(LayerChange(name: name, change: .removed, details: [], isNewBreach: false))
            case (.some(let old), .some(let new)):
                var details: [String] = []
                if old.edgeCount != new.edgeCount { details.append("\(old.edgeCount) → \(counted(new.edgeCount, "edge"))") }
                if old.isBreach != new.isBreach { details.append(new.isBreach ? "now a breach" : "no longer a breach") }
                if !details.isEmpty {
                    changes.append(LayerChange(name: name, change: .changed, details: details,
                                               isNewBreach: new.isBreach && !old.isBreach))
                }
            case (nil, nil): break
            }
        }
        return changes
    }
}

extension LayerCrossing {
    /// `app/Login → app/Network`.
    public var name: String { "\(from) → \(to)" }
}

extension DependencyGraph {
    /// The service an active override or mapping sends requests for `identity` to, if any.
    func answeringService(for identity: ServiceIdentity) -> ServiceIdentity? {
        overrides.last { $0.isActive && $0.from == identity && $0.to != identity }?.to
    }
}

extension GraphProblem {
    /// What the problem is about, without how often it was seen: the same problem in two runs
    /// has the same key.
    var diffKey: String {
        switch self {
        case .missing(let missing):
            "missing|" + ([missing.requested] + missing.chain).map(\.key).joined(separator: ">")
        case .cycle(let cycle):
            "cycle|" + Self.rotated(cycle.cycle.path.dropLast().map(\.key)).joined(separator: ">")
        case .resolvedToNil(let missing):
            "nil|" + ([missing.requested] + missing.chain).map(\.key).joined(separator: ">")
        case .dependencyLoop(let loop):
            "loop|" + loop.path.dropLast().map(\.key).sorted().joined(separator: ",")
        case .lazyLoop(let loop):
            "lazy-loop|" + loop.path.dropLast().map(\.key).sorted().joined(separator: ",")
        case .scopeMismatch(let record):
            "scope|\(record.mismatch.holder.key)>\(record.mismatch.captive.key)"
        case .staleOverride(let record):
            "stale|\(record.from.key)>\(record.to.key)|\(record.location)"
        case .activeMapping(let record):
            "mapping|\(record.container)|\(record.from.key)>\(record.to.key)"
        case .layerBreach(let breach):
            "breach|" + breach.layers.map(\.description).joined(separator: ",")
        case .shadowed(let shadow):
            "shadowed|" + ([shadow.answering] + shadow.passedOver).map(\.service.key).joined(separator: ">")
        case .overridden(let override):
            "override|\(override.winner.service.key)|\(override.replaced.location.sourceLocation)"
        case .scanNote(let note):
            "scan|\(note.kind)|\(note.location.sourceLocation)"
        case .replacedInstance(let replaced):
            "replaced|\(replaced.service.key)|\(replaced.cause.location.map(\.description) ?? "")"
        case .unkeptScope(let unkept):
            "unkept|\(unkept.service.key)"
        case .crossContainer(let reach):
            "cross|\(reach.requester.key)>\(reach.service.key)"
        }
    }

    /// A loop started at its smallest element, so the same loop entered elsewhere has one key.
    static func rotated(_ loop: [String]) -> [String] {
        guard let start = loop.indices.min(by: { loop[$0] < loop[$1] }) else { return loop }
        return Array(loop[start...] + loop[..<start])
    }
}
