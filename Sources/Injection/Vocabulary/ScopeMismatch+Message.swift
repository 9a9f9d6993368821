extension ScopeMismatch {
    /// The warning, worded for a developer, with the two fixes that work.
    ///
    /// ```
    /// Scope mismatch: Analytics in 'app' (singleton) captured RequestContext in 'app' (graph) while being built; the graph instance now lives as long as the singleton one.
    ///   Fix: make the holder as short-lived as what it keeps: app.register(scope: .graph) { … Analytics … }
    ///   Or: keep Analytics singleton and give it a factory to call at each use, not an instance: { c.resolve(RequestContext.self) }
    /// ```
    /// (Making the captive long-lived too, or lazy, would make the bug permanent.)
    public var message: String { message(holderRegisteredAt: nil) }

    /// ``message`` naming where the holder is registered and the `@LazyInjected` it captured
    /// through, when known.
    public func message(holderRegisteredAt location: SourceLocation?, capturedLazilyAt lazySite: SourceLocation? = nil) -> String {
        let at = location.map { " (registered at \($0))" } ?? ""
        let short = captiveScope.kind == .graph ? "graph" : "unique"
        let registration: String
        if let member = holder.member {
            let declaration = short == "unique" ? "provide { … }" : "provide(.graph) { … }"
            registration = "declare \(holder.layer.map { "\($0)." } ?? "")\(member) with \(declaration)"
        } else {
            let receiver = holder.container == "shared" ? "Container.shared" : holder.container
            let name = holder.name.map { "name: \"\($0)\", " } ?? ""
            registration = "\(receiver).register(\(name)scope: .\(short)) { … \(holder.type) … }"
        }
        // How the captive was taken while the holder was built: by its factory, a decorator or as an argument.
        let howCaptured = switch capturedBy {
        case .decorator(let installedAt): "by a decorator (installed at \(installedAt)) while being built"
        case .argument: "as an argument it was built with"
        case nil: "while being built"
        }
        let resolve = captive.member == nil
            ? "{ c.resolve(\(captive.type).self\(captive.name.map { ", name: \"\($0)\"" } ?? "")) }"
            : "{ c.\(captive.layer.map { $0.prefix(1).lowercased() + $0.dropFirst() + "." } ?? "")\(captive.member!)() }"
        return "Scope mismatch: \(holder.qualifiedDescription) (\(holderScope)) captured "
            + "\(captive.qualifiedDescription) (\(captiveScope)) "
            + (lazySite.map { "on the first read of its @LazyInjected at \($0)" } ?? howCaptured)
            + "; the \(captiveScope) "
            + "instance now lives as long as the \(holderScope) one.\n"
            + "  Fix: make the holder as short-lived as what it keeps\(at): \(registration)\n"
            + "  Or: keep \(holder.description) \(holderScope) and give it a factory to call at each use, "
            + "not an instance: \(resolve)"
    }
}
