import Injection

extension GraphHistory {
    /// What the history holds, in bytes, estimated from element sizes: strings the records and
    /// identities share with the live graph are not counted again. For BENCHMARKS.md.
    public struct Footprint: Sendable, Hashable {
        /// Compact entries, with each record's time and running resolve count, and where the
        /// folded sites' runs merged records.
        public var entries: Int
        /// Records kept whole, and the identity of every node.
        public var wholeRecords: Int
        public var identities: Int
        /// The snapshot graphs (and the graph a compacted history starts from, and the one a
        /// compaction under way is rebuilding).
        public var snapshots: Int

        public var total: Int { entries + wholeRecords + identities + snapshots }
    }

    public var footprint: Footprint {
        Footprint(
            entries: entries.capacity * MemoryLayout<HistoryEntry>.stride + (times.capacity + cumulativeResolves.capacity) * 8
                + mergeMarks.capacity * MemoryLayout<MergeMark>.stride,
            wholeRecords: wholeRecords.capacity * MemoryLayout<TraceRecord>.stride,
            identities: nodeIdentities.capacity * MemoryLayout<ServiceIdentity>.stride,
            snapshots: snapshotBytes + baseBytes + (compactionBytes ?? 0))
    }
}

extension DependencyGraph {
    /// The graph's own arrays and tables, estimated from element sizes (names' string storage
    /// excluded): what one more copy of it costs. O(1): the adjacency lists' capacities are
    /// summed as edges are added.
    public var estimatedBytes: Int {
        let adjacency = adjacencyCapacity
        return nodes.capacity * MemoryLayout<ServiceNode>.stride + edges.capacity * MemoryLayout<DependencyEdge>.stride
            + adjacency * MemoryLayout<EdgeID>.stride + (outgoing.count + incoming.count) * 32
            // The open-addressing tables keep at most half their slots full.
            + nodes.count * 2 * 16 + edges.count * 2 * 16
            + containerBytes + buildPasses.estimatedBytes
    }

    /// The containers, their index by name (names included, at a typical length) and the
    /// fold of the children made at one site: what grows with an app's containers.
    var containerBytes: Int {
        containers.capacity * MemoryLayout<ContainerInfo>.stride + containerIndex.capacity * 64
            + containerNodes.capacity * 32 + containerFold.estimatedBytes
    }
}

extension DependencyGraph {
    /// What this graph's arrays and tables weigh beyond what it shares with `other`, a copy it
    /// was made from (or one made from it): the pages of services and edges written since
    /// (``PagedArray``), and the adjacency lists and lookup tables whole if they changed. A
    /// history's snapshots of a graph at its service limit differ by a few pages each.
    public func bytesNotShared(with other: DependencyGraph) -> Int {
        var bytes = nodes.pagesNotShared(with: other.nodes) * PagedArray<ServiceNode>.pageSize * MemoryLayout<ServiceNode>.stride
            + edges.pagesNotShared(with: other.edges) * PagedArray<DependencyEdge>.pageSize * MemoryLayout<DependencyEdge>.stride
        if !Self.sameStorage(outgoing, other.outgoing) || !Self.sameStorage(incoming, other.incoming) {
            bytes += adjacencyCapacity * MemoryLayout<EdgeID>.stride + (outgoing.count + incoming.count) * 32
        }
        if !nodeIndex.sharesStorage(with: other.nodeIndex) { bytes += nodes.count * 2 * 16 }
        if !edgeIndex.sharesStorage(with: other.edgeIndex) { bytes += edges.count * 2 * 16 }
        return bytes
    }

    /// Whether two arrays are one buffer (a copy not written since).
    static func sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
    }
}

extension GraphHistory {
    /// How many records of each kind are kept whole (`header`, `dropped`, an event's kind…):
    /// what a history holds besides compact resolves, for `DI_INSPECT_STATS`.
    public var wholeRecordKinds: [String: Int] {
        var kinds: [String: Int] = [:]
        wholeRecords.forEachRun(in: 0..<wholeRecords.count) { slice in
            for record in slice {
                let kind = switch record {
                case .header: "header"
                case .event(let event): "\(event.kind.name)"
                case .aggregate: "aggregate"
                case .dropped: "dropped"
                case .end: "end"
                }
                kinds[kind, default: 0] += 1
            }
        }
        return kinds
    }
}
