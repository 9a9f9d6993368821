import Synchronization

extension Container {
    /// The scope of a registration that names none, in every container: ``Scope/unique`` unless
    /// an app sets it. Resolver's `Resolver.defaultScope`; Resolver's own default was `.graph`, so
    /// an app that relied on it writes `Container.defaultScope = .graph` once, before registering.
    ///
    /// ```swift
    /// Container.defaultScope = .graph
    /// container.register { Account() }                    // .graph
    /// container.register(scope: .unique) { Draft() }      // named scopes keep theirs
    /// ```
    /// It is read when a registration is made (`register` in every spelling, instance and static),
    /// so changing it later leaves earlier registrations as they are. Keypath providers
    /// (`provide(…)`) and `@Service` name their scope where they are declared and do not read it.
    /// Like Resolver's, it is the whole process's: tests that run in parallel name their scopes
    /// instead of changing it.
    public static var defaultScope: Scope {
        get { RegistrationDefaults.scope.withLock { $0 } }
        set { RegistrationDefaults.scope.withLock { $0 = newValue } }
    }
}

/// What a registration that leaves something out gets (``Container/defaultScope``).
enum RegistrationDefaults {
    static let scope = Mutex<Scope>(.unique)
}
