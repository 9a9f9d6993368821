/// The services the scenarios build: small final classes, so that "the object's own allocation"
/// is exactly one malloc.

/// A transient service without dependencies.
final class Leaf: Sendable {
    let value: Int
    init() { value = 42 }
}

/// The service kept by the singleton scenarios.
final class Session: Sendable {
    let id: Int
    init() { id = 7 }
}

/// A singleton without references (the 2-thread scenario): copying it out writes nothing shared.
struct SessionSettings: Sendable {
    let id: Int
    let limit: Int
}

/// The service of the named-registration scenario.
final class Formatter: Sendable {
    let style: Int
    init(style: Int) { self.style = style }
}

// MARK: - The 10-object graph: A needs B, C, D; each of those needs two leaves.

final class GraphA: Sendable {
    let b: GraphB, c: GraphC, d: GraphD
    init(b: GraphB, c: GraphC, d: GraphD) { self.b = b; self.c = c; self.d = d }
}
final class GraphB: Sendable {
    let e: GraphE, f: GraphF
    init(e: GraphE, f: GraphF) { self.e = e; self.f = f }
}
final class GraphC: Sendable {
    let g: GraphG, h: GraphH
    init(g: GraphG, h: GraphH) { self.g = g; self.h = h }
}
final class GraphD: Sendable {
    let i: GraphI, j: GraphJ
    init(i: GraphI, j: GraphJ) { self.i = i; self.j = j }
}
final class GraphE: Sendable { let value = 5 }
final class GraphF: Sendable { let value = 6 }
final class GraphG: Sendable { let value = 7 }
final class GraphH: Sendable { let value = 8 }
final class GraphI: Sendable { let value = 9 }
final class GraphJ: Sendable { let value = 10 }

extension GraphA {
    /// The graph built by hand: the direct-construction baseline.
    @inline(__always)
    static func direct() -> GraphA {
        GraphA(
            b: GraphB(e: GraphE(), f: GraphF()),
            c: GraphC(g: GraphG(), h: GraphH()),
            d: GraphD(i: GraphI(), j: GraphJ()))
    }
}

// MARK: - The dictionary baseline

/// The least a container can do: a `[ObjectIdentifier: () -> Any]` lookup, a call and an `as!`
/// cast. No lock, no scopes, no diagnostics. Immutable after setup, so reads from several threads
/// are safe.
final class DictionaryResolver: @unchecked Sendable {
    private(set) var factories: [ObjectIdentifier: () -> Any] = [:]
    private(set) var named: [NamedKey: () -> Any] = [:]

    struct NamedKey: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    func register<T>(_ type: T.Type, _ factory: @escaping () -> Any) {
        factories[ObjectIdentifier(type)] = factory
    }

    func register<T>(_ type: T.Type, name: String, _ factory: @escaping () -> Any) {
        named[NamedKey(type: ObjectIdentifier(type), name: name)] = factory
    }

    @inline(__always)
    func resolve<T>(_ type: T.Type = T.self) -> T {
        factories[ObjectIdentifier(type)]!() as! T
    }

    @inline(__always)
    func resolve<T>(_ type: T.Type = T.self, name: String) -> T {
        named[NamedKey(type: ObjectIdentifier(type), name: name)]!() as! T
    }
}

/// Hands a non-`Sendable` value (a Swinject container) to a benchmark closure. Each scenario's
/// thread-safety is that of what it measures: single-threaded scenarios run on one thread, and the
/// concurrent one uses Swinject's synchronized resolver.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
