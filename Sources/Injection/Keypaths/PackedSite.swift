/// The member name, file and line of a provider's declaration, packed in one vector: a provider of
/// at most six fields lets the optimiser drop the container's retain around a provider call
/// (DECISIONS.md, "Mechanisms kept only for speed"). Words: the ``MemberName`` (two), the file's
/// `StaticString` bits (two and a flags byte) and the line.
@usableFromInline
struct PackedSite: Sendable {
    @usableFromInline let words: SIMD8<UInt>

    /// Inlined into the layer's getter, where all three are literals and the vector a constant.
    @inlinable
    init(member: StaticString, file: StaticString, line: UInt) {
        let member = MemberName(member)
        let file = StaticStringBits.bits(of: file)
        words = SIMD8(member.start, UInt(bitPattern: member.count), file.0, file.1, UInt(file.2), line, 0, 0)
    }

    @inlinable
    var member: MemberName { MemberName(start: words[0], count: Int(bitPattern: words[1])) }

    @inlinable
    var file: StaticString {
        StaticStringBits.string((words[2], words[3], UInt8(truncatingIfNeeded: words[4])))
    }

    @inlinable
    var line: UInt { words[5] }
}
