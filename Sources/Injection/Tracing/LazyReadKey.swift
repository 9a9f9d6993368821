// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
/// A ``LazyResolution`` as a fold key, hashed before the recorder's lock is taken.
struct LazyReadKey: Hashable {
    let read: LazyResolution
    private let precomputedHash: Int

    init(_ read: LazyResolution) {
        self.read = read
        precomputedHash = read.hashValue
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.read == rhs.read
    }
}
#endif
