/// A word of the facts format's vocabulary (a style, a form, a kind…): an open set of strings, so
/// a newer `di-scan` can add words without breaking older readers (they keep the word as written
/// and treat it as unknown). The static members name the words version 1 defines.
public protocol FactVocabulary: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral where RawValue == String
{
    init(rawValue: String)
}

extension FactVocabulary {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The DI library whose API a fact was written in.
public struct FactStyle: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// This library (`Injection`), in any of its article styles.
    public static let injection: Self = "injection"
    public static let resolver: Self = "resolver"
    public static let swinject: Self = "swinject"
    public static let factory: Self = "factory"
    /// An app's own wrapper or helper named in `di-inspect.json`.
    public static let custom: Self = "custom"
}

/// How sure the extractor is of a fact.
public struct Certainty: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The receiver and the key are known from the sources.
    public static let exact: Self = "exact"
    /// Recognised by its shape (a receiver whose type the file does not declare, a type inferred
    /// from a name); the fact's `note` says what was guessed.
    public static let guessed: Self = "guessed"
    /// Looks like injection, but the key cannot be known (a generic helper, a loop, a type built
    /// at run time): reported, never counted as missing.
    public static let unresolved: Self = "unresolved"
}

/// What kind of registration a `RegistrationFact` is.
public struct RegistrationForm: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `c.register { X() }`, `register(P.self) { }`, `register(name:scope:) { }`, Resolver's
    /// `Resolver.register { }`, `Container.register { }` (static).
    public static let register: Self = "register"
    /// `register(type: P.self, …)`.
    public static let registerType: Self = "registerType"
    /// `register(instance)` / `register(X())`: an existing value, not a factory.
    public static let instance: Self = "instance"
    /// `decorate(P.self) { c, x in … }`: wraps what is registered; not a key of its own.
    public static let decorate: Self = "decorate"
    /// A keypath provider's factory replaced: `container.login.useCase.register { Mock() }`.
    public static let provider: Self = "provider"
    /// A keypath container's member: `var x: Provider<P> { provide { X() } }` or a computed
    /// property returning a built value.
    public static let keyPathMember: Self = "keyPathMember"
    /// Factory: `var x: Factory<P> { self { X() } }` / `Factory(self) { X() }` on a container.
    public static let factoryMember: Self = "factoryMember"
    /// Factory: `ParameterFactory<A, P>` members.
    public static let parameterFactory: Self = "parameterFactory"
    /// Swinject: `container.register(P.self) { r in … }`.
    public static let swinjectRegister: Self = "swinjectRegister"
    /// Factory: `Container.shared.x.register { }`: replaces a member's factory at run time.
    /// (This library's `container.login.useCase.register { }` is `provider`.)
    public static let factoryOverride: Self = "factoryOverride"
    /// Factory: `.onTest { }` / `.onPreview { }` / `.onDebug { }` contexts: overrides in that context.
    public static let contextOverride: Self = "contextOverride"
    /// An app's own registration helper named in `di-inspect.json`.
    public static let customHelper: Self = "customHelper"
}

/// How a request gets its service.
public struct RequestAccess: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Resolved when the holder is built or when the call runs.
    public static let eager: Self = "eager"
    /// Resolved at first read (`@LazyInjected`, a factory called later).
    public static let lazy: Self = "lazy"
    /// `@WeakLazyInjected`: lazy and held weakly.
    public static let weakLazy: Self = "weakLazy"
    /// May give nil (`@OptionalInjected`, `optional()`, `resolve(P.self)` without `!`).
    public static let optional: Self = "optional"
}

/// The written shape of a request.
public struct RequestForm: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `@Injected var x: P`, `@Inject(\.a.b)`, `@Service(.singleton) var x: P` (also on locals).
    public static let propertyWrapper: Self = "propertyWrapper"
    /// `resolve()`, `c.resolve(P.self)`, `Resolver.resolve()`, `r.resolve(P.self)!`,
    /// `try c.tryResolve(name:)`, `optional()`, `resolve(args:)`.
    public static let resolveCall: Self = "resolveCall"
    /// `Container[\.a.b]`, `resolve(\.x)`.
    public static let keyPathSubscript: Self = "keyPathSubscript"
    /// Factory: `Container.shared.x()`, `self.y()` inside a factory.
    public static let factoryCall: Self = "factoryCall"
    /// `init(p: P = Resolver.resolve())`: evaluated on each call, not a stored dependency.
    public static let defaultArgument: Self = "defaultArgument"
    /// An app's own wrapper or helper named in `di-inspect.json`.
    public static let customHelper: Self = "customHelper"
    /// A parameter of the initialiser SwinjectAutoregistration's `autoregister(P.self,
    /// initializer: X.init)` calls: resolved by the factory it generates.
    public static let autoregisterParameter: Self = "autoregisterParameter"
}

/// Where a request's service type came from.
public struct TypeSource: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A written type annotation: `@Injected var x: P`, `let x: P = resolve()`.
    public static let annotation: Self = "annotation"
    /// Written in the call: `resolve(P.self)`, `resolve() as P`, `Factory<P>`.
    public static let explicit: Self = "explicit"
    /// The parameter of a declared initialiser or function: `X(a: resolve())`; see `contextualCall`.
    public static let initializerParameter: Self = "initializerParameter"
    /// The enclosing function's or computed property's declared return type.
    public static let returnType: Self = "returnType"
    /// A keypath (`\.a.b`): the linker types it through the declared members.
    public static let keyPath: Self = "keyPath"
    /// Not knowable from the file alone.
    public static let unknown: Self = "unknown"
}

/// Which part of a registration a request inside it belongs to.
public struct RegistrationPhase: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The factory body: an edge resolved while the service is built.
    public static let factory: Self = "factory"
    /// `.resolveProperties { }` (Resolver), `.initCompleted { }` (Swinject): after it is built.
    public static let properties: Self = "properties"
    /// A `decorate` closure.
    public static let decorator: Self = "decorator"
}

/// What a `ContainerFact` declares.
public struct ContainerKind: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A container created: `Container()`, `Container(name:)`, `Resolver()`, Swinject `Container()`.
    public static let container: Self = "container"
    /// A child: `c.makeChild()`, `Resolver(child: …)`/`Resolver(parent:)`, Swinject `Container(parent:)`.
    public static let child: Self = "child"
    /// `c.add(child: other)`: `other` searched by `c`.
    public static let addChild: Self = "addChild"
    /// A type conforming to an assembly protocol (`Assembly`, Swinject's `Assembly`, a layer
    /// assembly), `members` its assembled containers or layers when known.
    public static let assembly: Self = "assembly"
    /// `c.use(SomeAssembly())`, Swinject `Assembler([A(), B()])` / `assembler.apply(assembly:)`.
    public static let useAssembly: Self = "useAssembly"
    /// Factory: a `SharedContainer` type (`final class X: SharedContainer`) or `Container` extension.
    public static let sharedContainer: Self = "sharedContainer"
    /// A root or mock container assigned: `Resolver.root = Resolver.mock`, `Container.shared = …`.
    public static let rootAssignment: Self = "rootAssignment"
    /// A default scope set (see `scope`): Factory `manager.defaultScope = .x` (for the container
    /// `parent` names in the type `type`), Resolver's `Resolver.defaultScope = .x` and this
    /// library's `Container.defaultScope = .x` (`style` says which; for the whole process).
    public static let defaultScope: Self = "defaultScope"
}

/// What a `MappingFact` does (this library's `InjectionMapper`).
public struct MappingAction: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `InjectionMapper[\.a] = \.b`, `InjectionMapper.map(\.a, to: \.b)`.
    public static let set: Self = "set"
    /// `InjectionMapper[\.a] = nil`, `InjectionMapper.reset(\.a)`.
    public static let reset: Self = "reset"
    /// `InjectionMapper.resetAll()`.
    public static let resetAll: Self = "resetAll"
}

/// What a `NoteFact` reports.
public struct NoteKind: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Looks like injection (a wrapper or a `register`/`resolve` call) in a shape the extractor
    /// does not know; name it in `di-inspect.json` if it is an app's own helper.
    public static let unrecognized: Self = "unrecognized"
    /// Recognised, but its key cannot be known from the sources.
    public static let unresolved: Self = "unresolved"
    /// Recognised by a guess the message names.
    public static let guessed: Self = "guessed"
    /// A call named `register`/`resolve` whose receiver the sources declare as something else
    /// (`tableView.register(…)`): not DI, listed so nothing is dropped silently.
    public static let notInjection: Self = "notInjection"
    /// Part of the file could not be read (nesting too deep for the parser, …).
    public static let partial: Self = "partial"
}

/// Why a file (or folder) was not read.
public struct SkipReason: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let tooLarge: Self = "tooLarge"
    public static let binary: Self = "binary"
    public static let notUTF8: Self = "notUTF8"
    public static let unreadable: Self = "unreadable"
    public static let unreadableFolder: Self = "unreadableFolder"
    public static let symlinkLoop: Self = "symlinkLoop"
    /// A folder reached a second way (through a symlink): read once, under its first path.
    public static let alias: Self = "alias"
    /// A folder of other people's code or build products (`Pods`, `Carthage`, `DerivedData`,
    /// `checkouts`, `Packages`): not walked unless named on the command line.
    public static let vendored: Self = "vendored"
    public static let notFound: Self = "notFound"
    /// Nested deeper than the parser's limit (brackets): not parsed, so nothing can overflow.
    public static let tooDeep: Self = "tooDeep"
}

/// The kind of a declared type.
public struct DeclarationKind: FactVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let `class`: Self = "class"
    public static let `struct`: Self = "struct"
    public static let `enum`: Self = "enum"
    public static let `protocol`: Self = "protocol"
    public static let actor: Self = "actor"
    public static let `extension`: Self = "extension"
    /// `typealias Name = Target` (`aliasOf` is the target).
    public static let `typealias`: Self = "typealias"
}
