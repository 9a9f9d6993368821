#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers recently decoded values (service identities, source locations) by their exact JSON
/// bytes.
///
/// A trace names the same few hundred services, at the same few hundred lines, millions of
/// times; building their strings again for every line is most of a reader's work, and every
/// record a history keeps would hold strings of its own (a child container per request: 31 MB of
/// copies of one file name, heaptrack). A hit costs a hash over the value's bytes and a `memcmp`,
/// and shares the strings already built. Direct-mapped: a collision just replaces the entry.
///
/// What it holds is counted (``bytes``) and bounded (``byteLimit``): a peer's names of 64 KB each
/// would otherwise make a live listener's caches hold over a hundred megabytes per connection.
struct DecodedValueCache<Value> {
    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var value: Value
    }

    private var entries: [Entry?]
    private let mask: Int
    /// What the entries hold, in bytes: each its JSON bytes twice (the value's strings are
    /// about as long) and a fixed share for the rest.
    private(set) var bytes = 0
    /// The most ``bytes`` may reach; a value that would pass it is not kept.
    let byteLimit: Int

    /// - Parameters:
    ///   - size: Entries kept, a power of two.
    ///   - byteLimit: The most the entries may hold, in bytes (``bytes``).
    init(size: Int, byteLimit: Int = .max) {
        precondition(size > 0 && size & (size - 1) == 0, "a power of two")
        entries = Array(repeating: nil, count: size)
        mask = size - 1
        self.byteLimit = byteLimit
    }

    /// What an entry of `count` JSON bytes is taken to hold.
    static func cost(of count: Int) -> Int { 2 * count + 96 }

    /// The value decoded from exactly `bytes`, if cached.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        guard let entry = entries[Int(truncatingIfNeeded: hash) & mask], entry.hash == hash,
              entry.bytes.count == bytes.count,
              entry.bytes.withUnsafeBufferPointer({ bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
        else { return nil }
        return entry.value
    }

    mutating func store(_ value: Value, bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        let slot = Int(truncatingIfNeeded: hash) & mask
        let replaced = entries[slot].map { Self.cost(of: $0.bytes.count) } ?? 0
        let total = self.bytes - replaced + Self.cost(of: bytes.count)
        guard total <= byteLimit else { return }
        entries[slot] = Entry(hash: hash, bytes: Array(bytes), value: value)
        self.bytes = total
    }

    /// FNV-1a over the bytes, eight at a time.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 29
            index += 8
        }
        while index < raw.count {
            hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3
            index += 1
        }
        return hash ^ UInt64(raw.count)
    }
}
