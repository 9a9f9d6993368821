import Injection
import Synchronization

/// The factories of one wiring: what each registration, provider and decorator resolves. It
/// holds no container (containers hold it, through their factories).
final class WiringFactories: Sendable {
    let wiring: Wiring
    let tracker = LifetimeTracker()
    /// What the decorators' own resolves threw, in order.
    let decoratorFailures = Mutex<[ResolutionError]>([])

    init(wiring: Wiring) { self.wiring = wiring }

    func build(
        label: String, registration: Int?, dependencies: [Wiring.Dependency], in c: Container, argument: String?
    ) throws(ResolutionError) -> Built {
        var made: [Built?] = []
        for dependency in dependencies where dependency.access != .property {
            made.append(try resolve(dependency, from: c, requester: label))
        }
        return Built(label: label, registration: registration, argument: argument, dependencies: made, tracker: tracker)
    }

    func arguments(_ target: Wiring.Target, _ requester: String) -> Any? {
        switch target {
        case .service(let i), .alias(let i): wiring.takesArguments.contains(i) ? requester : nil
        default: nil
        }
    }

    func resolve(_ dependency: Wiring.Dependency, from c: Container, requester: String) throws(ResolutionError) -> Built? {
        let args = arguments(dependency.target, requester)
        let lifetime: ServiceLifetime = dependency.fresh ? .new : .automatic
        switch dependency.access {
        case .factory, .property:
            return try resolve(dependency.target, from: c, requester: requester, lifetime: lifetime)
        case .lazy:
            switch dependency.target {
            case .service(let i):
                var lazy = LazyInjected<Built>(lifetime, name: "s\(i)", container: c)
                lazy.args = args
                return lazy.wrappedValue
            case .alias(let i):
                var lazy = LazyInjected<any Aliased>(lifetime, name: "a\(i)", container: c)
                lazy.args = args
                return lazy.wrappedValue as? Built
            case .provider(let j), .keyPath(let j):
                var lazy = LazyInjected<Built>(FuzzLayer.keyPath(j), lifetime: lifetime, container: c)
                return lazy.wrappedValue
            case .missing:
                var lazy = LazyInjected<Built>(lifetime, name: "nowhere", container: c)
                return lazy.wrappedValue
            }
        case .optional:
            switch dependency.target {
            case .service(let i): return c.optional(Built.self, name: "s\(i)", lifetime: lifetime, args: args)
            case .alias(let i):
                return c.optional((any Aliased).self, name: "a\(i)", lifetime: lifetime, args: args) as? Built
            case .provider(let j), .keyPath(let j): return c[FuzzLayer.keyPath(j), lifetime: lifetime]
            case .missing: return c.optional(Built.self, name: "nowhere", lifetime: lifetime)
            }
        }
    }

    func resolve(
        _ target: Wiring.Target, from c: Container, requester: String, lifetime: ServiceLifetime = .automatic
    ) throws(ResolutionError) -> Built {
        let args = arguments(target, requester)
        switch target {
        case .service(let i): return try c.tryResolve(Built.self, name: "s\(i)", lifetime: lifetime, args: args)
        case .alias(let i):
            return try c.tryResolve((any Aliased).self, name: "a\(i)", lifetime: lifetime, args: args) as! Built
        case .provider(let j): return try c.fuzz.provider(j).tryResolve(lifetime: lifetime)
        case .keyPath(let j): return try c.tryResolve(FuzzLayer.keyPath(j), lifetime: lifetime)
        case .missing: return try c.tryResolve(Built.self, name: "nowhere", lifetime: lifetime)
        }
    }

    /// Provider `j`'s factory, run in `c`.
    func buildProvider(_ j: Int, in c: Container) throws(ResolutionError) -> Built {
        let built = try build(label: "p\(j)", registration: nil, dependencies: wiring.providerDependencies[j], in: c, argument: nil)
        for dependency in wiring.providerDependencies[j] where dependency.access == .property {
            // Providers have no `resolveProperties`: their property dependencies resolve after init.
            let value = try resolve(dependency, from: c, requester: "p\(j)")
            built.properties.withLock { $0.append(value) }
        }
        return built
    }
}

/// One wiring made real: its containers, registrations, decorators and mappings.
final class WiringRun: Sendable {
    let wiring: Wiring
    let factories: WiringFactories
    let containers: [Container]
    /// The name prefix of this run's containers (every run's names are unique in the process).
    let prefix: String

    private static let counter = Atomic<Int>(0)
    /// Which run a container belongs to, for the providers' factories (declared statically).
    private static let runs = Mutex<[ObjectIdentifier: WiringFactories]>([:])

    static func buildProvider(_ j: Int, in c: Container) throws(ResolutionError) -> Built {
        guard let factories = runs.withLock({ $0[ObjectIdentifier(c)] }) else {
            fatalError("provider p\(j) resolved in \(c.name), which belongs to no wiring run")
        }
        return try factories.buildProvider(j, in: c)
    }

    init(_ wiring: Wiring) {
        self.wiring = wiring
        let factories = WiringFactories(wiring: wiring)
        self.factories = factories
        prefix = "wf\(wiring.seed)x\(Self.counter.add(1, ordering: .relaxed).newValue)-"
        var containers: [Container] = []
        for (index, spec) in wiring.containers.enumerated() {
            let name = "\(prefix)c\(index)"
            let container = spec.parent.map { containers[$0].makeChild(name: name) } ?? Container(name: name)
            containers.append(container)
        }
        self.containers = containers
        Self.runs.withLock { runs in for container in containers { runs[ObjectIdentifier(container)] = factories } }
        for (index, spec) in wiring.containers.enumerated() {
            if let adder = spec.addedTo { containers[adder].add(child: containers[index]) }
        }
        for (index, registration) in wiring.registrations.enumerated() {
            let label = "s\(registration.service)"
            let dependencies = registration.dependencies
            var options: RegistrationOptions<Built>
            if wiring.takesArguments.contains(registration.service) {
                options = containers[registration.container].register(Built.self, name: label, scope: registration.scope) { c, args in
                    try factories.build(label: label, registration: index, dependencies: dependencies, in: c,
                                        argument: args.optional(String.self))
                }
            } else {
                options = containers[registration.container].register(Built.self, name: label, scope: registration.scope) { c in
                    try factories.build(label: label, registration: index, dependencies: dependencies, in: c, argument: nil)
                }
            }
            let properties = dependencies.filter { $0.access == .property }
            if !properties.isEmpty {
                options = options.resolveProperties { c, built in
                    for dependency in properties {
                        let value = try factories.resolve(dependency, from: c, requester: label)
                        built.properties.withLock { $0.append(value) }
                    }
                }
            }
            if registration.implements { options.implements((any Aliased).self, name: "a\(registration.service)") }
        }
        for decorator in wiring.decorators {
            let decorates = decorator.decorates
            let target = decorator.resolves
            containers[decorator.container].decorate { service in
                guard let built = service as? Built, built.label == decorates else { return }
                do throws(ResolutionError) {
                    _ = try factories.resolve(target, from: Container.current, requester: decorates)
                } catch {
                    factories.decoratorFailures.withLock { $0.append(error) }
                }
            }
        }
        for mapping in wiring.mappings {
            containers[mapping.container].map(FuzzLayer.keyPath(mapping.replacement), to: FuzzLayer.keyPath(mapping.original))
        }
    }

    /// Resolves one root.
    func resolve(_ root: Wiring.Root) -> Result<Built, ResolutionError> {
        do {
            return .success(try factories.resolve(root.target, from: containers[root.container], requester: "root"))
        } catch {
            return .failure(error)
        }
    }

    /// Forgets the containers (the caller drops its reference to the run next).
    func retire() {
        Self.runs.withLock { runs in for container in containers { runs[ObjectIdentifier(container)] = nil } }
        for container in containers { container.removeDecorators() }
    }
}
