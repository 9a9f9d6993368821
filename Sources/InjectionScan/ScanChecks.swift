import Injection
import InjectionGraph
import InjectionScanFacts

/// The problems found without running, in the runtime's problem model: what a scan's
/// ``Declarations`` say a run would hit, each with the severity its certainty allows.
///
/// - A site no registration answers: `missing` (the runtime's words, near misses and fix line),
///   an error when no registration of that key exists anywhere and nothing the scan could not
///   type could supply it; a warning when the key is registered in another container (which one
///   answers may be decided at run time); a note when the scan guessed the site's type, or when
///   a registration it could not type may supply it. An optional site (`@OptionalInjected`) is
///   the runtime's note, "resolved to nil".
/// - A loop of constructor resolves: `cycle`, an error when every step was read exactly. A loop
///   closed by a lazy step is the runtime's note (`lazyLoop`), from the graph's own check.
/// - A long-lived registration whose factory resolves a short-lived one: a captive
///   (`scopeMismatch`); an error in this library's style, which reports it on the first build; a
///   warning in the others, whose idioms often do it on purpose.
/// - A key registered twice where the later wins: `override`, a warning naming both lines.
/// - Layer breaches and loops come from the graph's own check, as for a run.
///
/// ```swift
/// let graph = ScanChecks.graph(from: declarations)
/// print(graph.check().text)
/// ```
public enum ScanChecks {
    /// `declarations` added to `graph` (an empty graph for a scan on its own), with every problem
    /// found in them declared.
    public static func graph(from declarations: Declarations, onto graph: DependencyGraph = DependencyGraph()) -> DependencyGraph {
        var graph = graph
        graph.declare(declarations)
        let index = Index(declarations)
        declareMissing(declarations, index, &graph)
        declareCycles(declarations, index, &graph)
        declareCaptives(declarations, index, &graph)
        for registration in declarations.registrations {
            guard let replaced = registration.overrides.flatMap(index.registration) else { continue }
            graph.declareProblem(DeclaredProblem(.overridden(DeclaredOverride(replaced: replaced, winner: registration)), severity: .warning))
        }
        return graph
    }

    /// Lookups over one scan's declarations.
    struct Index {
        var byID: [Int: DeclaredRegistration] = [:]
        var byKey: [ServiceIdentity: [DeclaredRegistration]] = [:]
        var byType: [String: [DeclaredRegistration]] = [:]
        /// Registrations by each type the type they build conforms to (``DeclaredRegistration/conformsTo``).
        var byConformance: [String: [DeclaredRegistration]] = [:]
        /// Sites inside each registration's factory that link to another registration.
        var sitesByRequester: [ServiceIdentity: [InjectionSite]] = [:]
        var sitesByTarget: [Int: [InjectionSite]] = [:]
        /// Registered types by their first four characters: a name looks like an implementation
        /// of another only with a common stem that long (``MissingRegistration``), so near misses
        /// look in one bucket instead of at every type.
        var typesByStem: [String: [String]] = [:]
        /// The registered types with no byte of a multi-byte character, sorted bytewise: those
        /// that can look like an implementation of a name are the run that starts with the bytes
        /// ``sharedPrefixNeeded(toLookLikeAnImplementationOf:)`` gives, found by binary search.
        var plainTypes: [String] = []
        /// The other registered types (compared by character: U+212A is K), by stem and all.
        var otherTypesByStem: [String: [String]] = [:]
        var otherTypes: [String] = []
        /// Each registered type and name, in any container.
        var typesAndNames: Set<TypeAndName> = []
        var parents: [String: String] = [:]
        var protocols: Set<String>
        /// Whether a registration the scan could not type may supply any key.
        var hasUntypedRegistration: Bool
        /// The registrations made into each container, by its name.
        var byContainer: [String: [DeclaredRegistration]] = [:]

        init(_ declarations: Declarations) {
            for registration in declarations.registrations {
                byID[registration.id] = registration
                byContainer[registration.service.container, default: []].append(registration)
                byKey[registration.service, default: []].append(registration)
                byType[registration.service.type, default: []].append(registration)
                for conformance in registration.conformsTo { byConformance[conformance, default: []].append(registration) }
                for alias in registration.implements {
                    byKey[alias, default: []].append(registration)
                    byType[alias.type, default: []].append(registration)
                }
            }
            for type in byType.keys {
                typesByStem[String(type.prefix(4)), default: []].append(type)
                if type.utf8.contains(where: { $0 >= 0x80 }) {
                    otherTypesByStem[String(type.prefix(4)), default: []].append(type)
                    otherTypes.append(type)
                } else {
                    plainTypes.append(type)
                }
            }
            plainTypes.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            typesAndNames = Set(byKey.keys.map { TypeAndName(type: $0.type, name: $0.name) })
            for site in declarations.sites {
                if let requester = site.requester { sitesByRequester[requester, default: []].append(site) }
                if let target = site.registration { sitesByTarget[target, default: []].append(site) }
            }
            for container in declarations.containers { if let parent = container.parent { parents[container.name] = parent } }
            protocols = Set(declarations.protocols)
            hasUntypedRegistration = declarations.registrations.contains { $0.certainty == .unresolved }
                || declarations.notes.contains { $0.kind == "unresolved" && $0.message.contains("registration") }
        }

        func registration(_ id: Int) -> DeclaredRegistration? { byID[id] }

        func registrations(in container: String) -> [DeclaredRegistration] { byContainer[container] ?? [] }

        /// The registration that answers for `service` (the one no other overrides).
        func winner(of service: ServiceIdentity) -> DeclaredRegistration? {
            guard let candidates = byKey[service] else { return nil }
            let replaced = Set(candidates.compactMap(\.overrides))
            return candidates.last { !replaced.contains($0.id) } ?? candidates.last
        }

        /// The bytes a name must start with to look like an implementation of `asked`
        /// (``MissingRegistration/namesLookLikeImplementation(_:of:)``: the protocol's stem, or a
        /// stem of all but four characters and at least four): a cheap test before that one, for a
        /// name of printable ASCII (nil otherwise: no test).
        static func sharedPrefixNeeded(toLookLikeAnImplementationOf asked: String) -> [UInt8]? {
            let bytes = Array(asked.utf8)
            guard bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return nil }
            let protocolStem = asked.hasSuffix("Protocol") ? bytes.count - "Protocol".count : bytes.count
            return Array(bytes.prefix(min(protocolStem, max(4, bytes.count - 4))))
        }

        /// The types of ``plainTypes`` that start with `prefix`.
        func plainTypes(startingWith prefix: [UInt8]) -> ArraySlice<String> {
            let low = plainTypes.partitioningIndex { !$0.utf8.lexicographicallyPrecedes(prefix) }
            var end = low
            while end < plainTypes.count, plainTypes[end].utf8.starts(with: prefix) { end += 1 }
            return plainTypes[low..<end]
        }

        func isAncestor(_ ancestor: String, of container: String) -> Bool {
            var current = parents[container]
            var seen: Set<String> = []
            while let name = current, seen.insert(name).inserted {
                if name == ancestor { return true }
                current = parents[name]
            }
            return false
        }

        /// `nil` (the same container or a parent, as the runtime says it), `parent`, `child` or `other`.
        func relation(of found: String, to asked: String) -> String? {
            if found == asked { return nil }
            if isAncestor(found, of: asked) { return "parent" }
            if isAncestor(asked, of: found) { return "child" }
            return "other"
        }

        /// The declared requesters that lead to `requester`, outermost first, ending with it: the
        /// first declared site that asks for each, without going round a loop.
        func chain(endingAt requester: ServiceIdentity) -> [ServiceIdentity] {
            var chain = [requester]
            var seen: Set<ServiceIdentity> = [requester]
            var current = requester
            while chain.count < 8, let registration = winner(of: current),
                  let next = (sitesByTarget[registration.id] ?? []).lazy.compactMap(\.requester).first(where: { !seen.contains($0) }) {
                chain.insert(next, at: 0)
                seen.insert(next)
                current = next
            }
            return chain
        }

        /// Registrations near what `requested` asks for, closest first, in the runtime's kinds.
        func nearMisses(for requested: ServiceIdentity) -> [NearMiss] {
            var result: [NearMiss] = []
            let asked = requested.type
            for registration in byType[asked] ?? [] {
                let found = registration.service.type == asked ? registration.service : registration.implements.first { $0.type == asked }!
                let relation = relation(of: found.container, to: requested.container)
                if found.name != requested.name && (relation == nil || relation == "parent") {
                    result.append(NearMiss(kind: .otherName, service: found))
                } else if found.name == requested.name && relation != nil {
                    result.append(NearMiss(kind: .otherContainer, service: found, relation: relation))
                }
            }
            // The types that can look like an implementation of `asked` (a stem of four shared;
            // a shorter name, or a protocol name with a shorter stem, looks at every type), and
            // its optional and non-optional forms.
            let protocolStem = asked.hasSuffix("Protocol") ? asked.count - "Protocol".count : asked.count
            let byStem = asked.count >= 4 && protocolStem >= 4
            let shared = Self.sharedPrefixNeeded(toLookLikeAnImplementationOf: asked)
            var candidates: [String]
            if let shared {
                // A plain name that does not start with the shared bytes cannot look like one.
                candidates = Array(plainTypes(startingWith: shared))
                candidates += byStem ? otherTypesByStem[String(asked.prefix(4))] ?? [] : otherTypes
            } else {
                candidates = byStem ? typesByStem[String(asked.prefix(4))] ?? [] : Array(byType.keys)
            }
            candidates.append("Optional<\(asked)>")
            if asked.hasPrefix("Optional<"), asked.hasSuffix(">") { candidates.append(String(asked.dropFirst("Optional<".count).dropLast())) }
            for type in Set(candidates) where type != asked {
                guard let registrations = byType[type] else { continue }
                let optional = type == "Optional<\(asked)>" || "Optional<\(type)>" == asked
                // Non-ASCII names compare by Character (U+212A is K): always the full test.
                let implements = !optional && (shared.map { type.utf8.starts(with: $0) || type.utf8.contains { $0 >= 0x80 } } ?? true)
                    && MissingRegistration.namesLookLikeImplementation(type, of: asked)
                guard optional || implements else { continue }
                for registration in registrations where registration.service.type == type {
                    let relation = relation(of: registration.service.container, to: requested.container)
                    guard relation == nil || relation == "parent" else { continue }
                    result.append(NearMiss(kind: optional ? .optional : .concreteType, service: registration.service))
                }
            }
            // A type the sources say conforms to `asked`, registered as itself (or as another of
            // its types): `register { SMTPMailer() }` for a missing `Mailer`.
            for registration in byConformance[asked] ?? []
            where registration.service.type != asked && !registration.implements.contains(where: { $0.type == asked }) {
                let relation = relation(of: registration.service.container, to: requested.container)
                guard relation == nil || relation == "parent" else { continue }
                result.append(NearMiss(kind: .concreteType, service: registration.service))
            }
            func order(_ kind: NearMiss.Kind) -> Int {
                switch kind { case .otherName: 0; case .otherContainer: 1; case .concreteType: 2; case .optional: 3 }
            }
            var seen: Set<NearMiss> = []
            return result.filter { seen.insert($0).inserted }.sorted {
                (order($0.kind), $0.service.key) < (order($1.kind), $1.service.key)
            }
        }
    }

    /// A site's form as the sources spell it, for a note that has no type to name: `resolve()`,
    /// `@Injected`; never the scan's own word for it (`resolveCall`).
    static func spelled(form: String) -> String {
        switch RequestForm(rawValue: form) {
        case .resolveCall: "resolve()"
        case .defaultArgument: "a default argument's resolve()"
        case .keyPathSubscript: "a keypath"
        case .factoryCall: "a Factory member's call"
        case .customHelper: "the app's resolve helper"
        case .autoregisterParameter: "an autoregister initialiser's parameter"
        case .propertyWrapper: "a property wrapper"
        default: "@" + form  // the wrapper's name
        }
    }

    struct TypeAndName: Hashable {
        var type: String
        var name: String?
    }

    static func declareMissing(_ declarations: Declarations, _ index: Index, _ graph: inout DependencyGraph) {
        // A wrapper in a type several registrations build is one site per builder: one problem.
        struct Asked: Hashable {
            var location: DeclaredLocation
            var requested: ServiceIdentity
        }
        var reported: Set<Asked> = []
        var nearMisses: [ServiceIdentity: [NearMiss]] = [:]
        for site in declarations.sites where site.registration == nil {
            let requested = site.requested
            guard reported.insert(Asked(location: site.location, requested: requested)).inserted else { continue }
            guard site.typeKnown, site.certainty != .unresolved else {
                // A key the scan cannot name is never called missing: it says where it could not see.
                // A name that is an expression is written as the code writes it, not quoted as a literal.
                let nameIsExpression = requested.name.map { site.note == Linking.nameExpressionNote($0) } ?? false
                let key = nameIsExpression ? "\(requested.type) (name: \(requested.name ?? ""))" : requested.description
                let what = requested.member.map { "\((requested.layer.map { "\($0)." } ?? ""))\($0)" }
                    ?? (site.typeKnown ? key : Self.spelled(form: site.form))
                let message = "\(what) in '\(requested.container)': " + (site.note ?? "the requested type is not in the sources")
                graph.declareProblem(DeclaredProblem(
                    .scanNote(ScanNote(kind: "unresolved", message: message, location: site.location)), severity: .note))
                continue
            }
            let chain = site.requester.map(index.chain(endingAt:)) ?? []
            // Many sites ask for one missing key: its near misses once.
            let near = site.typeKnown ? nearMisses[requested] ?? index.nearMisses(for: requested) : []
            nearMisses[requested] = near
            let requesterRegistration = site.requester.flatMap(index.winner(of:))
            let requesterScope = requesterRegistration?.effectiveScope
            let receiver = requested.container == "shared" ? "Container.shared" : requested.container
            let fix: String
            if site.form == RequestForm.autoregisterParameter.rawValue, site.kind != .optional, let requester = site.requester,
               SwinjectFix.isPlainValue(requested.type) {
                // A value the initialiser takes (a title, an id): given when resolving, as every
                // such value of the same autoregister is.
                let values = declarations.sites.filter {
                    $0.form == site.form && $0.location == site.location && $0.requester == requester && $0.registration == nil
                        && $0.kind != .optional && SwinjectFix.isPlainValue($0.requested.type)
                }.map(\.requested.type)
                fix = SwinjectFix.argumentLine(
                    receiver: requested.container == "shared" ? "container" : requested.container, service: requester,
                    implementation: requesterRegistration?.implementation, given: site.argumentsGiven, values: values)
            } else if SwinjectFix.applies(requester: requesterRegistration, container: index.registrations(in: requested.container)) {
                // Swinject has no `Container.shared`: the app's container is the assembly's parameter.
                fix = SwinjectFix.line(
                    receiver: requested.container == "shared" ? "container" : requested.container, asked: requested.type,
                    name: requested.name, near: near, requesterScope: requesterScope,
                    isProtocol: index.protocols.contains(requested.type))
            } else {
                fix = MissingRegistration.fixLine(
                    receiver: receiver, asked: requested.type, name: requested.name, near: near,
                    requesterScope: requesterScope, isProtocol: index.protocols.contains(requested.type))
            }
            let missing = MissingRegistration(
                requested: requested, requesterChain: chain, nearMisses: near, fix: fix,
                location: site.location.sourceLocation)
            if site.kind == .optional {
                graph.declareMissing(missing, optional: true, severity: .note)
                continue
            }
            let severity: ProblemSeverity
            if site.certainty != .exact || index.hasUntypedRegistration {
                severity = .note
            } else if index.typesAndNames.contains(TypeAndName(type: requested.type, name: requested.name)) {
                severity = .warning  // registered in another container: which one answers can be set at run time
            } else {
                severity = .error
            }
            graph.declareMissing(missing, severity: severity)
        }
    }

    /// Every eager loop of the declared graph, as the cycle the runtime would catch, closed at the
    /// site of its last step.
    static func declareCycles(_ declarations: Declarations, _ index: Index, _ graph: inout DependencyGraph) {
        for loop in graph.dependencyLoops() {
            let path = loop.path
            var steps: [InjectionSite] = []
            for (from, to) in zip(path, path.dropLast().dropFirst() + [path[0]]) {
                let site = index.sitesByRequester[from]?.first { site in
                    site.kind != .lazy && site.registration.flatMap(index.registration)?.service == to
                }
                if let site { steps.append(site) }
            }
            let exact = steps.count == path.count - 1 && steps.allSatisfy { $0.certainty == .exact }
            let cycle = DependencyCycle(path: path, closedAt: steps.last?.location.sourceLocation)
            graph.declareCycle(cycle, severity: exact ? .error : .note)
        }
    }

    /// Long-lived registrations whose factories resolve short-lived ones when they are built.
    static func declareCaptives(_ declarations: Declarations, _ index: Index, _ graph: inout DependencyGraph) {
        var seen: Set<[ServiceIdentity]> = []
        for site in declarations.sites where site.kind != .lazy {
            guard let requester = site.requester, let holder = index.winner(of: requester),
                  let captive = site.registration.flatMap(index.registration),
                  holder.effectiveScope.captures(captive.effectiveScope),
                  seen.insert([holder.service, captive.service]).inserted else { continue }
            let mismatch = ScopeMismatch(
                holder: holder.service, holderScope: holder.effectiveScope, captive: captive.service,
                captiveScope: captive.effectiveScope)
            let certain = holder.style == "injection" && captive.style == "injection" && site.certainty == .exact
            // A factory that builds nothing and resolves only the captive, which conforms to the
            // holder's type, returns it: a forward.
            let forwards = holder.implementation == nil && captive.conformsTo.contains(holder.service.type)
                && (index.sitesByRequester[holder.service] ?? []).allSatisfy { $0.registration == captive.id }
            graph.declareCaptive(
                mismatch, holderRegisteredAt: holder.location.sourceLocation, severity: certain ? .error : .warning,
                spelledFixes: CaptiveFix.spelled(holder: holder, captive: captive),
                forwardFix: forwards ? CaptiveFix.forward(holder: holder, captive: captive) : nil)
        }
    }
}
