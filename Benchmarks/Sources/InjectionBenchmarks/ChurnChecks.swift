/// What every implementation of the churn scenarios (ChurnScenarios.swift) must answer, checked
/// once before anything is timed, as ``ShapeCheck`` does for the other shapes.
enum ChurnCheck {
    /// Last registration wins: `registerAndResolve(true)` registers the mock and resolves it,
    /// `false` the real service; each resolve answers what was registered just before it.
    static func override(_ registerAndResolve: @escaping @Sendable (_ mock: Bool) -> any Networking) -> @Sendable () -> String? {
        {
            for mock in [true, false, true, false] {
                let network = registerAndResolve(mock)
                if (network is MockNetwork) != mock {
                    return "override: after registering the \(mock ? "mock" : "real service") the resolve answered a \(type(of: network))"
                }
            }
            return nil
        }
    }

    /// A new container with the ten modules registered answers each of them (the values 1 to 10).
    static func startup(_ resolveAll: @escaping @Sendable () -> [Int]) -> @Sendable () -> String? {
        {
            let values = resolveAll()
            return values == Array(1...10) ? nil : "startup: the modules answered \(values)"
        }
    }

    /// `registerAndResolve(names)` registers each name in a new container and resolves it at
    /// once, then resolves the first name again: a new feature each time, and the first name
    /// still registered once the container grew.
    static func grow(_ registerAndResolve: @escaping @Sendable (_ names: [String]) -> (built: [Feature], first: Feature?)) -> @Sendable () -> String? {
        {
            let (built, first) = registerAndResolve(Array(ChurnNames.features.prefix(3)))
            if built.count != 3 || Set(built.map(ObjectIdentifier.init)).count != 3 {
                return "grow: three new names did not answer three new features"
            }
            guard let first else { return "grow: the first name was lost as the container grew" }
            return first === built[0] ? "grow: a transient feature was reused" : nil
        }
    }

    /// The child answers with its parent's registration, a new instance per resolve.
    static func child(_ resolve: @escaping @Sendable () -> any Fetching) -> @Sendable () -> String? {
        {
            let first = resolve(), second = resolve()
            if !(first is Fetcher) || first.value != 11 { return "child: the parent's registration did not answer" }
            return first === second ? "child: two resolves answered the same instance" : nil
        }
    }

    /// While an instance is held every resolve answers it; once nobody holds it, a new one.
    static func shared(_ resolve: @escaping @Sendable () -> Preferences) -> @Sendable () -> String? {
        {
            let serial: Int
            do {  // the holder's scope: it ends here at the latest
                let held = resolve()
                serial = held.serial
                let again = withExtendedLifetime(held) { resolve().serial }
                if again != serial { return "shared: a resolve built another instance while one was held" }
            }
            return resolve().serial == serial ? "shared: the instance outlived its last holder" : nil
        }
    }

    /// The cached instance until `reset()`, a new one after it.
    static func reset(reset: @escaping @Sendable () -> Void, resolve: @escaping @Sendable () -> Catalog) -> @Sendable () -> String? {
        {
            let first = resolve()
            if resolve() !== first { return "reset: the cached instance was built twice before a reset" }
            reset()
            let after = resolve()
            return withExtendedLifetime(first) { after === first } ? "reset: the reset kept the cached instance" : nil
        }
    }
}
