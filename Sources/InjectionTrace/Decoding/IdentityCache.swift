#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// Remembers recently decoded service identities by their exact JSON bytes.
///
/// A trace names the same few hundred services millions of times; building their strings again
/// for every line is most of a reader's work. A hit costs a hash over the object's bytes and a
/// `memcmp`, and shares the strings already built. Direct-mapped: a collision just replaces the
/// entry.
struct IdentityCache {
    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var identity: ServiceIdentity
    }

    private var entries: [Entry?] = Array(repeating: nil, count: IdentityCache.size)
    private static let size = 1024

    /// The identity whose object is exactly `bytes`, if cached.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> ServiceIdentity? {
        guard let entry = entries[Int(truncatingIfNeeded: hash) & (Self.size - 1)], entry.hash == hash,
              entry.bytes.count == bytes.count,
              entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
        else { return nil }
        return entry.identity
    }

    mutating func store(_ identity: ServiceIdentity, bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        entries[Int(truncatingIfNeeded: hash) & (Self.size - 1)] = Entry(hash: hash, bytes: Array(bytes), identity: identity)
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
