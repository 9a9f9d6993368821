/// Resolver's names for what this library spells otherwise, so that Resolver code compiles
/// unchanged with `typealias Resolver = Container` (docs/MIGRATING_FROM_RESOLVER.md).
extension Container {
    /// Resolver's `Resolver.Name`: names are strings here, so `extension Resolver.Name { static
    /// let fred = Self("fred") }` declares `String.fred`, which `register(name: .fred)` reads.
    public typealias Name = String
}

/// Resolver's `ResolverScope`: ``Scope``, with the same `.application`, `.cached`, `.graph`,
/// `.shared`, `.unique` and `.container`.
public typealias ResolverScope = Scope

extension Scope {
    /// Resolver's `ResolverScope.cached.reset()`: resets this scope in every live container, as
    /// Resolver's caches were the whole process's. Tests that run in parallel each reset their
    /// own container instead, with ``Container/reset(_:file:line:)``.
    public func reset(file: StaticString = #fileID, line: UInt = #line) {
        for container in ContainerRegistry.shared.all {
            container.reset(self, file: file, line: line)
        }
    }
}

extension String {
    /// Resolver's `.name(fromString: s)`: the string itself (names are strings here).
    public static func name(fromString string: String) -> String { string }
}
