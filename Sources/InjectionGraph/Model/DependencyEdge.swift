/// The index of an edge in ``DependencyGraph/edges``.
public typealias EdgeID = Int

/// "Resolved while resolving": the requester's factory asked for the service.
///
/// Counts include aggregated resolves. An edge with a ``count`` of 0 was only seen in a failed
/// resolution (a requester chain of a missing registration, or a cycle's path): the request was
/// made, but it never completed.
///
/// ```swift
/// for edgeID in graph.outgoing[requester] {
///     let edge = graph.edges[edgeID]
///     print(graph.nodes[edge.to].identity, edge.count)
/// }
/// ```
public struct DependencyEdge: Sendable, Identifiable {
    public let id: EdgeID
    /// The requester: the service whose construction asked.
    public let from: NodeID
    /// The service that was resolved.
    public let to: NodeID
    /// Successful resolves along this edge.
    public internal(set) var count: UInt64 = 0
    public internal(set) var createdCount: UInt64 = 0
    public internal(set) var cachedCount: UInt64 = 0
    /// Summed duration of those resolves.
    public internal(set) var totalNanoseconds: UInt64 = 0
    /// Resolves the requester made in its `resolveProperties` block, after construction.
    public internal(set) var propertyCount: UInt64 = 0

    /// Whether every resolve along this edge was property injection (drawn as a property edge).
    public var isPropertyInjection: Bool { propertyCount > 0 && propertyCount == count }
    /// First reads of a `@LazyInjected` the requester declared (``LazyResolution``): the
    /// dependency was taken after the requester was built, not during its build.
    public internal(set) var lazyCount: UInt64 = 0

    /// Whether the edge was only ever taken lazily (or, from the sources, is only ever asked
    /// for lazily): no loop through it can be a cycle at run time.
    public var isLazy: Bool { count == 0 && (lazyCount > 0 || (declaredLazy && !declaredEager)) }

    /// Where the sources ask for it, when a scan read it (the first site; ``DependencyGraph/declarations`` has them all).
    public internal(set) var declaredAt: DeclaredLocation? {
        get { declaredSite?.location }
        set { declaredSite = newValue.map(DeclaredSite.init) }
    }
    /// ``declaredAt``, boxed: one reference in every edge instead of the location's two strings
    /// and two integers, which a run's edges (never declared) carried for nothing. The flags
    /// come last, together, so that they share one word.
    private var declaredSite: DeclaredSite?
    /// Whether this step is part of an observed cycle (``DependencyGraph/cycles``).
    public internal(set) var isOnObservedCycle = false
    /// Whether a site in the sources asks for it eagerly, or lazily (`@LazyInjected`, a factory
    /// called later).
    public internal(set) var declaredEager = false
    public internal(set) var declaredLazy = false
    /// Whether the edge was made by a trace record (false for one a scan made first).
    var isTraced = true

    /// Whether a scan read the edge from the sources.
    public var isDeclared: Bool { declaredEager || declaredLazy }

    /// Where the graph knows the edge from: the sources, a run, or both.
    public var provenance: Provenance {
        var provenance: Provenance = isDeclared ? .declared : []
        if isTraced || count > 0 || lazyCount > 0 { provenance.insert(.observed) }
        return provenance
    }

    init(id: EdgeID, from: NodeID, to: NodeID) {
        self.id = id
        self.from = from
        self.to = to
    }
}

/// Where the sources ask for an edge, kept out of line (``DependencyEdge/declaredAt``).
private final class DeclaredSite: Sendable {
    let location: DeclaredLocation

    init(_ location: DeclaredLocation) {
        self.location = location
    }
}
