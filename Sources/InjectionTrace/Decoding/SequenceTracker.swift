import Injection
/// Remembers which event `seq` numbers a stream has had, to flag duplicates.
///
/// Sequence numbers are dense from 1, so a bit per number is enough (a million events cost
/// 125 KB); numbers far beyond that fall back to a set of at most ``sparseLimit`` entries, past
/// which they are no longer checked: a reader's memory is bounded by the graph, never by a
/// (hostile) file's length.
struct SequenceTracker {
    private var bits: [UInt64] = []
    private var sparse: Set<UInt64> = []
    private static let denseLimit: UInt64 = 1 << 28
    static let sparseLimit = 1 << 20

    /// Records `sequence`; false if it was already seen.
    @inline(__always)
    mutating func insert(_ sequence: UInt64) -> Bool {
        guard sequence < Self.denseLimit else {
            if sparse.count >= Self.sparseLimit { return !sparse.contains(sequence) }
            return sparse.insert(sequence).inserted
        }
        let word = Int(sequence >> 6)
        let mask: UInt64 = 1 << (sequence & 63)
        if word >= bits.count {
            bits.append(contentsOf: repeatElement(0, count: max(word + 1 - bits.count, bits.count)))
        }
        if bits[word] & mask != 0 { return false }
        bits[word] |= mask
        return true
    }

    mutating func reset() {
        bits.removeAll(keepingCapacity: true)
        sparse.removeAll()
    }
}
