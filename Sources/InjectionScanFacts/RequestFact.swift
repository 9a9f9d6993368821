/// An injection site or a resolve: a property wrapper, a resolve call, a keypath subscript, a
/// Factory member call, a default argument.
public struct RequestFact: Codable, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var style: FactStyle
    public var form: RequestForm
    public var access: RequestAccess
    /// The property wrapper as written (`Injected`, `LazyInjected`, `Service`, `Inject`, …).
    public var wrapper: String?
    /// The key's type (normalised as for registrations); nil when unknown.
    public var service: String?
    public var typeSource: TypeSource
    /// For `typeSource == .initializerParameter`: the call the resolve is an argument of.
    public var contextualCall: ContextualCall?
    public var name: NameFact?
    /// `@Injected(\.x)`, `@Inject(\.a.b)`, `Container[\.a.b]`, `resolve(\.x)`, and a Factory
    /// member call `Container.shared.x()` as `{root: "Container", components: ["x"]}`.
    public var keyPath: KeyPathFact?
    /// The container it reads from when written (`c.resolve`, `@Injected(container: app)`,
    /// `Resolver.mock.resolve`); nil for the default one.
    public var container: ContainerReference?
    /// `@Service(.singleton)`: a per-use scope written at the site.
    public var scope: ScopeFact?
    /// Arguments passed (`resolve(args:)`, Swinject `argument:`/`arguments:`), as written.
    public var arguments: [String]
    /// The registration (same file) whose closure contains it: an edge from that registration.
    /// Nil outside any registration: an injection site (a wrapper) or a service-locator resolve.
    public var inRegistration: Int?
    /// Which part of that registration: factory, properties, decorator.
    public var phase: RegistrationPhase?
    /// The property, parameter or local it fills (`fetcher` in `@Injected var fetcher`).
    public var member: String?
    public var conditions: [String]
    public var enclosing: EnclosingFact
    public var certainty: Certainty
    public var note: String?

    public init(
        line: Int, column: Int, style: FactStyle, form: RequestForm, access: RequestAccess = .eager,
        wrapper: String? = nil, service: String? = nil, typeSource: TypeSource = .unknown,
        contextualCall: ContextualCall? = nil, name: NameFact? = nil, keyPath: KeyPathFact? = nil,
        container: ContainerReference? = nil, scope: ScopeFact? = nil, arguments: [String] = [],
        inRegistration: Int? = nil, phase: RegistrationPhase? = nil, member: String? = nil,
        conditions: [String] = [], enclosing: EnclosingFact = EnclosingFact(), certainty: Certainty = .exact,
        note: String? = nil
    ) {
        self.line = line
        self.column = column
        self.style = style
        self.form = form
        self.access = access
        self.wrapper = wrapper
        self.service = service
        self.typeSource = typeSource
        self.contextualCall = contextualCall
        self.name = name
        self.keyPath = keyPath
        self.container = container
        self.scope = scope
        self.arguments = arguments
        self.inRegistration = inRegistration
        self.phase = phase
        self.member = member
        self.conditions = conditions
        self.enclosing = enclosing
        self.certainty = certainty
        self.note = note
    }
}
