/// The scope and lifetime rules, written once: which scope a resolve builds under, what a table
/// entry answers, how a built instance is kept and what a reset discards. Every access style
/// (type-keyed, keypath, `@Inject`, a provider called directly, a mapped provider) goes through
/// ``Container/resolve(_:_:lifetime:args:site:source:mappedFrom:origin:)`` and the store's read
/// (``ContainerTables/read(_:lifetime:in:)``), which ask here.
///
/// | lifetime | builds under | answers from the kept slot |
/// |---|---|---|
/// | `.automatic` | the registration's scope | a long-lived scope's instance; a live `.shared` one |
/// | `.singleton` | the registration's scope when long-lived, else `.singleton` | any kept instance |
/// | `.newSingleton` | as `.singleton` | never (it replaces the kept instance) |
/// | `.new` | `.unique` | never |
///
/// `.graph` and `.shared` apply to class instances only, as in Resolver: a value type is built
/// fresh on every resolve under either.
enum ScopeRules {
    /// The scope a resolve with `lifetime` builds under, reports and keeps its instance in.
    /// A `.singleton` use of a long-lived registration shares the registration's own slot (so
    /// `reset` of that scope drops it whichever way it was resolved); of a short-lived one it is
    /// kept under `.singleton`.
    @inline(__always)
    static func effectiveScope(_ registered: Scope, _ lifetime: ServiceLifetime) -> Scope {
        switch lifetime {
        case .automatic: registered
        case .new: .unique
        case .singleton, .newSingleton: registered.isLongLived ? registered : .singleton
        }
    }

    /// The kind of ``effectiveScope(_:_:)``, without copying a ``Scope`` (its name is a
    /// `String`: a copy is a retain and a release): what a build's hot path decides by.
    @inline(__always)
    static func effectiveKind(_ registered: Scope.Kind, _ lifetime: ServiceLifetime) -> Scope.Kind {
        switch lifetime {
        case .automatic: registered
        case .new: .unique
        case .singleton, .newSingleton: registered.isLongLived ? registered : .singleton
        }
    }

    /// How a resolve with `lifetime` uses a registration of the `registered` kind: the kind it
    /// builds under (``effectiveKind(_:_:)``), and which of its entry's kept instances answer it
    /// without a build: only a scope that keeps instances answers from the kept slot under
    /// `.automatic` (a `.singleton` use of a unique or graph registration must not make later
    /// automatic resolves shared), and a live `.shared` instance (only a `.shared` registration
    /// keeps one); any kept instance under `.singleton`; none under `.new` and `.newSingleton`.
    ///
    /// A registration keeps the `.automatic` answer (``AnyRegistration/automaticUse``), made once:
    /// the default resolve reads it as a field.
    @inline(__always)
    static func use(_ registered: Scope.Kind, _ lifetime: ServiceLifetime) -> Use {
        switch lifetime {
        case .new, .newSingleton: Use(kind: effectiveKind(registered, lifetime), readsKept: false, readsWeak: false)
        case .singleton: Use(kind: effectiveKind(registered, lifetime), readsKept: true, readsWeak: false)
        case .automatic: Use(kind: registered, readsKept: registered.isLongLived, readsWeak: registered == .shared)
        }
    }

    /// What ``use(_:_:)`` answers: the kind a build is made under, and whether the strongly kept
    /// instance, and then a live `.shared` one, answer the resolve.
    struct Use: Sendable {
        let kind: Scope.Kind
        let readsKept: Bool
        let readsWeak: Bool
    }

    /// How a freshly built instance is kept.
    enum Keeping {
        /// Not at all: `.unique`, `.new`, or a value type under `.graph` or `.shared`.
        case none
        /// In the entry's slot, under `scope`; `replace` for `.newSingleton`.
        case strong(scope: Scope, replace: Bool)
        /// Weakly in the entry (`.shared` class instances).
        case weak(AnyObject)
        /// For the rest of the resolution pass (`.graph` class instances).
        case graph
    }

    @inline(__always)
    static func keeping<T>(_ value: T, scope: Scope, lifetime: ServiceLifetime) -> Keeping {
        switch scope.kind {
        case .cached, .singleton, .custom:
            return .strong(scope: scope, replace: lifetime == .newSingleton)
        case .shared:
            // `as Any` opens an existential, so a class behind a protocol type counts as a class.
            guard isClassInstance(value) else { return .none }
            return .weak(value as AnyObject)
        case .graph:
            return isClassInstance(value) ? .graph : .none
        case .unique:
            return .none
        }
    }

    @inline(__always)
    static func isClassInstance<T>(_ value: T) -> Bool {
        Swift.type(of: value as Any) is AnyClass
    }
}
