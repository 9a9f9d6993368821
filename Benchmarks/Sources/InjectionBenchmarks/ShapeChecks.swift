/// What every implementation of the other shapes must answer (ShapeScenarios.swift), checked once
/// before anything is timed, as ``Check`` does for the first scenarios.
enum ShapeCheck {
    /// Two resolves of the protocol give two `Fetcher`s.
    static func protocolTyped(_ resolve: @escaping @Sendable () -> any Fetching) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first === second { return "protocol: two resolves answered the same instance" }
            return first is Fetcher && first.value == 11 ? nil : "protocol: not a Fetcher"
        }
    }

    /// The whole chain, every link new on each resolve.
    static func chain(_ resolve: @escaping @Sendable () -> Link1) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first.end.value != 6 { return "chain: a wrong last link" }
            if first === second || first.next.next === second.next.next || first.end === second.end {
                return "chain: a transient link was reused"
            }
            return nil
        }
    }

    /// All eight parts, each new on each resolve.
    static func wide(_ resolve: @escaping @Sendable () -> Dashboard) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first.values != Array(1...8) { return "wide: wrong parts \(first.values)" }
            if first === second || first.p1 === second.p1 || first.p8 === second.p8 {
                return "wide: a transient part was reused"
            }
            return nil
        }
    }

    /// A new screen and worker per resolve; the one config (also the worker's) and the one store.
    static func mixed(_ resolve: @escaping @Sendable () -> Screen) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first.config.value != 3 || first.store.value != 4 { return "mixed: a wrong config or store" }
            if first === second || first.worker === second.worker { return "mixed: a transient object was reused" }
            if first.config !== second.config || first.worker.config !== first.config {
                return "mixed: the singleton config was built twice"
            }
            if first.store !== second.store { return "mixed: the cached store was built twice" }
            return nil
        }
    }

    /// What a view model's two injected properties hold: a new `Fetcher` per model, one `Tracker`.
    static func wrapped(_ make: @escaping @Sendable () -> (any Fetching, Tracker)) -> @Sendable () -> String? {
        {
            let first = make(), second = make()
            if !(first.0 is Fetcher) || first.0.value != 11 || first.1.value != 9 { return "wrapper: wrong services" }
            if first.0 === second.0 { return "wrapper: the transient fetcher was reused" }
            if first.1 !== second.1 { return "wrapper: the singleton tracker was built twice" }
            return nil
        }
    }

    /// A new account per resolve, holding the argument passed (42).
    static func argument(_ resolve: @escaping @Sendable () -> Account) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first === second { return "argument: two resolves answered the same instance" }
            return first.id == 42 ? nil : "argument: built with \(first.id), not the argument 42"
        }
    }

    /// A new profile per resolve, holding both arguments passed (42, "grace").
    static func arguments(_ resolve: @escaping @Sendable () -> Profile) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first === second { return "arguments: two resolves answered the same instance" }
            return first.id == 42 && first.name == "grace" ? nil : "arguments: built with \(first.id), \(first.name)"
        }
    }

    /// A new badge per resolve, holding the three arguments passed (42, "grace", 2.5).
    static func threeArguments(_ resolve: @escaping @Sendable () -> Badge) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if first === second { return "three arguments: two resolves answered the same instance" }
            return first.id == 42 && first.name == "grace" && first.level == 2.5 ? nil
                : "three arguments: built with \(first.id), \(first.name), \(first.level)"
        }
    }

    /// The unregistered service resolves to nil.
    static func missing(_ resolve: @escaping @Sendable () -> (any Analytics)?) -> @Sendable () -> String? {
        { resolve() == nil ? nil : "optional: an unregistered service answered an instance" }
    }
}
