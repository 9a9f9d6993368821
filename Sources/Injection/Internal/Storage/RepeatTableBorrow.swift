extension ResolutionContext {
    /// Runs `body` with this thread's repeat table (``RepeatTable``) borrowed; nil, without
    /// running it, while the thread has none (``EventHub`` makes it on first use).
    ///
    /// Why `_withUnsafeGuaranteedRef` is sound: `repeatTableReference` is `repeatTable`,
    /// unretained, set with it; `repeatTable` keeps the table alive while it is set; only this
    /// thread reads or sets either; and `body` never sets them (``EventHub/makeRepeatTable(for:)``
    /// sets the table only when the thread has none). A strong read retains and releases the
    /// table around every folded build (DECISIONS.md, "Mechanisms kept only for speed").
    @inline(__always)
    func withRepeatTable<R>(_ body: (RepeatTable) -> R) -> R? {
        guard let reference = repeatTableReference else { return nil }
        return reference._withUnsafeGuaranteedRef { body($0) }
    }
}
