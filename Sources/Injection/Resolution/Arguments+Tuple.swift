/// Reading one element of a tuple argument in place (`resolve(args: ("swift", 10))`, read with
/// `args.get(0)` and `args.get(1)`), from the tuple type's runtime metadata: its kind, element
/// count, and each element's type and byte offset. That layout (the runtime's
/// `TargetTupleTypeMetadata`) is what `Mirror` itself reads; it has not changed since Swift 5.0.
/// Only an element whose recorded type is exactly the one asked for is read, so a layout this
/// code did not expect answers "not a tuple" or "another type", and the reflecting path runs;
/// `TupleArgumentLayoutTests` checks the offsets against `Mirror` for several shapes.
extension Arguments.Box {
    /// The metadata kind of a tuple type (`MetadataKind::Tuple`: 1 | runtime-private 0x100 |
    /// non-heap 0x200).
    private static let tupleKind = 0x301

    /// The byte offset of element `index` of the argument when the argument is a tuple and that
    /// element's type is exactly `element`; nil otherwise.
    @usableFromInline
    func tupleElementOffset(_ index: Int, of element: Any.Type) -> Int? {
        func stored<Payload>(_ payload: Payload) -> Any.Type { Payload.self }
        let metadata = unsafeBitCast(stored(value), to: UnsafeRawPointer.self)
        let word = MemoryLayout<Int>.size
        // Kind, element count, labels; then per element its type's metadata and its offset, two
        // words each.
        guard metadata.load(as: Int.self) == Self.tupleKind else { return nil }
        let count = metadata.load(fromByteOffset: word, as: Int.self)
        guard index >= 0, index < count else { return nil }
        let entry = metadata + 3 * word + index * 2 * word
        guard entry.load(as: UnsafeRawPointer.self) == unsafeBitCast(element, to: UnsafeRawPointer.self) else {
            return nil
        }
        // The offset is a 32-bit field off Apple platforms (the rest of the word is padding) and a
        // word on them (little-endian there): either way its value is in the first four bytes.
        return Int(entry.load(fromByteOffset: word, as: UInt32.self))
    }

    /// The element of type `T` at byte `offset` of the tuple argument: only with an offset
    /// ``tupleElementOffset(_:of:)`` gave for `T`. Copied out (retained, for a reference).
    @inlinable
    func loadElement<T>(at offset: Int, as type: T.Type) -> T {
        func take<Payload>(_ payload: Payload) -> T {
            withUnsafePointer(to: payload) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: T.self) }
        }
        return take(value)
    }
}
