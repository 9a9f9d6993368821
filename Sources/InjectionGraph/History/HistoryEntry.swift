import Injection

/// One record of a ``GraphHistory``: a resolve by ids, or (``service`` == ``whole``) the number
/// of a record kept whole in ``edge`` (modulo 2^32), or (``service`` == ``foldedChildren``) the
/// children of a folded site made (``count``) and released (``nanoseconds``) in one run
/// (`GraphHistory+FoldedRuns.swift`), with the last child's record kept whole in ``edge``.
/// A folded site's resolves of one key in one run are one entry, their counts summed.
struct HistoryEntry: Sendable {
    static let whole: Int32 = -2
    static let foldedChildren: Int32 = -3

    let service: Int32
    let requester: Int32
    let edge: Int32
    let scope: UInt16
    let isCreated: Bool
    var isAggregate: Bool
    var count: UInt64
    var nanoseconds: UInt64
    var first: UInt64
    var last: UInt64
    var sequence: UInt64

    /// Whether ``edge`` numbers a record kept whole (which a compaction counts).
    var refersToWholeRecord: Bool { service == Self.whole || service == Self.foldedChildren }

    init(service: Int32, requester: Int32, edge: Int32, scope: UInt16, isCreated: Bool, isAggregate: Bool,
         count: UInt64, nanoseconds: UInt64, first: UInt64, last: UInt64, sequence: UInt64) {
        self.service = service
        self.requester = requester
        self.edge = edge
        self.scope = scope
        self.isCreated = isCreated
        self.isAggregate = isAggregate
        self.count = count
        self.nanoseconds = nanoseconds
        self.first = first
        self.last = last
        self.sequence = sequence
    }

    init(wholeRecord index: Int) {
        // The number wraps at 2^32 (an all-day session numbers billions of whole records); the
        // history reads it back relative to the records it dropped.
        self.init(service: Self.whole, requester: -1, edge: Int32(truncatingIfNeeded: index), scope: 0, isCreated: false, isAggregate: false,
                  count: 0, nanoseconds: 0, first: 0, last: 0, sequence: 0)
    }

    /// A folded site's children made and released in one run, the last one's record kept whole
    /// as number `index` (see ``init(wholeRecord:)``).
    init(foldedChildren index: Int, made: UInt64, released: UInt64, time: UInt64, sequence: UInt64) {
        self.init(service: Self.foldedChildren, requester: -1, edge: Int32(truncatingIfNeeded: index), scope: 0,
                  isCreated: false, isAggregate: false, count: made, nanoseconds: released, first: time, last: time,
                  sequence: sequence)
    }

    /// Adds a later resolve of the same key (`other`, as a compact entry): counts and durations
    /// summed, the time span widened. The sum stands for events only while both did (an
    /// aggregate is one record for many resolutions).
    mutating func merge(_ other: HistoryEntry) {
        count.addSaturating(other.count)
        nanoseconds.addSaturating(other.nanoseconds)
        first = min(first, other.first)
        last = max(last, other.last)
        sequence = max(sequence, other.sequence)
        isAggregate = isAggregate && other.isAggregate
    }
}

extension DependencyGraph {
    /// Applies a compact resolve as ``apply(_:)`` applies the record it came from: the same
    /// session bookkeeping, then the same ``applyResolve`` with the identities the ids stand for
    /// (so nodes and edges are created in the same order, with the same ids).
    mutating func replay(_ entry: HistoryEntry, scope: Scope, identities: [ServiceIdentity]) {
        revision &+= 1
        // An entry of events stands for `count` of them (one, unless a folded site's run summed
        // several); an aggregate is one record.
        session.eventCount.addSaturating(entry.isAggregate ? 1 : entry.count)
        if entry.isAggregate {
            session.lastTime = max(session.lastTime, entry.last)
        } else {
            if entry.sequence > session.lastSequence { session.lastSequence = entry.sequence }
            if entry.last > session.lastTime { session.lastTime = entry.last }
        }
        applyResolve(
            service: identities[Int(entry.service)], requester: entry.requester >= 0 ? identities[Int(entry.requester)] : nil,
            scope: scope, outcome: entry.isCreated ? .created : .cached, count: entry.count, nanoseconds: entry.nanoseconds,
            first: entry.first, last: entry.last)
        // A folded site's builds of a run come at once, after its children's releases: its
        // children keep no more instances than are alive, as after each release live.
        if entry.isCreated, !containerFold.isEmpty { capInstancesOfFoldedChildren(of: Int(entry.service)) }
    }

    /// Keeps the instances of `node`, a service of a stand-in with folded children, at most its
    /// live children (see ``noteReleased(_:)``).
    private mutating func capInstancesOfFoldedChildren(of node: NodeID) {
        guard let alive = nodes[node].aliveInstances, let index = containerIndex[nodes[node].identity.container],
              containers[index].made > 1, alive > containers[index].live else { return }
        nodes[node].aliveInstances = containers[index].live
    }
}

extension DependencyGraph {
    /// Applies a ``HistoryEntry/foldedChildren`` entry: `made` children and `released` of them
    /// (in any order within the run), counted on the stand-in of `record`'s container, the last
    /// one made named by `record` when it is a `containerCreated`. Per run, not per child: the
    /// counts and the last child match the live graph's at the run's end, its instances at most
    /// its live children.
    mutating func replayFoldedChildren(_ record: TraceRecord, made: UInt64, released: UInt64, time: UInt64, sequence: UInt64) {
        guard case .event(let event) = record else { return }
        let name: String
        var lastMade: String?
        switch event.kind {
        case .containerCreated(let created):
            name = created.container
            lastMade = name
        case .containerReleased(let gone):
            name = gone.container
        default:
            return
        }
        revision &+= 1
        session.eventCount.addSaturating(made.addingSaturated(released))
        if sequence > session.lastSequence { session.lastSequence = sequence }
        session.lastTime = max(session.lastTime, time)
        if made > 0 { noteStructureChange() }
        guard let index = containerIndex[containerFold.folded(name)] else { return }
        containers[index].made.addSaturating(made)
        if let lastMade { containers[index].lastMade = lastMade }
        guard released > 0 else { return }
        containers[index].releases.addSaturating(released)
        let live = containers[index].live
        for node in containerNodes[index] {
            if let alive = nodes[node].aliveInstances, alive > live { nodes[node].aliveInstances = live }
        }
    }
}
