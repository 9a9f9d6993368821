extension ResolutionContext {
    /// Runs `body` with this thread's repeat table (``RepeatTable``) borrowed; nil, without
    /// running it, while the thread has none (``EventHub`` makes it on first use).
    ///
    /// Why `_withUnsafeGuaranteedRef` is sound: `repeatTableReference` is `repeatTable`,
    /// unretained, and is set with it; `repeatTable` keeps the table alive while it is set; only
    /// this thread reads or sets either; and `body` (a repeat's count, a build's clock question)
    /// never sets them: the table is set only when the thread has none
    /// (``EventHub/makeRepeatTable(for:)``). A strong read of the optional `var` instead retains
    /// and releases the table around every folded build: atomic operations that break the
    /// recorder's ≤ 1.3× target (DECISIONS.md, "Mechanisms kept only for speed").
    @inline(__always)
    func withRepeatTable<R>(_ body: (RepeatTable) -> R) -> R? {
        guard let reference = repeatTableReference else { return nil }
        return reference._withUnsafeGuaranteedRef { body($0) }
    }
}
