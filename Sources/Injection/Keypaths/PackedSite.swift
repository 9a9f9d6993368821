/// The member name, file and line of a provider's declaration, packed in one vector.
///
/// Why a vector: the optimiser releases a ``Provider`` the app builds field by field only while
/// the provider has at most six fields as it counts them (a struct counts its fields' fields, a
/// `String` two, a `StaticString` three, a tuple's class, closure or metatype element none, and
/// a SIMD vector one). Field by field, the release of the provider's container pairs with the
/// layer's retain of it (`LoginContainer(container: self)`), and both go: the container outlives
/// the call anyway. Past six, the provider is released as a whole, and the app pays an atomic
/// increment and decrement of the container's reference count around every provider called
/// directly (`container.login.viewModel()`), past the keypath target of Benchmarks/
/// (DECISIONS.md, "Mechanisms kept only for speed"). The container, the scope (three) and the
/// factory take five; the site gets one:
/// this vector, with the layer's metatype beside it in ``Provider/Site`` (a tuple's metatype
/// counts none).
///
/// The words are the declaring member's ``MemberName`` (two), the file's `StaticString` as it is
/// laid out (two words and a flags byte: it is handed back whole, for `fatalError`) and the line.
@usableFromInline
struct PackedSite: Sendable {
    @usableFromInline let words: SIMD8<UInt>

    /// Packs `member` (`#function`), `file` (`#fileID`) and `line`: inlined into the layer's
    /// getter, where all three are literals and the vector is a constant.
    @inlinable
    init(member: StaticString, file: StaticString, line: UInt) {
        let member = MemberName(member)
        let file = StaticStringBits.bits(of: file)
        words = SIMD8(member.start, UInt(bitPattern: member.count), file.0, file.1, UInt(file.2), line, 0, 0)
    }

    /// The declaring member's name (`viewModel`).
    @inlinable
    var member: MemberName { MemberName(start: words[0], count: Int(bitPattern: words[1])) }

    /// The declaring file (`#fileID`).
    @inlinable
    var file: StaticString {
        StaticStringBits.string((words[2], words[3], UInt8(truncatingIfNeeded: words[4])))
    }

    /// The declaring line.
    @inlinable
    var line: UInt { words[5] }
}
