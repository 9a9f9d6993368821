import Injection

/// One registration read from the sources. Every one is kept, not only the one that wins for its
/// key: a re-registration and the registration it overrides are both here, the later naming the
/// earlier in ``overrides``.
///
/// ```swift
/// for registration in graph.declarations.registrations where registration.overrides != nil {
///     print(registration.service, "registered again at", registration.location)
/// }
/// ```
public struct DeclaredRegistration: Sendable, Hashable {
    /// Unique in one scan; sites name the registration they link to by it.
    public var id: Int
    /// The key it answers (type, name, container; layer and member for keypath providers).
    public var service: ServiceIdentity
    /// The type its factory builds, when the sources say (`Fetcher` in `{ Fetcher() as Fetching }`).
    public var implementation: String?
    /// Other keys it answers (`.implements(P.self)`).
    public var implements: [ServiceIdentity]
    /// The protocols and superclasses the type it builds conforms to, as far as the sources
    /// declare them (its own, and theirs in turn): `SMTPMailer` registered as itself is near a
    /// missing `Mailer` it conforms to.
    public var conformsTo: [String]
    /// The scope as the runtime names it (`unique`, `singleton`, `cached`, a custom name); nil
    /// for the container's default.
    public var scope: String?
    /// How it is written: `register`, `instance`, `decorate`, `provider`, `keypathMember`,
    /// `factoryMember`, `swinjectRegister`, `override`, …
    public var form: String
    /// The library idiom: `injection`, `resolver`, `swinject`, `factory`.
    public var style: String
    public var location: DeclaredLocation
    /// The `#if` clauses around it, innermost last (`DEBUG`, `!(DEBUG)`).
    public var conditions: [String]
    /// The registration of the same key in the same container (and compatible `#if` clauses)
    /// that this one replaces: the later one wins.
    public var overrides: Int?
    public var certainty: Certainty
    /// What the scan guessed, when ``certainty`` is not exact.
    public var note: String?

    public init(
        id: Int, service: ServiceIdentity, implementation: String? = nil, implements: [ServiceIdentity] = [],
        conformsTo: [String] = [], scope: String? = nil, form: String = "register", style: String = "injection", location: DeclaredLocation,
        conditions: [String] = [], overrides: Int? = nil, certainty: Certainty = .exact, note: String? = nil
    ) {
        self.id = id
        self.service = service
        self.implementation = implementation
        self.implements = implements
        self.conformsTo = conformsTo
        self.scope = scope
        self.form = form
        self.style = style
        self.location = location
        self.conditions = conditions
        self.overrides = overrides
        self.certainty = certainty
        self.note = note
    }

    /// The scope the runtime gives it (`unique` when none is written).
    public var effectiveScope: Scope { scope.flatMap(Scope.init(named:)) ?? .unique }
}
