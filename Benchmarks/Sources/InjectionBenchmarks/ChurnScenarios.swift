import Injection
import Swinject

// Containers that change while they are used, each spelled as every library's documentation
// spells it: a test's override among many registrations, an app's start, features registered
// late, a child container, the weak scope and a cached scope's reset. The other shapes time a
// container set up once; most of these time the change (a registration, a new container, a
// reset) together with the resolve that follows it.
// Every implementation passes the same ``ChurnCheck`` before it is timed; the peers other than
// Swinject are in ChurnPeerScenarios.swift.
//
// Registrations use each library's default scope where the scenario asks for no other, as in
// ShapeScenarios.swift: Swinject's and Resolver's `.graph` answers as a transient here.

extension Scenario {
    /// The churn scenarios, in table order.
    static func churn() -> [Scenario] {
        [override(among: 200, id: "shape-override"), override(among: 2_000, id: "shape-override-large"),
         startup(), grow(), child(), sharedScope(), cachedReset()]
    }

    /// A test's override in a container that holds `others` named registrations besides: each
    /// operation registers the mock or the real service (in turn; the last registration wins)
    /// and resolves it once.
    static func override(among others: Int, id: String) -> Scenario {
        let fillers = ChurnNames.fillers(others)
        let swinject = SwinjectContainer()
        for name in fillers { swinject.register(Filler.self, name: name) { _ in Filler() } }
        swinject.register(Networking.self) { _ in Network() }
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.override-\(others)")
        for name in fillers { container.register(name: name) { Filler() } }
        container.register { Network() as Networking }
        return Scenario(id: id, title: "override + resolve among \(others) registrations", variants: [
            Variant(implementation: .direct) { n in
                for i in 0..<n { blackHole(i & 1 == 0 ? MockNetwork() as any Networking : Network()) }
            },
            Variant(implementation: .swinject, check: ChurnCheck.override { mock in
                let swinject = swinjectBox.value
                if mock { swinject.register(Networking.self) { _ in MockNetwork() } } else { swinject.register(Networking.self) { _ in Network() } }
                return swinject.resolve(Networking.self)!
            }) { n in
                let swinject = swinjectBox.value
                for i in 0..<n {
                    if i & 1 == 0 { swinject.register(Networking.self) { _ in MockNetwork() } } else { swinject.register(Networking.self) { _ in Network() } }
                    blackHole(swinject.resolve(Networking.self)!)
                }
            },
            Variant(implementation: .injection, check: ChurnCheck.override { mock in
                if mock { container.register { MockNetwork() as Networking } } else { container.register { Network() as Networking } }
                return container.resolve(Networking.self)
            }) { n in
                for i in 0..<n {
                    if i & 1 == 0 { container.register { MockNetwork() as Networking } } else { container.register { Network() as Networking } }
                    blackHole(container.resolve(Networking.self))
                }
            },
        ] + ChurnPeers.override(fillers, large: others > 200))
    }

    /// An app's start, or a test's setUp: a new container, ten registrations of distinct types,
    /// one resolve. The container is released at the end of each operation.
    static func startup() -> Scenario {
        Scenario(id: "shape-startup", title: "new container, 10 registrations, 1 resolve", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Module1()) }
            },
            Variant(implementation: .swinject, check: ChurnCheck.startup {
                let swinject = startedSwinject()
                return [swinject.resolve(Module1.self)!.value, swinject.resolve(Module2.self)!.value,
                        swinject.resolve(Module3.self)!.value, swinject.resolve(Module4.self)!.value,
                        swinject.resolve(Module5.self)!.value, swinject.resolve(Module6.self)!.value,
                        swinject.resolve(Module7.self)!.value, swinject.resolve(Module8.self)!.value,
                        swinject.resolve(Module9.self)!.value, swinject.resolve(Module10.self)!.value]
            }) { n in
                for _ in 0..<n { blackHole(startedSwinject().resolve(Module1.self)!) }
            },
            Variant(implementation: .injection, check: ChurnCheck.startup {
                let container = startedContainer()
                return [container.resolve(Module1.self).value, container.resolve(Module2.self).value,
                        container.resolve(Module3.self).value, container.resolve(Module4.self).value,
                        container.resolve(Module5.self).value, container.resolve(Module6.self).value,
                        container.resolve(Module7.self).value, container.resolve(Module8.self).value,
                        container.resolve(Module9.self).value, container.resolve(Module10.self).value]
            }) { n in
                for _ in 0..<n { blackHole(startedContainer().resolve(Module1.self)) }
            },
        ] + ChurnPeers.startup())
    }

    @inline(__always)
    private static func startedContainer() -> DIContainer {
        let container = DIContainer(name: "bench.startup")
        container.register { Module1() }
        container.register { Module2() }
        container.register { Module3() }
        container.register { Module4() }
        container.register { Module5() }
        container.register { Module6() }
        container.register { Module7() }
        container.register { Module8() }
        container.register { Module9() }
        container.register { Module10() }
        return container
    }

    @inline(__always)
    private static func startedSwinject() -> SwinjectContainer {
        let swinject = SwinjectContainer()
        swinject.register(Module1.self) { _ in Module1() }
        swinject.register(Module2.self) { _ in Module2() }
        swinject.register(Module3.self) { _ in Module3() }
        swinject.register(Module4.self) { _ in Module4() }
        swinject.register(Module5.self) { _ in Module5() }
        swinject.register(Module6.self) { _ in Module6() }
        swinject.register(Module7.self) { _ in Module7() }
        swinject.register(Module8.self) { _ in Module8() }
        swinject.register(Module9.self) { _ in Module9() }
        swinject.register(Module10.self) { _ in Module10() }
        return swinject
    }

    /// Features registered as the app reaches them: each operation registers one type under a
    /// name the container has not seen and resolves it. The container grows during the run, up
    /// to ``ChurnNames/growCap`` names, and is then made anew (``ChurnNames/grow(_:make:_:)``).
    static func grow() -> Scenario {
        Scenario(id: "shape-grow", title: "register a new name + resolve, growing to 1000", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Feature()) }
            },
            Variant(implementation: .swinject, check: ChurnCheck.grow { names in
                let swinject = SwinjectContainer()
                let built = names.map { name in
                    swinject.register(Feature.self, name: name) { _ in Feature() }
                    return swinject.resolve(Feature.self, name: name)!
                }
                return (built, swinject.resolve(Feature.self, name: names[0]))
            }) { n in
                ChurnNames.grow(n, make: { SwinjectContainer() }) { swinject, name in
                    swinject.register(Feature.self, name: name) { _ in Feature() }
                    blackHole(swinject.resolve(Feature.self, name: name)!)
                }
            },
            Variant(implementation: .injection, check: ChurnCheck.grow { names in
                let container = DIContainer(name: "bench.grow")
                let built = names.map { name in
                    container.register(name: name) { Feature() }
                    return container.resolve(Feature.self, name: name)
                }
                return (built, container.optional(Feature.self, name: names[0]))
            }) { n in
                ChurnNames.grow(n, make: { DIContainer(name: "bench.grow") }) { container, name in
                    container.register(name: name) { Feature() }
                    blackHole(container.resolve(Feature.self, name: name))
                }
            },
        ] + ChurnPeers.grow())
    }

    /// A registration of the parent resolved through a child that holds a registration of its
    /// own (as a test's scope holds its doubles), transient.
    static func child() -> Scenario {
        let swinjectParent = SwinjectContainer()
        swinjectParent.register(Fetching.self) { _ in Fetcher() }
        let swinject = SwinjectContainer(parent: swinjectParent)
        swinject.register(Leaf.self) { _ in Leaf() }
        let swinjectBox = Unchecked(swinject)
        let parent = DIContainer(name: "bench.parent")
        parent.register { Fetcher() as Fetching }
        let container = DIContainer(name: "bench.child", parent: parent)
        container.register { Leaf() }
        return Scenario(id: "shape-child", title: "parent's registration resolved through a child", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Fetcher() as any Fetching) }
            },
            Variant(implementation: .swinject, check: ChurnCheck.child { swinjectBox.value.resolve(Fetching.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Fetching.self)!) }
            },
            Variant(implementation: .injection, check: ChurnCheck.child { container.resolve(Fetching.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Fetching.self)) }
            },
        ] + ChurnPeers.child())
    }

    /// The weak scope's hit: the caller holds the instance (taken before the loop), so every
    /// resolve answers it. Swinject calls the scope `.weak`.
    static func sharedScope() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Preferences.self) { _ in Preferences() }.inObjectScope(.weak)
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.shared")
        container.register(scope: .shared) { Preferences() }
        return Scenario(id: "shape-shared", title: "shared (weak) scope, instance held", variants: [
            Variant(implementation: .direct) { n in
                let held = Preferences()
                for _ in 0..<n { blackHole(held) }
            },
            Variant(implementation: .swinject, check: ChurnCheck.shared { swinjectBox.value.resolve(Preferences.self)! }) { n in
                let swinject = swinjectBox.value
                let held = swinject.resolve(Preferences.self)!
                for _ in 0..<n { blackHole(swinject.resolve(Preferences.self)!) }
                withExtendedLifetime(held) {}
            },
            Variant(implementation: .injection, check: ChurnCheck.shared { container.resolve(Preferences.self) }) { n in
                let held = container.resolve(Preferences.self)
                for _ in 0..<n { blackHole(container.resolve(Preferences.self)) }
                withExtendedLifetime(held) {}
            },
        ] + ChurnPeers.sharedScope())
    }

    /// A cached scope reset, then the resolve that builds the instance again. Swinject's
    /// `.container` scope has no reset of its own; `resetObjectScope(.container)` empties it.
    static func cachedReset() -> Scenario {
        let swinject = SwinjectContainer()
        swinject.register(Catalog.self) { _ in Catalog() }.inObjectScope(.container)
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.reset")
        container.register(scope: .cached) { Catalog() }
        return Scenario(id: "shape-reset", title: "cached scope reset + resolve", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Catalog()) }
            },
            Variant(implementation: .swinject, check: ChurnCheck.reset(
                reset: { swinjectBox.value.resetObjectScope(.container) },
                resolve: { swinjectBox.value.resolve(Catalog.self)! })
            ) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n {
                    swinject.resetObjectScope(.container)
                    blackHole(swinject.resolve(Catalog.self)!)
                }
            },
            Variant(implementation: .injection, check: ChurnCheck.reset(
                reset: { container.reset(.cached) },
                resolve: { container.resolve(Catalog.self) })
            ) { n in
                for _ in 0..<n {
                    container.reset(.cached)
                    blackHole(container.resolve(Catalog.self))
                }
            },
        ] + ChurnPeers.cachedReset())
    }
}

extension Target {
    /// The churn scenarios held to issue 17's "≤ 0.5× the fastest other container" too.
    static let churn: [Target] = [
        .shapePeerRatio("override + resolve among 200 registrations ≤ 0.5× the fastest other container", scenario: "shape-override", atMost: 0.5),
        .shapePeerRatio("override + resolve among 2000 registrations ≤ 0.5× the fastest other container", scenario: "shape-override-large", atMost: 0.5),
        .shapePeerRatio("new container, 10 registrations, 1 resolve ≤ 0.5× the fastest other container", scenario: "shape-startup", atMost: 0.5),
        .shapePeerRatio("register a new name + resolve ≤ 0.5× the fastest other container", scenario: "shape-grow", atMost: 0.5),
        .shapePeerRatio("resolve through a child ≤ 0.5× the fastest other container", scenario: "shape-child", atMost: 0.5),
        .shapePeerRatio("shared (weak) scope hit ≤ 0.5× the fastest other container", scenario: "shape-shared", atMost: 0.5),
        .shapePeerRatio("cached scope reset + resolve ≤ 0.5× the fastest other container", scenario: "shape-reset", atMost: 0.5),
    ]
}
