import Injection
import Synchronization

/// The dependency graph of one app session, built incrementally from trace records.
///
/// The same model serves a trace file and a live stream: feed it every ``TraceRecord`` with
/// ``apply(_:)`` as it arrives. It is a value type; copy it to hand a snapshot to another task.
/// Nodes and edges are addressed by dense integer ids (``NodeID``, ``EdgeID``), with adjacency in
/// ``outgoing`` and ``incoming``.
///
/// ```swift
/// var graph = DependencyGraph()
/// for record in trace.records { graph.apply(record) }
/// let service = try graph.lookup("LoginViewModel")
/// for (id, depth) in graph.dependencies(of: service, maxDepth: 2) {
///     print(String(repeating: "  ", count: depth), graph.nodes[id].identity)
/// }
/// ```
public struct DependencyGraph: Sendable {
    /// Every service seen, indexed by ``NodeID`` (in pages: a copy of the graph shares them, and
    /// a change after it copies one page, not every service).
    public internal(set) var nodes = PagedArray<ServiceNode>()
    /// Every "resolved while resolving" pair, indexed by ``EdgeID`` (in pages, as ``nodes``).
    public internal(set) var edges = PagedArray<DependencyEdge>()
    /// For each node, the edges it requested (its dependencies).
    public internal(set) var outgoing: [[EdgeID]] = []
    /// For each node, the edges that requested it (its dependents).
    public internal(set) var incoming: [[EdgeID]] = []
    /// Containers in the order they were first seen.
    public internal(set) var containers: [ContainerInfo] = []
    /// Every override and mapping, in the order they were set (history included; a mapping set
    /// again the same way is one record, at its latest place).
    public internal(set) var overrides: [OverrideRecord] = []
    /// Failed requests, deduplicated, in the order first seen.
    public internal(set) var missing: [MissingDependency] = []
    /// Cycles the runtime caught, deduplicated, in the order first seen.
    public internal(set) var cycles: [ObservedCycle] = []
    /// Captive dependencies the runtime reported, deduplicated.
    public internal(set) var scopeMismatches: [ScopeMismatchRecord] = []
    /// Kept instances replaced (a `.newSingleton`, a reset) while long-lived services held them,
    /// one record per service, cause and line (``ReplacedInstance``), in the order first seen.
    public internal(set) var replacedInstances: [ReplacedInstance] = []
    /// Optional requests (`optional()`, `@OptionalInjected`) that found nothing and gave nil,
    /// deduplicated like ``missing``: not failures, but listed as notes.
    public internal(set) var resolvedToNil: [MissingDependency] = []
    /// What a scan read from the sources (``declare(_:)``): every registration and injection site,
    /// when the graph was built from a scan or has the sources beside a run.
    public internal(set) var declarations: Declarations?
    /// Problems a scan found without running, each with how sure it is (``declareProblem(_:)``).
    public internal(set) var declaredProblems: [DeclaredProblem] = []
    /// Header, counts and end of the session.
    public internal(set) var session = SessionInfo()
    /// Increases with every applied record: a viewer redraws when it changed.
    public internal(set) var revision: UInt64 = 0
    /// Changes whenever anything ``check(strict:stillRunning:)`` reads changes, other than the
    /// resolve counts of services and edges already seen (and the session's counters): a new
    /// service or edge, a first resolve, a registration, a problem recorded or counted again.
    /// The values come from one counter for the whole process, so two graphs with the same
    /// value have the same services, edges, registrations and problems (one is a copy of the
    /// other, or both are empty), whatever their counts: a viewer keeps its problems report
    /// across the revisions that only count (``DiagnosticsCache``).
    public internal(set) var structureRevision: UInt64 = 0

    /// The source of ``structureRevision``.
    private static let structureRevisions = Atomic<UInt64>(0)

    /// Something ``check(strict:stillRunning:)`` reads, other than a count, changed.
    @inline(never)
    mutating func noteStructureChange() {
        structureRevision = Self.structureRevisions.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The most services the graph keeps (``serviceLimit``): past it a new name is folded into
    /// one node, ``overflowNode``, and counted in ``servicesNotShown``.
    public var serviceLimit = Int.max
    /// Distinct service names folded into ``overflowNode`` because the graph was at its
    /// ``serviceLimit`` (exact up to ``countedFoldedNames``; past that a lower bound).
    public var servicesNotShown: Int { foldedNames.count }
    /// Whether ``servicesNotShown`` is exact (fewer than ``countedFoldedNames`` were folded).
    public var servicesNotShownIsExact: Bool { foldedNames.count < Self.countedFoldedNames }
    /// The most edges the graph keeps: past it, a pair of services not seen together yet is
    /// counted on an edge from the requester to ``overflowNode`` (the pair's resolves go on that
    /// edge; both services keep their own counts), and in ``edgesNotShown``. With ``serviceLimit`` it bounds the graph whatever an app sends (an
    /// app could otherwise pair its kept services in every way: their square). Edges into the
    /// overflow node are made past it, at most one per service.
    public var edgeLimit = Int.max
    /// Distinct pairs of services whose edge was folded because the graph was at its
    /// ``edgeLimit`` (exact up to ``countedFoldedNames``; past that a lower bound).
    public var edgesNotShown: Int { foldedEdges.count }
    /// The pairs folded, to count each once (bounded: ``countedFoldedNames``).
    var foldedEdges: Set<UInt64> = []
    /// The node standing for every service past ``serviceLimit``, once there is one.
    public internal(set) var overflowNode: NodeID?
    /// Hashes of the names folded, to count each once (bounded: ``countedFoldedNames``).
    var foldedNames: Set<Int> = []
    /// Bytes of the services' names (type, name, container, layer, member, their identity's
    /// storage): what ``residentBytes`` adds to ``estimatedBytes``.
    public internal(set) var nameBytes = 0
    /// The capacities of every ``outgoing`` and ``incoming`` list, summed (they change only in
    /// ``addEdge(_:_:)``): ``estimatedBytes`` without walking them.
    var adjacencyCapacity = 0

    var nodeIndex = NodeTable()
    var edgeIndex = EdgeTable()
    var containerIndex: [String: Int] = [:]
    /// Children made at one site, folded into one container (``ContainerFold``).
    var containerFold = ContainerFold()
    /// The resolution passes read back, and what each kept instance holds (``BuildPasses``).
    var buildPasses = BuildPasses()
    /// The services of each container (by index in ``containers``).
    var containerNodes: [[NodeID]] = []
    var missingIndex: [MissingKey: Int] = [:]
    var cycleIndex: [[NodeID]: Int] = [:]
    var mismatchIndex: [ScopeMismatch: Int] = [:]
    var resolvedToNilIndex: [MissingKey: Int] = [:]
    /// Scope mismatches whose holder has not been seen built yet (its build may still fail).
    var unconfirmedMismatches = 0
    /// Mappings in effect, whose replacement's resolves are counted by requester.
    var activeMappings = 0
    /// Holders of an overridden instance not rebuilt yet, whose cache hits are counted.
    var activeStaleHolders = 0
    /// Holders of a replaced instance not rebuilt yet, and resets whose service was not built
    /// again yet (``replacedInstances``).
    var activeInstanceHolders = 0
    var awaitingRebuild = 0
    /// Where each distinct registration override is in ``overrides`` (a repeat folds into it),
    /// and which of them are active, by the registration they installed: a re-registration
    /// finds both without walking every override. Positions shift only when a mapping fold
    /// removes a record (``DependencyGraph/reindexOverrides(afterRemoving:)``).
    var registrationOverrideIndex: [RegistrationOverrideKey: Int] = [:]
    var activeRegistrationOverrides: [ServiceIdentity: [Int]] = [:]

    /// What makes two registration overrides the same one set again.
    struct RegistrationOverrideKey: Hashable {
        let container: String
        let from: ServiceIdentity
        let to: ServiceIdentity
        let location: SourceLocation
        let replacedLocation: SourceLocation?

        /// The identities' kept hashes and the lines: no string is hashed (an app registering its
        /// services again and again looks this key up for every registration). Equality still
        /// compares every field.
        func hash(into hasher: inout Hasher) {
            hasher.combine(from)
            hasher.combine(to)
            hasher.combine(location.line)
            hasher.combine(replacedLocation?.line)
        }
    }

    struct MissingKey: Hashable {
        let requested: ServiceIdentity
        let chain: [ServiceIdentity]
    }

    /// An empty graph.
    public init() {}

    /// A graph built from `records`, in order.
    ///
    /// ```swift
    /// let graph = DependencyGraph(records: trace.records)
    /// ```
    public init(records: some Sequence<TraceRecord>) {
        for record in records { apply(record) }
    }

    /// The node of `identity`, if the graph has seen it.
    public func nodeID(for identity: ServiceIdentity) -> NodeID? {
        nodeIndex.find(identity, in: nodes)
    }

    /// The edge from `requester` to `service`, if one was seen.
    public func edgeID(from requester: NodeID, to service: NodeID) -> EdgeID? {
        edgeIndex[Self.edgeKey(requester, service)]
    }

    /// The container named `name`, if seen.
    public func container(named name: String) -> ContainerInfo? {
        containerIndex[name].map { containers[$0] }
    }

    // MARK: - Interning

    @inline(__always)
    static func edgeKey(_ from: NodeID, _ to: NodeID) -> UInt64 {
        UInt64(truncatingIfNeeded: from) << 32 | UInt64(truncatingIfNeeded: to) & 0xFFFF_FFFF
    }

    /// The node for `identity`, created on first sight.
    @inline(__always)
    mutating func intern(_ identity: ServiceIdentity) -> NodeID {
        if let id = nodeIndex.find(identity, in: nodes) { return id }
        return addNode(identity)
    }

    @inline(never)
    mutating func addNode(_ identity: ServiceIdentity) -> NodeID {
        if nodes.count >= serviceLimit { return foldIntoOverflow(identity) }
        return appendNode(identity)
    }

    mutating func appendNode(_ identity: ServiceIdentity) -> NodeID {
        let id = nodes.count
        noteStructureChange()
        nameBytes += Self.nameBytes(of: identity)
        nodes.append(ServiceNode(id: id, identity: identity))
        outgoing.append([])
        incoming.append([])
        nodeIndex.insert(hash: identity.precomputedHash, id: id)
        noteContainer(identity.container, parent: nil, location: nil)
        containerNodes[containerIndex[identity.container]!].append(id)
        return id
    }

    /// The edge from `from` to `to`, created on first sight.
    @inline(__always)
    mutating func internEdge(_ from: NodeID, _ to: NodeID) -> EdgeID {
        let key = Self.edgeKey(from, to)
        switch edgeIndex.probe(key) {
        case .found(let id):
            return id
        case .empty(let slot):
            if edges.count >= edgeLimit, let folded = foldEdge(from, to, key: key) { return folded }
            let id = addEdge(from, to)
            edgeIndex.insert(id, key: key, at: slot)
            return id
        }
    }

    static let initialAdjacency = 6

    @inline(never)
    mutating func addEdge(_ from: NodeID, _ to: NodeID) -> EdgeID {
        let id = edges.count
        noteStructureChange()
        edges.append(DependencyEdge(id: id, from: from, to: to))
        // A node's first edge reserves room for a few: growing 1 → 2 → 4 → 8 one reallocation
        // at a time was a tenth of ingest at 100 k services.
        adjacencyCapacity -= outgoing[from].capacity
        if outgoing[from].isEmpty { outgoing[from].reserveCapacity(Self.initialAdjacency) }
        outgoing[from].append(id)
        adjacencyCapacity += outgoing[from].capacity
        adjacencyCapacity -= incoming[to].capacity
        if incoming[to].isEmpty { incoming[to].reserveCapacity(Self.initialAdjacency) }
        incoming[to].append(id)
        adjacencyCapacity += incoming[to].capacity
        return id
    }

    mutating func noteContainer(_ name: String, parent: String?, location: SourceLocation?) {
        if let index = containerIndex[name] {
            if let parent { containers[index].parent = parent }
            if let location { containers[index].createdAt = location }
            return
        }
        containerIndex[name] = containers.count
        containers.append(ContainerInfo(name: name, parent: parent, createdAt: location))
        containerNodes.append([])
    }

    /// A `containerCreated` (not an `add(child:)`): a container of its own, or one more child
    /// folded into its site's stand-in (``ContainerFold``).
    mutating func noteMade(_ created: ContainerCreated) {
        if let standIn = containerFold.noteMade(created) {
            noteContainer(standIn, parent: nil, location: nil)
            let index = containerIndex[standIn]!
            containers[index].made.addSaturating(1)
            containers[index].lastMade = created.container
            return
        }
        noteContainer(created.container, parent: created.parent.map(containerFold.folded), location: created.location)
        containers[containerIndex[created.container]!].made.addSaturating(1)
    }

    /// A `containerReleased`: one container of the name (or one child folded into it) ended.
    /// One the trace never named is left unknown (it was created before recording began).
    mutating func noteReleased(_ name: String) {
        guard let index = containerIndex[containerFold.noteReleased(name) ?? name] else { return }
        containers[index].releases.addSaturating(1)
        // What it kept went with it: each container keeps at most one instance of a service, so
        // its services have no more live instances than it has live containers.
        let live = containers[index].live
        for node in containerNodes[index] {
            if let alive = nodes[node].aliveInstances, alive > live { nodes[node].aliveInstances = live }
        }
    }
}
