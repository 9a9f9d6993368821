import Injection
import Swinject

// Other service shapes, each spelled as every library's documentation spells it (issue 17's
// "other service shapes and peers' idiomatic spellings"): a protocol-typed service, a chain six
// deep, a service with eight dependencies, a screen mixing scopes, a view model built through each
// library's property wrapper, the global container's resolve, a resolve with an argument, and the
// optional resolve of a service nobody registered. Every implementation passes the same
// ``ShapeCheck`` before it is timed; the peers other than Swinject are in ShapePeerScenarios.swift.
//
// Registrations use each library's default scope where the default builds a new instance per
// resolve: Swinject's and Resolver's default is `.graph` (one instance per type within one
// resolve; no shape here asks for a type twice in one resolve, so it answers as a transient).

extension Implementation {
    /// This library through `@Service` (the lifetime-first spelling of `@Injected`).
    static let injectionService = Implementation(name: "Injection, @Service")
    /// This library through `@Inject(\.layer.member)`, keypath providers.
    static let injectionInject = Implementation(name: "Injection, @Inject keypath")
    /// This library, a keypath provider called directly (`container.shapes.fetcher()`).
    static let injectionShapeProvider = Implementation(name: "Injection, provider called directly")
    /// This library, arguments passed by key (`args: ["id": 42]`, read with `args("id")`).
    static let injectionKeyedArguments = Implementation(name: "Injection, keyed arguments")
    /// This library, arguments passed as a labelled tuple and read by key (`args: (id: 42, name:
    /// "grace")`, read with `args("id")`): keyed, without a dictionary.
    static let injectionLabelledArguments = Implementation(name: "Injection, labelled arguments")
    /// This library, `@LazyInjected(\.layer.member)`.
    static let injectionLazyKeyPath = Implementation(name: "Injection, @LazyInjected keypath")
    /// This library, a model with an `@OptionalInjected` property (made, the property read).
    static let injectionOptionalInjected = Implementation(name: "Injection, @OptionalInjected model")
    /// This library, `Container.shared.resolve(…)`.
    static let injectionSharedResolve = Implementation(name: "Injection, Container.shared.resolve")
}

extension Scenario {
    /// The other shapes, in table order.
    static func shapes() -> [Scenario] {
        [protocolTyped(), chain(), wide(), mixedScopes(), propertyWrappers(), lazyPropertyWrappers(), globalContainer(), argument(),
         twoArguments(), threeArguments(), optionalMissing()]
    }

    /// Registered as a protocol, resolved as the protocol; a new instance per resolve.
    static func protocolTyped() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Fetching.self) { _ in Fetcher() }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.protocol")
        container.register { Fetcher() as Fetching }
        return Scenario(id: "shape-protocol", title: "protocol-typed, transient", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Fetcher() as any Fetching) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.protocolTyped { swinjectBox.value.resolve(Fetching.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Fetching.self)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.protocolTyped { container.resolve(Fetching.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Fetching.self)) }
            },
        ] + ShapePeers.protocolTyped())
    }

    /// A chain six deep, every link transient and resolved by the one before it.
    static func chain() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Link1.self) { r in Link1(next: r.resolve(Link2.self)!) }
        swinject.register(Link2.self) { r in Link2(next: r.resolve(Link3.self)!) }
        swinject.register(Link3.self) { r in Link3(next: r.resolve(Link4.self)!) }
        swinject.register(Link4.self) { r in Link4(next: r.resolve(Link5.self)!) }
        swinject.register(Link5.self) { r in Link5(next: r.resolve(Link6.self)!) }
        swinject.register(Link6.self) { _ in Link6() }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.chain")
        container.register { c in Link1(next: c.resolve()) }
        container.register { c in Link2(next: c.resolve()) }
        container.register { c in Link3(next: c.resolve()) }
        container.register { c in Link4(next: c.resolve()) }
        container.register { c in Link5(next: c.resolve()) }
        container.register { Link6() }
        return Scenario(id: "shape-chain", title: "chain 6 deep, transient", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Link1.direct()) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.chain { swinjectBox.value.resolve(Link1.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Link1.self)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.chain { container.resolve(Link1.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Link1.self)) }
            },
        ] + ShapePeers.chain())
    }

    /// One service with eight transient dependencies.
    static func wide() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Dashboard.self) { r in
            Dashboard(
                p1: r.resolve(Part1.self)!, p2: r.resolve(Part2.self)!, p3: r.resolve(Part3.self)!,
                p4: r.resolve(Part4.self)!, p5: r.resolve(Part5.self)!, p6: r.resolve(Part6.self)!,
                p7: r.resolve(Part7.self)!, p8: r.resolve(Part8.self)!)
        }
        swinject.register(Part1.self) { _ in Part1() }
        swinject.register(Part2.self) { _ in Part2() }
        swinject.register(Part3.self) { _ in Part3() }
        swinject.register(Part4.self) { _ in Part4() }
        swinject.register(Part5.self) { _ in Part5() }
        swinject.register(Part6.self) { _ in Part6() }
        swinject.register(Part7.self) { _ in Part7() }
        swinject.register(Part8.self) { _ in Part8() }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.wide")
        container.register { c in
            Dashboard(
                p1: c.resolve(), p2: c.resolve(), p3: c.resolve(), p4: c.resolve(),
                p5: c.resolve(), p6: c.resolve(), p7: c.resolve(), p8: c.resolve())
        }
        container.register { Part1() }
        container.register { Part2() }
        container.register { Part3() }
        container.register { Part4() }
        container.register { Part5() }
        container.register { Part6() }
        container.register { Part7() }
        container.register { Part8() }
        return Scenario(id: "shape-wide", title: "8 dependencies, transient", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Dashboard.direct()) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.wide { swinjectBox.value.resolve(Dashboard.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Dashboard.self)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.wide { container.resolve(Dashboard.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Dashboard.self)) }
            },
        ] + ShapePeers.wide())
    }

    /// A transient screen needing a singleton, a cached store and a transient worker that needs
    /// the singleton too: two builds and three cache hits per resolve.
    static func mixedScopes() -> Scenario {
        let config = AppConfig(), store = Store()
        let swinject = SwinjectContainer()
        swinject.register(AppConfig.self) { _ in AppConfig() }.inObjectScope(.container)
        swinject.register(Store.self) { _ in Store() }.inObjectScope(.container)
        swinject.register(Worker.self) { r in Worker(config: r.resolve(AppConfig.self)!) }
        swinject.register(Screen.self) { r in
            Screen(config: r.resolve(AppConfig.self)!, store: r.resolve(Store.self)!, worker: r.resolve(Worker.self)!)
        }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.mixed")
        container.register(scope: .singleton) { AppConfig() }
        container.register(scope: .cached) { Store() }
        container.register { c in Worker(config: c.resolve()) }
        container.register { c in Screen(config: c.resolve(), store: c.resolve(), worker: c.resolve()) }
        return Scenario(id: "shape-mixed", title: "mixed scopes (singleton, cached, 2 transient)", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Screen(config: config, store: store, worker: Worker(config: config))) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.mixed { swinjectBox.value.resolve(Screen.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Screen.self)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.mixed { container.resolve(Screen.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Screen.self)) }
            },
        ] + ShapePeers.mixedScopes())
    }

    /// A view model whose two properties are injected by each library's property wrapper from its
    /// global container: a transient protocol-typed service and a singleton. Both are read once.
    /// Swinject has no property wrapper; its idiom is initializer injection of the view model.
    static func propertyWrappers() -> Scenario {
        registerInSharedContainers()
        let tracker = Tracker()
        let swinject = SwinjectContainer()
        swinject.register(Fetching.self) { _ in Fetcher() }
        swinject.register(Tracker.self) { _ in Tracker() }.inObjectScope(.container)
        swinject.register(DirectViewModel.self) { r in
            DirectViewModel(fetcher: r.resolve(Fetching.self)!, tracker: r.resolve(Tracker.self)!)
        }
        let swinjectBox = Unchecked(swinject)
        return Scenario(id: "shape-wrapper", title: "view model, 2 property wrappers", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n {
                    let model = DirectViewModel(fetcher: Fetcher(), tracker: tracker)
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .swinject, check: ShapeCheck.wrapped {
                let model = swinjectBox.value.resolve(DirectViewModel.self)!
                return (model.fetcher, model.tracker)
            }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n {
                    let model = swinject.resolve(DirectViewModel.self)!
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .injection, check: ShapeCheck.wrapped {
                let model = InjectedViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = InjectedViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .injectionService, check: ShapeCheck.wrapped {
                let model = ServiceViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = ServiceViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .injectionInject, check: ShapeCheck.wrapped {
                let model = KeyPathViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = KeyPathViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
        ] + ShapePeers.propertyWrappers())
    }

    /// The view model with lazily resolving wrappers (`@LazyInjected` in this library, Resolver
    /// and Factory), made and both properties read once. swift-dependencies' `@Dependency` reads
    /// its value at each access already (the same view model as in `shape-wrapper`); Swinject has
    /// no wrapper.
    static func lazyPropertyWrappers() -> Scenario {
        registerInSharedContainers()
        let tracker = Tracker()
        return Scenario(id: "shape-lazy", title: "view model, 2 lazy property wrappers", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n {
                    let model = DirectViewModel(fetcher: Fetcher(), tracker: tracker)
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .injectionLazyKeyPath, check: ShapeCheck.wrapped {
                let model = LazyKeyPathViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = LazyKeyPathViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
            Variant(implementation: .injection, check: ShapeCheck.wrapped {
                let model = LazyViewModel()
                return (model.fetcher, model.tracker)
            }) { n in
                for _ in 0..<n {
                    let model = LazyViewModel()
                    blackHole(model.fetcher); blackHole(model.tracker)
                }
            },
        ] + ShapePeers.lazyPropertyWrappers())
    }

    /// The global container's resolve, as each README spells it: `Container.resolve()` (and
    /// `Container.shared.resolve()`, and a provider called directly on `Container.shared`),
    /// Resolver's static `Resolver.resolve()`, Factory's `Container.shared.fetcher()`. A transient
    /// protocol-typed service. Swinject has no global container.
    static func globalContainer() -> Scenario {
        registerInSharedContainers()
        return Scenario(id: "shape-global", title: "global container, protocol-typed transient", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Fetcher() as any Fetching) }
            },
            Variant(implementation: .injection, check: ShapeCheck.protocolTyped { DIContainer.resolve(Fetching.self) }) { n in
                for _ in 0..<n { blackHole(DIContainer.resolve(Fetching.self)) }
            },
            Variant(implementation: .injectionSharedResolve, check: ShapeCheck.protocolTyped { DIContainer.shared.resolve(Fetching.self) }) { n in
                for _ in 0..<n { blackHole(DIContainer.shared.resolve(Fetching.self)) }
            },
            Variant(implementation: .injectionShapeProvider, check: ShapeCheck.protocolTyped { DIContainer.shared.shapes.fetcher() }) { n in
                for _ in 0..<n { blackHole(DIContainer.shared.shapes.fetcher()) }
            },
        ] + ShapePeers.globalContainer())
    }

    /// The global containers' registrations of the property-wrapper and global scenarios, made
    /// once (a second registration would replace the first, an override event).
    private static func registerInSharedContainers() {
        guard !DIContainer.shared.isRegistered(Fetching.self) else { return }
        DIContainer.shared.register { Fetcher() as Fetching }
        DIContainer.shared.register(scope: .singleton) { Tracker() }
        ShapePeers.registerInSharedContainers()
    }

    /// A transient service built from the argument the resolve passes.
    static func argument() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Account.self) { (_, id: Int) in Account(id: id) }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.argument")
        container.register { _, args in Account(id: args()) }
        let id = AccountIDs.all[1]
        return Scenario(id: "shape-argument", title: "resolve with an argument", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Account(id: id)) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.argument { swinjectBox.value.resolve(Account.self, argument: id)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Account.self, argument: id)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.argument { container.resolve(Account.self, args: id) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Account.self, args: id)) }
            },
        ] + ShapePeers.argument(id))
    }

    /// A transient service built from two arguments, as each library passes several: Swinject's
    /// `arguments:`, Resolver's keyed dictionary, a tuple for Factory's `ParameterFactory`. This
    /// library takes its three spellings: a tuple read by index, keys (as Resolver's), and a
    /// labelled tuple read by key.
    static func twoArguments() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Profile.self) { (_, id: Int, name: String) in Profile(id: id, name: name) }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.arguments")
        container.register { _, args in Profile(id: args.get(0), name: args.get(1)) }
        let keyed = DIContainer(name: "bench.arguments-keyed")
        keyed.register { _, args in Profile(id: args("id"), name: args("name")) }
        let labelled = DIContainer(name: "bench.arguments-labelled")
        labelled.register { _, args in Profile(id: args("id"), name: args("name")) }
        let id = AccountIDs.all[1], name = AccountIDs.names[1]
        return Scenario(id: "shape-arguments", title: "resolve with two arguments", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Profile(id: id, name: name)) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.arguments { swinjectBox.value.resolve(Profile.self, arguments: id, name)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Profile.self, arguments: id, name)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.arguments { container.resolve(Profile.self, args: (id, name)) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Profile.self, args: (id, name))) }
            },
            Variant(implementation: .injectionKeyedArguments, check: ShapeCheck.arguments { keyed.resolve(Profile.self, args: ["id": id, "name": name]) }) { n in
                for _ in 0..<n { blackHole(keyed.resolve(Profile.self, args: ["id": id, "name": name])) }
            },
            Variant(implementation: .injectionLabelledArguments, check: ShapeCheck.arguments { labelled.resolve(Profile.self, args: (id: id, name: name)) }) { n in
                for _ in 0..<n { blackHole(labelled.resolve(Profile.self, args: (id: id, name: name))) }
            },
        ] + ShapePeers.twoArguments(id, name))
    }

    /// A transient service built from three arguments: the same spellings as for two.
    static func threeArguments() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Badge.self) { (_, id: Int, name: String, level: Double) in Badge(id: id, name: name, level: level) }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.arguments3")
        container.register { _, args in Badge(id: args.get(0), name: args.get(1), level: args.get(2)) }
        let keyed = DIContainer(name: "bench.arguments3-keyed")
        keyed.register { _, args in Badge(id: args("id"), name: args("name"), level: args("level")) }
        let labelled = DIContainer(name: "bench.arguments3-labelled")
        labelled.register { _, args in Badge(id: args("id"), name: args("name"), level: args("level")) }
        let id = AccountIDs.all[1], name = AccountIDs.names[1], level = AccountIDs.levels[1]
        return Scenario(id: "shape-arguments3", title: "resolve with three arguments", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Badge(id: id, name: name, level: level)) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.threeArguments { swinjectBox.value.resolve(Badge.self, arguments: id, name, level)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Badge.self, arguments: id, name, level)!) }
            },
            Variant(implementation: .injection, check: ShapeCheck.threeArguments { container.resolve(Badge.self, args: (id, name, level)) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Badge.self, args: (id, name, level))) }
            },
            Variant(implementation: .injectionKeyedArguments, check: ShapeCheck.threeArguments { keyed.resolve(Badge.self, args: ["id": id, "name": name, "level": level]) }) { n in
                for _ in 0..<n { blackHole(keyed.resolve(Badge.self, args: ["id": id, "name": name, "level": level])) }
            },
            Variant(implementation: .injectionLabelledArguments, check: ShapeCheck.threeArguments { labelled.resolve(Badge.self, args: (id: id, name: name, level: level)) }) { n in
                for _ in 0..<n { blackHole(labelled.resolve(Badge.self, args: (id: id, name: name, level: level))) }
            },
        ] + ShapePeers.threeArguments(id, name, level))
    }

    /// The optional resolve of a service registered nowhere (the container holds others).
    static func optionalMissing() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Fetching.self) { _ in Fetcher() }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.optional")
        container.register { Fetcher() as Fetching }
        return Scenario(id: "shape-optional", title: "optional resolve, not registered", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Optional<any Analytics>.none) }
            },
            Variant(implementation: .swinject, check: ShapeCheck.missing { swinjectBox.value.resolve(Analytics.self) }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Analytics.self)) }
            },
            Variant(implementation: .injection, check: ShapeCheck.missing { container.optional(Analytics.self) }) { n in
                for _ in 0..<n { blackHole(container.optional(Analytics.self)) }
            },
            Variant(implementation: .injectionOptionalInjected, check: ShapeCheck.missing { OptionalAnalyticsModel().analytics }) { n in
                for _ in 0..<n { blackHole(OptionalAnalyticsModel().analytics) }
            },
        ] + ShapePeers.optionalMissing())
    }
}

extension Target {
    /// `implementation` costs at most `limit` times the fastest other container in `scenario`.
    static func shapePeerRatio(
        _ title: String, scenario: String, _ implementation: Implementation = .injection, atMost limit: Double
    ) -> Target {
        Target(title: title) { results in
            guard Implementation.peersBuiltIn, let value = results.nanoseconds(scenario, implementation),
                  let best = results.bestPeer(scenario) else { return nil }
            let ratio = value / best.nanoseconds
            return (format(ratio, digits: 2) + "× (\(best.implementation))", ratio <= limit)
        }
    }

    /// Issue 17's "≤ 0.5× the fastest other container", held in every other shape and spelling.
    static let shapes: [Target] = [
        .shapePeerRatio("protocol-typed ≤ 0.5× the fastest other container", scenario: "shape-protocol", atMost: 0.5),
        .shapePeerRatio("chain 6 deep ≤ 0.5× the fastest other container", scenario: "shape-chain", atMost: 0.5),
        .shapePeerRatio("8 dependencies ≤ 0.5× the fastest other container", scenario: "shape-wide", atMost: 0.5),
        .shapePeerRatio("mixed scopes ≤ 0.5× the fastest other container", scenario: "shape-mixed", atMost: 0.5),
        .shapePeerRatio("@Injected view model ≤ 0.5× the fastest other container", scenario: "shape-wrapper", atMost: 0.5),
        .shapePeerRatio("@Service view model ≤ 0.5× the fastest other container", scenario: "shape-wrapper", .injectionService, atMost: 0.5),
        .shapePeerRatio("@Inject keypath view model ≤ 0.5× the fastest other container", scenario: "shape-wrapper", .injectionInject, atMost: 0.5),
        .shapePeerRatio("@LazyInjected view model ≤ 0.5× the fastest other container", scenario: "shape-lazy", atMost: 0.5),
        .shapePeerRatio("@LazyInjected keypath view model ≤ 0.5× the fastest other container", scenario: "shape-lazy", .injectionLazyKeyPath, atMost: 0.5),
        .shapePeerRatio("Container.resolve() ≤ 0.5× the fastest other container", scenario: "shape-global", atMost: 0.5),
        .shapePeerRatio("Container.shared.resolve() ≤ 0.5× the fastest other container", scenario: "shape-global", .injectionSharedResolve, atMost: 0.5),
        .shapePeerRatio("Container.shared provider ≤ 0.5× the fastest other container", scenario: "shape-global", .injectionShapeProvider, atMost: 0.5),
        .shapePeerRatio("resolve with an argument ≤ 0.5× the fastest other container", scenario: "shape-argument", atMost: 0.5),
        .shapePeerRatio("resolve with two arguments (tuple) ≤ 0.5× the fastest other container", scenario: "shape-arguments", atMost: 0.5),
        .shapePeerRatio("resolve with two keyed arguments ≤ 0.5× the fastest other container", scenario: "shape-arguments", .injectionKeyedArguments, atMost: 0.5),
        .shapePeerRatio("resolve with two labelled arguments ≤ 0.5× the fastest other container", scenario: "shape-arguments", .injectionLabelledArguments, atMost: 0.5),
        .shapePeerRatio("resolve with three arguments (tuple) ≤ 0.5× the fastest other container", scenario: "shape-arguments3", atMost: 0.5),
        .shapePeerRatio("resolve with three keyed arguments ≤ 0.5× the fastest other container", scenario: "shape-arguments3", .injectionKeyedArguments, atMost: 0.5),
        .shapePeerRatio("resolve with three labelled arguments ≤ 0.5× the fastest other container", scenario: "shape-arguments3", .injectionLabelledArguments, atMost: 0.5),
        .shapePeerRatio("optional resolve, not registered ≤ 0.5× the fastest other container", scenario: "shape-optional", atMost: 0.5),
        .shapePeerRatio("@OptionalInjected model, not registered ≤ 0.5× the fastest other container's optional resolve", scenario: "shape-optional", .injectionOptionalInjected, atMost: 0.5),
    ]
}
