/// The container a registration goes into or a request reads from, as far as the file tells.
public struct ContainerReference: Codable, Sendable, Hashable {
    /// The receiver as written, whitespace collapsed: `Container.shared`, `app`, `self`,
    /// `Resolver` (static API), `Resolver.mock`, `r` (a Swinject factory's resolver).
    public var expression: String
    /// Its type when the sources say (`Container`, `Resolver`, `Swinject.Container`, a Factory
    /// `SharedContainer` subclass, the enclosing extension's type for `self`); nil when unknown.
    public var type: String?

    public init(expression: String, type: String? = nil) {
        self.expression = expression
        self.type = type
    }
}

/// A registration or request name: `name: "edit"`, `.name("edit")`, Resolver's `name: .fred`.
public struct NameFact: Codable, Sendable, Hashable {
    /// The string literal's value, or the expression as written when not a literal.
    public var value: String
    /// True for a plain string literal (the key is then known).
    public var isLiteral: Bool

    public init(value: String, isLiteral: Bool) {
        self.value = value
        self.isLiteral = isLiteral
    }
}

/// A scope as written (`.singleton`, `.application`, `.container`, `ObjectScope.weak`, `.cached`)
/// and, when it is one the extractor knows, the style's own word normalised (`application`,
/// `singleton`, `graph`, `unique`, `cached`, `shared`, `weak`, `transient`, `container`, …).
public struct ScopeFact: Codable, Sendable, Hashable {
    public var written: String
    public var normalized: String?

    public init(written: String, normalized: String? = nil) {
        self.written = written
        self.normalized = normalized
    }
}

/// A keypath as written: `\.login.viewModel` (root nil), `\Other.x` (root `Other`).
public struct KeyPathFact: Codable, Sendable, Hashable {
    public var root: String?
    public var components: [String]

    public init(root: String? = nil, components: [String]) {
        self.root = root
        self.components = components
    }
}

/// Where a fact sits in the file's declarations.
public struct EnclosingFact: Codable, Sendable, Hashable {
    /// The innermost type or extension, qualified by the types around it (`App.Wiring`).
    public var type: String?
    /// The innermost function, initialiser, accessor or computed property (`init`, `configure()`,
    /// `var viewModel`); nil at the top level of a type or file.
    public var function: String?
    /// Inside a generic function or type: a `register { T() }` there registers what each caller
    /// picks, so the key is unresolved.
    public var isGeneric: Bool
    /// Inside a `for`/`while`/`repeat` or a closure passed to `forEach`/`map`.
    public var inLoop: Bool
    /// The arms of the branches it lies on, outermost first, each `line:column#arm` of its branch
    /// statement: an `if`'s `then` or `else`, a `switch`'s case (by the case's position), a
    /// `guard`'s `else` or what follows the guard (`then`), what follows an `if` without `else`
    /// whose body always leaves (`else`). Two facts on different arms of one branch never both
    /// run. Nil when on none (absent in older facts).
    public var branches: [String]?

    public init(type: String? = nil, function: String? = nil, isGeneric: Bool = false, inLoop: Bool = false, branches: [String]? = nil) {
        self.type = type
        self.function = function
        self.isGeneric = isGeneric
        self.inLoop = inLoop
        self.branches = branches
    }

    /// Whether this and `other` lie on different arms of one branch: they never both run.
    public func isOnAnotherArm(than other: EnclosingFact) -> Bool {
        guard let mine = branches, let theirs = other.branches else { return false }
        func split(_ arm: String) -> (branch: Substring, arm: Substring)? {
            guard let mark = arm.lastIndex(of: "#") else { return nil }
            return (arm[..<mark], arm[arm.index(after: mark)...])
        }
        let armByBranch = Dictionary(mine.compactMap(split).map { ($0.branch, $0.arm) }, uniquingKeysWith: { first, _ in first })
        return theirs.compactMap(split).contains { branch, arm in
            guard let mine = armByBranch[branch] else { return false }
            return mine != arm
        }
    }
}

/// The call that gives a nested resolve its type: `X(a: resolve())` is `{callee: "X", label: "a",
/// index: 0}`; the linker looks the parameter up in the initialisers the sources declare.
public struct ContextualCall: Codable, Sendable, Hashable {
    /// The called name as written: a type (`X`, `Module.X`), `X.init`, or a function (`make`).
    public var callee: String
    /// The argument label, nil for an unlabelled argument.
    public var label: String?
    /// The argument's position among all arguments (from 0).
    public var index: Int
    /// The labels of all the call's arguments in order (`_` for unlabelled): picks the overload.
    public var labels: [String]

    public init(callee: String, label: String?, index: Int, labels: [String]) {
        self.callee = callee
        self.label = label
        self.index = index
        self.labels = labels
    }
}
