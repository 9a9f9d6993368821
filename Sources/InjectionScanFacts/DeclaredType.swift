/// A type the file declares (or extends): what the linker needs to type `X(a: resolve())`, follow
/// a keypath through members, know layer protocols and assemblies, Factory containers, and whether
/// a `register` receiver is a DI container at all.
public struct DeclaredType: Codable, Sendable, Hashable {
    /// Qualified by the enclosing types (`Outer.Inner`); for an extension, the extended type.
    public var name: String
    public var kind: DeclarationKind
    public var line: Int
    public var column: Int
    /// Inherited types and conformances as written (normalised: no `any`), in order.
    public var inherited: [String]
    public var genericParameters: [String]
    public var initializers: [InitializerFact]
    public var properties: [PropertyFact]
    public var methods: [MethodFact]
    /// For a `typealias`: the aliased type as written (normalised).
    public var aliasOf: String?
    public var conditions: [String]

    public init(
        name: String, kind: DeclarationKind, line: Int, column: Int, inherited: [String] = [],
        genericParameters: [String] = [], initializers: [InitializerFact] = [], properties: [PropertyFact] = [],
        methods: [MethodFact] = [], aliasOf: String? = nil, conditions: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.line = line
        self.column = column
        self.inherited = inherited
        self.genericParameters = genericParameters
        self.initializers = initializers
        self.properties = properties
        self.methods = methods
        self.aliasOf = aliasOf
        self.conditions = conditions
    }
}

public struct ParameterFact: Codable, Sendable, Hashable {
    /// The argument label (`_` when none).
    public var label: String
    /// The parameter's type as written (normalised).
    public var type: String
    public var hasDefault: Bool
    /// Written optional (`A?`, `Optional<A>`), which ``type`` leaves out. Absent in facts written
    /// before it was recorded: false.
    public var isOptional: Bool

    public init(label: String, type: String, hasDefault: Bool = false, isOptional: Bool = false) {
        self.label = label
        self.type = type
        self.hasDefault = hasDefault
        self.isOptional = isOptional
    }
}

public struct InitializerFact: Codable, Sendable, Hashable {
    public var line: Int
    public var parameters: [ParameterFact]
    public var isFailable: Bool

    public init(line: Int, parameters: [ParameterFact], isFailable: Bool = false) {
        self.line = line
        self.parameters = parameters
        self.isFailable = isFailable
    }
}

/// A stored or computed property (also a file's top-level variables, in `FileFacts.variables`).
public struct PropertyFact: Codable, Sendable, Hashable {
    public var name: String
    public var line: Int
    /// The written type (normalised), nil when inferred.
    public var type: String?
    /// For `= X(…)` / `= X.shared` without a written type: `X`, the type a reader may infer.
    public var initializerType: String?
    public var isStatic: Bool
    public var isComputed: Bool
    /// The property wrapper, when it has one (`Injected`, `Published`).
    public var wrapper: String?
    /// The one string literal a static constant is built from: `static let fred = Self("fred")`
    /// (a Resolver name) → `fred`, so `name: .fred` reads as the name it stands for.
    public var stringValue: String?

    public init(
        name: String, line: Int, type: String? = nil, initializerType: String? = nil, isStatic: Bool = false,
        isComputed: Bool = false, wrapper: String? = nil, stringValue: String? = nil
    ) {
        self.name = name
        self.line = line
        self.type = type
        self.initializerType = initializerType
        self.isStatic = isStatic
        self.isComputed = isComputed
        self.wrapper = wrapper
        self.stringValue = stringValue
    }
}

/// A method or free function: its return type types `let x = a.make()` and assembly methods.
public struct MethodFact: Codable, Sendable, Hashable {
    public var name: String
    public var line: Int
    public var parameters: [ParameterFact]
    public var returnType: String?
    public var isStatic: Bool
    public var genericParameters: [String]

    public init(
        name: String, line: Int, parameters: [ParameterFact] = [], returnType: String? = nil, isStatic: Bool = false,
        genericParameters: [String] = []
    ) {
        self.name = name
        self.line = line
        self.parameters = parameters
        self.returnType = returnType
        self.isStatic = isStatic
        self.genericParameters = genericParameters
    }
}
