/// Resolver's names for what this library spells otherwise, so that Resolver code compiles
/// unchanged with `typealias Resolver = Container` (docs/MIGRATING_FROM_RESOLVER.md).
extension Container {
    /// Resolver's `Resolver.Name`: names are strings here, so `extension Resolver.Name { static
    /// let fred = Self("fred") }` declares `String.fred`, which `register(name: .fred)` reads.
    public typealias Name = String

    /// Resolver's `resolver.cache`, the `.container` scope's cache: `resolver.cache.reset()`
    /// discards what this container keeps under `.cached` (which `.container` is), as
    /// ``reset(_:file:line:)`` with `.cached` does. An app's own `cache` member on `Container`
    /// (a keypath layer, say) shadows this one in the app's modules, so it keeps compiling.
    public var cache: ContainerCache { ContainerCache(container: self) }

    /// What ``cache`` returns: the `.cached` scope of one container.
    public struct ContainerCache: Sendable {
        let container: Container

        /// Discards the instances the container keeps under `.cached`.
        public func reset(file: StaticString = #fileID, line: UInt = #line) {
            container.reset(.cached, file: file, line: line)
        }
    }
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
