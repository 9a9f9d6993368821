/// An append-only sequence kept in chunks of ``chunkSize`` elements, so that no operation of a
/// long-lived history costs time in proportion to its length.
///
/// A plain array that grows by doubling copies everything it holds once in a while (100 MB and
/// more for a history near its memory budget, on the UI thread), and dropping its first half
/// copies the other half. Here an append touches one chunk (at most ``chunkSize`` elements are
/// ever moved), and ``removeFirst(_:)`` unlinks whole chunks and hands them back to be freed
/// wherever that is cheap.
///
/// ```swift
/// var times = ChunkedArray<UInt64>()
/// for time in 0..<100_000 { times.append(UInt64(time)) }
/// let freed = times.removeFirst(50_000)   // whole chunks, freed when `freed` goes
/// times.first                             // 50_000
/// ```
public struct ChunkedArray<Element: Sendable>: RandomAccessCollection, Sendable {
    /// Elements per chunk: a power of two, so an index splits with a shift and a mask.
    public static var chunkSize: Int { 1 << chunkShift }
    static var chunkShift: Int { 12 }

    /// Full chunks, then the one appended to (which grows by doubling up to ``chunkSize``).
    private var chunks: [[Element]] = []
    /// Elements of the first chunk that were removed but not yet freed (fewer than a chunk).
    private var offset = 0
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ChunkedArray index \(position) out of 0..<\(count)")
        let slot = position + offset
        return chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)]
    }

    /// Changes the element at `position` in place (its chunk is copied first only if shared).
    public mutating func update(at position: Int, _ body: (inout Element) -> Void) {
        precondition(position >= 0 && position < count, "ChunkedArray index \(position) out of 0..<\(count)")
        let slot = position + offset
        body(&chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)])
    }

    public mutating func append(_ element: Element) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkSize { chunks.append([]) }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Removes the first `removed` elements (clamped to ``count``) and returns the chunks that
    /// held only removed elements: dropping them frees their memory, on whichever thread does.
    /// Removed elements that share a chunk with kept ones stay allocated until their chunk goes.
    @discardableResult
    public mutating func removeFirst(_ removed: Int) -> [[Element]] {
        let removed = Swift.min(Swift.max(0, removed), count)
        count -= removed
        offset += removed
        let freed = offset >> Self.chunkShift
        guard freed > 0 else { return [] }
        let chunksFreed = Array(chunks[..<freed])
        chunks.removeFirst(freed)
        offset -= freed << Self.chunkShift
        if count == 0 {
            // Nothing kept: the partly used chunk goes too, and appends start a fresh one.
            offset = 0
            defer { chunks = [] }
            return chunksFreed + chunks
        }
        return chunksFreed
    }

    /// Elements the chunks have room for (what they weigh, with ``count``'s own elements).
    public var capacity: Int { chunks.reduce(0) { $0 + $1.capacity } }

    /// Calls `body` with each run of consecutive elements in `range`, in order: a loop over a
    /// long range without splitting every index.
    public func forEachRun(in range: Range<Int>, _ body: (ArraySlice<Element>) throws -> Void) rethrows {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ChunkedArray range out of bounds")
        var position = range.lowerBound + offset
        let end = range.upperBound + offset
        while position < end {
            let chunk = position >> Self.chunkShift
            let start = position & (Self.chunkSize - 1)
            let length = Swift.min(Self.chunkSize - start, end - position)
            try body(chunks[chunk][start..<(start + length)])
            position += length
        }
    }
}
