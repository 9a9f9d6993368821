import Injection

/// A live graph is bounded by the services it keeps, not by what an app sends: an app that keeps
/// sending new service names (generated keys, a churn of registrations) would otherwise grow it
/// for as long as it runs. Past ``DependencyGraph/serviceLimit`` every new name is folded into one
/// node, `(more services not shown)`, which takes their resolves, edges and counts, and
/// ``DependencyGraph/servicesNotShown`` counts the names folded (the inspector's header shows it).
/// Services already in the graph keep their own nodes; problems keep their own identities
/// (missing registrations, scope mismatches and overrides are keyed by names, not nodes), so
/// none is lost, though two cycles through folded services are counted as one.
///
/// ```swift
/// var graph = DependencyGraph()
/// graph.serviceLimit = 2
/// for name in ["A", "B", "C", "D"] { graph.apply(.event(resolve(name))) }
/// graph.nodes.count          // 3: A, B and (more services not shown)
/// graph.servicesNotShown     // 2: C and D
/// ```
extension DependencyGraph {
    /// The type shown for the node that stands for the services past the limit (not a valid
    /// Swift type name, so no real service is ever mistaken for it).
    public static let overflowTypeName = "(more services not shown)"
    /// How many distinct folded names are counted exactly (8 bytes each, at most 512 KB).
    public static let countedFoldedNames = 1 << 16

    /// The graph's memory, estimated: its arrays and tables (``estimatedBytes``) and its
    /// services' names.
    public var residentBytes: Int { estimatedBytes + nameBytes }

    /// Counts `identity` as a folded name and returns the overflow node (made on first need,
    /// in the first folded service's container).
    mutating func foldIntoOverflow(_ identity: ServiceIdentity) -> NodeID {
        if let overflowNode {
            // A rebuilt graph interns the overflow node by its identity: not a folded name.
            if identity != nodes[overflowNode].identity, foldedNames.count < Self.countedFoldedNames {
                foldedNames.insert(identity.precomputedHash)
            }
            return overflowNode
        }
        if identity.type == Self.overflowTypeName {
            // Replaying a history: the overflow node itself, by name.
            let id = appendNode(identity)
            overflowNode = id
            return id
        }
        let id = makeOverflowNode(in: identity.container)
        foldedNames.insert(identity.precomputedHash)
        return id
    }

    /// The overflow node, made in `container` (a service's, the first that needs it).
    mutating func makeOverflowNode(in container: String) -> NodeID {
        let id = appendNode(ServiceIdentity(type: Self.overflowTypeName, container: container))
        overflowNode = id
        return id
    }

    /// A new pair past ``edgeLimit``: counted, and its resolves go to the edge from its
    /// requester to the overflow node (made here if there is none yet); nil for that edge
    /// itself, which is made past the limit.
    @inline(never)
    mutating func foldEdge(_ from: NodeID, _ to: NodeID, key: UInt64) -> EdgeID? {
        let overflow = overflowNode ?? makeOverflowNode(in: nodes[to].identity.container)
        guard to != overflow else { return nil }
        if foldedEdges.count < Self.countedFoldedNames { foldedEdges.insert(key) }
        return internEdge(from, overflow)
    }

    /// What one service's names weigh: its identity's storage object (five strings and a
    /// hash, with the object header: 112 bytes as allocated) and each string too long to be
    /// stored inline (over 15 UTF-8 bytes) with its 32-byte header.
    static func nameBytes(of identity: ServiceIdentity) -> Int {
        func heap(_ text: String?) -> Int {
            guard let count = text?.utf8.count, count > 15 else { return 0 }
            return 32 + (count + 15) & ~15
        }
        return 112 + heap(identity.type) + heap(identity.name) + heap(identity.container) + heap(identity.layer)
            + heap(identity.member)
    }
}
