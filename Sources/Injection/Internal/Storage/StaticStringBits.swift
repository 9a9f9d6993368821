/// A `StaticString` as plain bits and back, so that a keypath provider's declaring site
/// (``PackedSite``) packs into one constant vector its getter inlines.
///
/// Proof: `StaticString` is a frozen struct of two words and a flags byte (17 bytes, the size
/// of the tuple below), and trivial: its bits are the whole value, with no reference to
/// retain. ``string(_:)`` is only given bits ``bits(of:)`` took from a `StaticString`.
@usableFromInline
enum StaticStringBits {
    @usableFromInline typealias Bits = (UInt, UInt, UInt8)

    @inlinable
    static func bits(of string: StaticString) -> Bits {
        unsafeBitCast(string, to: Bits.self)
    }

    @inlinable
    static func string(_ bits: Bits) -> StaticString {
        unsafeBitCast(bits, to: StaticString.self)
    }
}
