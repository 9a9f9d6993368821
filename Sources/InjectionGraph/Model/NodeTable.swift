import Injection

/// The index from a service's identity to its ``NodeID``: open addressing over the identities'
/// precomputed hashes (``ServiceIdentity/precomputedHash`` is one load), with the hash kept in the
/// slot so that a probe compares integers and only a hash match compares the identity (by
/// reference first) with the node's own.
///
/// A `Dictionary<ServiceIdentity, NodeID>` did the same lookup with a retain and a release of the
/// stored key and the identity's storage read on every probe; at 100 k services those are cache
/// misses on random objects. Value semantics come from the stored array (copy-on-write).
struct NodeTable: Sendable {
    struct Slot: Sendable {
        /// The identity's hash; meaningless when `id` is negative.
        var hash: Int
        /// The node, or -1 for an empty slot.
        var id: Int
    }

    private var slots: [Slot] = Array(repeating: Slot(hash: 0, id: -1), count: 16)
    private var count = 0

    /// The node of `identity` among `nodes`, if present.
    @inline(__always)
    func find(_ identity: ServiceIdentity, in nodes: PagedArray<ServiceNode>) -> NodeID? {
        let hash = identity.precomputedHash
        let mask = slots.count - 1
        var index = hash & mask
        while true {
            let slot = slots[index]
            if slot.id < 0 { return nil }
            if slot.hash == hash && nodes[slot.id].identity == identity { return slot.id }
            index = (index + 1) & mask
        }
    }

    /// Records `id` as the node of an identity with `hash` that is not in the table yet.
    mutating func insert(hash: Int, id: NodeID) {
        if (count + 1) * 2 > slots.count { grow() }
        count += 1
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var index = hash & mask
            while slots[index].id >= 0 { index = (index + 1) & mask }
            slots[index] = Slot(hash: hash, id: id)
        }
    }

    /// Makes room for at least `capacity` nodes without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = slots.count
        while size < capacity * 2 { size *= 2 }
        if size > slots.count { rehash(size) }
    }

    private mutating func grow() { rehash(slots.count * 2) }

    private mutating func rehash(_ size: Int) {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, id: -1), count: size)
        count = 0
        for slot in old where slot.id >= 0 { insert(hash: slot.hash, id: slot.id) }
    }

    /// Whether both tables are one buffer (a copy not written since).
    func sharesStorage(with other: Self) -> Bool { DependencyGraph.sameStorage(slots, other.slots) }
}
