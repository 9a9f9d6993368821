/// The name of the member that declares a provider (`#function`: `viewModel`) in two words,
/// where a `StaticString` takes three (``PackedSite``).
@usableFromInline
struct MemberName: Sendable, CustomStringConvertible {
    /// A string literal's UTF-8 start (it lives as long as the program), or the scalar itself
    /// when `count` is -1.
    @usableFromInline let start: UInt
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
