// Resolver, Factory and swift-dependencies in the churn scenarios (ChurnScenarios.swift), each
// spelled as its README spells it. Compiled only in the side-by-side build (`Benchmarks/peers.sh`).
//
// - Resolver: `register { MockNetwork() as Networking }` on its own `Resolver()` (the last
//   registration wins), `register(name:)` for names, `Resolver(child:)` for the container a
//   child falls back to (Resolver calls that container the child), `.scope(.shared)`, and
//   `.scope(.cached)` with `ResolverScope.cached.reset()` (Resolver's cached scope is one cache
//   for the process, reset for every container at once).
// - Factory: a factory declared on the custom container (`self { Network() }`) and overridden
//   with `.register { MockNetwork() }`, as its README's tests do; `.shared`; `.cached` with
//   `manager.reset(scope: .cached)`. Factory's keys are its container's members, known at
//   compile time: it has no names, so it has no growing variant (no new key can be made at run
//   time), and no parent containers, so no child variant.
// - swift-dependencies: the override is `withDependencies { $0.x = … } operation: { … }`, its
//   test idiom, in the 200-registration scenario only: its keys are types known at compile time,
//   and the values an override copies are the overrides in effect, not a table of registrations
//   to fill. It has no container to make, grow or nest, and no weak or resettable scope.

#if canImport(Resolver) && canImport(FactoryKit) && canImport(Dependencies)
import Dependencies
import FactoryKit
import Resolver

// MARK: - Factory: the churn scenarios' factories

extension PeerFactoryContainer {
    var churnNetwork: FactoryKit.Factory<any Networking> { self { Network() } }

    var module1: FactoryKit.Factory<Module1> { self { Module1() } }
    var module2: FactoryKit.Factory<Module2> { self { Module2() } }
    var module3: FactoryKit.Factory<Module3> { self { Module3() } }
    var module4: FactoryKit.Factory<Module4> { self { Module4() } }
    var module5: FactoryKit.Factory<Module5> { self { Module5() } }
    var module6: FactoryKit.Factory<Module6> { self { Module6() } }
    var module7: FactoryKit.Factory<Module7> { self { Module7() } }
    var module8: FactoryKit.Factory<Module8> { self { Module8() } }
    var module9: FactoryKit.Factory<Module9> { self { Module9() } }
    var module10: FactoryKit.Factory<Module10> { self { Module10() } }

    var churnPreferences: FactoryKit.Factory<Preferences> { self { Preferences() }.shared }
    var churnCatalog: FactoryKit.Factory<Catalog> { self { Catalog() }.cached }

    /// One of the other registrations of the override scenarios. Factory keys a registration by
    /// the member and the type it makes, so `count` registrations take `count` types:
    /// ``TaggedFiller``s told apart by a type argument (made before timing; the timed override
    /// touches `churnNetwork` only).
    func filler<Tag>(_: Tag.Type) -> FactoryKit.Factory<TaggedFiller<Tag>> { self { TaggedFiller() } }
}

/// A ``Filler`` of its own type for each of Factory's other registrations.
final class TaggedFiller<Tag>: Sendable {}

/// The type arguments of Factory's fillers: the index's bits spelled as nested `Zero`s and `One`s
/// (`One<Zero<One<Void>>>` is 5), a distinct type for each index.
private enum FillerTags {
    enum Zero<Inner> {}
    enum One<Inner> {}

    static func tag(_ index: Int) -> any Any.Type {
        var tag: any Any.Type = Void.self
        var rest = index
        repeat {
            if rest & 1 == 0 { tag = zero(tag) } else { tag = one(tag) }
            rest >>= 1
        } while rest > 0
        return tag
    }

    private static func zero<Inner>(_: Inner.Type) -> any Any.Type { Zero<Inner>.self }
    private static func one<Inner>(_: Inner.Type) -> any Any.Type { One<Inner>.self }

    /// Registers the filler of `index` in `factory`, as an app's `.register {}` would.
    static func register(_ index: Int, in factory: PeerFactoryContainer) {
        register(tag(index), in: factory)
    }

    private static func register<Tag>(_: Tag.Type, in factory: PeerFactoryContainer) {
        factory.filler(Tag.self).register { TaggedFiller<Tag>() }
    }
}

// MARK: - swift-dependencies: the overridden key

private enum ChurnNetworkKey: DependencyKey { static let liveValue = Maker<any Networking> { Network() } }

extension DependencyValues {
    var churnNetwork: Maker<any Networking> {
        get { self[ChurnNetworkKey.self] }
        set { self[ChurnNetworkKey.self] = newValue }
    }
}

// MARK: - The variants, one list per scenario

enum ChurnPeers {
    /// `fillers` are the names of the other registrations; swift-dependencies only when there
    /// are not `large`ly many (it holds none: see the top of this file).
    static func override(_ fillers: [String], large: Bool) -> [Variant] {
        let resolver = Resolver()
        for name in fillers { resolver.register(name: .init(name)) { Filler() } }
        resolver.register { Network() as Networking }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        for index in fillers.indices { FillerTags.register(index, in: factory) }
        factory.churnNetwork.register { Network() }
        let variants = [
            Variant(implementation: .resolver, check: ChurnCheck.override { mock in
                let resolver = resolverBox.value
                if mock { resolver.register { MockNetwork() as Networking } } else { resolver.register { Network() as Networking } }
                return resolver.resolve(Networking.self)
            }) { n in
                let resolver = resolverBox.value
                for i in 0..<n {
                    if i & 1 == 0 { resolver.register { MockNetwork() as Networking } } else { resolver.register { Network() as Networking } }
                    blackHole(resolver.resolve(Networking.self))
                }
            },
            Variant(implementation: .factory, check: ChurnCheck.override { mock in
                if mock { factory.churnNetwork.register { MockNetwork() } } else { factory.churnNetwork.register { Network() } }
                return factory.churnNetwork()
            }) { n in
                for i in 0..<n {
                    if i & 1 == 0 { factory.churnNetwork.register { MockNetwork() } } else { factory.churnNetwork.register { Network() } }
                    blackHole(factory.churnNetwork())
                }
            },
        ]
        guard !large else { return variants }
        return variants + [
            Variant(implementation: .swiftDependencies, check: ChurnCheck.override { mock in
                withDependencies {
                    $0.churnNetwork = mock ? Maker { MockNetwork() } : Maker { Network() }
                } operation: {
                    @Dependency(\.churnNetwork) var network
                    return network.make()
                }
            }) { n in
                for i in 0..<n {
                    blackHole(withDependencies {
                        $0.churnNetwork = i & 1 == 0 ? Maker { MockNetwork() } : Maker { Network() }
                    } operation: {
                        @Dependency(\.churnNetwork) var network
                        return network.make()
                    })
                }
            },
        ]
    }

    static func startup() -> [Variant] {
        [
            Variant(implementation: .resolver, check: ChurnCheck.startup {
                let resolver = startedResolver()
                return [resolver.resolve(Module1.self).value, resolver.resolve(Module2.self).value,
                        resolver.resolve(Module3.self).value, resolver.resolve(Module4.self).value,
                        resolver.resolve(Module5.self).value, resolver.resolve(Module6.self).value,
                        resolver.resolve(Module7.self).value, resolver.resolve(Module8.self).value,
                        resolver.resolve(Module9.self).value, resolver.resolve(Module10.self).value]
            }) { n in
                for _ in 0..<n { blackHole(startedResolver().resolve(Module1.self)) }
            },
            Variant(implementation: .factory, check: ChurnCheck.startup {
                let factory = startedFactory()
                return [factory.module1().value, factory.module2().value, factory.module3().value,
                        factory.module4().value, factory.module5().value, factory.module6().value,
                        factory.module7().value, factory.module8().value, factory.module9().value,
                        factory.module10().value]
            }) { n in
                for _ in 0..<n { blackHole(startedFactory().module1()) }
            },
        ]
    }

    @inline(__always)
    private static func startedResolver() -> Resolver {
        let resolver = Resolver()
        resolver.register { Module1() }
        resolver.register { Module2() }
        resolver.register { Module3() }
        resolver.register { Module4() }
        resolver.register { Module5() }
        resolver.register { Module6() }
        resolver.register { Module7() }
        resolver.register { Module8() }
        resolver.register { Module9() }
        resolver.register { Module10() }
        return resolver
    }

    /// A new custom container whose ten factories are registered at run time, as the other
    /// libraries' are (a factory's declaration alone registers nothing in Factory).
    @inline(__always)
    private static func startedFactory() -> PeerFactoryContainer {
        let factory = PeerFactoryContainer()
        factory.module1.register { Module1() }
        factory.module2.register { Module2() }
        factory.module3.register { Module3() }
        factory.module4.register { Module4() }
        factory.module5.register { Module5() }
        factory.module6.register { Module6() }
        factory.module7.register { Module7() }
        factory.module8.register { Module8() }
        factory.module9.register { Module9() }
        factory.module10.register { Module10() }
        return factory
    }

    static func grow() -> [Variant] {
        [
            Variant(implementation: .resolver, check: ChurnCheck.grow { names in
                let resolver = Resolver()
                let built = names.map { name in
                    resolver.register(name: .init(name)) { Feature() }
                    return resolver.resolve(Feature.self, name: .init(name))
                }
                return (built, resolver.optional(Feature.self, name: .init(names[0])))
            }) { n in
                ChurnNames.grow(n, make: { Resolver() }) { resolver, name in
                    resolver.register(name: .init(name)) { Feature() }
                    blackHole(resolver.resolve(Feature.self, name: .init(name)))
                }
            },
        ]
    }

    static func child() -> [Variant] {
        let parent = Resolver()
        parent.register { Fetcher() as Fetching }
        let resolver = Resolver(child: parent)
        resolver.register { Leaf() }
        let resolverBox = PeerBox(resolver)
        return [
            Variant(implementation: .resolver, check: ChurnCheck.child { resolverBox.value.resolve(Fetching.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Fetching.self)) }
            },
        ]
    }

    static func sharedScope() -> [Variant] {
        let resolver = Resolver()
        resolver.register { Preferences() }.scope(.shared)
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ChurnCheck.shared { resolverBox.value.resolve(Preferences.self) }) { n in
                let resolver = resolverBox.value
                let held = resolver.resolve(Preferences.self)
                for _ in 0..<n { blackHole(resolver.resolve(Preferences.self)) }
                withExtendedLifetime(held) {}
            },
            Variant(implementation: .factory, check: ChurnCheck.shared { factory.churnPreferences() }) { n in
                let held = factory.churnPreferences()
                for _ in 0..<n { blackHole(factory.churnPreferences()) }
                withExtendedLifetime(held) {}
            },
        ]
    }

    static func cachedReset() -> [Variant] {
        let resolver = Resolver()
        resolver.register { Catalog() }.scope(.cached)
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ChurnCheck.reset(
                reset: { ResolverScope.cached.reset() },
                resolve: { resolverBox.value.resolve(Catalog.self) })
            ) { n in
                let resolver = resolverBox.value
                for _ in 0..<n {
                    ResolverScope.cached.reset()
                    blackHole(resolver.resolve(Catalog.self))
                }
            },
            Variant(implementation: .factory, check: ChurnCheck.reset(
                reset: { factory.manager.reset(scope: .cached) },
                resolve: { factory.churnCatalog() })
            ) { n in
                for _ in 0..<n {
                    factory.manager.reset(scope: .cached)
                    blackHole(factory.churnCatalog())
                }
            },
        ]
    }
}
#else
/// Without the side-by-side build there is no peer but Swinject.
enum ChurnPeers {
    static func override(_ fillers: [String], large: Bool) -> [Variant] { [] }
    static func startup() -> [Variant] { [] }
    static func grow() -> [Variant] { [] }
    static func child() -> [Variant] { [] }
    static func sharedScope() -> [Variant] { [] }
    static func cachedReset() -> [Variant] { [] }
}
#endif
