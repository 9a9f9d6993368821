import Injection
import InjectionGraph
import InjectionScanFacts

/// Links the facts `di-scan` read file by file into the graph the sources declare: each
/// registration keyed as the runtime keys it (type, name, container; layer and member for a
/// keypath provider), each request typed (from its annotation, an explicit type, or the
/// initialiser parameter it fills: `X(a: resolve())`) and linked to the registration that answers
/// it, searching the container, its parents and its added children as the runtime does.
///
/// What the facts cannot settle is kept and marked: a key it cannot type is `unresolved`, a
/// container it had to pick is `guessed`; neither is ever reported as missing.
///
/// ```swift
/// let declarations = ScanLinker.link(facts, root: "Sources/SampleApp")
/// let graph = ScanChecks.graph(from: declarations)
/// ```
public enum ScanLinker {
    public static func link(_ facts: ScanFacts, root: String) -> Declarations {
        var linker = Linking(facts)
        return linker.run(root: root)
    }
}

/// One registration as linked, with the file it came from.
struct LinkedRegistration {
    var declared: DeclaredRegistration
    let fact: RegistrationFact
    let file: Int
}

struct Linking {
    /// A fact by the index of its file and its id there.
    struct FactKey: Hashable {
        var file: Int
        var fact: Int
    }

    let facts: ScanFacts
    let types: SourceTypes
    var containers = ContainerNames()
    var registrations: [LinkedRegistration] = []
    /// (file index, fact id) → index in ``registrations``.
    var registrationIndex: [FactKey: Int] = [:]
    /// ``DeclaredRegistration/id`` → index in ``registrations``.
    var registrationIndexByID: [Int: Int] = [:]
    /// The registrations by key, once they are all linked (``linkRequests()``).
    var lookup = RegistrationLookup()
    var notes: [ScanNote] = []
    var nextID = 1

    init(_ facts: ScanFacts) {
        self.facts = facts
        self.types = SourceTypes(facts.files)
    }

    func location(_ file: FileFacts, _ line: Int, _ column: Int) -> DeclaredLocation {
        DeclaredLocation(path: file.path, line: line, column: column, fileID: file.fileID ?? fallbackFileID(file.path))
    }

    /// `#fileID` when `di-scan` could not name the module: a root inside `Sources/<Module>` or
    /// `Tests/<Module>` names it, as SwiftPM does; otherwise the file name alone.
    func fallbackFileID(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let root = facts.header.root.split(separator: "/").map(String.init)
        let full = root + path.split(separator: "/").map(String.init)
        if let folder = full.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), folder + 1 < full.count - 1 {
            return "\(full[folder + 1])/\(name)"
        }
        return name
    }

    mutating func run(root: String) -> Declarations {
        var unreadable = 0
        for file in facts.files {
            if let skipped = file.skipped {
                guard skipped.reason != .alias, skipped.reason != .vendored else { continue }
                unreadable += 1
                notes.append(ScanNote(kind: "unreadable", message: "\(file.path): \(skipped.message)", location: location(file, 1, 1)))
            }
            for error in file.syntaxErrors {
                notes.append(ScanNote(kind: "syntax", message: error.message, location: location(file, error.line, error.column)))
            }
            for note in file.notes where note.kind != .notInjection {
                let kind = note.kind == .partial ? "unreadable" : note.kind.rawValue
                notes.append(ScanNote(kind: kind, message: note.message, location: location(file, note.line, note.column)))
            }
        }
        containers.learn(facts.files, location: location)
        for (name, places) in containers.containersReadAsOne {
            let listed = places.prefix(3).map { "\($0.fileID):\($0.line)" }.joined(separator: ", ")
            notes.append(ScanNote(
                kind: "containersReadAsOne",
                message: "\(places.count) Swinject containers are created as '\(name)' (\(listed)\(places.count > 3 ? ", …" : "")): "
                    + "read as one container, so a registration in one answers a resolve in another here",
                location: places[0]))
        }
        linkRegistrations()
        let sites = linkRequests()
        let read = facts.files.count { $0.skipped == nil }
        let summary = ScanSummary(
            root: root, tool: facts.header.tool, defines: facts.header.defines, files: read + unreadable, unreadable: unreadable)
        return Declarations(
            summary: summary, containers: containers.declared, registrations: registrations.map(\.declared), sites: sites,
            notes: notes, protocols: types.protocols.sorted())
    }

    // MARK: - Registrations

    mutating func linkRegistrations() {
        // First where each registration goes, so the app's default container is the one most of
        // them name.
        for (fileIndex, file) in facts.files.enumerated() {
            for fact in file.registrations where fact.form != .decorate && !isTheAppsOwnMethod(fact) && !isALibrarysRegistry(fact, in: file) {
                let container = containers.resolve(fact.container, enclosingType: fact.enclosing.type, inRegistration: nil)
                registrationIndex[FactKey(file: fileIndex, fact: fact.id)] = registrations.count
                registrations.append(LinkedRegistration(
                    declared: declared(fact, file: file, container: container), fact: fact, file: fileIndex))
            }
        }
        containers.settleDefault(registrations.map(\.declared.service.container))
        for index in registrations.indices where registrations[index].declared.service.container == ContainerNames.unsettled {
            registrations[index].declared.service.container = containers.defaultName
            let fact = registrations[index].fact
            if registrations[index].declared.note == Self.pickedNote(ContainerNames.unsettled, for: fact) {
                registrations[index].declared.note = Self.pickedNote(containers.defaultName, for: fact)
            }
            // `.implements(P.self)` registers P in the same container.
            for implemented in registrations[index].declared.implements.indices {
                registrations[index].declared.implements[implemented].container = containers.defaultName
            }
        }
        applyDefaultScopes()
        keyFactoryOverrides()
        markOverrides()
    }

    /// A registration that names no scope takes the default the sources set for its place
    /// (``DefaultScopes``), once every registration's container is settled.
    mutating func applyDefaultScopes() {
        let defaults = DefaultScopes(facts.files, containers: containers, location: location)
        notes += defaults.notes
        for index in registrations.indices {
            let linked = registrations[index]
            if let scope = defaults.scope(of: linked.fact, container: linked.declared.service.container, containers: containers) {
                registrations[index].declared.scope = scope
            }
        }
    }

    /// The note of a registration whose receiver names no container the sources declare.
    static func pickedNote(_ container: String, for fact: RegistrationFact) -> String {
        "the container '\(container)' was picked for '\(fact.container?.expression ?? "?")'"
    }

    mutating func declared(_ fact: RegistrationFact, file: FileFacts, container: ContainerNames.Resolved) -> DeclaredRegistration {
        let id = nextID
        nextID += 1
        var certainty = InjectionGraph.Certainty(fact.certainty)
        var note = fact.note
        let type = (fact.service ?? fact.implementation).map { types.named($0) }
        if type == nil || fact.enclosing.isGeneric || fact.enclosing.inLoop {
            certainty = .unresolved
            note = note ?? (fact.enclosing.isGeneric ? "registered inside a generic function: each caller picks the type"
                : fact.enclosing.inLoop ? "registered inside a loop" : "the registered type is not in the sources")
        }
        if container.guessed, certainty == .exact {
            certainty = .guessed
            // An unsettled name is named once the default is settled (``linkRegistrations()``).
            note = note ?? Self.pickedNote(container.name, for: fact)
        }
        var layer: String?
        if fact.form == .provider || fact.form == .keyPathMember, let enclosing = fact.enclosing.type {
            layer = LayerName.derive(from: enclosing)
        }
        let constant = fact.name.flatMap { $0.isLiteral ? nil : types.nameConstant($0.value) }
        let name = constant ?? fact.name?.value
        if let written = fact.name, !written.isLiteral, constant == nil, certainty == .exact {
            certainty = .guessed
            note = note ?? "the name is an expression (\(written.value))"
        }
        // Factory keys a member by its container and name, not its type: two members of one type
        // are two keys, never an override.
        let keyedByMember = layer != nil || Self.factoryMembers.contains(fact.form)
        let service = ServiceIdentity(
            type: type ?? "?", name: name, container: container.name, layer: layer, member: keyedByMember ? fact.member : nil)
        return DeclaredRegistration(
            id: id, service: service,
            implementation: fact.implementation.map { types.named($0) },
            implements: fact.implements.map {
                ServiceIdentity(type: types.named($0), name: name, container: container.name)
            },
            conformsTo: (fact.implementation ?? fact.service).map { types.conformances(of: types.named($0)) } ?? [],
            // An instance registered is the one instance every resolve returns, as the runtime keeps it.
            scope: fact.form == .instance && fact.scope == nil ? "singleton" : Self.scope(fact.scope, style: fact.style),
            form: fact.form.rawValue, style: fact.style.rawValue,
            location: location(file, fact.line, fact.column), conditions: fact.conditions, certainty: certainty, note: note)
    }

    /// `scheduler.register { … }` on a type the sources declare with `register` methods of its own,
    /// none generic (a task scheduler's, an analytics client's): the app's method, not a
    /// registration. A wrapper around a container registers any type: its `register` is generic.
    func isTheAppsOwnMethod(_ fact: RegistrationFact) -> Bool {
        guard fact.certainty == .guessed, fact.form == .register || fact.form == .swinjectRegister, let type = fact.container?.type
        else { return false }
        let declarations = types.declarations(of: type)
        let called = fact.modifiers.contains("autoregister") ? "autoregister" : "register"
        let methods = declarations.flatMap(\.methods).filter { $0.name == called }
        return !methods.isEmpty && methods.allSatisfy { $0.genericParameters.isEmpty }
    }

    /// The DI libraries a file may import to register.
    static let containerModules: Set<String> = ["Swinject", "SwinjectAutoregistration", "Injection", "Factory", "FactoryKit", "Resolver"]

    /// `ImageDecoderRegistry.shared.register { … }` in a file that imports no DI library, on a type
    /// the sources do not declare: another library's registry (an image decoder's, a plugin
    /// host's), not a registration. An app's own container is declared in its sources.
    func isALibrarysRegistry(_ fact: RegistrationFact, in file: FileFacts) -> Bool {
        guard fact.certainty != .exact, fact.form == .register, let expression = fact.container?.expression,
              let root = expression.split(separator: ".").first.map(String.init), root.first?.isUppercase == true,
              !file.imports.contains(where: Self.containerModules.contains) else { return false }
        return types.declarations(of: root).isEmpty
    }

    /// Factory's members, keyed by container and member.
    static let factoryMembers: Set<RegistrationForm> = [.factoryMember, .parameterFactory]
    /// Factory's replacements of a member's factory (`.register { }`, `.onTest { }`).
    static let factoryOverrides: Set<RegistrationForm> = [.factoryOverride, .contextOverride]

    /// A Factory override (`Container.shared.api.register { Mock() }`, `.onTest { }`) replaces
    /// the factory of the member it names: it takes that member's key (the one in its container,
    /// else the only one declared), so it is typed and never a key of its mock's type.
    mutating func keyFactoryOverrides() {
        var members: [String: [Int]] = [:]
        for index in registrations.indices where Self.factoryMembers.contains(registrations[index].fact.form) {
            if let member = registrations[index].fact.member { members[member, default: []].append(index) }
        }
        for index in registrations.indices {
            let fact = registrations[index].fact
            // `userRepository.register { }` in a Factory container declared in another module, or
            // `RouterContainer.shared.window.register { }` in a file that does not declare it: the
            // file could not tell the member from a container, the sources can.
            var replacedMember = Self.factoryOverrides.contains(fact.form) ? fact.member : nil
            var owner: String?
            if fact.form == .register, fact.style == .factory, fact.certainty == .guessed, let expression = fact.container?.expression {
                let path = expression.split(separator: ".").map(String.init)
                replacedMember = path.last
                if path.count > 1 { owner = containers.factoryContainer(owner: path.dropLast().joined(separator: "."), type: nil) }
            }
            guard let member = replacedMember, let candidates = members[member] else { continue }
            let container = owner ?? registrations[index].declared.service.container
            // A member named on a container answers only from that container.
            guard let target = candidates.first(where: { registrations[$0].declared.service.container == container })
                ?? (owner == nil ? candidates.first : nil) else { continue }
            var declared = registrations[index].declared
            declared.service = registrations[target].declared.service
            if declared.certainty != .exact, !fact.enclosing.isGeneric, !fact.enclosing.inLoop {
                declared.certainty = Self.factoryOverrides.contains(fact.form) ? InjectionGraph.Certainty(fact.certainty) : .exact
                declared.note = Self.factoryOverrides.contains(fact.form) ? fact.note : nil
            }
            registrations[index].declared = declared
        }
    }

    /// The runtime's scope name for a scope as written in any style; nil for this library's default.
    static func scope(_ scope: ScopeFact?, style: FactStyle) -> String? {
        guard let scope else {
            // Resolver and Swinject build one instance per resolution pass by default.
            return style == .resolver || style == .swinject ? "graph" : nil
        }
        switch scope.normalized ?? "" {
        case "application", "singleton", "container": return "singleton"
        case "cached": return "cached"
        case "graph": return "graph"
        case "unique", "transient": return "unique"
        case "shared", "weak": return "shared"
        case "": break
        case let other: return other
        }
        // `.custom("session")` → session.
        let written = scope.written
        if let open = written.firstIndex(of: "\""), let close = written.lastIndex(of: "\""), open < close {
            return String(written[written.index(after: open)..<close])
        }
        return written.trimmingCharacters(in: ".")
    }

    /// A later registration of a key in the same container, in `#if` clauses that can both hold,
    /// on no two arms of one branch (`if`/`else`, `switch` cases, a `guard` and what follows it)
    /// and in the same function of the same type, overrides the earlier one (same file: by line;
    /// across files the order is the files'). Two functions may never both run. A Factory context
    /// override (`.onTest { }`, `.onArg(x) { }`) answers only in its context, whatever the order:
    /// it neither overrides nor is overridden. Two declarations of one Factory member are two
    /// modules' (or two targets'), one module could not compile both: each answers the code that
    /// sees it, and neither overrides the other.
    mutating func markOverrides() {
        var last: [ServiceIdentity: [Int]] = [:]
        for index in registrations.indices
        where registrations[index].declared.certainty != .unresolved && registrations[index].fact.form != .contextOverride {
            let service = registrations[index].declared.service
            let declaresMember = Self.factoryMembers.contains(registrations[index].fact.form)
            // The latest 64 only: an app registers a key a few times, and thousands on exclusive
            // arms (a generated `switch`) would make the search quadratic.
            let earlier = last[service, default: []].suffix(64).last { other in
                !(declaresMember && Self.factoryMembers.contains(registrations[other].fact.form))
                    && !Self.exclusive(registrations[other].declared.conditions, registrations[index].declared.conditions)
                    && !registrations[other].fact.enclosing.inLoop
                    && !registrations[other].fact.enclosing.isOnAnotherArm(than: registrations[index].fact.enclosing)
                    && registrations[other].fact.enclosing.function == registrations[index].fact.enclosing.function
                    && registrations[other].fact.enclosing.type == registrations[index].fact.enclosing.type
            }
            if let earlier { registrations[index].declared.overrides = registrations[earlier].declared.id }
            last[service, default: []].append(index)
        }
    }

    /// Whether two `#if` clause stacks can never both hold: a term of one is `!(t)` of a term of
    /// the other.
    static func exclusive(_ first: [String], _ second: [String]) -> Bool {
        func terms(_ conditions: [String]) -> Set<String> {
            Set(conditions.flatMap { $0.split(separator: " && ").map(String.init) }.map { $0.trimmingCharacters(in: " ") })
        }
        let a = terms(first), b = terms(second)
        return a.contains { b.contains("!(\($0))") } || b.contains { a.contains("!(\($0))") }
    }

    // MARK: - Requests

    mutating func linkRequests() -> [InjectionSite] {
        var sites: [InjectionSite] = []
        lookup = RegistrationLookup(registrations)
        let builders = builders()
        let mappings = mappings()
        registrationIndexByID = Dictionary(uniqueKeysWithValues: registrations.indices.map { (registrations[$0].declared.id, $0) })
        for (fileIndex, file) in facts.files.enumerated() {
            for request in file.requests where !isContainerMethodCall(request) && !isAnotherTypesSharedCall(request) {
                let holder = request.inRegistration.flatMap { registrationIndex[FactKey(file: fileIndex, fact: $0)] }.map { registrations[$0] }
                // Who asks: the registration whose factory holds it; for a property wrapper,
                // every registration that builds the enclosing type (each one's build resolves
                // the wrapper: one site per builder, so each has its edge).
                var requesters: [DeclaredRegistration?] = [nil]
                if let holder, request.phase != .decorator { requesters = [holder.declared] }
                if holder == nil, request.form == .propertyWrapper || isStoredPropertyValue(request) || isInitializerDefault(request),
                   let enclosing = request.enclosing.type,
                   let building = builders[enclosing] ?? builders[SourceTypes.lastComponent(enclosing)] {
                    requesters = building
                }
                for requester in requesters {
                    let asked = site(request, file: file, holder: holder, requester: requester)
                    sites.append(asked)
                    sites += mappedSites(of: asked, mappings: mappings)
                }
            }
        }
        for index in registrations.indices where registrations[index].fact.modifiers.contains("autoregister") {
            for request in autoregisteredRequests(registrations[index]) {
                let file = facts.files[registrations[index].file]
                sites.append(site(request, file: file, holder: registrations[index], requester: registrations[index].declared))
            }
        }
        return sites
    }

    /// `container.autoregister(P.self, initializer: X.init)` (SwinjectAutoregistration) resolves
    /// every parameter of `X`'s initialiser but those given at resolve time (`argument:`): one
    /// site each, at the call. Which initialiser: the one whose labels are written
    /// (`X.init(a:b:)`), else `X`'s only one; with several and none written, a note instead.
    /// A closure given as the initialiser (`autoregister(P.self) { _ in X(…) }`) builds `X` itself:
    /// its body's resolves are the edges, not `X`'s parameters.
    mutating func autoregisteredRequests(_ registration: LinkedRegistration) -> [RequestFact] {
        let fact = registration.fact
        guard let implementation = fact.implementation, fact.modifiers.contains(where: { $0.hasPrefix("initializer") }) else { return [] }
        let type = SourceTypes.withoutGenericArguments(implementation)
        let declared = types.declarations(of: type)
        let initializers = declared.flatMap(\.initializers)
        let written = fact.modifiers.first { $0.hasPrefix("initializer(") }.map { String($0.dropFirst("initializer".count)) }
        let chosen: InitializerFact?
        if let written {
            chosen = initializers.first { "(" + $0.parameters.map { "\($0.label):" }.joined() + ")" == written }
        } else {
            chosen = initializers.count == 1 ? initializers.first : nil
        }
        guard let initializer = chosen else {
            if !initializers.isEmpty || written != nil {
                notes.append(ScanNote(
                    kind: "unresolved",
                    message: "\(type)'s dependencies are not read: its autoregister initialiser "
                        + (written.map { "init\($0) is not declared in the sources" } ?? "is one of \(initializers.count); write \(type).init(label:…)"),
                    location: registration.declared.location))
            }
            return []
        }
        // `autoregister(ListView<LiveModel>.self, initializer: ListView.init)`: a parameter of the
        // type's generic parameter's type is the argument written for it, on the initialiser or
        // the service; with none written, the compiler infers it, which the scan cannot.
        let generics = declared.first { !$0.genericParameters.isEmpty }?.genericParameters ?? []
        let arguments = [implementation, fact.service ?? ""].lazy
            .filter { SourceTypes.lastComponent(SourceTypes.withoutGenericArguments($0)) == SourceTypes.lastComponent(type) }
            .map { SourceTypes.genericArgumentsWritten(in: $0) }.first { !$0.isEmpty } ?? []
        let bound = Dictionary(zip(generics, arguments), uniquingKeysWith: { first, _ in first })
        var given = fact.argumentTypes
        var requests: [RequestFact] = []
        for parameter in initializer.parameters {
            let written = SourceTypes.normalized(parameter.type)
            guard let parameterType = SourceTypes.substituting(bound, in: written, unbound: Set(generics)) else {
                notes.append(ScanNote(
                    kind: "unresolved",
                    message: "\(type)'s parameter \(parameter.label): \(written) is not read: no type is written for its generic parameter",
                    location: registration.declared.location))
                continue
            }
            if let at = given.firstIndex(of: parameterType) {
                given.remove(at: at)
                continue
            }
            // An optional parameter is given nil when nothing is registered: a note, never missing.
            let optional = parameter.isOptional
            requests.append(RequestFact(
                line: fact.line, column: fact.column, style: fact.style, form: .autoregisterParameter,
                access: optional ? .optional : .eager, service: parameterType, typeSource: .initializerParameter,
                container: fact.container, arguments: fact.argumentTypes, inRegistration: fact.id, phase: .factory,
                member: parameter.label, conditions: fact.conditions, enclosing: fact.enclosing))
        }
        return requests
    }

    /// `self.makeQueue()` in a Factory container: a method the sources declare on the container,
    /// not a member's factory.
    func isContainerMethodCall(_ request: RequestFact) -> Bool {
        guard request.form == .factoryCall, let keyPath = request.keyPath, keyPath.components.count == 1,
              let member = keyPath.components.first, lookup.providing(member).isEmpty,
              let type = keyPath.root ?? request.container?.type ?? request.enclosing.type else { return false }
        // A method of a protocol the container conforms to counts too: `extension SharedContainer
        // { static func setUp() }` is every Factory container's (`Self.setUp()` in its `init`).
        let owners = [type] + types.declarations(of: type).flatMap(\.inherited) + Self.factoryContainerProtocols
        return owners.contains { owner in types.declarations(of: owner).contains { $0.methods.contains { $0.name == member } } }
    }

    /// `X.shared.m()` in a Factory file that does not declare `X`, read as another file's container
    /// (guessed): a call on some other singleton (`UIApplication.shared.open(url)`) where the
    /// sources declare no Factory container `X`.
    func isAnotherTypesSharedCall(_ request: RequestFact) -> Bool {
        guard let root = Self.otherFilesSharedContainer(request) else { return false }
        return !containers.declaresFactoryContainer(root)
    }

    /// The `X` of a guessed `X.shared.m()` call di-scan took for another file's Factory container.
    static func otherFilesSharedContainer(_ request: RequestFact) -> String? {
        guard request.form == .factoryCall, request.certainty == .guessed, let root = request.keyPath?.root,
              request.container?.expression == root + ".shared" else { return nil }
        return root
    }

    /// The protocols every Factory container conforms to.
    static let factoryContainerProtocols = ["SharedContainer", "ManagedContainer"]

    /// `let x = Resolver.resolve()` (or `Container.shared.x()`) as an instance's stored property:
    /// resolved while the instance is built, as a wrapper is. A static one is not the instance's.
    /// An optional resolve there is left without an edge: a `lazy var` of one (resolved after the
    /// build) reads the same in the facts, and an edge would close loops no run takes.
    func isStoredPropertyValue(_ request: RequestFact) -> Bool {
        guard request.form == .resolveCall || request.form == .factoryCall || request.form == .keyPathSubscript, request.access != .optional,
              request.enclosing.function == nil, let type = request.enclosing.type, let member = request.member else { return false }
        let property = types.declarations(of: type).lazy.flatMap(\.properties).first { $0.name == member }
        return property.map { !$0.isStatic && !$0.isComputed } ?? false
    }

    /// `init(store: Store = Resolver.resolve())`: evaluated when a registration's factory builds
    /// the type without that argument (`register { Screen() }`), so an edge of each registration
    /// that builds it. A method's default argument is evaluated at each call: no edge.
    func isInitializerDefault(_ request: RequestFact) -> Bool {
        request.form == .defaultArgument && request.enclosing.function == "init"
    }

    /// A mapping set in code: requests for one keypath provider answered by another.
    struct Mapping {
        var to: KeyPathFact
        var location: DeclaredLocation
        var conditions: [String]
    }

    /// The mappings set in code, by the layer and member whose requests they redirect. Resets
    /// are not followed: which of a set and a reset ran last is known only at run time, so a
    /// mapping set anywhere may be in force.
    func mappings() -> [[String]: [Mapping]] {
        var mappings: [[String]: [Mapping]] = [:]
        for file in facts.files {
            for fact in file.mappings where fact.action == .set {
                guard let from = fact.from, let to = fact.to else { continue }
                let original = linkKeyPath(from, type: nil, container: containers.defaultName).1
                guard let member = original.member else { continue }
                mappings[[original.layer ?? "", member], default: []].append(
                    Mapping(to: to, location: location(file, fact.line, fact.column), conditions: fact.conditions))
            }
        }
        return mappings
    }

    /// The sites a mapping adds to `site`: linked to the provider each mapping of the one it asks
    /// for leads to (following chains), in the same container, as the runtime answers them
    /// (`mappedFrom`). Guessed: whether the mapping is set when the request is made is decided
    /// at run time.
    mutating func mappedSites(of site: InjectionSite, mappings: [[String]: [Mapping]]) -> [InjectionSite] {
        guard !mappings.isEmpty, let linked = site.registration.flatMap({ registrationIndexByID[$0] }) else { return [] }
        var result: [InjectionSite] = []
        var seen: Set<Int> = [linked]
        var pending = [registrations[linked].declared]
        while let original = pending.popLast() {
            guard let member = original.service.member else { continue }
            for mapping in mappings[[original.service.layer ?? "", member]] ?? [] {
                guard let target = linkKeyPath(mapping.to, type: nil, container: original.service.container).0,
                      let index = registrationIndexByID[target.id], seen.insert(index).inserted else { continue }
                var mapped = site
                mapped.id = nextID
                nextID += 1
                mapped.registration = target.id
                mapped.conditions += mapping.conditions.filter { !site.conditions.contains($0) }
                if mapped.certainty == .exact { mapped.certainty = .guessed }
                mapped.note = "answered by \(target.service.member ?? target.service.type) while the mapping at "
                    + "\(mapping.location.fileID):\(mapping.location.line) is set"
                result.append(mapped)
                pending.append(target)
            }
        }
        return result
    }

    /// The registrations that build each type (the implementation, else the key), in declaration
    /// order: a property wrapper in that type is resolved while any of them builds it. One a
    /// later registration overrides never builds it, and is left out (unless all are).
    func builders() -> [String: [DeclaredRegistration]] {
        var builders: [String: [DeclaredRegistration]] = [:]
        for registration in registrations {
            let declared = registration.declared
            builders[declared.implementation ?? declared.service.type, default: []].append(declared)
        }
        let replaced = Set(registrations.compactMap(\.declared.overrides))
        return builders.mapValues { all in
            let built = all.filter { !replaced.contains($0.id) }
            // One site per key that builds it: two registrations of one key are one requester.
            var keys: Set<ServiceIdentity> = []
            return (built.isEmpty ? all : built).filter { keys.insert($0.service).inserted }
        }
    }

    mutating func site(
        _ request: RequestFact, file: FileFacts, holder: LinkedRegistration?, requester: DeclaredRegistration?
    ) -> InjectionSite {
        let id = nextID
        nextID += 1
        var certainty = InjectionGraph.Certainty(request.certainty)
        var note = request.note
        // `ToolsContainer.shared.logger()` where the file could not tell: the sources declare it.
        if Self.otherFilesSharedContainer(request) != nil { (certainty, note) = (.exact, nil) }
        // `@Injected(\Other.x)` reads the container its keypath's root names.
        let written = request.container ?? request.keyPath?.root.map { ContainerReference(expression: $0, type: $0) }
        let asked = containers.resolve(written, enclosingType: request.enclosing.type, inRegistration: holder?.declared.service.container)
        let containerName = asked.name == ContainerNames.unsettled ? containers.defaultName : asked.name
        var type = request.service.map { types.named($0) }
        if type == nil, request.typeSource == .initializerParameter, let call = request.contextualCall {
            type = types.parameterType(of: call)
        }
        let constant = request.name.flatMap { $0.isLiteral ? nil : types.nameConstant($0.value) }
        let name = constant ?? request.name?.value
        var linked: DeclaredRegistration?
        var requested: ServiceIdentity
        if let keyPath = request.keyPath {
            (linked, requested) = linkKeyPath(keyPath, type: type, container: containerName)
            if linked == nil, request.style == .factory, certainty == .exact {
                // A Factory keypath compiles only where its member is declared: not in these sources.
                certainty = .unresolved
                note = note ?? "the member \(keyPath.components.last ?? "?") is not declared in the scanned sources"
            }
        } else {
            requested = ServiceIdentity(type: type ?? "?", name: name, container: containerName)
            if type != nil { linked = find(requested) }
            // `ViewModel` written inside `LoginView` is `LoginView.ViewModel` where the sources nest
            // one there (the runtime names both `ViewModel`; registrations keep what they write).
            let scopes = [request.enclosing.type, request.contextualCall.map(\.callee)]
            if linked == nil, let written = request.service ?? type,
               let nested = scopes.compactMap({ [types] in types.nested(written, in: $0) }).first {
                let qualified = ServiceIdentity(type: nested, name: name, container: containerName)
                if let found = find(qualified) {
                    (linked, requested) = (found, qualified)
                }
            }
            // `register { Feed(scheduler: RunLoop.main) }` of a generic `Feed<S>`: the compiler
            // infers the arguments the key carries, which the sources leave unwritten, so a
            // request for `Feed<RunLoop>` is taken as answered by it.
            if linked == nil, let inferred = registrationOfUnwrittenArguments(requested) {
                (linked, requested) = (inferred, inferred.service)
                if certainty == .exact { certainty = .guessed }
                note = note ?? "\(inferred.service.type) is registered with its generic arguments inferred, not written: "
                    + "taken as the \(type ?? "") asked for"
            }
            // Resolver's `@LazyInjected` takes its name in code before first use (`$x.name = …`):
            // a type registered only under names is answered by one of them.
            if linked == nil, type != nil, name == nil, request.form == .propertyWrapper,
               request.access == .lazy || request.access == .weakLazy, let named = findNamed(requested) {
                linked = named
                if certainty == .exact { certainty = .guessed }
                note = note ?? "registered only under names (\(named.service.name ?? "")…): the name is set in code before first use"
            }
        }
        if let written = request.name, !written.isLiteral, constant == nil, certainty == .exact {
            // The key is decided at run time: never called missing.
            certainty = .unresolved
            note = note ?? Self.nameExpressionNote(written.value)
        }
        let typeKnown = requested.type != "?"
        if !typeKnown, certainty == .exact {
            certainty = .unresolved
            note = note ?? "the requested type is not written here and the sources do not declare it"
        }
        let kind: InjectionSite.Kind
        switch request.access {
        case .optional: kind = .optional
        case .lazy, .weakLazy: kind = .lazy
        default:
            kind = (request.form == .defaultArgument && !isInitializerDefault(request)) || requester == nil ? .serviceLocator
                : request.keyPath != nil ? .keypath : .eager
        }
        return InjectionSite(
            id: id, requested: requested, typeKnown: typeKnown, kind: kind,
            // A method's default argument is evaluated on each call: not a dependency the holder keeps.
            requester: request.form == .defaultArgument && !isInitializerDefault(request) ? nil : requester?.service,
            requesterType: request.enclosing.type, member: request.member ?? request.keyPath?.components.last,
            form: request.wrapper ?? request.form.rawValue, registration: linked?.id,
            location: location(file, request.line, request.column), conditions: request.conditions, certainty: certainty,
            note: note, argumentsGiven: request.form == .autoregisterParameter ? request.arguments : [])
    }

    /// What a site whose name is an expression says: the key is decided at run time.
    static func nameExpressionNote(_ expression: String) -> String {
        "the name is an expression (\(expression)), decided at run time"
    }

    /// The registration answering `requested` in its container, its parents, then the children
    /// added to them; an `.implements` alias answers too.
    func find(_ requested: ServiceIdentity) -> DeclaredRegistration? {
        for container in containers.searchOrder(from: requested.container) {
            // Registered under the type (not a keypath provider's member), or implementing it.
            let candidates = lookup.answering(requested.type, name: requested.name, in: container).map { registrations[$0].declared }
            // The one that wins: no other registration overrides it.
            let replaced = Set(candidates.compactMap(\.overrides))
            if let winner = candidates.last(where: { !replaced.contains($0.id) }) ?? candidates.last {
                return winner
            }
        }
        return nil
    }

    /// The registration of `Feed` that answers a request for `Feed<RunLoop>` when the sources
    /// declare `Feed` generic: a registration written without arguments can only have had them
    /// inferred. Nil for a type that is not generic, or one registered with its arguments written.
    func registrationOfUnwrittenArguments(_ requested: ServiceIdentity) -> DeclaredRegistration? {
        let bare = SourceTypes.withoutGenericArguments(requested.type)
        guard bare != requested.type, types.declarations(of: bare).contains(where: { !$0.genericParameters.isEmpty }) else { return nil }
        return find(ServiceIdentity(type: bare, name: requested.name, container: requested.container))
    }

    /// The first registration of `requested`'s type under any name, in the containers a resolve
    /// there searches.
    func findNamed(_ requested: ServiceIdentity) -> DeclaredRegistration? {
        for container in containers.searchOrder(from: requested.container) {
            if let found = registrations.first(where: {
                $0.declared.service.container == container && $0.declared.service.name != nil && $0.declared.service.type == requested.type
                    && $0.declared.service.member == nil
            }) { return found.declared }
        }
        return nil
    }

    /// `c.network.api()`, `@Inject(\.login.viewModel)`, `Container[\.a.b]`: the layer the first
    /// component's accessor returns, and the member.
    func linkKeyPath(_ keyPath: KeyPathFact, type: String?, container: String) -> (DeclaredRegistration?, ServiceIdentity) {
        let components = keyPath.components
        guard let member = components.last else {
            return (nil, ServiceIdentity(type: type ?? "?", container: container))
        }
        // Each accessor is looked up on the layer the one before it returned (on the root first), so
        // that two containers' accessors of one name each lead to their own layer.
        var owner: String? = keyPath.root ?? "Container"
        var layerTypes: [String] = []
        for accessor in components.dropLast() {
            layerTypes = types.layers(reachedBy: accessor, on: owner)
            owner = layerTypes.count == 1 ? layerTypes[0] : nil
        }
        let layers = Set(layerTypes.map { LayerName.derive(from: $0) })
        let layer = layers.count == 1 ? layers.first : nil
        var candidates = lookup.providing(member).filter {
            layers.isEmpty || registrations[$0].declared.service.layer.map(layers.contains) == true
        }
        // The member's own factory answers, not an override of it (a test's, a preview's).
        let declaredMembers = candidates.filter { !Self.factoryOverrides.contains(registrations[$0].fact.form) }
        if !declaredMembers.isEmpty { candidates = declaredMembers }
        let linked = candidates.lazy.map { registrations[$0].declared }.first { $0.service.container == container }
            ?? candidates.first.map { registrations[$0].declared }
        if let linked { return (linked, linked.service) }
        return (nil, ServiceIdentity(type: type ?? "?", container: container, layer: layer, member: member))
    }
}

extension InjectionGraph.Certainty {
    init(_ fact: InjectionScanFacts.Certainty) {
        self = InjectionGraph.Certainty(rawValue: fact.rawValue) ?? .guessed
    }
}
