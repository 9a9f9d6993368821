/// The name of the member that declares a provider (`#function`: `viewModel`), kept in two words.
///
/// A `StaticString` takes three words (its start, its length and a flags byte); ``PackedSite``
/// keeps these two beside the file and the line.
@usableFromInline
struct MemberName: Sendable, CustomStringConvertible {
    /// Where the name's UTF-8 text starts (a string literal's, which lives as long as the
    /// program), or the scalar itself for a one-scalar name (`count` is -1).
    @usableFromInline let start: UInt
    /// The length of the text in UTF-8 code units; -1 when `start` holds a scalar.
    @usableFromInline let count: Int

    @inlinable
    init(_ name: StaticString) {
        if name.hasPointerRepresentation {
            start = UInt(bitPattern: name.utf8Start)
            count = name.utf8CodeUnitCount
        } else {
            start = UInt(name.unicodeScalar.value)
            count = -1
        }
    }

    /// A name as ``PackedSite`` keeps it.
    @inlinable
    init(start: UInt, count: Int) {
        self.start = start
        self.count = count
    }

    @usableFromInline var description: String {
        if count < 0 { return String(Character(Unicode.Scalar(UInt32(truncatingIfNeeded: start)) ?? "?")) }
        // Safe: `start` and `count` describe a `StaticString`'s text, which is never freed.
        return String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: start), count: count), as: UTF8.self)
    }
}
