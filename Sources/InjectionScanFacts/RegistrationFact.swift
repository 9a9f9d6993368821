/// A registration-looking call or declaration. Every one is kept: a re-registration and the one it
/// overrides are both facts (the linker decides which wins).
public struct RegistrationFact: Codable, Sendable, Hashable {
    /// Unique in its file; requests inside this registration's closures name it (`inRegistration`).
    public var id: Int
    public var line: Int
    public var column: Int
    public var style: FactStyle
    public var form: RegistrationForm
    /// Where it goes. Nil for a member of a keypath or Factory container (see `member`).
    public var container: ContainerReference?
    /// The key's type (normalised: no `any`, no `.self`, no trailing `?` or `!`); nil when unknown.
    public var service: String?
    /// How `service` was known: `explicit` (`register(P.self)`, `as P`, `Factory<P>`),
    /// `returnType` (the factory's built type when no protocol is named), `unknown`.
    public var serviceSource: TypeSource
    /// The type the factory builds (`X` in `{ X() as P }`), when a constructor call shows it.
    public var implementation: String?
    public var name: NameFact?
    public var scope: ScopeFact?
    /// `.implements(P.self)` and Swinject `.implements(P.self)`: other keys it answers for.
    public var implements: [String]
    /// The chained calls after it, in order, as written (`scope`, `implements`, `resolveProperties`,
    /// `inObjectScope`, `initCompleted`, `singleton`, `onTest`, …); `autoregister` for
    /// SwinjectAutoregistration, with `initializer(a:b:)` when its initialiser's labels are written.
    public var modifiers: [String]
    /// Keypath and Factory containers: the member's name (`viewModel`, `api`).
    public var member: String?
    /// The factory's argument types: Resolver `{ _, args in }` (`Any` when untyped), Swinject
    /// `(r, a: A) in`, Factory `ParameterFactory<A, P>`, `autoregister(…, argument: A.self, …)`.
    public var argumentTypes: [String]
    /// The undecided `#if` clauses around it, outermost first (`DEBUG`, `!(DEBUG)`, `!(DEBUG) && TESTING`):
    /// docs/SCAN_FACTS.md says how they combine.
    public var conditions: [String]
    public var enclosing: EnclosingFact
    public var certainty: Certainty
    /// What was guessed or why it is unresolved.
    public var note: String?

    public init(
        id: Int, line: Int, column: Int, style: FactStyle, form: RegistrationForm,
        container: ContainerReference? = nil, service: String? = nil, serviceSource: TypeSource = .unknown,
        implementation: String? = nil, name: NameFact? = nil, scope: ScopeFact? = nil,
        implements: [String] = [], modifiers: [String] = [], member: String? = nil,
        argumentTypes: [String] = [], conditions: [String] = [], enclosing: EnclosingFact = EnclosingFact(),
        certainty: Certainty = .exact, note: String? = nil
    ) {
        self.id = id
        self.line = line
        self.column = column
        self.style = style
        self.form = form
        self.container = container
        self.service = service
        self.serviceSource = serviceSource
        self.implementation = implementation
        self.name = name
        self.scope = scope
        self.implements = implements
        self.modifiers = modifiers
        self.member = member
        self.argumentTypes = argumentTypes
        self.conditions = conditions
        self.enclosing = enclosing
        self.certainty = certainty
        self.note = note
    }
}
