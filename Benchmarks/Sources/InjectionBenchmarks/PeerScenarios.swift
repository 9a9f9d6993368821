// The other Swift containers, each spelled as its own documentation spells it, for the same
// services as the other scenarios (Fixtures.swift). They compile only in the side-by-side build
// (`Benchmarks/peers.sh`), which fetches Resolver and Factory into a scratch folder and adds
// swift-dependencies; `make bench` runs without them.
//
// Scope for scope: transient is Resolver's `.unique` and Factory's default; singleton is
// Resolver's `.application`, Factory's `.singleton` and a swift-dependencies `liveValue` (cached
// by the library). swift-dependencies has no transient registration: its idiom is a client with
// a `make` closure; it has no names either, so it has no named variant. Factory has no names: its
// idiom for "one of several of a type, chosen at run time" is a ParameterFactory.

#if canImport(Resolver) && canImport(FactoryKit) && canImport(Dependencies)
import Dependencies
import FactoryKit
import Resolver

extension Implementation {
    static let resolver = Implementation(name: "Resolver 1.5.1")
    static let factory = Implementation(name: "Factory 3.2.1")
    static let swiftDependencies = Implementation(name: "swift-dependencies 1.17.1")
    static let peers: [Implementation] = [.swinject, .resolver, .factory, .swiftDependencies]
    /// Whether the side-by-side build's peers are in: the "fastest other container" targets are
    /// only checked then.
    static let peersBuiltIn = true
}

/// Hands a peer's container to a `@Sendable` closure. Each peer is used as its documentation
/// says for the scenario's threads: single-threaded scenarios run on one thread, and in the
/// 2-thread one every peer's resolve takes its own lock (Resolver's recursive mutex, Factory's
/// global lock, swift-dependencies' locked cache).
typealias PeerBox<Value> = Unchecked<Value>

// MARK: - Factory: a container of its own, services as computed properties

final class PeerFactoryContainer: SharedContainer, @unchecked Sendable {
    // `@unchecked` as FactoryKit's own `Container` is: its manager locks internally.
    static let shared = PeerFactoryContainer()
    let manager = ContainerManager()

    var leaf: FactoryKit.Factory<Leaf> { self { Leaf() } }
    var session: FactoryKit.Factory<Session> { self { Session() }.singleton }
    var formatter: ParameterFactory<String, Formatter> {
        self { name in Formatter(style: PeerNames.all.firstIndex(of: name)!) }
    }
    var graphA: FactoryKit.Factory<GraphA> { self { GraphA(b: self.graphB(), c: self.graphC(), d: self.graphD()) } }
    var graphB: FactoryKit.Factory<GraphB> { self { GraphB(e: self.graphE(), f: self.graphF()) } }
    var graphC: FactoryKit.Factory<GraphC> { self { GraphC(g: self.graphG(), h: self.graphH()) } }
    var graphD: FactoryKit.Factory<GraphD> { self { GraphD(i: self.graphI(), j: self.graphJ()) } }
    var graphE: FactoryKit.Factory<GraphE> { self { GraphE() } }
    var graphF: FactoryKit.Factory<GraphF> { self { GraphF() } }
    var graphG: FactoryKit.Factory<GraphG> { self { GraphG() } }
    var graphH: FactoryKit.Factory<GraphH> { self { GraphH() } }
    var graphI: FactoryKit.Factory<GraphI> { self { GraphI() } }
    var graphJ: FactoryKit.Factory<GraphJ> { self { GraphJ() } }
}

enum PeerNames {
    static let all = ["short", "medium", "long"]
}

// MARK: - swift-dependencies: dependency keys, a `make` client for transient services

/// A transient service in swift-dependencies' idiom: a client whose closure builds one.
struct Maker<Value>: Sendable {
    let make: @Sendable () -> Value
}

private enum LeafKey: DependencyKey { static let liveValue = Maker { Leaf() } }
private enum SessionKey: DependencyKey { static let liveValue = Session() }
private enum GraphAKey: DependencyKey {
    static let liveValue = Maker {
        @Dependency(\.graphB) var b
        @Dependency(\.graphC) var c
        @Dependency(\.graphD) var d
        return GraphA(b: b.make(), c: c.make(), d: d.make())
    }
}
private enum GraphBKey: DependencyKey {
    static let liveValue = Maker {
        @Dependency(\.graphE) var e
        @Dependency(\.graphF) var f
        return GraphB(e: e.make(), f: f.make())
    }
}
private enum GraphCKey: DependencyKey {
    static let liveValue = Maker {
        @Dependency(\.graphG) var g
        @Dependency(\.graphH) var h
        return GraphC(g: g.make(), h: h.make())
    }
}
private enum GraphDKey: DependencyKey {
    static let liveValue = Maker {
        @Dependency(\.graphI) var i
        @Dependency(\.graphJ) var j
        return GraphD(i: i.make(), j: j.make())
    }
}
private enum GraphEKey: DependencyKey { static let liveValue = Maker { GraphE() } }
private enum GraphFKey: DependencyKey { static let liveValue = Maker { GraphF() } }
private enum GraphGKey: DependencyKey { static let liveValue = Maker { GraphG() } }
private enum GraphHKey: DependencyKey { static let liveValue = Maker { GraphH() } }
private enum GraphIKey: DependencyKey { static let liveValue = Maker { GraphI() } }
private enum GraphJKey: DependencyKey { static let liveValue = Maker { GraphJ() } }

extension DependencyValues {
    var leaf: Maker<Leaf> { self[LeafKey.self] }
    var session: Session { self[SessionKey.self] }
    var graphA: Maker<GraphA> { self[GraphAKey.self] }
    var graphB: Maker<GraphB> { self[GraphBKey.self] }
    var graphC: Maker<GraphC> { self[GraphCKey.self] }
    var graphD: Maker<GraphD> { self[GraphDKey.self] }
    var graphE: Maker<GraphE> { self[GraphEKey.self] }
    var graphF: Maker<GraphF> { self[GraphFKey.self] }
    var graphG: Maker<GraphG> { self[GraphGKey.self] }
    var graphH: Maker<GraphH> { self[GraphHKey.self] }
    var graphI: Maker<GraphI> { self[GraphIKey.self] }
    var graphJ: Maker<GraphJ> { self[GraphJKey.self] }
}

// MARK: - The variants, one per scenario

enum Peers {
    static func transient() -> [Variant] {
        let resolver = Resolver()
        resolver.register { Leaf() }.scope(.unique)
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: Check.transient { resolverBox.value.resolve(Leaf.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Leaf.self)) }
            },
            Variant(implementation: .factory, check: Check.transient { factory.leaf() }) { n in
                for _ in 0..<n { blackHole(factory.leaf()) }
            },
            Variant(implementation: .swiftDependencies, check: Check.transient { @Dependency(\.leaf) var leaf; return leaf.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.leaf) var leaf
                    blackHole(leaf.make())
                }
            },
        ]
    }

    static func singleton() -> [Variant] {
        let resolver = Resolver()
        resolver.register { Session() }.scope(.application)
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: Check.singleton { resolverBox.value.resolve(Session.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Session.self)) }
            },
            Variant(implementation: .factory, check: Check.singleton { factory.session() }) { n in
                for _ in 0..<n { blackHole(factory.session()) }
            },
            Variant(implementation: .swiftDependencies, check: Check.singleton { @Dependency(\.session) var session; return session }) { n in
                for _ in 0..<n {
                    @Dependency(\.session) var session
                    blackHole(session)
                }
            },
        ]
    }

    static func graph() -> [Variant] {
        let resolver = Resolver()
        resolver.register { r in GraphA(b: r.resolve(), c: r.resolve(), d: r.resolve()) }.scope(.unique)
        resolver.register { r in GraphB(e: r.resolve(), f: r.resolve()) }.scope(.unique)
        resolver.register { r in GraphC(g: r.resolve(), h: r.resolve()) }.scope(.unique)
        resolver.register { r in GraphD(i: r.resolve(), j: r.resolve()) }.scope(.unique)
        resolver.register { GraphE() }.scope(.unique)
        resolver.register { GraphF() }.scope(.unique)
        resolver.register { GraphG() }.scope(.unique)
        resolver.register { GraphH() }.scope(.unique)
        resolver.register { GraphI() }.scope(.unique)
        resolver.register { GraphJ() }.scope(.unique)
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: Check.graph { resolverBox.value.resolve(GraphA.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(GraphA.self)) }
            },
            Variant(implementation: .factory, check: Check.graph { factory.graphA() }) { n in
                for _ in 0..<n { blackHole(factory.graphA()) }
            },
            Variant(implementation: .swiftDependencies, check: Check.graph { @Dependency(\.graphA) var graphA; return graphA.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.graphA) var graphA
                    blackHole(graphA.make())
                }
            },
        ]
    }

    static func named(_ name: String) -> [Variant] {
        let resolver = Resolver()
        for (style, name) in PeerNames.all.enumerated() {
            resolver.register(name: .init(name)) { Formatter(style: style) }.scope(.unique)
        }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: Check.named { resolverBox.value.resolve(Formatter.self, name: .init(name)) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Formatter.self, name: .init(name))) }
            },
            Variant(implementation: .factory, check: Check.named { factory.formatter(name) }) { n in
                for _ in 0..<n { blackHole(factory.formatter(name)) }
            },
        ]
    }

    static func singletonTwoThreads() -> [Variant] {
        singleton()
    }
}
#else
extension Implementation {
    static let peers: [Implementation] = [.swinject]
    static let peersBuiltIn = false
}

/// Without the side-by-side build there is no peer but Swinject.
enum Peers {
    static func transient() -> [Variant] { [] }
    static func singleton() -> [Variant] { [] }
    static func graph() -> [Variant] { [] }
    static func named(_ name: String) -> [Variant] { [] }
    static func singletonTwoThreads() -> [Variant] { [] }
}
#endif
