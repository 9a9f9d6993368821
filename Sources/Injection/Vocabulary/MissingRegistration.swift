/// Everything known about a resolve that found no registration: what was asked, who asked,
/// what was near, and the line that fixes it.
///
/// ```swift
/// do { _ = try container.tryResolve(XYZFetching.self) }
/// catch .missing(let missing) { print(missing.message) }
/// catch { print(error.message) }
/// ```
/// prints
/// ```
/// Missing registration: XYZFetching in 'app'
///   Requested by: XYZViewModel in 'app' → XYZService in 'app', at App/XYZService.swift:12
///   Near: XYZFetching (name: "mock") is registered in 'app' under another name
///   Fix: app.register { <#XYZFetcher#>() as XYZFetching }
/// ```
public struct MissingRegistration: Error, Sendable, Hashable, CustomStringConvertible {
    /// The service that was asked for (type, name, and the container asked).
    public var requested: ServiceIdentity
    /// The services being resolved when the request was made, outermost first.
    public var requesterChain: [ServiceIdentity]
    /// Registrations that look like what was meant.
    public var nearMisses: [NearMiss]
    /// The registration line to add.
    public var fix: String
    /// Where the resolve was written, when the caller passed it (property wrappers do).
    public var location: SourceLocation?
    /// The `@LazyInjected` whose first read in app code started the failing chain; nil when none
    /// did, or the read itself failed (then ``location`` is that declaration).
    public var lazyRead: SourceLocation?

    public init(
        requested: ServiceIdentity, requesterChain: [ServiceIdentity], nearMisses: [NearMiss],
        fix: String, location: SourceLocation?, lazyRead: SourceLocation? = nil
    ) {
        self.requested = requested
        self.requesterChain = requesterChain
        self.nearMisses = nearMisses
        self.fix = fix
        self.location = location
        self.lazyRead = lazyRead
    }

    /// The full, multi-line message.
    public var message: String {
        var lines = ["Missing registration: \(requested.qualifiedDescription)"]
        lines.append("  Requested by: " + Self.requester(requesterChain, at: location))
        if let lazyRead { lines.append("  " + Self.lazyReadLine(lazyRead)) }
        lines += nearMisses.map { "  Near: " + $0.message }
        lines.append("  Fix: " + fix.escapingControlCharacters)  // a decoded fix comes from the trace
        return lines.joined(separator: "\n")
    }

    public var description: String { message }

    /// `Requested at: App/Screen.swift:12 (the first read of the @LazyInjected property …)`.
    public static func lazyReadLine(_ site: SourceLocation) -> String {
        "Requested at: \(site) (the first read of the @LazyInjected property declared there, in app code)"
    }

    /// Who asked and where: `Screen in 'app', at App/Screen.swift:12`, or `app code at …`.
    public static func requester(_ chain: [ServiceIdentity], at location: SourceLocation?) -> String {
        if chain.isEmpty {
            return "app code" + (location.map { " at \($0)" } ?? "") + " (no service was being resolved)"
        }
        return chain.map(\.qualifiedDescription).joined(separator: " → ") + (location.map { ", at \($0)" } ?? "")
    }
}

/// A registration that is close to what a failed resolve asked for.
public struct NearMiss: Sendable, Hashable {
    /// How it differs from the request.
    public enum Kind: String, Sendable, Hashable {
        /// The same type under another name (or without one, or with one when none was asked).
        case otherName
        /// The same type and name in another container (a parent, a child, or unrelated).
        case otherContainer
        /// A type registered where a protocol (or other supertype) was asked for.
        case concreteType
        /// The optional of the requested type, or the reverse.
        case optional
    }

    public var kind: Kind
    /// The registration that was found.
    public var service: ServiceIdentity
    /// How the found container relates to the asked one: `parent`, `child`, `other`.
    public var relation: String?

    public init(kind: Kind, service: ServiceIdentity, relation: String? = nil) {
        self.kind = kind
        self.service = service
        self.relation = relation
    }

    public var message: String {
        switch kind {
        case .otherName:
            let under = service.name.map { "under the name \"\($0)\"" } ?? "without a name"
            return "\(service.type) is registered in '\(service.container)' \(under)"
        case .otherContainer:
            let relation = relation.map { "\($0) container" } ?? "container"
            return "\(service.description) is registered in the \(relation) '\(service.container)'"
        case .concreteType:
            return "\(service.description) is registered in '\(service.container)'; "
                + "register it as the requested type to bind it"
        case .optional:
            return "\(service.description) is registered in '\(service.container)' (optional and non-optional differ)"
        }
    }
}
