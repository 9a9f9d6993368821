/// The name of the member that declares a provider (`#function`: `viewModel`), kept in two words.
///
/// A `StaticString` takes three (its start, its length and a flags byte), and a ``Provider``
/// has room for fourteen scalars in all: one more and the optimiser keeps every provider the app
/// builds in memory and destroys it through its value witness (see ``Provider/site``).
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

    @usableFromInline var description: String {
        if count < 0 { return String(Character(Unicode.Scalar(UInt32(truncatingIfNeeded: start)) ?? "?")) }
        // Safe: `start` and `count` describe a `StaticString`'s text, which is never freed.
        return String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: start), count: count), as: UTF8.self)
    }
}
