/// An array kept in pages of ``pageSize`` elements, each page its own copy-on-write buffer: a
/// copy of the array shares every page, and a write after the copy copies only the page it
/// touches (and the short list of pages).
///
/// A graph's ``DependencyGraph/nodes`` and ``DependencyGraph/edges`` are kept this way because a
/// live graph is copied often: a history keeps a copy as a snapshot every few thousand records,
/// and with one plain array the next resolve copied every service (16 384 of them at a live
/// session's service limit, each with its identity retained) on the screen's thread. Now it
/// copies the one page of the service it counts.
///
/// ```swift
/// var counts = PagedArray<Int>()
/// for value in 0..<1_000 { counts.append(value) }
/// let snapshot = counts         // shares all four pages
/// counts[3] += 1                // copies the first page only
/// snapshot[3]                   // 3
/// ```
public struct PagedArray<Element: Sendable>: RandomAccessCollection, MutableCollection, Sendable {
    /// Elements per page: a power of two, so an index splits with a shift and a mask.
    public static var pageSize: Int { 1 << pageShift }
    static var pageShift: Int { 8 }

    /// Full pages, then the one appended to.
    private var pages: [[Element]] = []
    public private(set) var count = 0

    /// An empty array.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inline(__always)
    public func index(after position: Int) -> Int { position + 1 }

    @inline(__always)
    public func index(before position: Int) -> Int { position - 1 }

    public subscript(position: Int) -> Element {
        // Read in place (`graph.nodes[id].identity` copies no node, even unoptimized).
        @inline(__always)
        _read { yield pages[position >> Self.pageShift][position & (Self.pageSize - 1)] }
        @inline(__always)
        _modify { yield &pages[position >> Self.pageShift][position & (Self.pageSize - 1)] }
    }

    /// Appends `element`, moved into its page (a node's identity is not retained again for it).
    public mutating func append(_ element: consuming Element) {
        if count & (Self.pageSize - 1) == 0 {
            var page: [Element] = []
            page.reserveCapacity(Self.pageSize)
            pages.append(page)
        }
        pages[pages.count - 1].append(element)
        count += 1
    }

    /// Elements the pages have room for (what they weigh).
    public var capacity: Int { pages.count * Self.pageSize }

    /// Whether page `page` is one buffer in both arrays (neither wrote it since one was copied
    /// from the other).
    func sharesPage(_ page: Int, with other: PagedArray) -> Bool {
        guard page < pages.count, page < other.pages.count else { return false }
        return pages[page].withUnsafeBufferPointer { mine in
            other.pages[page].withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }

    /// Pages of this array that `other` does not share: what it weighs beyond `other`, in pages.
    func pagesNotShared(with other: PagedArray) -> Int {
        pages.indices.count { !sharesPage($0, with: other) }
    }
}
