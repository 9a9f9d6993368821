/// A dependency cycle caught when it happened: the resolve that would have entered a service
/// already under construction on the same thread.
///
/// ```
/// Dependency cycle: A in 'app' → B in 'app' → C in 'app' → A in 'app'
///   Fix: break the cycle: let one of these resolve the next lazily (@LazyInjected) or after init.
/// ```
public struct DependencyCycle: Error, Sendable, Hashable, CustomStringConvertible {
    /// The services on the cycle in resolution order; the first is repeated at the end.
    public var path: [ServiceIdentity]
    /// The services being resolved before the cycle's first service, outermost first.
    public var enteredThrough: [ServiceIdentity]

    public init(path: [ServiceIdentity], enteredThrough: [ServiceIdentity] = []) {
        self.path = path
        self.enteredThrough = enteredThrough
    }

    /// The path with arrows, `A → B → A`, with containers when more than one is involved.
    public var pathDescription: String {
        let containers = Set(path.map(\.container))
        let names = path.map { containers.count > 1 ? $0.qualifiedDescription : $0.description }
        let suffix = containers.count == 1 ? " in '\(containers.first!)'" : ""
        return names.joined(separator: " → ") + suffix
    }

    public var message: String {
        var lines = ["Dependency cycle: \(pathDescription)"]
        if !enteredThrough.isEmpty {
            lines.append("  Entered through: " + enteredThrough.map(\.qualifiedDescription).joined(separator: " → "))
        }
        lines.append("  Fix: break the cycle: resolve one of these lazily (@LazyInjected) or after init.")
        return lines.joined(separator: "\n")
    }

    public var description: String { message }
}
