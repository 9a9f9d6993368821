extension Container {
    /// Registers an instance that already exists: every resolve returns this very instance.
    ///
    /// ```swift
    /// let coordinator = DashboardCoordinator()
    /// container.register(coordinator as DashboardCoordinating)
    /// container.register(Session(user: "ada"), name: "current")
    /// ```
    /// It is a ``Scope/singleton`` registration whose factory hands out the instance, so it shows
    /// in events and the inspector like any registration, and registering another one for the
    /// same key replaces it (last one wins), which is how a test puts a double in place.
    ///
    /// > Note: A factory closure is never taken for an instance: `register { Fetcher() }` still
    /// > registers the factory (this overload is disfavoured).
    @_disfavoredOverload
    @discardableResult
    public func register<T>(
        _ instance: T, name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        // The box carries the instance into the `@Sendable` factory; handing one instance to every
        // resolving thread is what a singleton registration does anyway (see ``Instance``).
        let box = Instance(instance)
        return add(T.self, name: name, registration: PlainFactory({ box.value }, scope: .singleton, location: SourceLocation(file, line)))
    }
}
