extension Container {
    /// Answers an `.implements` key through the key it aliases. Aliases build nothing, so no
    /// frame shows that one is being followed: the thread's context lists the aliases followed
    /// since the last frame was pushed, and coming back to one of them (an alias of its own key,
    /// or aliases leading round through containers) is a cycle, thrown like any other.
    func follow<T>(
        alias registration: AnyRegistration, _ type: T.Type, holder: Container, origin: Container,
        lifetime: ServiceLifetime, args: Arguments, file: StaticString, line: UInt, site: ResolveSite?
    ) throws(ResolutionError) -> T {
        let context = ResolutionContext.current
        let depth = context.frames.count
        if let index = context.followedAliases.firstIndex(where: { $0.depth == depth && $0.alias === registration }) {
            let path = context.followedAliases[index...].map(\.alias.identity) + [registration.identity]
            throw .cycle(reportCycle(DependencyCycle(path: path, enteredThrough: context.chain), closedAt: site))
        }
        context.followedAliases.append((registration, depth))
        defer { context.followedAliases.removeLast() }
        // An alias stored under `T`'s key is a `ServiceAlias<T>` (``Container/addAlias``).
        return try (registration.alias as! ServiceAlias<T>)
            .resolve(holder, origin, lifetime, args, file, line)
    }
}
