import Injection
import Swinject
import Synchronization

/// Both libraries call their container `Container`.
typealias DIContainer = Injection.Container
typealias SwinjectContainer = Swinject.Container

extension Scenario {
    /// Every scenario, in table order. Add new ones (keypaths, mappings) here.
    static func all() -> [Scenario] {
        [transient(), singleton(), graph(), named(), singletonTwoThreads(), observedTransient(), observedSingleton(),
         keypathTransient(), keypathCached()]
    }

    /// A new instance per resolve, no dependencies.
    static func transient() -> Scenario {
        let dictionary = DictionaryResolver()
        dictionary.register(Leaf.self) { Leaf() }
        let swinject = SwinjectContainer()
        swinject.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
        let swinjectBox = Unchecked(swinject)
        let container = DIContainer(name: "bench.transient")
        container.register { Leaf() }

        return Scenario(id: "transient", title: "transient, no dependencies", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Leaf()) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Leaf.self)) }
            },
            Variant(implementation: .swinject) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Leaf.self)!) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(Leaf.self)) }
            },
        ])
    }

    /// The instance a `.singleton` registration keeps (built before timing starts).
    static func singleton() -> Scenario {
        let (dictionary, swinject, container) = singletonContainers(name: "bench.singleton")
        let session = dictionary.resolve(Session.self)
        let swinjectBox = Unchecked(swinject)
        return Scenario(id: "singleton", title: "cached singleton", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(session) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Session.self)) }
            },
            Variant(implementation: .swinject) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Session.self)!) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(Session.self)) }
            },
        ])
    }

    /// A graph of 10 transient objects; every factory resolves its dependencies from the container.
    static func graph() -> Scenario {
        let dictionary = DictionaryResolver()
        dictionary.register(GraphA.self) { GraphA(b: dictionary.resolve(), c: dictionary.resolve(), d: dictionary.resolve()) }
        dictionary.register(GraphB.self) { GraphB(e: dictionary.resolve(), f: dictionary.resolve()) }
        dictionary.register(GraphC.self) { GraphC(g: dictionary.resolve(), h: dictionary.resolve()) }
        dictionary.register(GraphD.self) { GraphD(i: dictionary.resolve(), j: dictionary.resolve()) }
        dictionary.register(GraphE.self) { GraphE() }
        dictionary.register(GraphF.self) { GraphF() }
        dictionary.register(GraphG.self) { GraphG() }
        dictionary.register(GraphH.self) { GraphH() }
        dictionary.register(GraphI.self) { GraphI() }
        dictionary.register(GraphJ.self) { GraphJ() }

        let swinject = SwinjectContainer()
        swinject.register(GraphA.self) { r in
            GraphA(b: r.resolve(GraphB.self)!, c: r.resolve(GraphC.self)!, d: r.resolve(GraphD.self)!)
        }.inObjectScope(.transient)
        swinject.register(GraphB.self) { r in GraphB(e: r.resolve(GraphE.self)!, f: r.resolve(GraphF.self)!) }
            .inObjectScope(.transient)
        swinject.register(GraphC.self) { r in GraphC(g: r.resolve(GraphG.self)!, h: r.resolve(GraphH.self)!) }
            .inObjectScope(.transient)
        swinject.register(GraphD.self) { r in GraphD(i: r.resolve(GraphI.self)!, j: r.resolve(GraphJ.self)!) }
            .inObjectScope(.transient)
        swinject.register(GraphE.self) { _ in GraphE() }.inObjectScope(.transient)
        swinject.register(GraphF.self) { _ in GraphF() }.inObjectScope(.transient)
        swinject.register(GraphG.self) { _ in GraphG() }.inObjectScope(.transient)
        swinject.register(GraphH.self) { _ in GraphH() }.inObjectScope(.transient)
        swinject.register(GraphI.self) { _ in GraphI() }.inObjectScope(.transient)
        swinject.register(GraphJ.self) { _ in GraphJ() }.inObjectScope(.transient)
        let swinjectBox = Unchecked(swinject)

        let container = DIContainer(name: "bench.graph")
        container.register { c in GraphA(b: c.resolve(), c: c.resolve(), d: c.resolve()) }
        container.register { c in GraphB(e: c.resolve(), f: c.resolve()) }
        container.register { c in GraphC(g: c.resolve(), h: c.resolve()) }
        container.register { c in GraphD(i: c.resolve(), j: c.resolve()) }
        container.register { GraphE() }
        container.register { GraphF() }
        container.register { GraphG() }
        container.register { GraphH() }
        container.register { GraphI() }
        container.register { GraphJ() }

        return Scenario(id: "graph", title: "graph of 10 transient objects", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(GraphA.direct()) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(GraphA.self)) }
            },
            Variant(implementation: .swinject) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(GraphA.self)!) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(GraphA.self)) }
            },
        ])
    }

    /// One of three named registrations of the same type, transient.
    static func named() -> Scenario {
        let names = ["short", "medium", "long"]
        let dictionary = DictionaryResolver()
        let swinject = SwinjectContainer()
        let container = DIContainer(name: "bench.named")
        for (style, name) in names.enumerated() {
            dictionary.register(Formatter.self, name: name) { Formatter(style: style) }
            swinject.register(Formatter.self, name: name) { _ in Formatter(style: style) }.inObjectScope(.transient)
            container.register(name: name) { Formatter(style: style) }
        }
        let swinjectBox = Unchecked(swinject)
        // A name that is not a literal at the call site, as it usually is not.
        let name = names[1]

        return Scenario(id: "named", title: "named registration", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Formatter(style: 1)) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Formatter.self, name: name)) }
            },
            Variant(implementation: .swinject) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Formatter.self, name: name)!) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(Formatter.self, name: name)) }
            },
        ])
    }

    /// Two threads resolving one singleton at once, against one thread alone.
    static func singletonTwoThreads() -> Scenario {
        let (dictionary, swinject, container) = singletonContainers(name: "bench.singleton-2-threads")
        let session = dictionary.resolve(Session.self)
        // Swinject's documented way to resolve from several threads.
        let synchronized = Unchecked(swinject.synchronize())
        let holder = Holder(session)
        return Scenario(id: "threads", title: "singleton, 2 threads", kind: .scaling(threads: 2), variants: [
            Variant(implementation: .unshared) { n in
                for _ in 0..<n { blackHole(session) }
            },
            // Any accessor that returns the instance as an owned reference retains and releases it:
            // both threads write its reference count. The floor for a container's `resolve`.
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(holder.get()) }
            },
            Variant(implementation: .dictionary) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Session.self)) }
            },
            Variant(implementation: .swinject) { n in
                let resolver = synchronized.value
                for _ in 0..<n { blackHole(resolver.resolve(Session.self)!) }
            },
            Variant(implementation: .injection) { n in
                for _ in 0..<n { blackHole(container.resolve(Session.self)) }
            },
        ])
    }

    /// The transient scenario with a nearly free observer attached, against none.
    static func observedTransient() -> Scenario {
        let container = DIContainer(name: "bench.observed-transient")
        container.register { Leaf() }
        let resolve: @Sendable (Int) -> Void = { n in
            for _ in 0..<n { blackHole(container.resolve(Leaf.self)) }
        }
        return Scenario(id: "observer-transient", title: "transient, observer", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(Leaf()) }
            },
            Variant(implementation: .injectionDetached, run: resolve),
            observed(resolve),
        ])
    }

    /// The singleton scenario with a nearly free observer attached, against none.
    static func observedSingleton() -> Scenario {
        let container = DIContainer(name: "bench.observed-singleton")
        container.register(scope: .singleton) { Session() }
        let session = container.resolve(Session.self)
        let resolve: @Sendable (Int) -> Void = { n in
            for _ in 0..<n { blackHole(container.resolve(Session.self)) }
        }
        return Scenario(id: "observer-singleton", title: "singleton, observer", variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { blackHole(session) }
            },
            Variant(implementation: .injectionDetached, run: resolve),
            observed(resolve),
        ])
    }

    // MARK: - Helpers

    /// The same containers, each keeping one `Session`, built before timing starts.
    private static func singletonContainers(name: String) -> (DictionaryResolver, SwinjectContainer, DIContainer) {
        let session = Session()
        let dictionary = DictionaryResolver()
        dictionary.register(Session.self) { session }
        let swinject = SwinjectContainer()
        swinject.register(Session.self) { _ in Session() }.inObjectScope(.container)
        _ = swinject.resolve(Session.self)
        let container = DIContainer(name: name)
        container.register(scope: .singleton) { Session() }
        _ = container.resolve(Session.self)
        return (dictionary, swinject, container)
    }

    /// `run` with an observer attached that only counts events, detached again after the run.
    private static func observed(_ run: @escaping @Sendable (Int) -> Void) -> Variant {
        let events = Counter()
        let token = Mutex<ObservationToken?>(nil)
        return Variant(
            implementation: .injectionObserved, run: run,
            setUp: {
                let attached = ResolutionEvents.addObserver { _ in events.increment() }
                token.withLock { $0 = attached }
            },
            tearDown: {
                token.withLock { $0?.cancel(); $0 = nil }
            })
    }
}

/// Returns the instance it holds as an owned (+1) reference, as any accessor would.
final class Holder: Sendable {
    private let instance: Session
    init(_ instance: Session) { self.instance = instance }
    @inline(never)
    func get() -> Session { instance }
}

/// What the observer does: one relaxed atomic increment.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

extension Target {
    /// The goals from issue 8 (ratios within one run).
    static let all: [Target] = [
        .ratio("transient ≤ 4× direct construction", scenario: "transient", .injection, atMost: 4, of: .direct),
        .ratio("named ≤ 4× direct construction", scenario: "named", .injection, atMost: 4, of: .direct),
        .ratio("10-object graph ≤ 4× direct construction", scenario: "graph", .injection, atMost: 4, of: .direct),
        .ratio("cached singleton ≤ 1.5× bare dictionary", scenario: "singleton", .injection, atMost: 1.5, of: .dictionary),
        .ratio("transient, observer attached ≤ 1.5× detached", scenario: "observer-transient", .injectionObserved, atMost: 1.5, of: .injectionDetached),
        .ratio("singleton, observer attached ≤ 1.5× detached", scenario: "observer-singleton", .injectionObserved, atMost: 1.5, of: .injectionDetached),
        .scaling("2-thread singleton scaling ≥ 1.0", scenario: "threads", .injection, atLeast: 1.0),
        .allocations("transient: no allocation beyond the object (allocs/op vs direct)", scenario: "transient", .injection, notAbove: .direct),
        .allocations("singleton: no allocation (allocs/op vs direct)", scenario: "singleton", .injection, notAbove: .direct),
        .allocations("graph: no allocation beyond the 10 objects (allocs/op vs direct)", scenario: "graph", .injection, notAbove: .direct),
        .allocations("named: no allocation beyond the object (allocs/op vs direct)", scenario: "named", .injection, notAbove: .direct),
    ] + keypath
}
