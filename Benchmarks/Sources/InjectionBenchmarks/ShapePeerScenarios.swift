// Resolver, Factory and swift-dependencies in the other shapes (ShapeScenarios.swift), each
// spelled as its README spells it. Compiled only in the side-by-side build (`Benchmarks/peers.sh`).
//
// - Resolver: `register { Fetcher() as Fetching }` in its default scope (`.graph`), `.application`
//   for a singleton, `.cached` for a cached one; factories resolve with `r.resolve()`; arguments
//   with `register { _, args in … }` and `resolve(args:)`; `optional()`; `@Injected` and the
//   static `Resolver.resolve()` from `Resolver.main`.
// - Factory: computed `Factory` properties on a container (`self { … }`, `.singleton`, `.cached`),
//   called as functions; a `ParameterFactory` for an argument; `promised()` for a service that
//   may be registered nowhere (nil in a release build); `@Injected(\.x)` and
//   `Container.shared.x()` on Factory's default container.
// - swift-dependencies: a `DependencyKey` per service, read with `@Dependency(\.x)`; a transient
//   service is a client whose closure builds one (``Maker``, as in PeerScenarios.swift), one
//   with an argument a closure that takes it; a singleton is the key's `liveValue`, which the
//   library keeps (it has no separate "cached" scope). It has no "not registered": every key has
//   a value, so it has no optional-missing variant.

#if canImport(Resolver) && canImport(FactoryKit) && canImport(Dependencies)
import Dependencies
import FactoryKit
import Resolver

// MARK: - Factory: the shapes' factories

extension PeerFactoryContainer {
    var fetcher: FactoryKit.Factory<any Fetching> { self { Fetcher() } }

    var link1: FactoryKit.Factory<Link1> { self { Link1(next: self.link2()) } }
    var link2: FactoryKit.Factory<Link2> { self { Link2(next: self.link3()) } }
    var link3: FactoryKit.Factory<Link3> { self { Link3(next: self.link4()) } }
    var link4: FactoryKit.Factory<Link4> { self { Link4(next: self.link5()) } }
    var link5: FactoryKit.Factory<Link5> { self { Link5(next: self.link6()) } }
    var link6: FactoryKit.Factory<Link6> { self { Link6() } }

    var dashboard: FactoryKit.Factory<Dashboard> {
        self {
            Dashboard(
                p1: self.part1(), p2: self.part2(), p3: self.part3(), p4: self.part4(),
                p5: self.part5(), p6: self.part6(), p7: self.part7(), p8: self.part8())
        }
    }
    var part1: FactoryKit.Factory<Part1> { self { Part1() } }
    var part2: FactoryKit.Factory<Part2> { self { Part2() } }
    var part3: FactoryKit.Factory<Part3> { self { Part3() } }
    var part4: FactoryKit.Factory<Part4> { self { Part4() } }
    var part5: FactoryKit.Factory<Part5> { self { Part5() } }
    var part6: FactoryKit.Factory<Part6> { self { Part6() } }
    var part7: FactoryKit.Factory<Part7> { self { Part7() } }
    var part8: FactoryKit.Factory<Part8> { self { Part8() } }

    var appConfig: FactoryKit.Factory<AppConfig> { self { AppConfig() }.singleton }
    var store: FactoryKit.Factory<Store> { self { Store() }.cached }
    var worker: FactoryKit.Factory<Worker> { self { Worker(config: self.appConfig()) } }
    var screen: FactoryKit.Factory<Screen> {
        self { Screen(config: self.appConfig(), store: self.store(), worker: self.worker()) }
    }

    var account: ParameterFactory<Int, Account> { self { id in Account(id: id) } }
    var profile: ParameterFactory<(Int, String), Profile> { self { id, name in Profile(id: id, name: name) } }
    var badge: ParameterFactory<(Int, String, Double), Badge> {
        self { id, name, level in Badge(id: id, name: name, level: level) }
    }
    var analytics: FactoryKit.Factory<(any Analytics)?> { promised() }
}

/// Factory's default container, as its README uses it: `Container.shared.fetcher()`, `@Injected(\.x)`.
extension FactoryKit.Container {
    var shapeFetcher: FactoryKit.Factory<any Fetching> { self { Fetcher() } }
    var shapeTracker: FactoryKit.Factory<Tracker> { self { Tracker() }.singleton }
}

// MARK: - swift-dependencies: the shapes' keys

/// A transient service built from an argument, in swift-dependencies' idiom: a client whose
/// closure takes it.
struct ArgumentMaker<Argument, Value>: Sendable {
    let make: @Sendable (Argument) -> Value
}

private enum FetcherKey: DependencyKey { static let liveValue = Maker<any Fetching> { Fetcher() } }
private enum Link1Key: DependencyKey { static let liveValue = Maker { @Dependency(\.link2) var next; return Link1(next: next.make()) } }
private enum Link2Key: DependencyKey { static let liveValue = Maker { @Dependency(\.link3) var next; return Link2(next: next.make()) } }
private enum Link3Key: DependencyKey { static let liveValue = Maker { @Dependency(\.link4) var next; return Link3(next: next.make()) } }
private enum Link4Key: DependencyKey { static let liveValue = Maker { @Dependency(\.link5) var next; return Link4(next: next.make()) } }
private enum Link5Key: DependencyKey { static let liveValue = Maker { @Dependency(\.link6) var next; return Link5(next: next.make()) } }
private enum Link6Key: DependencyKey { static let liveValue = Maker { Link6() } }
private enum DashboardKey: DependencyKey {
    static let liveValue = Maker {
        @Dependency(\.part1) var p1
        @Dependency(\.part2) var p2
        @Dependency(\.part3) var p3
        @Dependency(\.part4) var p4
        @Dependency(\.part5) var p5
        @Dependency(\.part6) var p6
        @Dependency(\.part7) var p7
        @Dependency(\.part8) var p8
        return Dashboard(
            p1: p1.make(), p2: p2.make(), p3: p3.make(), p4: p4.make(),
            p5: p5.make(), p6: p6.make(), p7: p7.make(), p8: p8.make())
    }
}
private enum Part1Key: DependencyKey { static let liveValue = Maker { Part1() } }
private enum Part2Key: DependencyKey { static let liveValue = Maker { Part2() } }
private enum Part3Key: DependencyKey { static let liveValue = Maker { Part3() } }
private enum Part4Key: DependencyKey { static let liveValue = Maker { Part4() } }
private enum Part5Key: DependencyKey { static let liveValue = Maker { Part5() } }
private enum Part6Key: DependencyKey { static let liveValue = Maker { Part6() } }
private enum Part7Key: DependencyKey { static let liveValue = Maker { Part7() } }
private enum Part8Key: DependencyKey { static let liveValue = Maker { Part8() } }
private enum AppConfigKey: DependencyKey { static let liveValue = AppConfig() }
private enum StoreKey: DependencyKey { static let liveValue = Store() }
private enum WorkerKey: DependencyKey {
    static let liveValue = Maker { @Dependency(\.appConfig) var config; return Worker(config: config) }
}
private enum ScreenKey: DependencyKey {
    static let liveValue = Maker {
        @Dependency(\.appConfig) var config
        @Dependency(\.store) var store
        @Dependency(\.worker) var worker
        return Screen(config: config, store: store, worker: worker.make())
    }
}
private enum TrackerKey: DependencyKey { static let liveValue = Tracker() }
private enum AccountKey: DependencyKey { static let liveValue = ArgumentMaker<Int, Account> { id in Account(id: id) } }
private enum BadgeKey: DependencyKey {
    static let liveValue = ArgumentMaker<(Int, String, Double), Badge> { id, name, level in Badge(id: id, name: name, level: level) }
}
private enum ProfileKey: DependencyKey {
    static let liveValue = ArgumentMaker<(Int, String), Profile> { id, name in Profile(id: id, name: name) }
}

extension DependencyValues {
    var shapeFetcher: Maker<any Fetching> { self[FetcherKey.self] }
    var link1: Maker<Link1> { self[Link1Key.self] }
    var link2: Maker<Link2> { self[Link2Key.self] }
    var link3: Maker<Link3> { self[Link3Key.self] }
    var link4: Maker<Link4> { self[Link4Key.self] }
    var link5: Maker<Link5> { self[Link5Key.self] }
    var link6: Maker<Link6> { self[Link6Key.self] }
    var dashboard: Maker<Dashboard> { self[DashboardKey.self] }
    var part1: Maker<Part1> { self[Part1Key.self] }
    var part2: Maker<Part2> { self[Part2Key.self] }
    var part3: Maker<Part3> { self[Part3Key.self] }
    var part4: Maker<Part4> { self[Part4Key.self] }
    var part5: Maker<Part5> { self[Part5Key.self] }
    var part6: Maker<Part6> { self[Part6Key.self] }
    var part7: Maker<Part7> { self[Part7Key.self] }
    var part8: Maker<Part8> { self[Part8Key.self] }
    var appConfig: AppConfig { self[AppConfigKey.self] }
    var store: Store { self[StoreKey.self] }
    var worker: Maker<Worker> { self[WorkerKey.self] }
    var screen: Maker<Screen> { self[ScreenKey.self] }
    var tracker: Tracker { self[TrackerKey.self] }
    var account: ArgumentMaker<Int, Account> { self[AccountKey.self] }
    var profile: ArgumentMaker<(Int, String), Profile> { self[ProfileKey.self] }
    var badge: ArgumentMaker<(Int, String, Double), Badge> { self[BadgeKey.self] }
}

/// A view model injecting through `@Dependency`: the transient service's client and the singleton.
final class DependenciesViewModel {
    @Dependency(\.shapeFetcher) var fetcher
    @Dependency(\.tracker) var tracker
}

// MARK: - The variants, one list per shape

enum ShapePeers {
    /// Resolver's and Factory's global registrations for the property-wrapper and global scenarios.
    static func registerInSharedContainers() {
        Resolver.register { Fetcher() as Fetching }
        Resolver.register { Tracker() }.scope(.application)
    }

    static func protocolTyped() -> [Variant] {
        let resolver = Resolver()
        resolver.register { Fetcher() as Fetching }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.protocolTyped { resolverBox.value.resolve(Fetching.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Fetching.self)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.protocolTyped { factory.fetcher() }) { n in
                for _ in 0..<n { blackHole(factory.fetcher()) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.protocolTyped { @Dependency(\.shapeFetcher) var fetcher; return fetcher.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.shapeFetcher) var fetcher
                    blackHole(fetcher.make())
                }
            },
        ]
    }

    static func chain() -> [Variant] {
        let resolver = Resolver()
        resolver.register { r in Link1(next: r.resolve()) }
        resolver.register { r in Link2(next: r.resolve()) }
        resolver.register { r in Link3(next: r.resolve()) }
        resolver.register { r in Link4(next: r.resolve()) }
        resolver.register { r in Link5(next: r.resolve()) }
        resolver.register { Link6() }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.chain { resolverBox.value.resolve(Link1.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Link1.self)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.chain { factory.link1() }) { n in
                for _ in 0..<n { blackHole(factory.link1()) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.chain { @Dependency(\.link1) var link; return link.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.link1) var link
                    blackHole(link.make())
                }
            },
        ]
    }

    static func wide() -> [Variant] {
        let resolver = Resolver()
        resolver.register { r in
            Dashboard(
                p1: r.resolve(), p2: r.resolve(), p3: r.resolve(), p4: r.resolve(),
                p5: r.resolve(), p6: r.resolve(), p7: r.resolve(), p8: r.resolve())
        }
        resolver.register { Part1() }
        resolver.register { Part2() }
        resolver.register { Part3() }
        resolver.register { Part4() }
        resolver.register { Part5() }
        resolver.register { Part6() }
        resolver.register { Part7() }
        resolver.register { Part8() }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.wide { resolverBox.value.resolve(Dashboard.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Dashboard.self)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.wide { factory.dashboard() }) { n in
                for _ in 0..<n { blackHole(factory.dashboard()) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.wide { @Dependency(\.dashboard) var dashboard; return dashboard.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.dashboard) var dashboard
                    blackHole(dashboard.make())
                }
            },
        ]
    }

    static func mixedScopes() -> [Variant] {
        let resolver = Resolver()
        resolver.register { AppConfig() }.scope(.application)
        resolver.register { Store() }.scope(.cached)
        resolver.register { r in Worker(config: r.resolve()) }
        resolver.register { r in Screen(config: r.resolve(), store: r.resolve(), worker: r.resolve()) }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.mixed { resolverBox.value.resolve(Screen.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Screen.self)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.mixed { factory.screen() }) { n in
                for _ in 0..<n { blackHole(factory.screen()) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.mixed { @Dependency(\.screen) var screen; return screen.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.screen) var screen
                    blackHole(screen.make())
                }
            },
        ]
    }

    static func propertyWrappers() -> [Variant] {
        [
            Variant(implementation: .resolver, check: ShapeCheck.wrapped {
                let model = ResolverViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = ResolverViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .factory, check: ShapeCheck.wrapped {
                let model = FactoryViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = FactoryViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.wrapped {
                let model = DependenciesViewModel()
                return (model.fetcher.make(), model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = DependenciesViewModel()
                    blackHole(model.fetcher.make()); blackHole(model.tracker)
                }
            },
        ]
    }

    static func lazyPropertyWrappers() -> [Variant] {
        [
            Variant(implementation: .resolver, check: ShapeCheck.wrapped {
                let model = ResolverLazyViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = ResolverLazyViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .factory, check: ShapeCheck.wrapped {
                let model = FactoryLazyViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = FactoryLazyViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.wrapped {
                let model = DependenciesViewModel()
                return (model.fetcher.make(), model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = DependenciesViewModel()
                    blackHole(model.fetcher.make()); blackHole(model.tracker)
                }
            },
        ]
    }

    static func globalContainer() -> [Variant] {
        [
            Variant(implementation: .resolver, check: ShapeCheck.protocolTyped { Resolver.resolve(Fetching.self) }) { n in
                for _ in 0..<n { blackHole(Resolver.resolve(Fetching.self)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.protocolTyped { FactoryKit.Container.shared.shapeFetcher() }) { n in
                for _ in 0..<n { blackHole(FactoryKit.Container.shared.shapeFetcher()) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.protocolTyped { @Dependency(\.shapeFetcher) var fetcher; return fetcher.make() }) { n in
                for _ in 0..<n {
                    @Dependency(\.shapeFetcher) var fetcher
                    blackHole(fetcher.make())
                }
            },
        ]
    }

    static func argument(_ id: Int) -> [Variant] {
        let resolver = Resolver()
        resolver.register { _, args in Account(id: args()) }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.argument { resolverBox.value.resolve(Account.self, args: id) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Account.self, args: id)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.argument { factory.account(id) }) { n in
                for _ in 0..<n { blackHole(factory.account(id)) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.argument { @Dependency(\.account) var account; return account.make(id) }) { n in
                for _ in 0..<n {
                    @Dependency(\.account) var account
                    blackHole(account.make(id))
                }
            },
        ]
    }

    static func twoArguments(_ id: Int, _ name: String) -> [Variant] {
        let resolver = Resolver()
        resolver.register { _, args in Profile(id: args("id"), name: args("name")) }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.arguments { resolverBox.value.resolve(Profile.self, args: ["id": id, "name": name]) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Profile.self, args: ["id": id, "name": name])) }
            },
            Variant(implementation: .factory, check: ShapeCheck.arguments { factory.profile((id, name)) }) { n in
                for _ in 0..<n { blackHole(factory.profile((id, name))) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.arguments { @Dependency(\.profile) var profile; return profile.make((id, name)) }) { n in
                for _ in 0..<n {
                    @Dependency(\.profile) var profile
                    blackHole(profile.make((id, name)))
                }
            },
        ]
    }

    static func threeArguments(_ id: Int, _ name: String, _ level: Double) -> [Variant] {
        let resolver = Resolver()
        resolver.register { _, args in Badge(id: args("id"), name: args("name"), level: args("level")) }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.threeArguments { resolverBox.value.resolve(Badge.self, args: ["id": id, "name": name, "level": level]) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.resolve(Badge.self, args: ["id": id, "name": name, "level": level])) }
            },
            Variant(implementation: .factory, check: ShapeCheck.threeArguments { factory.badge((id, name, level)) }) { n in
                for _ in 0..<n { blackHole(factory.badge((id, name, level))) }
            },
            Variant(implementation: .swiftDependencies, check: ShapeCheck.threeArguments { @Dependency(\.badge) var badge; return badge.make((id, name, level)) }) { n in
                for _ in 0..<n {
                    @Dependency(\.badge) var badge
                    blackHole(badge.make((id, name, level)))
                }
            },
        ]
    }

    static func optionalMissing() -> [Variant] {
        let resolver = Resolver()
        resolver.register { Fetcher() as Fetching }
        let resolverBox = PeerBox(resolver)
        let factory = PeerFactoryContainer()
        return [
            Variant(implementation: .resolver, check: ShapeCheck.missing { resolverBox.value.optional(Analytics.self) }) { n in
                let resolver = resolverBox.value
                for _ in 0..<n { blackHole(resolver.optional(Analytics.self)) }
            },
            Variant(implementation: .factory, check: ShapeCheck.missing { factory.analytics() }) { n in
                for _ in 0..<n { blackHole(factory.analytics()) }
            },
        ]
    }
}
#else
/// Without the side-by-side build there is no peer but Swinject.
enum ShapePeers {
    static func registerInSharedContainers() {}
    static func protocolTyped() -> [Variant] { [] }
    static func chain() -> [Variant] { [] }
    static func wide() -> [Variant] { [] }
    static func mixedScopes() -> [Variant] { [] }
    static func propertyWrappers() -> [Variant] { [] }
    static func lazyPropertyWrappers() -> [Variant] { [] }
    static func globalContainer() -> [Variant] { [] }
    static func argument(_ id: Int) -> [Variant] { [] }
    static func twoArguments(_ id: Int, _ name: String) -> [Variant] { [] }
    static func threeArguments(_ id: Int, _ name: String, _ level: Double) -> [Variant] { [] }
    static func optionalMissing() -> [Variant] { [] }
}
#endif
