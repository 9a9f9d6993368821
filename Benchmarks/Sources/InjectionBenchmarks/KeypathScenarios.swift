import Injection

// Keypath providers (`Container[\.bench.leaf]`): transient, cached, and through an active
// mapping, against the same baselines as the type-keyed scenarios.

extension DIContainer {
    var bench: BenchLayer { BenchLayer(container: self) }
}

struct BenchLayer: DependencyLayer {
    let container: DIContainer
    var leaf: Provider<Leaf> { provide { Leaf() } }
    var mockLeaf: Provider<Leaf> { provide { Leaf() } }
    var session: Provider<Session> { provide(.cached) { Session() } }
}

// The layered style with an assembly (seed 002): a layer protocol, the installed assembly's
// implementation of it, reached through the container (`container.benchLayers.leaf()`).
protocol BenchLayerProtocol: DependencyLayer {
    var leaf: Provider<Leaf> { get }
    var session: Provider<Session> { get }
}
protocol BenchAssembly: Assembly {
    func layer(_ container: DIContainer) -> any BenchLayerProtocol
}
struct LiveBenchLayer: BenchLayerProtocol {
    let container: DIContainer
    var leaf: Provider<Leaf> { provide { Leaf() } }
    var session: Provider<Session> { provide(.cached) { Session() } }
}
struct LiveBenchAssembly: BenchAssembly {
    func layer(_ container: DIContainer) -> any BenchLayerProtocol { LiveBenchLayer(container: container) }
}
extension DIContainer {
    var benchLayers: any BenchLayerProtocol { assembly(BenchAssembly.self).layer(self) }
}

extension Implementation {
    /// This library, keypath providers.
    static let injectionKeyPath = Implementation(name: "Injection, keypath")
    /// This library, a keypath provider called directly (`container.bench.leaf()`).
    static let injectionProvider = Implementation(name: "Injection, provider called directly")
    /// This library, a keypath held in a variable (`container[path]`): resolved by the keypath's
    /// identity, as `@Injected(\.x)` and other held keypaths are, where a literal builds none.
    static let injectionHeldKeyPath = Implementation(name: "Injection, held keypath")
    /// This library, a provider called directly on a layer an assembly gives
    /// (`container.benchLayers.leaf()`, seed 002's layered style).
    static let injectionAssemblyProvider = Implementation(name: "Injection, provider of an assembly's layer")
    /// This library, a keypath literal resolved from a container two levels below the root
    /// (the mapping check asks each ancestor's flag).
    static let injectionKeyPathFromGrandchild = Implementation(name: "Injection, keypath from a grandchild")
    /// This library, a provider called directly on a container two levels below the root.
    static let injectionProviderFromGrandchild = Implementation(name: "Injection, provider from a grandchild")
    /// This library, keypath provider redirected by an active mapping.
    static let injectionMapped = Implementation(name: "Injection, keypath via mapping")
}

extension Scenario {
    static func keypathTransient() -> Scenario {
        let dictionary = DictionaryResolver()
        dictionary.register(Leaf.self) { Leaf() }
        let container = DIContainer(name: "bench.keypath-transient")
        container.register { Leaf() }
        container.use(LiveBenchAssembly())
        let mapped = DIContainer(name: "bench.keypath-mapped")
        mapped.map(\.bench.mockLeaf, to: \.bench.leaf)
        let heldLeaf: any KeyPath<DIContainer, Provider<Leaf>> & Sendable = \.bench.leaf
        return Scenario(id: "keypath-transient", title: "keypath, transient", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Leaf()) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Leaf.self)) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(Leaf.self)) }
            },
            Variant(implementation: .injectionKeyPath) { n in
                for _ in 0..<n { blackHole(container[\.bench.leaf]) }
            },
            Variant(implementation: .injectionProvider) { n in
                for _ in 0..<n { blackHole(container.bench.leaf()) }
            },
            Variant(implementation: .injectionHeldKeyPath) { n in
                for _ in 0..<n { blackHole(container[heldLeaf]) }
            },
            Variant(implementation: .injectionAssemblyProvider) { n in
                for _ in 0..<n { blackHole(container.benchLayers.leaf()) }
            },
            Variant(implementation: .injectionMapped) { n in
                for _ in 0..<n { blackHole(mapped[\.bench.leaf]) }
            },
        ])
    }

    static func keypathCached() -> Scenario {
        let dictionary = DictionaryResolver()
        let session = Session()
        dictionary.register(Session.self) { session }
        let container = DIContainer(name: "bench.keypath-cached")
        container.register(scope: .cached) { Session() }
        container.use(LiveBenchAssembly())
        _ = container.resolve(Session.self)
        _ = container[\.bench.session]
        let heldSession: any KeyPath<DIContainer, Provider<Session>> & Sendable = \.bench.session
        let grandchild = DIContainer(
            name: "bench.keypath-cached.grandchild",
            parent: DIContainer(name: "bench.keypath-cached.child", parent: DIContainer(name: "bench.keypath-cached.root")))
        grandchild.use(LiveBenchAssembly())
        _ = grandchild[\.bench.session]
        return Scenario(id: "keypath-cached", title: "keypath, cached", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(session) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Session.self)) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(Session.self)) }
            },
            Variant(implementation: .injectionKeyPath) { n in
                for _ in 0..<n { blackHole(container[\.bench.session]) }
            },
            Variant(implementation: .injectionProvider) { n in
                for _ in 0..<n { blackHole(container.bench.session()) }
            },
            Variant(implementation: .injectionHeldKeyPath) { n in
                for _ in 0..<n { blackHole(container[heldSession]) }
            },
            Variant(implementation: .injectionAssemblyProvider) { n in
                for _ in 0..<n { blackHole(container.benchLayers.session()) }
            },
            Variant(implementation: .injectionKeyPathFromGrandchild) { n in
                for _ in 0..<n { blackHole(grandchild[\.bench.session]) }
            },
            Variant(implementation: .injectionProviderFromGrandchild) { n in
                for _ in 0..<n { blackHole(grandchild.bench.session()) }
            },
        ])
    }
}

extension Target {
    /// A keypath resolve, by subscript or a provider called directly, costs at most 1.1× the
    /// type-keyed resolve of the same service.
    static let keypath: [Target] = [
        .ratio("keypath transient ≤ 1.1× type-keyed", scenario: "keypath-transient", .injectionKeyPath, atMost: 1.1, of: .injection),
        .ratio("provider called directly, transient ≤ 1.1× type-keyed", scenario: "keypath-transient", .injectionProvider, atMost: 1.1, of: .injection),
        .ratio("keypath cached ≤ 1.1× type-keyed", scenario: "keypath-cached", .injectionKeyPath, atMost: 1.1, of: .injection),
        .ratio("provider called directly, cached ≤ 1.1× type-keyed", scenario: "keypath-cached", .injectionProvider, atMost: 1.1, of: .injection),
    ]
}
