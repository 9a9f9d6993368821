import Injection

/// The index of a service in a ``DependencyGraph``: stable for the graph's life, dense from 0.
///
/// ```swift
/// let id: NodeID = graph.nodeID(for: identity)!
/// print(graph.nodes[id].identity)
/// ```
public typealias NodeID = Int

/// One service seen in a trace: its identity, how it is registered, and what resolving it cost.
///
/// Nodes are created the first time an identity appears in any event (a registration, a resolve,
/// a requester chain, a cycle, an override), so a node may have no registration (``registeredAt``
/// is nil) when the trace only saw it in a failed chain.
///
/// ```swift
/// for node in graph.nodes where node.resolveCount > 0 {
///     print(node.identity, node.resolveCount, node.selfNanoseconds)
/// }
/// ```
public struct ServiceNode: Sendable, Identifiable {
    /// The node's index in ``DependencyGraph/nodes``.
    public let id: NodeID
    /// Type, name, container, layer and member of the service.
    public let identity: ServiceIdentity
    /// The registered scope, else the scope of its first resolve; nil when neither was seen.
    public internal(set) var scope: Scope?
    /// Where the latest registration was written.
    public internal(set) var registeredAt: SourceLocation?
    /// How many `registered` events named this service (more than 1 means it was overridden).
    public internal(set) var registrationCount = 0
    /// The other keys the registration answers for (`.implements(XYZFetching.self)`): resolving
    /// any of them is a resolve of this service.
    public internal(set) var implements: [ServiceIdentity] = []
    /// Successful resolves, including aggregated ones.
    public internal(set) var resolveCount: UInt64 = 0
    /// Resolves that built a new instance.
    public internal(set) var createdCount: UInt64 = 0
    /// Resolves answered from a scope's cache.
    public internal(set) var cachedCount: UInt64 = 0
    /// Resolves made from app code (no requester): such a node is a root of the graph.
    public internal(set) var appResolveCount: UInt64 = 0
    /// Instances kept alive by a long-lived scope (cached, singleton, custom): created minus
    /// discarded by scope resets. Nil when the scope does not keep instances (or is weak).
    public internal(set) var aliveInstances: UInt64?
    /// Resolves under a scope that keeps instances (cached, singleton, custom, shared) that
    /// built one, and that were answered from the scope: a kept scope's builds and hits.
    public internal(set) var keptBuilds: UInt64 = 0
    public internal(set) var keptHits: UInt64 = 0
    /// Kept instances a `.newSingleton` replaced (``InstanceEnded/Reason/replaced``): builds made
    /// on purpose, not misses.
    public internal(set) var newSingletonBuilds: UInt64 = 0
    /// Instances the weak `.shared` scope let go (``InstanceEnded/Reason/released``).
    public internal(set) var releasedCount: UInt64 = 0
    /// Resets that dropped an instance of it, and where the latest one was called.
    public internal(set) var resetDrops: UInt64 = 0
    public internal(set) var lastResetAt: SourceLocation?
    /// The `t` of the first and last resolve (nanoseconds since the app's first event).
    public internal(set) var firstSeen: UInt64?
    public internal(set) var lastSeen: UInt64?
    /// Time spent in this service's resolves, dependencies included.
    public internal(set) var totalNanoseconds: UInt64 = 0
    /// Time spent in resolves this service requested (its children).
    public internal(set) var childNanoseconds: UInt64 = 0
    /// How many of its dependency edges were resolved at least once: a build that resolved none
    /// accounts for its dependencies without reading each edge (``DependencyGraph/holdings``).
    var resolvedDependencies = 0

    /// Time spent in the service's own factory: ``totalNanoseconds`` minus the time of the
    /// dependencies resolved while building it (never negative).
    public var selfNanoseconds: UInt64 {
        totalNanoseconds > childNanoseconds ? totalNanoseconds - childNanoseconds : 0
    }

    /// Whether a scan read the service's registration from the sources (``DependencyGraph/declare(_:)``).
    public internal(set) var isDeclared = false
    /// Whether the node was made by a trace record (false for one a scan made first).
    var isTraced = true

    /// Where the graph knows the service from: the sources, a run, or both. A service a scan
    /// made is observed too once a run registers or resolves it.
    public var provenance: Provenance {
        var provenance: Provenance = isDeclared ? .declared : []
        if isTraced || registrationCount > 0 || resolveCount > 0 { provenance.insert(.observed) }
        return provenance
    }

    /// Whether any resolve came from app code rather than from another service.
    public var isRoot: Bool { appResolveCount > 0 }

    init(id: NodeID, identity: ServiceIdentity) {
        self.id = id
        self.identity = identity
    }
}
