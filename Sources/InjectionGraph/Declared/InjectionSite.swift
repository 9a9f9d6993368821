import Injection

/// One place the sources ask for a service: a property wrapper, a resolve call, a keypath
/// subscript, a Factory call. Inside a registration's factory it is an edge of the declared graph
/// (``requester``); outside any factory it is a service-locator site. A wrapper in a type several
/// registrations build is one site per builder, and a request a mapping may redirect has one
/// more site per mapped target (guessed, its ``note`` naming the mapping): each its own edge.
///
/// ```swift
/// for site in graph.declarations.sites where site.registration == nil {
///     print(site.location, "asks for", site.requested, "which nothing registers")
/// }
/// ```
public struct InjectionSite: Sendable, Hashable {
    /// How the request is made, which decides what a missing answer means.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Resolved when the holder is built (`@Injected`, `resolve()` in a factory).
        case eager
        /// Resolved on first read, after the holder is built (`@LazyInjected`, a factory called
        /// later): a loop through it is no cycle at run time.
        case lazy
        /// Gives nil when nothing is registered (`@OptionalInjected`, `optional()`, `r.resolve(P.self)`
        /// used as an optional).
        case optional
        /// Read through a keypath (`@Inject(\.login.viewModel)`, `Container[\.a]`, `@Injected(\.x)`):
        /// keyed by container and member when the type is not written.
        case keypath
        /// A resolve outside any factory: app code asking the container directly.
        case serviceLocator
    }

    public var id: Int
    /// The key asked for. When the type is unknown (a keypath site with no annotation), the type
    /// is `?` and the member names it; ``typeKnown`` says so.
    public var requested: ServiceIdentity
    public var typeKnown: Bool
    public var kind: Kind
    /// The registration whose factory makes the request: the edge's source. Nil outside any
    /// factory.
    public var requester: ServiceIdentity?
    /// The enclosing type of the request when no registration holds it (`LoginViewController`).
    public var requesterType: String?
    /// The property the wrapper is on, or the member the keypath reads.
    public var member: String?
    /// The wrapper written (`Injected`, `LazyInjected`, …) or the call (`resolve`, `tryResolve`).
    public var form: String
    /// The registration that answers it (by ``DeclaredRegistration/id``), nil when none does.
    public var registration: Int?
    public var location: DeclaredLocation
    public var conditions: [String]
    public var certainty: Certainty
    public var note: String?
    /// For a parameter of an autoregister initialiser (``form`` `autoregisterParameter`): the
    /// types its registration gives at resolve time (`argument:`, `arguments:`), as written.
    public var argumentsGiven: [String]

    public init(
        id: Int, requested: ServiceIdentity, typeKnown: Bool = true, kind: Kind, requester: ServiceIdentity? = nil,
        requesterType: String? = nil, member: String? = nil, form: String, registration: Int? = nil,
        location: DeclaredLocation, conditions: [String] = [], certainty: Certainty = .exact, note: String? = nil,
        argumentsGiven: [String] = []
    ) {
        self.id = id
        self.requested = requested
        self.typeKnown = typeKnown
        self.kind = kind
        self.requester = requester
        self.requesterType = requesterType
        self.member = member
        self.form = form
        self.registration = registration
        self.location = location
        self.conditions = conditions
        self.certainty = certainty
        self.note = note
        self.argumentsGiven = argumentsGiven
    }
}
