import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that turns a hang into a failure, not a speed check: a `@MainActor` test's
    /// time includes its wait for the main actor, which other suites' `@MainActor` tests may hold
    /// for tens of seconds on a loaded machine.
    static var hangBackstop: Self { .timeLimit(.minutes(5)) }
}
