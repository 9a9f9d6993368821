/// A dependency cycle caught when it happened: the resolve that would have entered a service
/// already under construction on the same thread.
///
/// ```
/// Dependency cycle: A → B → C → A in 'app'
///   Closed at: App/C.swift:12 (C asks for A again)
///   Fix: break the cycle where it closes: let C get A lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built.
/// ```
public struct DependencyCycle: Error, Sendable, Hashable, CustomStringConvertible {
    /// The services on the cycle in resolution order; the first is repeated at the end.
    public var path: [ServiceIdentity]
    /// The services being resolved before the cycle's first service, outermost first.
    public var enteredThrough: [ServiceIdentity]
    /// The line in the last service's factory that asked for the first one again, when known.
    public var closedAt: SourceLocation?
    /// The key the code wrote for each step of ``path`` when one is an `.implements` alias; empty
    /// otherwise, else as long as ``path``.
    public var requestedAs: [ServiceIdentity]
    /// The `@LazyInjected` whose first read in app code started the resolve.
    public var lazyRead: SourceLocation?
    /// Where the decorator that closed the cycle was installed, when one did: the fix is then its.
    public var decoratorAt: SourceLocation?

    public init(
        path: [ServiceIdentity], enteredThrough: [ServiceIdentity] = [], closedAt: SourceLocation? = nil,
        requestedAs: [ServiceIdentity] = [], lazyRead: SourceLocation? = nil, decoratorAt: SourceLocation? = nil
    ) {
        self.path = path
        self.enteredThrough = enteredThrough
        self.closedAt = closedAt
        self.requestedAs = requestedAs.count == path.count ? requestedAs : []
        self.lazyRead = lazyRead
        self.decoratorAt = decoratorAt
    }

    /// The path with arrows, `A → B → A` (containers when several); an alias step shows the key
    /// written first: `A → Fetching → (implements) Fetcher → A`.
    public var pathDescription: String {
        let containers = Set((path + requestedAs).map(\.container))
        func name(_ service: ServiceIdentity) -> String {
            containers.count > 1 ? service.qualifiedDescription : service.description
        }
        let names = path.indices.map { index in
            guard let written = writtenKey(at: index) else { return name(path[index]) }
            return name(written) + " → (implements) " + name(path[index])
        }
        let suffix = containers.count == 1 ? " in '\(containers.first!)'" : ""
        return names.joined(separator: " → ") + suffix
    }

    /// The alias the code wrote for the step at `index`, when it is not the step's own key.
    func writtenKey(at index: Int) -> ServiceIdentity? {
        guard index < requestedAs.count, requestedAs[index] != path[index] else { return nil }
        return requestedAs[index]
    }

    public var message: String {
        var lines = ["Dependency cycle: \(pathDescription)"]
        if let lazyRead { lines.append("  " + MissingRegistration.lazyReadLine(lazyRead)) }
        if !enteredThrough.isEmpty {
            lines.append("  Entered through: " + enteredThrough.map(\.qualifiedDescription).joined(separator: " → "))
        }
        if let closedAt, path.count >= 2 {
            // What the closing line asked for: the alias it wrote, when it wrote one.
            let closer = path[path.count - 2].description
            let first = (writtenKey(at: path.count - 1) ?? path[path.count - 1]).description
            let asker = decoratorAt.map { "a decorator of \(closer), installed at \($0)," } ?? closer
            lines.append("  Closed at: \(closedAt) (\(asker) asks for \(first) again)")
        }
        if let decoratorAt, path.count >= 2 {
            // Inside the build of the instance it was given: only the decorator can stop asking.
            let closer = path[path.count - 2].description, first = path[path.count - 1].description
            if path[path.count - 2] == path[path.count - 1] {
                lines.append(
                    "  Fix: the decorator installed at \(decoratorAt) runs inside the build of the \(first) it is given, "
                        + "before \(first) can be handed out: use the instance it is given "
                        + "(`if let service = service as? \(path[path.count - 1].type) { … }`) instead of resolving it.")
            } else {
                lines.append(
                    "  Fix: the decorator installed at \(decoratorAt) runs inside the build of \(closer), which \(first) "
                        + "is still waiting for: don't resolve \(first) from it; resolve \(first) after \(closer) is built "
                        + "(lazily, or from the code that uses both).")
            }
        } else if path.count >= 2 {
            // Break it where it closes: the last service takes the first one lazily.
            let closer = path[path.count - 2].description, first = path[path.count - 1].description
            var fix = "  Fix: break the cycle where it closes: let \(closer) get \(first) lazily (@LazyInjected, "
                + "or a factory it calls after init) rather than while it is being built."
            let closing = path[path.count - 2], opening = path[path.count - 1]
            if closing != opening, closing.member == nil, opening.member == nil {
                // Resolver's documented way: property injection once both are built.
                fix += " Or set it once both are built: .resolveProperties on \(first)'s registration "
                    + "(\(closer) in .graph scope, so it is the one \(first) holds)."
            }
            lines.append(fix)
        } else {
            lines.append("  Fix: break the cycle: resolve one of these lazily (@LazyInjected) or after init.")
        }
        return lines.joined(separator: "\n")
    }

    public var description: String { message }

    /// The loop without its repeated end, rotated to start at its smallest service: the same
    /// for every rotation of one cycle.
    package var loopKey: [String] {
        let loop = path.count > 1 ? path.dropLast().map(\.key) : path.map(\.key)
        guard let start = loop.indices.min(by: { loop[$0] < loop[$1] }) else { return loop }
        return Array(loop[start...] + loop[..<start])
    }
}
