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

    /// Where the element labelled `label` of tuple type `tuple` is, for a read as `element`:
    /// `.offset` when its type is exactly `element`, `.index` (to reflect and cast) when it is
    /// another; nil when `tuple` is not a tuple type or has no such label. One call: the index
    /// and the offset asked for separately cost two calls and two kind checks per read. The
    /// labels are one C string, each label followed by a space, an unlabelled element's label
    /// empty (`"id name "`; `" name "` for `(Int, name: String)`).
    @usableFromInline
    static func tupleElement(labelled label: String, in tuple: any Any.Type, of element: any Any.Type) -> LabelledElement? {
        let metadata = unsafeBitCast(tuple, to: UnsafeRawPointer.self)
        let word = MemoryLayout<Int>.size
        guard metadata.load(as: Int.self) == tupleKind,
              let labels = metadata.load(fromByteOffset: 2 * word, as: UnsafePointer<UInt8>?.self)
        else { return nil }
        let count = metadata.load(fromByteOffset: word, as: Int.self)
        let found = label.utf8.withContiguousStorageIfAvailable { Self.index(of: $0, in: labels, count: count) }
            // A string not stored as UTF-8 (bridged): its bytes copied once.
            ?? Array(label.utf8).withUnsafeBufferPointer { Self.index(of: $0, in: labels, count: count) }
        guard let index = found else { return nil }
        let entry = metadata + 3 * word + index * 2 * word
        guard entry.load(as: UnsafeRawPointer.self) == unsafeBitCast(element, to: UnsafeRawPointer.self) else {
            return .index(index)
        }
        return .offset(Int(entry.load(fromByteOffset: word, as: UInt32.self)))
    }

    /// Where ``tupleElement(labelled:in:of:)`` found a labelled element.
    @usableFromInline
    enum LabelledElement {
        /// Of exactly the type asked for, at this byte offset.
        case offset(Int)
        /// Of another type: the element at this index, to reflect and cast.
        case index(Int)
    }

    /// The index of `wanted` among the first `count` space-terminated labels at `labels`: each
    /// label compared with `wanted` until the first byte that differs (most differ at the
    /// first), then skipped to its space (a scan for the space, then `elementsEqual`, cost ~200
    /// instructions per read, callgrind).
    private static func index(of wanted: UnsafeBufferPointer<UInt8>, in labels: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard let first = wanted.baseAddress, !wanted.isEmpty else { return nil }
        let space = UInt8(ascii: " ")
        let length = wanted.count
        var cursor = labels
        var index = 0
        while index < count {
            var matched = 0
            // A NUL in the key stops the comparison: the labels' own NUL ends them.
            while matched < length, first[matched] != 0, cursor[matched] == first[matched] { matched += 1 }
            if matched == length, cursor[matched] == space { return index }
            var end = matched
            while cursor[end] != space {
                // A label list shorter than the tuple (not what the runtime writes): no match.
                if cursor[end] == 0 { return nil }
                end += 1
            }
            cursor += end + 1
            index += 1
        }
        return nil
    }
}
