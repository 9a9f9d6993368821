import Injection
import InjectionGraph
import InjectionScanFacts
import Testing
@testable import InjectionScan

/// Types as apps write them at sites and registrations, keyed as the runtime keys them: a nested
/// type by its full name, an alias as the type it names; and the code around a site that makes
/// it an edge (a stored property of a type a registration builds) or no registration at all (an
/// app's own `register` method).
struct WrittenTypeLinkingTests {
    static func resolverRegister(_ id: Int, _ type: String, name: String? = nil, line: Int) -> RegistrationFact {
        RegistrationFact(
            id: id, line: line, column: 9, style: .resolver, form: .register, container: ContainerReference(expression: "self", type: "Resolver"),
            service: type, serviceSource: .returnType, implementation: type, name: name.map { NameFact(value: $0, isLiteral: true) },
            enclosing: EnclosingFact(type: "Resolver", function: "registerViewModels()"))
    }

    static func locator(_ line: Int, _ type: String?, member: String? = nil, access: RequestAccess = .eager, in enclosing: EnclosingFact) -> RequestFact {
        RequestFact(line: line, column: 40, style: .resolver, form: .resolveCall, access: access, service: type,
                    typeSource: type == nil ? .unknown : .annotation, container: ContainerReference(expression: "Resolver", type: "Resolver"),
                    member: member, enclosing: enclosing)
    }

    /// `register { LoginView.ViewModel() }` answers `@StateObject var viewModel: ViewModel =
    /// Resolver.resolve()` inside `LoginView` (its `ViewModel` declared in an extension), and
    /// `typealias SessionType = Session` is `Session`: no missing registration.
    @Test func aNestedTypeIsNamedFromItsScopeAndAnAliasIsTheTypeItNames() {
        let types = FileFacts(path: "Types.swift", fileID: "App/Types.swift", types: [
            DeclaredType(name: "LoginView", kind: .struct, line: 1, column: 1),
            DeclaredType(name: "LoginView", kind: .extension, line: 5, column: 1),
            DeclaredType(name: "LoginView.ViewModel", kind: .class, line: 6, column: 5),
            DeclaredType(name: "ViewModel", kind: .class, line: 10, column: 1),
            DeclaredType(name: "SessionType", kind: .typealias, line: 12, column: 1, aliasOf: "Session"),
        ], requests: [
            Self.locator(3, "ViewModel", member: "viewModel", in: EnclosingFact(type: "LoginView")),
            Self.locator(4, "SessionType", in: EnclosingFact(type: "LoginView", function: "body")),
            Self.locator(14, "ViewModel", in: EnclosingFact(type: "Settings", function: "open()")),
        ])
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [
            Self.resolverRegister(1, "LoginView.ViewModel", line: 3),
            Self.resolverRegister(2, "Session", line: 4),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([types, wiring]), root: ".")
        #expect(declarations.sites.map(\.requested.type) == ["LoginView.ViewModel", "Session", "ViewModel"])
        #expect(declarations.sites.map { $0.registration != nil } == [true, true, false])
        // The top-level `ViewModel` outside `LoginView` is another type, unregistered: missing.
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.problems.map(\.message.firstLine) == ["Missing registration: ViewModel in 'shared'"])
    }

    /// `ProfileView<ProfileViewModel>(viewModel: Resolver.resolve())` fills `init(viewModel: VM)`
    /// of `struct ProfileView<VM>`: the key is the argument written for `VM`. One written without
    /// its own arguments (`AppViewModel` of `AppViewModel<N>`) is the compiler's to infer, and a
    /// parameter with no argument written stays unknown: notes, never a missing `VM`.
    @Test func aGenericParameterIsTheArgumentWrittenForIt() {
        let types = FileFacts(path: "Views.swift", fileID: "App/Views.swift", types: [
            DeclaredType(name: "ProfileView", kind: .struct, line: 1, column: 1, genericParameters: ["VM"], initializers: [
                InitializerFact(line: 2, parameters: [ParameterFact(label: "viewModel", type: "VM")]),
            ]),
            DeclaredType(name: "AppViewModel", kind: .class, line: 5, column: 1, genericParameters: ["N"]),
        ])
        func filling(_ line: Int, callee: String) -> RequestFact {
            RequestFact(line: line, column: 40, style: .resolver, form: .resolveCall, typeSource: .initializerParameter,
                        contextualCall: ContextualCall(callee: callee, label: "viewModel", index: 0, labels: ["viewModel"]),
                        container: ContainerReference(expression: "Resolver", type: "Resolver"),
                        enclosing: EnclosingFact(type: "Navigator", function: "show()"))
        }
        let navigator = FileFacts(path: "Navigator.swift", fileID: "App/Navigator.swift", registrations: [
            Self.resolverRegister(1, "ProfileViewModel", line: 3),
        ], requests: [
            filling(10, callee: "ProfileView<ProfileViewModel>"), filling(11, callee: "ProfileView<AppViewModel>"),
            filling(12, callee: "ProfileView"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([types, navigator]), root: ".")
        #expect(declarations.sites.map(\.requested.type) == ["ProfileViewModel", "?", "?"])
        #expect(declarations.sites.map { $0.registration != nil } == [true, false, false])
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.problems.isEmpty && report.notes.count == 2)
    }

    /// `let formatter = Resolver.resolve(Formatter.self)` as a stored property of a type a
    /// registration builds is resolved while that factory runs: an edge, as a wrapper is. A
    /// `lazy var` is a lazy edge; a `static let` belongs to no instance: a service-locator site.
    /// An optional resolve gets no edge. An initialiser's default argument is an edge too.
    @Test func aStoredPropertysResolveInABuiltTypeIsAnEdge() {
        let profile = FileFacts(path: "Profile.swift", fileID: "App/Profile.swift", types: [
            DeclaredType(name: "ProfileViewModel", kind: .class, line: 1, column: 1, properties: [
                PropertyFact(name: "formatter", line: 2), PropertyFact(name: "later", line: 3),
                PropertyFact(name: "shared", line: 4, isStatic: true), PropertyFact(name: "maybe", line: 5),
            ]),
        ], requests: [
            Self.locator(2, "Formatter", member: "formatter", in: EnclosingFact(type: "ProfileViewModel")),
            Self.locator(3, "Clock", member: "later", access: .lazy, in: EnclosingFact(type: "ProfileViewModel")),
            Self.locator(4, "Formatter", member: "shared", in: EnclosingFact(type: "ProfileViewModel")),
            Self.locator(5, "Formatter", member: "maybe", access: .optional, in: EnclosingFact(type: "ProfileViewModel")),
            Self.locator(7, "Formatter", member: "local", in: EnclosingFact(type: "ProfileViewModel", function: "load()")),
            RequestFact(line: 9, column: 30, style: .resolver, form: .defaultArgument, service: "Session", typeSource: .annotation,
                        member: "session", enclosing: EnclosingFact(type: "ProfileViewModel", function: "init")),
            RequestFact(line: 12, column: 30, style: .resolver, form: .defaultArgument, service: "Session", typeSource: .annotation,
                        member: "session", enclosing: EnclosingFact(type: "ProfileViewModel", function: "reload(session:)")),
        ])
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [
            Self.resolverRegister(1, "ProfileViewModel", line: 3), Self.resolverRegister(2, "Formatter", line: 4),
            Self.resolverRegister(3, "Clock", line: 5), Self.resolverRegister(4, "Session", line: 6),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([profile, wiring]), root: ".")
        let viewModel = ServiceIdentity(type: "ProfileViewModel", container: "shared")
        // An optional one has no edge: a lazy var's reads the same in the facts. An initialiser's
        // default argument is evaluated while `register { ProfileViewModel() }` builds it: an
        // edge; a method's, at each call: none.
        #expect(declarations.sites.map(\.requester) == [viewModel, viewModel, nil, nil, nil, viewModel, nil])
        #expect(declarations.sites.map(\.kind) == [.eager, .lazy, .serviceLocator, .optional, .serviceLocator, .eager, .serviceLocator])
        let graph = ScanChecks.graph(from: declarations)
        #expect(graph.edges.count == 3 && graph.edges.map(\.isLazy) == [false, true, false])
    }

    /// `scheduler.register { task in … }` on a type the sources declare with a `register` of its
    /// own that is not generic is the app's method: no registration (and no untyped one to make
    /// every missing registration a mere note). A wrapper's generic `register` stays a guess.
    /// So does another library's registry (`ImageDecoderRegistry.shared.register { }` in a file
    /// that imports no DI library, on a type the sources do not declare).
    @Test func anAppsOwnNonGenericRegisterIsNoRegistration() {
        let types = FileFacts(path: "Types.swift", fileID: "App/Types.swift", types: [
            DeclaredType(name: "TaskScheduler", kind: .struct, line: 1, column: 1, methods: [
                MethodFact(name: "register", line: 2, parameters: [ParameterFact(label: "executionTask", type: "() -> Void")]),
            ]),
            DeclaredType(name: "DIContainer", kind: .class, line: 5, column: 1, methods: [
                MethodFact(name: "register", line: 6, genericParameters: ["T"]),
            ]),
        ])
        func guessed(_ id: Int, on receiver: String, type: String, service: String?) -> RegistrationFact {
            RegistrationFact(id: id, line: 10 + id, column: 9, style: .resolver, form: .register,
                             container: ContainerReference(expression: receiver, type: type), service: service, certainty: .guessed,
                             note: "receiver `\(receiver)` is a \(type), not a known container")
        }
        let app = FileFacts(path: "App.swift", fileID: "App/App.swift", registrations: [
            guessed(1, on: "scheduler", type: "TaskScheduler", service: nil),
            guessed(2, on: "container", type: "DIContainer", service: "Logger"),
        ], requests: [
            Self.locator(20, "Clock", in: EnclosingFact(type: "App", function: "run()")),
        ])
        let images = FileFacts(path: "Images.swift", fileID: "App/Images.swift", imports: ["Nuke"], registrations: [
            RegistrationFact(id: 1, line: 27, column: 37, style: .injection, form: .register,
                             container: ContainerReference(expression: "ImageDecoderRegistry.shared"), certainty: .unresolved,
                             note: "receiver `ImageDecoderRegistry.shared` is not declared in this file as a container"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([types, app, images]), root: ".")
        #expect(declarations.registrations.map(\.service.type) == ["Logger"])
        // Nothing untyped may supply `Clock`: its missing registration is an error.
        #expect(ScanChecks.graph(from: declarations).check().problems.map(\.kind) == ["missing"])
    }

    /// Resolver's `@LazyInjected var viewModel: XYZViewModel` whose type is registered only under
    /// names ("add", "edit") takes its name in code (`$viewModel.name = …`) before first use:
    /// linked to a named one, guessed, never missing.
    @Test func aLazyWrapperOfATypeRegisteredOnlyUnderNamesIsAGuessedLink() {
        let wiring = FileFacts(path: "Wiring.swift", fileID: "App/Wiring.swift", registrations: [
            Self.resolverRegister(1, "XYZViewModel", name: "add", line: 3),
            Self.resolverRegister(2, "XYZViewModel", name: "edit", line: 4),
        ], requests: [
            RequestFact(line: 9, column: 5, style: .resolver, form: .propertyWrapper, access: .lazy, wrapper: "LazyInjected",
                        service: "XYZViewModel", typeSource: .annotation, member: "viewModel", enclosing: EnclosingFact(type: "XYZViewController")),
            RequestFact(line: 10, column: 5, style: .resolver, form: .propertyWrapper, wrapper: "Injected",
                        service: "XYZViewModel", typeSource: .annotation, member: "eager", enclosing: EnclosingFact(type: "XYZViewController")),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([wiring]), root: ".")
        let lazy = declarations.sites[0]
        #expect(lazy.registration == declarations.registrations[0].id && lazy.certainty == .guessed)
        // An eager `@Injected` has no name to set first: missing, naming the registered names.
        #expect(declarations.sites[1].registration == nil)
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.problems.map { $0.message.contains("App/Wiring.swift:10") } == [true], "\(report.problems.map(\.message))")
    }
}

extension WrittenTypeLinkingTests {
    /// `(any P)` is `P`; a tuple and a function type keep their parentheses, as the runtime names them.
    @Test func parenthesesAroundOneTypeGoAndATuplesStay() {
        #expect(SourceTypes.normalized("(any Store)") == "Store")
        #expect(SourceTypes.normalized("(stream: AsyncStream<Int>, continuation: Int)") == "(stream: AsyncStream<Int>, continuation: Int)")
        #expect(SourceTypes.normalized("(Int) -> (String)") == "(Int) -> (String)")
        #expect(SourceTypes.normalized("(Dictionary<String, Int>)") == "Dictionary<String, Int>")
    }
}

private extension String {
    var firstLine: String { split(separator: "\n").first.map(String.init) ?? self }
}
