import Injection
import Swinject
import Synchronization

/// Both libraries call their container `Container`.
typealias DIContainer = Injection.Container
typealias SwinjectContainer = Swinject.Container

extension Scenario {
    /// Every scenario, in table order. Add new ones (keypaths, mappings) here.
    static func all() -> [Scenario] {
        [transient(), singleton(), graph(), named(), singletonTwoThreads(), observedTransient(), observedGraph(),
         observedNamed(), observedSingleton(),
         keypathTransient(), keypathCached()] + shapes() + churn()
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
            Variant(implementation: .dictionary, check: Check.transient { dictionary.resolve(Leaf.self) }) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Leaf.self)) }
            },
            Variant(implementation: .swinject, check: Check.transient { swinjectBox.value.resolve(Leaf.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Leaf.self)!) }
            },
            Variant(implementation: .injection, check: Check.transient { container.resolve(Leaf.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Leaf.self)) }
            },
        ] + Peers.transient())
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
            Variant(implementation: .dictionary, check: Check.singleton { dictionary.resolve(Session.self) }) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Session.self)) }
            },
            Variant(implementation: .swinject, check: Check.singleton { swinjectBox.value.resolve(Session.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Session.self)!) }
            },
            Variant(implementation: .injection, check: Check.singleton { container.resolve(Session.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Session.self)) }
            },
        ] + Peers.singleton())
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
            Variant(implementation: .dictionary, check: Check.graph { dictionary.resolve(GraphA.self) }) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(GraphA.self)) }
            },
            Variant(implementation: .swinject, check: Check.graph { swinjectBox.value.resolve(GraphA.self)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(GraphA.self)!) }
            },
            Variant(implementation: .injection, check: Check.graph { container.resolve(GraphA.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(GraphA.self)) }
            },
        ] + Peers.graph())
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
            Variant(implementation: .dictionary, check: Check.named { dictionary.resolve(Formatter.self, name: name) }) { n in
                for _ in 0..<n { blackHole(dictionary.resolve(Formatter.self, name: name)) }
            },
            Variant(implementation: .swinject, check: Check.named { swinjectBox.value.resolve(Formatter.self, name: name)! }) { n in
                let swinject = swinjectBox.value
                for _ in 0..<n { blackHole(swinject.resolve(Formatter.self, name: name)!) }
            },
            Variant(implementation: .injection, check: Check.named { container.resolve(Formatter.self, name: name) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Formatter.self, name: name)) }
            },
        ] + Peers.named(name))
    }

    /// Two threads resolving one singleton at once, against one thread alone.
    static func singletonTwoThreads() -> Scenario {
        let (dictionary, swinject, container) = singletonContainers(name: "bench.singleton-2-threads")
        container.register(scope: .singleton) { SessionSettings(id: 7, limit: 100) }
        DIContainer.shared.register(scope: .singleton) { Session() }
        _ = DIContainer.shared.resolve(Session.self)
        _ = container.resolve(SessionSettings.self)
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
            Variant(implementation: .swinject, check: Check.singleton { synchronized.value.resolve(Session.self)! }) { n in
                let resolver = synchronized.value
                for _ in 0..<n { blackHole(resolver.resolve(Session.self)!) }
            },
            Variant(implementation: .injection, check: Check.singleton { container.resolve(Session.self) }) { n in
                for _ in 0..<n { blackHole(container.resolve(Session.self)) }
            },
            // The spellings that read the task-local `Container.shared`: `Container.resolve()`
            // and `@Injected`. Both read it in place (`TaskLocal.get()` would return it retained).
            Variant(implementation: .injectionShared, check: Check.singleton { DIContainer.resolve(Session.self) }) { n in
                for _ in 0..<n { blackHole(DIContainer.resolve(Session.self)) }
            },
            Variant(implementation: .injectionInjected, check: Check.singleton { @Injected var session: Session; return session }) { n in
                for _ in 0..<n {
                    @Injected var session: Session
                    blackHole(session)
                }
            },
            // `@Injected` as an app declares it: a property of an object, resolved when the object
            // is made (once per timed chunk here, each thread its own object), then read on every
            // operation. The read borrows the stored reference.
            Variant(implementation: .injectionInjectedProperty, check: Check.singleton { SessionUser(container).session }) { n in
                let user = SessionUser(container)
                for _ in 0..<n { blackHole(user.session) }
            },
            // The same resolve of a struct: no reference count anywhere, so what is left shared is
            // only what the container's own hit writes.
            Variant(implementation: .injectionValue) { n in
                for _ in 0..<n { blackHole(container.resolve(SessionSettings.self)) }
            },
            // That resolve plus the one shared write a class service cannot avoid (`holder.get()`
            // retains the shared instance, the caller releases it): the floor for `.injection`.
            Variant(implementation: .injectionFloor) { n in
                for _ in 0..<n {
                    blackHole(container.resolve(SessionSettings.self))
                    blackHole(holder.get())
                }
            },
        ] + Peers.singleton())
    }

    /// The transient scenario with the trace recorder attached (and with an observer that takes
    /// every event), against none.
    static func observedTransient() -> Scenario {
        let container = DIContainer(name: "bench.observed-transient")
        container.register { Leaf() }
        return observedScenario(id: "observer-transient", title: "transient, observer", direct: { blackHole(Leaf()) }) { n in
            for _ in 0..<n { blackHole(container.resolve(Leaf.self)) }
        }
    }

    /// The 10-object graph with the trace recorder attached, against none.
    static func observedGraph() -> Scenario {
        let container = DIContainer(name: "bench.observed-graph")
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
        return observedScenario(id: "observer-graph", title: "graph of 10, observer", direct: { blackHole(GraphA.direct()) }) { n in
            for _ in 0..<n { blackHole(container.resolve(GraphA.self)) }
        }
    }

    /// The named scenario with the trace recorder attached, against none.
    static func observedNamed() -> Scenario {
        let container = DIContainer(name: "bench.observed-named")
        let names = ["short", "medium", "long"]
        for (style, name) in names.enumerated() { container.register(name: name) { Formatter(style: style) } }
        let name = names[1]
        return observedScenario(id: "observer-named", title: "named, observer", direct: { blackHole(Formatter(style: 1)) }) { n in
            for _ in 0..<n { blackHole(container.resolve(Formatter.self, name: name)) }
        }
    }

    /// The singleton scenario with the trace recorder attached, against none.
    static func observedSingleton() -> Scenario {
        let container = DIContainer(name: "bench.observed-singleton")
        container.register(scope: .singleton) { Session() }
        let session = container.resolve(Session.self)
        return observedScenario(id: "observer-singleton", title: "singleton, observer", direct: { blackHole(session) }) { n in
            for _ in 0..<n { blackHole(container.resolve(Session.self)) }
        }
    }

    private static func observedScenario(
        id: String, title: String, direct: @escaping @Sendable () -> Void, resolve: @escaping @Sendable (Int) -> Void
    ) -> Scenario {
        Scenario(id: id, title: title, variants: [
            Variant(implementation: .direct) { n in
                for _ in 0..<n { direct() }
            },
            Variant(implementation: .injectionDetached, run: resolve),
            recorded(resolve),
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

    /// `run` with the trace recorder attached (writing to a sink that discards), stopped again
    /// after the run: what an app pays while an inspector listens.
    private static func recorded(_ run: @escaping @Sendable (Int) -> Void) -> Variant {
        let recorder = Mutex<TraceRecorder?>(nil)
        return Variant(
            implementation: .injectionRecorded, run: run,
            setUp: {
                let attached = TraceRecorder(sink: DiscardingSink())
                attached.start()
                recorder.withLock { $0 = attached }
            },
            tearDown: {
                _ = recorder.withLock { $0 }?.stop()
                recorder.withLock { $0 = nil }
            })
    }

    /// `run` with an observer attached that takes every event (no folding) and counts it,
    /// detached again after the run.
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

/// An object that declares its singleton as an app does: `@Injected` (from `container`).
final class SessionUser {
    @Injected var session: Session
    init(_ container: DIContainer) { _session = Injected(container: container) }
}

/// A trace sink that takes every line and keeps none: the recorder's cost on the app's threads,
/// without the disk.
final class DiscardingSink: TraceSink {
    func prepare() -> TraceSinkState { .ready }
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool { true }
    func close() {}
    var description: String { "discarding sink" }
}

/// What the observer does: one relaxed atomic increment.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

extension Target {
    /// The goals from issue 17 (ratios within one run).
    static let all: [Target] = [
        .peerRatio("transient ≤ 0.5× the fastest other container", scenario: "transient", atMost: 0.5),
        .peerRatio("10-object graph ≤ 0.5× the fastest other container", scenario: "graph", atMost: 0.5),
        .peerRatio("named ≤ 0.5× the fastest other container", scenario: "named", atMost: 0.5),
        .peerRatio("cached singleton ≤ 0.3× the fastest other container", scenario: "singleton", atMost: 0.3),
        .peerParallelRatio("2-thread singleton ≤ 0.3× the fastest other container", scenario: "threads", atMost: 0.3),
        .ratio("transient ≤ 3× direct construction", scenario: "transient", .injection, atMost: 3, of: .direct),
        .ratio("10-object graph ≤ 3× direct construction", scenario: "graph", .injection, atMost: 3, of: .direct),
        .ratio("transient, recorder attached ≤ 1.3× detached", scenario: "observer-transient", .injectionRecorded, atMost: 1.3, of: .injectionDetached),
        .ratio("graph, recorder attached ≤ 1.3× detached", scenario: "observer-graph", .injectionRecorded, atMost: 1.3, of: .injectionDetached),
        .ratio("named, recorder attached ≤ 1.3× detached", scenario: "observer-named", .injectionRecorded, atMost: 1.3, of: .injectionDetached),
        .allocations("cache hit, recorder attached: no allocation (allocs/op vs direct)", scenario: "observer-singleton", .injectionRecorded, notAbove: .direct),
        .scaling("2-thread singleton scaling ≥ 1.6", scenario: "threads", .injection, atLeast: 1.6),
        .scaling("2-thread singleton scaling ≥ 1.6, read from an @Injected property", scenario: "threads", .injectionInjectedProperty, atLeast: 1.6),
        .allocations("transient: no allocation beyond the object (allocs/op vs direct)", scenario: "transient", .injection, notAbove: .direct),
        .allocations("singleton: no allocation (allocs/op vs direct)", scenario: "singleton", .injection, notAbove: .direct),
        .allocations("graph: no allocation beyond the 10 objects (allocs/op vs direct)", scenario: "graph", .injection, notAbove: .direct),
        .allocations("named: no allocation beyond the object (allocs/op vs direct)", scenario: "named", .injection, notAbove: .direct),
    ] + keypath + shapes + churn
}
