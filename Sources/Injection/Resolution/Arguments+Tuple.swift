/// Reading one element of a tuple argument where it lies (`resolve(args: ("swift", 10))`, read
/// with `args.get(0)` and `args.get(1)`; `resolve(args: (query: "swift", limit: 10))`, also read
/// with `args("query")`), from the tuple type's runtime metadata: its kind, element count,
/// labels, and each element's type and byte offset. That layout (the runtime's
/// `TargetTupleTypeMetadata`) is what `Mirror` itself reads; it has not changed since Swift 5.0.
/// Only an element whose recorded type is exactly the one asked for is read, so a layout this
/// code did not expect answers "not a tuple" or "another type", and the reflecting path runs;
/// `TupleArgumentLayoutTests` checks the offsets against `Mirror` for several shapes.
extension Arguments {
    /// The metadata kind of a tuple type (`MetadataKind::Tuple`: 1 | runtime-private 0x100 |
    /// non-heap 0x200).
    @usableFromInline static var tupleKind: Int { 0x301 }

    /// The byte offset of element `index` of a value of type `tuple` when that is a tuple type
    /// and the element's type is exactly `element`; nil otherwise. Inlined into the factory's
    /// read: four loads and three comparisons (a call and its spills cost more than that).
    @inlinable
    static func tupleElementOffset(_ index: Int, in tuple: any Any.Type, of element: any Any.Type) -> Int? {
        let metadata = unsafeBitCast(tuple, to: UnsafeRawPointer.self)
        let word = MemoryLayout<Int>.size
        // Kind, element count, labels; then per element its type's metadata and its offset, two
        // words each.
        guard metadata.load(as: Int.self) == tupleKind else { return nil }
        guard index >= 0, index < metadata.load(fromByteOffset: word, as: Int.self) else { return nil }
        let entry = metadata + 3 * word + index * 2 * word
        guard entry.load(as: UnsafeRawPointer.self) == unsafeBitCast(element, to: UnsafeRawPointer.self) else {
            return nil
        }
        // The offset is a 32-bit field off Apple platforms (the rest of the word is padding) and a
        // word on them (little-endian there): either way its value is in the first four bytes.
        return Int(entry.load(fromByteOffset: word, as: UInt32.self))
    }

    /// The index of the element labelled `label` of tuple type `tuple` (`(id: Int, name: String)`
    /// has "id" at 0 and "name" at 1); nil when `tuple` is not a tuple type or has no such label.
    /// The labels are one C string, each label followed by a space, an unlabelled element's
    /// label empty (`"id name "`; `" name "` for `(Int, name: String)`).
    @usableFromInline
    static func tupleElementIndex(labelled label: String, in tuple: any Any.Type) -> Int? {
        let metadata = unsafeBitCast(tuple, to: UnsafeRawPointer.self)
        let word = MemoryLayout<Int>.size
        guard metadata.load(as: Int.self) == tupleKind,
              let labels = metadata.load(fromByteOffset: 2 * word, as: UnsafePointer<UInt8>?.self)
        else { return nil }
        let count = metadata.load(fromByteOffset: word, as: Int.self)
        if let found = label.utf8.withContiguousStorageIfAvailable({ Self.index(of: $0, in: labels, count: count) }) {
            return found
        }
        // A string not stored as UTF-8 (bridged): its bytes copied once.
        return Array(label.utf8).withUnsafeBufferPointer { Self.index(of: $0, in: labels, count: count) }
    }

    /// The index of `wanted` among the first `count` space-terminated labels at `labels`: one
    /// pass over the labels, each compared byte by byte as it is scanned (a scan for the space,
    /// then `elementsEqual`, cost ~200 instructions per read, callgrind).
    private static func index(of wanted: UnsafeBufferPointer<UInt8>, in labels: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard let first = wanted.baseAddress, !wanted.isEmpty else { return nil }
        let space = UInt8(ascii: " ")
        var cursor = labels
        var index = 0
        while index < count {
            var length = 0
            var matching = true
            while true {
                let byte = cursor[length]
                if byte == space { break }
                // A label list shorter than the tuple (not what the runtime writes): no match.
                if byte == 0 { return nil }
                if matching, length >= wanted.count || first[length] != byte { matching = false }
                length += 1
            }
            if matching, length == wanted.count { return index }
            cursor += length + 1
            index += 1
        }
        return nil
    }
}
