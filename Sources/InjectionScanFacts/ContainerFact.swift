/// A container declared or related: created, made a child, added, assembled, assigned as root.
public struct ContainerFact: Codable, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var style: FactStyle
    public var kind: ContainerKind
    /// What it is bound to when written (`let app = Container()` → `app`; `static let mock =
    /// Resolver()` → `Resolver.mock` in `extension Resolver`); for a type (assembly, Factory
    /// `SharedContainer`) the type's name.
    public var binding: String?
    /// Its type (`Container`, `Resolver`, `Swinject.Container`, `Assembler`, the declared type).
    public var type: String?
    /// `Container(name: "app")`.
    public var name: NameFact?
    /// The parent, or for `addChild`/`useAssembly` the receiver, as written.
    public var parent: String?
    /// `add(child:)`'s argument; `Assembler([A(), B()])`'s and `use(…)`'s assemblies; an
    /// assembly type's layers; as written, in order.
    public var members: [String]
    /// Factory `manager.defaultScope`, Resolver's and this library's `defaultScope`, a Swinject
    /// `Container(defaultObjectScope:)` or `Assembler(…, defaultObjectScope:)`.
    public var scope: ScopeFact?
    public var conditions: [String]
    public var enclosing: EnclosingFact

    public init(
        line: Int, column: Int, style: FactStyle, kind: ContainerKind, binding: String? = nil,
        type: String? = nil, name: NameFact? = nil, parent: String? = nil, members: [String] = [],
        scope: ScopeFact? = nil, conditions: [String] = [], enclosing: EnclosingFact = EnclosingFact()
    ) {
        self.line = line
        self.column = column
        self.style = style
        self.kind = kind
        self.binding = binding
        self.type = type
        self.name = name
        self.parent = parent
        self.members = members
        self.scope = scope
        self.conditions = conditions
        self.enclosing = enclosing
    }
}

/// A mapping set in code: `InjectionMapper[\.a] = \.b`, `map(\.a, to: \.b)`, `reset`, `resetAll`.
public struct MappingFact: Codable, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var action: MappingAction
    public var from: KeyPathFact?
    public var to: KeyPathFact?
    public var conditions: [String]
    public var enclosing: EnclosingFact

    public init(
        line: Int, column: Int, action: MappingAction, from: KeyPathFact? = nil, to: KeyPathFact? = nil,
        conditions: [String] = [], enclosing: EnclosingFact = EnclosingFact()
    ) {
        self.line = line
        self.column = column
        self.action = action
        self.from = from
        self.to = to
        self.conditions = conditions
        self.enclosing = enclosing
    }
}

/// Something the extractor could not make a fact of, or guessed: never dropped silently.
public struct NoteFact: Codable, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var kind: NoteKind
    /// One line: what was seen and why it is not a fact (or what was guessed).
    public var message: String
    public var conditions: [String]

    public init(line: Int, column: Int, kind: NoteKind, message: String, conditions: [String] = []) {
        self.line = line
        self.column = column
        self.kind = kind
        self.message = message
        self.conditions = conditions
    }
}

/// A syntax error the parser recovered from; the rest of the file is still read.
public struct SyntaxErrorFact: Codable, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}

/// Why a file or folder was not read, in one line.
public struct SkipFact: Codable, Sendable, Hashable {
    public var reason: SkipReason
    public var message: String

    public init(reason: SkipReason, message: String) {
        self.reason = reason
        self.message = message
    }
}
