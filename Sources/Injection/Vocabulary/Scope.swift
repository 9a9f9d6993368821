/// How long an instance built by a registration lives, and who shares it.
///
/// Scopes read well at the call site:
///
/// ```swift
/// container.register(scope: .singleton) { Session() }
/// container.register(scope: .graph) { RequestContext() }
/// container.register(scope: .custom("login")) { LoginFlow() }
/// container.reset(.custom("login"))  // the next resolve builds a new LoginFlow
/// ```
///
/// | scope | instance |
/// |---|---|
/// | ``unique`` | a new one on every resolve (the default) |
/// | ``graph`` | one per resolution pass: services built in one outermost `resolve` share it |
/// | ``cached`` | one per container until `Container.reset(_:)` |
/// | ``shared`` | one while somebody holds it (the container keeps a weak reference) |
/// | ``singleton`` | one per container for its whole life (``application`` is the same scope) |
/// | ``custom(_:)`` | like ``cached``, with its own name, reset on its own |
///
/// > Note: An instance kept by a long-lived scope is handed to every thread that resolves it.
/// > Whether the service itself is safe to share is the service's contract, as with any container.
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// The behaviour behind a scope.
    public enum Kind: UInt8, Hashable, Sendable {
        case unique, graph, cached, shared, singleton, custom
    }

    public let kind: Kind
    /// The name shown in messages, events and the inspector (`singleton`, `login`).
    public let name: String

    @usableFromInline
    init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// A new instance on every resolve.
    @inlinable public static var unique: Scope { Scope(.unique, "unique") }
    /// One instance per resolution pass.
    @inlinable public static var graph: Scope { Scope(.graph, "graph") }
    /// One instance per container, until the scope is reset.
    @inlinable public static var cached: Scope { Scope(.cached, "cached") }
    /// One instance while somebody holds a strong reference to it.
    @inlinable public static var shared: Scope { Scope(.shared, "shared") }
    /// One instance per container for its whole life.
    @inlinable public static var singleton: Scope { Scope(.singleton, "singleton") }
    /// Resolver's name for ``singleton``.
    @inlinable public static var application: Scope { singleton }
    /// Resolver's `.container` scope: ``cached``, since every kept instance already lives in its
    /// container.
    @inlinable public static var container: Scope { cached }
    /// A named cache that is reset on its own: `.custom("session")`.
    public static func custom(_ name: String) -> Scope { Scope(.custom, name) }

    /// Looks a scope up by the name events and traces carry.
    public init?(named name: String) {
        switch name {
        case "unique": self = .unique
        case "graph": self = .graph
        case "cached": self = .cached
        case "shared": self = .shared
        case "singleton", "application": self = .singleton
        case "": return nil
        default: self = .custom(name)
        }
    }

    /// Whether an instance outlives the resolution that built it, so that anything it captured
    /// at construction lives as long (the holder side of a captive dependency).
    @inlinable
    public var isLongLived: Bool { kind.isLongLived }

    /// Whether every resolve, or every pass, builds a fresh instance (the captive side).
    @inlinable
    public var isShortLived: Bool { kind.isShortLived }

    /// The captive rule, for the runtime and the graph: whether a holder in this scope, built with an
    /// instance of `captive`'s scope, keeps it longer than that scope meant.
    ///
    /// ```swift
    /// let captive = Scope.singleton.captures(.graph)   // true: the graph instance lives as long
    /// let fine = Scope.graph.captures(.singleton)      // false
    /// ```
    @inlinable
    public func captures(_ captive: Scope) -> Bool { kind.captures(captive.kind) }

    /// Whether the container keeps the instance in its per-container cache.
    package var keepsInstance: Bool { kind.keepsInstance }

    public var description: String { name }
}

// The rules by kind, which is all they depend on: the resolve path asks them without copying a
// `Scope` (its name is a `String`, retained on every copy).
extension Scope.Kind {
    /// See ``Scope/isLongLived``.
    @usableFromInline @inline(__always)
    var isLongLived: Bool { self == .cached || self == .singleton || self == .custom }

    /// See ``Scope/keepsInstance``.
    @inline(__always)
    var keepsInstance: Bool { isLongLived || self == .shared }

    /// See ``Scope/isShortLived``.
    @usableFromInline @inline(__always)
    var isShortLived: Bool { self == .unique || self == .graph }

    /// See ``Scope/captures(_:)``.
    @usableFromInline @inline(__always)
    func captures(_ captive: Scope.Kind) -> Bool { isLongLived && captive.isShortLived }
}
