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
struct DecodedValueCache<Value> {
    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var value: Value
    }

    private var entries: [Entry?]
    private let mask: Int

    /// - Parameter size: Entries kept, a power of two.
    init(size: Int) {
        precondition(size > 0 && size & (size - 1) == 0, "a power of two")
        entries = Array(repeating: nil, count: size)
        mask = size - 1
    }

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
        entries[Int(truncatingIfNeeded: hash) & mask] = Entry(hash: hash, bytes: Array(bytes), value: value)
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
