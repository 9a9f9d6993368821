import Injection
import InjectionGraph
import InjectionScanFacts

/// Which container each receiver written in the sources names, as the runtime names it: a
/// `Container(name: "app")` bound to `app` is `app`, `Container.shared` is `shared`, a factory's
/// own container parameter is the registration's container. What the sources leave open (a
/// parameter named like no container) goes to the app's default container, marked guessed.
struct ContainerNames {
    /// A name for "the default container", settled once every registration is read.
    static let unsettled = "\u{0}default"

    /// How sources name Resolver's root container besides `Resolver` itself.
    static let resolverRoots: Set<String> = ["Resolver.self", "Resolver.main", "Resolver.root"]

    struct Resolved {
        var name: String
        var guessed: Bool
    }

    private(set) var declared: [DeclaredContainer] = []
    /// Binding as written (`app`, `Resolver.mock`) → container name.
    private var bindings: [String: String] = [:]
    private var parents: [String: String] = [:]
    private var addedChildren: [String: [String]] = [:]
    /// Factory `SharedContainer` types the sources declare, by type name → container name.
    private var factoryContainers: [String: String] = [:]
    /// The container most registrations go into when none is named (`@Injected` reads it).
    private(set) var defaultName = "shared"
    /// Swinject containers of the app (not its tests) named after the variable that holds them,
    /// by name: each creation's place and `#if` clauses.
    private var swinjectCreations: [String: [(location: DeclaredLocation, conditions: [String])]] = [:]

    mutating func learn(_ files: [FileFacts], location: (FileFacts, Int, Int) -> DeclaredLocation) {
        var added: [(parent: String, children: [String])] = []
        for file in files {
            for fact in file.containers {
                let name = Self.name(of: fact)
                if fact.kind == .sharedContainer, let name { factoryContainers[SourceTypes.lastComponent(name)] = name }
                if fact.kind == .addChild, let parent = fact.parent { added.append((parent, fact.members)) }
                guard let name else { continue }
                if let binding = fact.binding {
                    bindings[binding] = name
                    bindings[SourceTypes.lastComponent(binding)] = bindings[SourceTypes.lastComponent(binding)] ?? name
                }
                var parent: String?
                if fact.kind == .child, let written = fact.parent { parent = bindings[written] ?? resolveName(written) }
                if let parent { parents[name] = parent }
                let at = location(file, fact.line, fact.column)
                declared.append(DeclaredContainer(
                    name: name, kind: fact.kind.rawValue, parent: parent, location: at, conditions: fact.conditions))
                // A test's own container of the app's name is its stand-in, not a second app container.
                if fact.style == .swinject, fact.kind == .container, !file.isTest {
                    swinjectCreations[name, default: []].append((at, fact.conditions))
                }
            }
        }
        for (parent, children) in added {
            let parentName = bindings[parent] ?? resolveName(parent)
            addedChildren[parentName, default: []] += children.map { bindings[$0] ?? resolveName($0) }
        }
    }

    /// Swinject containers created in several places under one variable name (a `container`
    /// property in each of several types), which the scan reads as one container: it does not
    /// follow which instance a variable holds. Creations under different `#if` clauses are
    /// alternatives, not several containers.
    var containersReadAsOne: [(name: String, locations: [DeclaredLocation])] {
        swinjectCreations.compactMap { name, creations in
            let alike = Dictionary(grouping: creations, by: \.conditions).values.max { $0.count < $1.count } ?? []
            guard alike.count > 1 else { return nil }
            return (name, alike.map(\.location).sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) })
        }.sorted { $0.name < $1.name }
    }

    /// The container a fact declares, as the runtime names it; nil when it declares none.
    static func name(of fact: ContainerFact) -> String? {
        switch fact.kind {
        case .container, .child:
            fact.name.flatMap { $0.isLiteral ? $0.value : nil } ?? Self.factoryContainerName(fact)
                ?? fact.binding.map(SourceTypes.lastComponent)
        case .sharedContainer:
            Self.factoryContainerName(fact) ?? fact.binding
        case .assembly: fact.type ?? fact.binding
        default: nil
        }
    }

    /// The Factory container `owner` names in `type`: `self` (a member's container, or the one a
    /// `manager.defaultScope` in its `init`/`autoRegister` sets), `Container.shared`,
    /// `AppContainer.shared`. Members and default scopes are matched through this one reading.
    func factoryContainer(owner: String, type: String?) -> String {
        var named: String?
        if owner == "self" || owner == "Self" || owner.isEmpty {
            named = type
        } else if owner.hasSuffix(".shared") {
            named = String(owner.dropLast(".shared".count))
        }
        if let named {
            let last = SourceTypes.lastComponent(named)
            return last == "Container" ? "shared" : factoryContainers[last] ?? last
        }
        return resolveName(owner)
    }

    /// Whether the sources declare `type` as a Factory `SharedContainer`.
    func declaresFactoryContainer(_ type: String) -> Bool {
        factoryContainers[SourceTypes.lastComponent(type)] != nil
    }

    /// A Factory container is named by its type (`AppContainer.shared`, `AppContainer()`, however
    /// nested its declaration); Factory's own `Container` is `shared`.
    private static func factoryContainerName(_ fact: ContainerFact) -> String? {
        guard fact.style == .factory, let type = fact.type.map(SourceTypes.lastComponent) else { return nil }
        return type == "Container" ? "shared" : type
    }

    private func resolveName(_ expression: String) -> String {
        if ["Container.shared", "shared", "Container", ".shared"].contains(expression) { return "shared" }
        return bindings[expression] ?? bindings[SourceTypes.lastComponent(expression)] ?? expression
    }

    /// The container `reference` names; inside a registration's factory, an unknown receiver is
    /// the factory's own container parameter.
    func resolve(_ reference: ContainerReference?, enclosingType: String?, inRegistration: String?) -> Resolved {
        guard let reference else {
            return Resolved(name: inRegistration ?? Self.unsettled, guessed: false)
        }
        let expression = reference.expression
        if ["Container.shared", "Container", "Container.self", "Injection.Container.shared"].contains(expression) {
            return Resolved(name: "shared", guessed: false)
        }
        if let name = bindings[expression] { return Resolved(name: name, guessed: false) }
        // Resolver's root container, however it is written: `Resolver.main` and `Resolver.root`,
        // and a bare `register` in `extension Resolver` (its static `self`), go where
        // `Resolver.register` goes.
        if Self.resolverRoots.contains(expression) || (expression == "self" && reference.type == "Resolver") {
            return Resolved(name: bindings["Resolver"] ?? Self.unsettled, guessed: false)
        }
        // `self` in a Factory `SharedContainer` the sources declare (its members' `self { }`).
        if expression == "self", let type = reference.type, let name = factoryContainers[SourceTypes.lastComponent(type)] {
            return Resolved(name: name, guessed: false)
        }
        if let inRegistration { return Resolved(name: inRegistration, guessed: false) }
        if let name = bindings[SourceTypes.lastComponent(expression)] { return Resolved(name: name, guessed: false) }
        if expression == "self" || expression.hasPrefix("self.") { return Resolved(name: Self.unsettled, guessed: false) }
        return Resolved(name: Self.unsettled, guessed: true)
    }

    /// The default container: the declared container most registrations go into by name, else
    /// `shared`.
    mutating func settleDefault(_ names: [String]) {
        var counts: [String: Int] = [:]
        for name in names where name != Self.unsettled { counts[name, default: 0] += 1 }
        // A Factory `SharedContainer` of the app's own is never the default: that is `Container.shared`.
        let declaredNames = Set(declared.map(\.name)).subtracting(factoryContainers.values)
        defaultName = counts.filter { declaredNames.contains($0.key) || $0.key == "shared" }
            .max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "shared"
    }

    /// Where a resolve in `container` looks: the container, its parents, then the children
    /// added to each (the runtime's search order).
    func searchOrder(from container: String) -> [String] {
        var lineage: [String] = []
        var current: String? = container
        while let name = current, !lineage.contains(name) {
            lineage.append(name)
            current = parents[name]
        }
        var order = lineage
        for name in lineage { for child in addedChildren[name] ?? [] where !order.contains(child) { order.append(child) } }
        return order
    }
}
