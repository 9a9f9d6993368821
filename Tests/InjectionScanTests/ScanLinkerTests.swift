import Injection
import InjectionGraph
import InjectionScanFacts
import Testing
@testable import InjectionScan

/// The linker: facts of several files, as `di-scan` writes them, into one declared graph.
struct ScanLinkerTests {
    static func facts(_ files: [FileFacts], root: String = "/src/App/Sources/App") -> ScanFacts {
        ScanFacts(header: ScanFactsHeader(root: root, tool: "test", files: files.count), files: files)
    }

    /// `let app = Container(name: "app")` in Main.swift.
    static let main = FileFacts(
        path: "Main.swift", fileID: "App/Main.swift",
        containers: [ContainerFact(line: 3, column: 11, style: .injection, kind: .container, binding: "app", type: "Container",
                                   name: NameFact(value: "app", isLiteral: true))])

    static func register(
        _ id: Int, _ service: String, name: String? = nil, in container: String = "app", scope: String? = nil, line: Int,
        conditions: [String] = []
    ) -> RegistrationFact {
        RegistrationFact(
            id: id, line: line, column: 5, style: .injection, form: .register,
            container: ContainerReference(expression: container), service: service, serviceSource: .returnType,
            implementation: service, name: name.map { NameFact(value: $0, isLiteral: true) },
            scope: scope.map { ScopeFact(written: ".\($0)", normalized: $0) }, conditions: conditions)
    }

    @Test func aResolveIsTypedFromTheInitialiserDeclaredInAnotherFile() {
        let screens = FileFacts(path: "Screens.swift", fileID: "App/Screens.swift", types: [
            DeclaredType(name: "PaymentScreen", kind: .class, line: 1, column: 1, initializers: [
                InitializerFact(line: 3, parameters: [ParameterFact(label: "gateway", type: "any PaymentGateway")]),
            ]),
            DeclaredType(name: "PaymentGateway", kind: .protocol, line: 9, column: 1),
        ])
        let wiring = FileFacts(
            path: "Wiring.swift", fileID: "App/Wiring.swift",
            registrations: [Self.register(1, "PaymentScreen", line: 10)],
            requests: [RequestFact(
                line: 10, column: 40, style: .injection, form: .resolveCall, typeSource: .initializerParameter,
                contextualCall: ContextualCall(callee: "PaymentScreen", label: "gateway", index: 0, labels: ["gateway"]),
                container: ContainerReference(expression: "c"), inRegistration: 1, phase: .factory)])
        let declarations = ScanLinker.link(Self.facts([Self.main, screens, wiring]), root: "Sources/App")
        #expect(declarations.sites.map(\.requested) == [ServiceIdentity(type: "PaymentGateway", container: "app")])
        #expect(declarations.sites.first?.requester == ServiceIdentity(type: "PaymentScreen", container: "app"))
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.problems.map(\.message) == ["""
            Missing registration: PaymentGateway in 'app'
              Requested by: PaymentScreen in 'app', at App/Wiring.swift:10
              Fix: app.register { <#Implementation#>() as any PaymentGateway }
            """])
    }

    /// A receiver the sources never bind (`container.register` in a function taking a container)
    /// goes to the app's default container, and its note names that container, not the name the
    /// linker holds until the default is settled.
    @Test func aGuessedContainerIsNamedInTheNoteOnceSettled() throws {
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [
            Self.register(1, "Logger", line: 3),
            Self.register(2, "Store", in: "container", line: 7),
        ])
        let declarations = ScanLinker.link(Self.facts([Self.main, wiring]), root: ".")
        let store = try #require(declarations.registrations.first { $0.service.type == "Store" })
        #expect(store.service.container == "app")
        #expect(store.certainty == .guessed)
        #expect(store.note == "the container 'app' was picked for 'container'")
        #expect(!declarations.registrations.contains { $0.note?.contains("\u{0}") == true })
    }

    @Test func exclusiveIfClausesAreNeverDuplicatesAndAnotherContainerIsNoDuplicate() {
        let wiring = FileFacts(
            path: "Wiring.swift", fileID: "App/Wiring.swift",
            registrations: [
                Self.register(1, "Logger", line: 10, conditions: ["DEBUG"]),
                Self.register(2, "Logger", line: 12, conditions: ["!(DEBUG)"]),
                Self.register(3, "Logger", in: "mock", line: 14),
                Self.register(4, "Clock", line: 20),
                Self.register(5, "Clock", line: 21),
            ],
            containers: [ContainerFact(line: 1, column: 1, style: .injection, kind: .container, binding: "mock",
                                       name: NameFact(value: "mock", isLiteral: true))])
        let declarations = ScanLinker.link(Self.facts([Self.main, wiring]), root: ".")
        #expect(declarations.registrations.map(\.overrides) == [nil, nil, nil, nil, 4])
        #expect(declarations.registrations.map(\.conditions) == [["DEBUG"], ["!(DEBUG)"], [], [], []])
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.warnings.map(\.kind) == ["override"])
        #expect(report.warnings.first?.message.contains("Registered at: App/Wiring.swift:20") == true)
    }

    @Test func aWrapperInARegisteredTypeIsAnEdgeAndADefaultArgumentIsNone() {
        let domain = FileFacts(path: "Domain.swift", fileID: "App/Domain.swift", requests: [
            RequestFact(line: 4, column: 5, style: .injection, form: .propertyWrapper, access: .lazy, wrapper: "LazyInjected",
                        service: "Clock", typeSource: .annotation, member: "clock", enclosing: EnclosingFact(type: "Cart")),
            RequestFact(line: 9, column: 30, style: .resolver, form: .defaultArgument, service: "Clock", typeSource: .annotation,
                        enclosing: EnclosingFact(type: "Cart", function: "total(clock:)")),
        ])
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [
            Self.register(1, "Cart", scope: "singleton", line: 3), Self.register(2, "Clock", line: 4),
        ])
        let declarations = ScanLinker.link(Self.facts([Self.main, domain, wiring]), root: ".")
        #expect(declarations.sites.map(\.kind) == [.lazy, .serviceLocator])
        #expect(declarations.sites.map(\.requester) == [ServiceIdentity(type: "Cart", container: "app"), nil])
        let graph = ScanChecks.graph(from: declarations)
        #expect(graph.edges.count == 1 && graph.edges[0].isLazy)
        // A lazy read is taken after the singleton is built: no captive.
        #expect(graph.check().all.isEmpty)
    }

    /// `SearchUseCase`'s `@LazyInjected` resolves while either provider that builds it runs:
    /// each is a requester, with its own edge.
    @Test func aWrapperInATypeTwoRegistrationsBuildHasBothAsRequesters() throws {
        let domain = FileFacts(path: "Domain.swift", fileID: "App/Domain.swift", requests: [
            RequestFact(line: 7, column: 5, style: .injection, form: .propertyWrapper, access: .lazy, wrapper: "LazyInjected",
                        service: "FeatureFlags", typeSource: .annotation, member: "flags", enclosing: EnclosingFact(type: "SearchUseCase")),
            RequestFact(line: 8, column: 5, style: .injection, form: .propertyWrapper, wrapper: "Injected",
                        service: "Missing", typeSource: .annotation, member: "missing", enclosing: EnclosingFact(type: "SearchUseCase")),
        ])
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [
            Self.register(1, "FeatureFlags", line: 3),
            Self.register(2, "SearchUseCase", name: "online", line: 4),
            Self.register(3, "SearchUseCase", name: "offline", line: 5),
        ])
        let declarations = ScanLinker.link(Self.facts([Self.main, domain, wiring]), root: ".")
        let lazy = declarations.sites.filter { $0.requested.type == "FeatureFlags" }
        #expect(lazy.map(\.requester?.name) == ["online", "offline"])
        #expect(lazy.allSatisfy { "\($0.location.fileID):\($0.location.line)" == "App/Domain.swift:7" && $0.kind == .lazy })
        let graph = ScanChecks.graph(from: declarations)
        let flags = try #require(graph.nodeID(for: ServiceIdentity(type: "FeatureFlags", container: "app")))
        #expect(graph.edges.filter { $0.to == flags }.map { graph.nodes[$0.from].identity.name } == ["online", "offline"])
        // The unregistered wrapper is one site per builder, and one missing registration.
        #expect(graph.check().problems.map(\.kind) == ["missing"])
    }

    /// `app.map(\.mockAPI, to: \.api)` (as `InjectionMapper[\.api] = \.mockAPI`): a request for
    /// `api` may be answered by `mockAPI`, so its requester gets an edge to `mockAPI` too, guessed,
    /// naming the mapping's line.
    @Test func aMappedRequestLinksToTheMappedTarget() {
        let network = FileFacts(path: "Network.swift", fileID: "App/Network.swift", registrations: [
            RegistrationFact(id: 1, line: 3, column: 5, style: .injection, form: .keyPathMember, service: "APIClient",
                             implementation: "LiveAPI", member: "api", enclosing: EnclosingFact(type: "NetworkContainer")),
            RegistrationFact(id: 2, line: 4, column: 5, style: .injection, form: .keyPathMember, service: "APIClient",
                             implementation: "MockAPI", member: "mockAPI", enclosing: EnclosingFact(type: "NetworkContainer")),
            Self.register(3, "Repository", line: 9),
        ], requests: [
            RequestFact(line: 9, column: 40, style: .injection, form: .factoryCall, typeSource: .keyPath,
                        keyPath: KeyPathFact(components: ["network", "api"]), inRegistration: 3, phase: .factory),
        ])
        let main = FileFacts(path: "Main.swift", fileID: "App/Main.swift", mappings: [
            MappingFact(line: 20, column: 9, action: .set, from: KeyPathFact(components: ["network", "api"]),
                        to: KeyPathFact(components: ["network", "mockAPI"]), conditions: ["DEBUG"]),
            MappingFact(line: 21, column: 9, action: .reset, from: KeyPathFact(components: ["network", "api"])),
        ])
        let declarations = ScanLinker.link(Self.facts([Self.main, main, network]), root: ".")
        let sites = declarations.sites.map { site in
            "\(site.location.fileID):\(site.location.line) \(site.registration.flatMap(declarations.registration)?.service.member ?? "-") \(site.certainty) \(site.conditions)"
        }
        #expect(sites == ["App/Network.swift:9 api exact []", "App/Network.swift:9 mockAPI guessed [\"DEBUG\"]"])
        #expect(declarations.sites.last?.note == "answered by mockAPI while the mapping at App/Main.swift:20 is set")
        let graph = ScanChecks.graph(from: declarations)
        let targets = graph.edges.map { graph.nodes[$0.to].identity.member }
        #expect(targets == ["api", "mockAPI"])
    }

    @Test func aKeypathSiteWithNoTypeIsKeyedByContainerAndMemberAndNeverMissing() {
        let screens = FileFacts(path: "Screen.swift", fileID: "App/Screen.swift", requests: [
            RequestFact(line: 5, column: 5, style: .injection, form: .propertyWrapper, wrapper: "Inject", typeSource: .keyPath,
                        keyPath: KeyPathFact(components: ["login", "viewModel"]), member: "model",
                        enclosing: EnclosingFact(type: "LoginScreen")),
        ])
        let declarations = ScanLinker.link(Self.facts([Self.main, screens]), root: ".")
        let site = declarations.sites[0]
        #expect(!site.typeKnown && site.requested.member == "viewModel" && site.requested.container == "shared")
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.problems.isEmpty && report.notes.map(\.kind) == ["unresolved"])
    }

    /// Resolver's `name: .fred` is the name `extension Resolver.Name { static let fred = Self("fred") }`
    /// gives it, in whichever file; a constant the sources do not declare stays undecided.
    @Test func aNameConstantReadsAsTheNameItsDeclarationGives() {
        let names = FileFacts(path: "Names.swift", fileID: "App/Names.swift", types: [
            DeclaredType(name: "Resolver.Name", kind: .extension, line: 3, column: 1, properties: [
                PropertyFact(name: "fred", line: 4, isStatic: true, stringValue: "fred"),
            ]),
        ])
        var registration = Self.register(1, "Service", line: 10)
        registration.name = NameFact(value: ".fred", isLiteral: false)
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [registration], requests: [
            RequestFact(line: 20, column: 5, style: .resolver, form: .propertyWrapper, wrapper: "Injected", service: "Service",
                        typeSource: .annotation, name: NameFact(value: ".fred", isLiteral: false), enclosing: EnclosingFact(type: "Screen")),
            RequestFact(line: 21, column: 5, style: .resolver, form: .propertyWrapper, wrapper: "Injected", service: "Service",
                        typeSource: .annotation, name: NameFact(value: ".barney", isLiteral: false), enclosing: EnclosingFact(type: "Screen")),
        ])
        let declarations = ScanLinker.link(Self.facts([Self.main, names, wiring]), root: ".")
        let registered = declarations.registrations[0]
        #expect(registered.service.name == "fred" && registered.certainty == .exact && registered.location.line == 10)
        let (fred, barney) = (declarations.sites[0], declarations.sites[1])
        #expect(fred.requested.name == "fred" && fred.registration == registered.id && fred.certainty == .exact && fred.location.line == 20)
        #expect(barney.requested.name == ".barney" && barney.registration == nil && barney.certainty == .unresolved)
        // Undecided is never missing.
        #expect(ScanChecks.graph(from: declarations).check().problems.isEmpty)
    }

    @Test func aFileIDComesFromTheSourcesFolderWhenTheScannerGaveNone() {
        let file = FileFacts(path: "Wiring/Fault.swift", registrations: [Self.register(1, "Clock", line: 2)])
        let declarations = ScanLinker.link(Self.facts([file], root: "/src/shop/Sources/SampleApp"), root: ".")
        #expect(declarations.registrations[0].location.fileID == "SampleApp/Fault.swift")
        #expect(declarations.registrations[0].location.path == "Wiring/Fault.swift")
    }
}
