extension StaleOverride {
    /// The warning the runtime can give on its own: it knows the replaced service had a kept
    /// instance, not which services hold it (the trace's graph names them: `di-inspect check`).
    ///
    /// ```
    /// Stale override: ResponseCache in 'app' was set at App/Setup.swift:30 after a cached instance of ResponseCache was already built; services built from it earlier keep the old instance.
    ///   Fix: set the override before the first resolve, or reset the scopes of the services that hold it (di-inspect check names them).
    /// ```
    public var message: String {
        "Stale override: \(replacement.qualifiedDescription) was set at \(location) after a \(scope) "
            + "instance of \(replaced.description) was already built; services built from it earlier "
            + "keep the old instance.\n"
            + "  Fix: set the override before the first resolve, or reset the scopes of the services that "
            + "hold it (di-inspect check names them)."
    }
}
