import Injection

/// Which instances each kept instance holds, read from the resolution passes that built them.
///
/// A service's edges are the union of every build: a cached service built once through a child
/// container (whose own registration answered its dependency) and once through the app has edges
/// to both registrations, but the instance it keeps holds one. A `resolved` event comes after the
/// resolves its build made (post-order), on its thread, one `depth` deeper than the resolve that
/// asked: so a pass is read back as the tree of instances it built, and each long-lived instance's
/// holdings (its dependencies, through short-lived ones) are what that tree says, whichever
/// container answered each resolve.
///
/// A tree is trusted only when it accounts for every dependency key the service is known to ask
/// for (a recorder folds repeated resolves into aggregates, which carry no pass): otherwise the
/// service's holdings are unknown and the holder walk keeps to its edges, as before.
struct BuildPasses: Sendable {
    /// One resolve waiting for the resolve that asked for it.
    struct Step: Sendable {
        let node: NodeID
        let depth: Int
        let requester: NodeID?
        /// What the answered instance holds, through short-lived instances (nil: unknown).
        let holds: Set<NodeID>?
        /// A short-lived instance (not long-lived, not the weak `.shared`): its requester holds
        /// what it holds. The holder walk follows the same instances.
        let passesThrough: Bool
    }

    /// Per thread: the resolves of its current pass not yet taken by their requester. The last
    /// thread's are kept apart (``recent``): a trace is mostly one thread's resolves in a row,
    /// and hashing its key twice for each one was a large part of ingest.
    private var pending: [UInt64: [Step]] = [:]
    private var recent: (thread: UInt64, steps: [Step])?
    /// Per thread: the graph-scoped instances its current pass built, and what each holds (a
    /// later hit of one holds the same).
    var graphInstances: [UInt64: [NodeID: Set<NodeID>?]] = [:]
    /// What the kept instance of each long-lived service holds, when its build was seen whole.
    var keptHolds: [NodeID: Set<NodeID>] = [:]
    /// Services one build of which resolved one key from two containers or more (a stray beside
    /// its own dependency), with the most registrations one build answered each such key with:
    /// a later pass with fewer has a folded repeat, or asked differently, and is not known.
    var answersPerKey: [NodeID: [ServiceKey: Int]] = [:]

    /// A pass deeper than this, or more threads than this mid-pass (only a broken or hostile
    /// trace has them), is forgotten: its builds are then unknown, never wrong.
    static let stepLimit = 4_096
    static let threadLimit = 1_024

    /// Takes `thread`'s pending resolves out of the table (empty when it has none).
    mutating func takeSteps(of thread: UInt64) -> [Step] {
        if let kept = recent {
            recent = nil
            if kept.thread == thread { return kept.steps }
            if pending.count < Self.threadLimit { pending[kept.thread] = kept.steps }
        }
        return pending.removeValue(forKey: thread) ?? []
    }

    /// Gives `thread`'s pending resolves back (taken with ``takeSteps(of:)``).
    mutating func keepSteps(_ steps: [Step], of thread: UInt64) {
        guard !steps.isEmpty else { return }
        recent = (thread, steps)
    }

    var estimatedBytes: Int {
        pending.values.reduce(0) { $0 + $1.capacity * MemoryLayout<Step>.stride } + pending.count * 64
            + (recent?.steps.capacity ?? 0) * MemoryLayout<Step>.stride
            + graphInstances.count * 64 + keptHolds.reduce(0) { $0 + 64 + $1.value.count * 16 }
            + answersPerKey.reduce(0) { $0 + 64 + $1.value.count * 48 }
    }
}

extension DependencyGraph {
    /// Places a `resolved` event (already counted) in its thread's pass: it takes the resolves
    /// its build made, and a long-lived service it built keeps what they hold.
    mutating func notePassStep(_ resolved: borrowing Resolved, thread: UInt64) {
        guard let node = nodeID(for: resolved.service) else { return }
        let depth = resolved.depth
        var steps = buildPasses.takeSteps(of: thread)
        // Its build's resolves are the deeper steps at the end; one two levels deeper or more
        // belongs to a build that failed (nothing of it is held).
        var children: [BuildPasses.Step] = []
        while let last = steps.last, last.depth > depth {
            steps.removeLast()
            if last.depth == depth &+ 1 { children.append(last) }
        }
        let scope = resolved.scope
        let passesThrough = !scope.isLongLived && scope.kind != .shared
        var holds: Set<NodeID>?
        switch resolved.outcome {
        case .created:
            holds = holdings(of: node, children: children)
            if scope.kind == .graph {
                buildPasses.graphInstances[thread, default: [:]][node] = .some(holds)
            }
            if scope.isLongLived {
                // A kept instance the graph still counts alive beside it (a race, a custom
                // scope) keeps its holdings too.
                let earlier = (nodes[node].aliveInstances ?? 0) > 1 ? buildPasses.keptHolds[node] : Set()
                if let holds, let earlier {
                    buildPasses.keptHolds[node] = holds.union(earlier)
                } else {
                    buildPasses.keptHolds[node] = nil
                }
            }
        case .cached:
            // A graph instance of this pass holds what it held when built; a kept one is a
            // holder of its own (its requester's holdings stop at it).
            holds = scope.kind == .graph ? (buildPasses.graphInstances[thread]?[node] ?? nil) : []
        }
        if depth > 1 && steps.count < BuildPasses.stepLimit {
            let requester = resolved.requester.flatMap { nodeID(for: $0) }
            steps.append(BuildPasses.Step(node: node, depth: depth, requester: requester, holds: holds, passesThrough: passesThrough))
        } else if depth <= 1 {
            steps.removeAll()
            buildPasses.graphInstances[thread] = nil
        }
        buildPasses.keepSteps(steps, of: thread)
    }

    /// What an instance of `node` built from `children` (its build's resolves) holds: each, and
    /// what the short-lived ones hold. Nil when the pass does not account for every dependency
    /// key `node` is known to ask for (a repeat a recorder folded, a resolve a failed build
    /// left behind, a step lost to the limits).
    private mutating func holdings(of node: NodeID, children: [BuildPasses.Step]) -> Set<NodeID>? {
        var holds = Set<NodeID>()
        var answered: [ServiceKey: Set<NodeID>] = [:]
        // A step another service asked for is not this build's: it was left by a pass whose
        // last resolves a recorder folded (their pass never ended here). What this build lost
        // to folding is caught below: a dependency key it asks for that no step answered.
        for child in children where child.requester == node {
            holds.insert(child.node)
            answered[ServiceKey(nodes[child.node].identity), default: []].insert(child.node)
            if child.passesThrough {
                guard let held = child.holds else { return nil }
                holds.formUnion(held)
            }
        }
        // A key another container answered this time is accounted for; a folded repeat of one a
        // factory asks two containers for is not (fewer registrations answered it than before).
        var known = true
        if let most = buildPasses.answersPerKey[node] {
            for (key, count) in most where (answered[key]?.count ?? 0) < count { known = false }
        }
        for (key, registrations) in answered where registrations.count > 1 {
            buildPasses.answersPerKey[node, default: [:]][key] = Swift.max(
                registrations.count, buildPasses.answersPerKey[node]?[key] ?? 0)
        }
        guard known else { return nil }
        // Most builds resolve nothing yet, or miss a dependency seen before: answered without
        // reading every edge (each one a cache miss in a large graph).
        if nodes[node].resolvedDependencies == 0 { return holds }
        if answered.isEmpty { return nil }
        for edgeID in outgoing[node] where edges[edgeID].count > 0 {
            guard answered[ServiceKey(nodes[edges[edgeID].to].identity)] != nil else { return nil }
        }
        return holds
    }

    /// A long-lived service built in an aggregate (a recorder's folded repeats): which pass
    /// built its instance is not known, so neither is what it holds.
    mutating func forgetKeptHolds(of service: borrowing ServiceIdentity) {
        guard !buildPasses.keptHolds.isEmpty, let node = nodeID(for: service) else { return }
        buildPasses.keptHolds[node] = nil
    }

    /// Whether the kept instance of `holder` (long-lived) may hold an instance of `service`:
    /// its build's pass says so, or is not known.
    func keptInstance(of holder: NodeID, mayHold service: NodeID) -> Bool {
        buildPasses.keptHolds[holder]?.contains(service) ?? true
    }
}

/// A dependency key as a factory asks for it (type, name, provider), whichever container or
/// layer answers.
struct ServiceKey: Hashable, Sendable {
    let type: String
    let name: String?
    let member: String?
    init(_ identity: ServiceIdentity) {
        type = identity.type
        name = identity.name
        member = identity.member
    }
}
