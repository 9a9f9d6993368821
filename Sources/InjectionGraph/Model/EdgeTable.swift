/// The index from a (requester, service) pair, packed into a `UInt64` by
/// ``DependencyGraph/edgeKey(_:_:)``, to its ``EdgeID``: open addressing with a multiplicative
/// hash.
///
/// Replaces a `Dictionary<UInt64, EdgeID>`, which hashed every key with SipHash twice per new
/// edge (the failed lookup, then the insert) and again for each element when it grew; here a new
/// edge costs one multiply and one probe sequence, and growing moves the slots without hashing
/// anything but the key. Value semantics come from the stored array (copy-on-write).
struct EdgeTable: Sendable {
    struct Slot: Sendable {
        var key: UInt64
        /// The edge, or -1 for an empty slot.
        var id: Int
    }

    private var slots: [Slot] = Array(repeating: Slot(key: 0, id: -1), count: 16)
    private var shift = 60  // 64 - log2(slots.count)
    private(set) var count = 0

    @inline(__always)
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The edge stored under `key`, if any.
    @inline(__always)
    subscript(key: UInt64) -> EdgeID? {
        let mask = slots.count - 1
        var index = home(key)
        while true {
            let slot = slots[index]
            if slot.id < 0 { return nil }
            if slot.key == key { return slot.id }
            index = (index + 1) & mask
        }
    }

    /// Where `key` is: its edge, or the empty slot to ``insert(_:key:at:)`` it at.
    enum Probe {
        case found(EdgeID)
        case empty(Int)
    }

    /// Looks `key` up, making room first so that an empty slot it returns can be filled.
    @inline(__always)
    mutating func probe(_ key: UInt64) -> Probe {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = home(key)
        while true {
            let slot = slots[index]
            if slot.id < 0 { return .empty(index) }
            if slot.key == key { return .found(slot.id) }
            index = (index + 1) & mask
        }
    }

    /// Stores `id` under `key` in the empty slot `probe(key)` returned (no change in between).
    @inline(__always)
    mutating func insert(_ id: EdgeID, key: UInt64, at index: Int) {
        slots[index] = Slot(key: key, id: id)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let old = slots
        var grown = Array(repeating: Slot(key: 0, id: -1), count: old.count * 2)
        shift -= 1
        let shift = UInt64(shift)
        grown.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            for slot in old where slot.id >= 0 {
                var index = Int(truncatingIfNeeded: (slot.key &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while slots[index].id >= 0 { index = (index + 1) & mask }
                slots[index] = slot
            }
        }
        slots = grown
    }

    /// Whether both tables are one buffer (a copy not written since).
    func sharesStorage(with other: Self) -> Bool { DependencyGraph.sameStorage(slots, other.slots) }
}
