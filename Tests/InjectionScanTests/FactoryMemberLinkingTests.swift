import Injection
import InjectionGraph
import InjectionScanFacts
import Testing
@testable import InjectionScan

/// Factory (2 and 3) keys a service by its container and member, as apps write it: `@Injected(\.x)`,
/// `@DynamicInjected(\.x)`, `Container.shared.x()`, `self.x()` in a factory, `\Other.x` for a
/// `SharedContainer` of the app's own, and `.register { }` / `.onTest { }` replacing a member.
struct FactoryMemberLinkingTests {
    static func member(
        _ id: Int, _ member: String, _ type: String, in owner: String = "Container", line: Int, form: RegistrationForm = .factoryMember
    ) -> RegistrationFact {
        RegistrationFact(
            id: id, line: line, column: 5, style: .factory, form: form, container: ContainerReference(expression: "self", type: owner),
            service: type, serviceSource: .explicit, implementation: type, member: member, enclosing: EnclosingFact(type: owner))
    }

    static func wrapper(_ line: Int, _ wrapper: String, _ keyPath: KeyPathFact, access: RequestAccess = .eager, in type: String) -> RequestFact {
        RequestFact(line: line, column: 5, style: .factory, form: .propertyWrapper, access: access, wrapper: wrapper,
                    typeSource: .keyPath, keyPath: keyPath, member: keyPath.components.last, enclosing: EnclosingFact(type: type))
    }

    /// Four members of one type (as a podcast app's four URL sessions): four keys, no override;
    /// each `@Injected(\.x)` links to its member, typed by it, and a registered holder gets edges.
    @Test func membersOfOneTypeAreKeysOfTheirOwnAndSitesLinkByMember() throws {
        let sessions = FileFacts(path: "Container+Sessions.swift", fileID: "App/Container+Sessions.swift", registrations: [
            Self.member(1, "feedSession", "DataFetchable", line: 4),
            Self.member(2, "imageSession", "DataFetchable", line: 8),
            Self.member(3, "feed", "FeedLoader", line: 12),
        ], requests: [
            RequestFact(line: 13, column: 30, style: .factory, form: .factoryCall, typeSource: .keyPath,
                        keyPath: KeyPathFact(root: "Container", components: ["feedSession"]),
                        container: ContainerReference(expression: "self", type: "Container"), inRegistration: 3, phase: .factory),
        ])
        let screens = FileFacts(path: "Screens.swift", fileID: "App/Screens.swift", requests: [
            Self.wrapper(5, "Injected", KeyPathFact(components: ["imageSession"]), in: "FeedLoader"),
            Self.wrapper(9, "DynamicInjected", KeyPathFact(components: ["feed"]), access: .lazy, in: "FeedScreen"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([sessions, screens]), root: ".")
        #expect(declarations.registrations.map(\.overrides) == [nil, nil, nil])
        #expect(declarations.registrations.map(\.service.member) == ["feedSession", "imageSession", "feed"])
        let linked = declarations.sites.map { $0.registration.flatMap(declarations.registration)?.service.member }
        #expect(linked == ["feedSession", "imageSession", "feed"])
        #expect(declarations.sites.allSatisfy { $0.typeKnown && $0.certainty == .exact })
        #expect(declarations.sites.map(\.requester?.member) == ["feed", "feed", nil])
        #expect(declarations.sites.map(\.kind) == [.keypath, .keypath, .lazy])
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.all.isEmpty, "\(report.all.map(\.message))")
    }

    /// `final class FeatureContainer: SharedContainer` is a container of its own: its members go
    /// there, and `\FeatureContainer.x` and `FeatureContainer.shared.x()` read it, even where
    /// `Container` declares a member of the same name.
    @Test func anAppsSharedContainerIsNamedByItsTypeAndKeypathRootsReadIt() {
        let containers = FileFacts(path: "FeatureContainer.swift", fileID: "App/FeatureContainer.swift", registrations: [
            Self.member(1, "viewModel", "FeatureViewModel", in: "FeatureContainer", line: 5),
            Self.member(2, "viewModel", "HomeViewModel", line: 12),
        ], containers: [
            ContainerFact(line: 2, column: 13, style: .factory, kind: .sharedContainer, binding: "FeatureContainer.FeatureContainer",
                          type: "FeatureContainer.FeatureContainer", members: ["SharedContainer"]),
            ContainerFact(line: 3, column: 25, style: .factory, kind: .container, binding: "FeatureContainer.shared", type: "FeatureContainer"),
        ])
        let screens = FileFacts(path: "Screens.swift", fileID: "App/Screens.swift", requests: [
            Self.wrapper(4, "Injected", KeyPathFact(root: "FeatureContainer", components: ["viewModel"]), in: "FeatureScreen"),
            RequestFact(line: 9, column: 9, style: .factory, form: .factoryCall, typeSource: .keyPath,
                        keyPath: KeyPathFact(root: "FeatureContainer", components: ["viewModel"]),
                        container: ContainerReference(expression: "FeatureContainer.shared", type: "FeatureContainer"),
                        enclosing: EnclosingFact(type: "FeatureScreen", function: "load()")),
            Self.wrapper(14, "Injected", KeyPathFact(components: ["viewModel"]), in: "HomeScreen"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([containers, screens]), root: ".")
        #expect(declarations.registrations.map(\.service.container) == ["FeatureContainer", "shared"])
        #expect(declarations.sites.map(\.requested.type) == ["FeatureViewModel", "FeatureViewModel", "HomeViewModel"])
        #expect(declarations.sites.map(\.requested.container) == ["FeatureContainer", "FeatureContainer", "shared"])
    }

    /// `userRepository.register { UserDataRepository() }` in `autoRegister()` of a container
    /// declared in another module: its file took `userRepository` for a container it could not
    /// see; the sources declare it a member of that container, so it replaces that member.
    @Test func aMembersRegisterInAnotherModulesContainerReplacesTheMember() {
        let domain = FileFacts(path: "Domain/RepositoriesContainer.swift", fileID: "Domain/RepositoriesContainer.swift", registrations: [
            Self.member(1, "userRepository", "UserRepository", in: "RepositoriesContainer", line: 18),
        ], containers: [
            ContainerFact(line: 10, column: 20, style: .factory, kind: .sharedContainer, binding: "RepositoriesContainer",
                          type: "RepositoriesContainer", members: ["SharedContainer"]),
        ])
        let app = FileFacts(path: "App/Repositories.swift", fileID: "App/Repositories.swift", imports: ["Factory"], registrations: [
            RegistrationFact(id: 1, line: 16, column: 9, style: .factory, form: .register, container: ContainerReference(expression: "userRepository"),
                             service: "UserDataRepository", implementation: "UserDataRepository",
                             enclosing: EnclosingFact(type: "RepositoriesContainer", function: "autoRegister()"), certainty: .guessed,
                             note: "receiver userRepository is not declared in this file as a container; taken as one for its factory closure"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([domain, app]), root: ".")
        let key = ServiceIdentity(type: "UserRepository", container: "RepositoriesContainer", member: "userRepository")
        #expect(declarations.registrations.map(\.service) == [key, key])
        #expect(declarations.registrations.map(\.certainty) == [.exact, .exact] && declarations.registrations.map(\.overrides) == [nil, nil])
    }

    /// `self { Console() }.onArg(Target.widget) { … }.onArg(Target.watch) { … }.onTest { … }`: each
    /// context's factory answers only in its context, so none overrides another, in any order.
    @Test func contextOverridesOfOneMemberAreAlternativesNotOverrides() {
        func context(_ id: Int, line: Int, _ modifier: String) -> RegistrationFact {
            var fact = RegistrationFact(
                id: id, line: line, column: 14, style: .factory, form: .contextOverride,
                container: ContainerReference(expression: "self", type: "ToolsContainer"), implementation: "Console",
                member: "console", enclosing: EnclosingFact(type: "ToolsContainer", function: "var console"))
            fact.modifiers = [modifier]
            return fact
        }
        // The visitor meets the outermost call first: the last context in the chain comes first.
        let tools = FileFacts(path: "ToolsContainer.swift", fileID: "App/ToolsContainer.swift", registrations: [
            context(1, line: 9, "onTest"),
            context(2, line: 8, "onArg"),
            context(3, line: 7, "onArg"),
            Self.member(4, "console", "Console", in: "ToolsContainer", line: 6),
        ], containers: [
            ContainerFact(line: 2, column: 13, style: .factory, kind: .sharedContainer, binding: "ToolsContainer", type: "ToolsContainer"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([tools]), root: ".")
        #expect(Set(declarations.registrations.map(\.service.member)) == ["console"])
        #expect(declarations.registrations.allSatisfy { $0.overrides == nil })
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
    }

    /// `extension Container { var cameraViewModel: Factory<CameraViewModel> … }` in two feature
    /// modules (or an app and its UI-test host): one module could not compile both, and each
    /// module's code calls its own. Neither overrides the other.
    @Test func oneMemberDeclaredInTwoModulesIsNoOverride() {
        func module(_ name: String) -> FileFacts {
            FileFacts(path: "\(name)/Container.swift", fileID: "\(name)/Container.swift", module: name, registrations: [
                Self.member(1, "cameraViewModel", "CameraViewModel", line: 12),
            ])
        }
        let declarations = ScanLinker.link(ScanLinkerTests.facts([module("Onboarding"), module("Invitation")]), root: ".")
        #expect(declarations.registrations.count == 2)
        #expect(declarations.registrations.allSatisfy { $0.overrides == nil })
        #expect(ScanChecks.graph(from: declarations).check().warnings.isEmpty)
    }

    /// `RouterContainer.shared.window.register { window }` in a file that does not declare
    /// `RouterContainer`: the file reads a guessed receiver, the sources a member of that
    /// container, whose key it takes (never an untyped registration in the default container).
    @Test func aRegisterOnAnotherFilesContainersMemberReplacesThatMember() {
        let routes = FileFacts(path: "RouterContainer.swift", fileID: "App/RouterContainer.swift", registrations: [
            Self.member(1, "window", "UIWindow?", in: "RouterContainer", line: 9),
            Self.member(2, "window", "UIWindow?", in: "Container", line: 20),
        ], containers: [
            ContainerFact(line: 2, column: 13, style: .factory, kind: .sharedContainer, binding: "RouterContainer", type: "RouterContainer"),
        ])
        let scene = FileFacts(path: "SceneDelegate.swift", fileID: "App/SceneDelegate.swift", imports: ["FactoryKit"], registrations: [
            RegistrationFact(id: 1, line: 38, column: 43, style: .factory, form: .register,
                             container: ContainerReference(expression: "RouterContainer.shared.window"),
                             enclosing: EnclosingFact(type: "SceneDelegate", function: "scene(_:willConnectTo:options:)"),
                             certainty: .guessed, note: "receiver `RouterContainer.shared.window` is not declared in this file as a container"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([routes, scene]), root: ".")
        let replacement = declarations.registrations.first { $0.location.line == 38 }
        #expect(replacement?.service == ServiceIdentity(type: "UIWindow", container: "RouterContainer", member: "window"))
        #expect(replacement?.certainty == .exact && replacement?.note == nil)
    }

    /// `Self.setUpArguments()` in a container's `init`, declared in `extension SharedContainer`: a
    /// method every Factory container has, not a member the sources fail to declare.
    @Test func aMethodOfAProtocolTheContainerConformsToIsNoMember() {
        let helpers = FileFacts(path: "Factory+Helpers.swift", fileID: "App/Factory+Helpers.swift", types: [
            DeclaredType(name: "SharedContainer", kind: .extension, line: 3, column: 1,
                         methods: [MethodFact(name: "setUpArguments", line: 4, isStatic: true)]),
        ])
        let tools = FileFacts(path: "ToolsContainer.swift", fileID: "App/ToolsContainer.swift", types: [
            DeclaredType(name: "ToolsContainer", kind: .class, line: 2, column: 7, inherited: ["SharedContainer", "AutoRegistering"]),
        ], registrations: [
            Self.member(1, "console", "Console", in: "ToolsContainer", line: 9),
        ], requests: [
            RequestFact(line: 5, column: 14, style: .factory, form: .factoryCall, typeSource: .keyPath,
                        keyPath: KeyPathFact(root: "ToolsContainer", components: ["setUpArguments"]),
                        container: ContainerReference(expression: "self", type: "ToolsContainer"),
                        enclosing: EnclosingFact(type: "ToolsContainer", function: "init")),
        ], containers: [
            ContainerFact(line: 2, column: 13, style: .factory, kind: .sharedContainer, binding: "ToolsContainer", type: "ToolsContainer"),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([helpers, tools]), root: ".")
        #expect(declarations.sites.isEmpty)
        #expect(ScanChecks.graph(from: declarations).check().all.isEmpty)
    }

    /// `Container.shared.api.register { MockAPI() }` and `.onTest { }` replace `api`'s factory: they
    /// take its key (never one of the mock's type, never untyped), and `@Injected(\.api)` links to
    /// the member itself. `self.makeSession()` calls a method the sources declare on the
    /// container: no site. A member the sources do not declare is a note, never missing.
    @Test func overridesTakeTheirMembersKeyAndMethodsAndUndeclaredMembersAreNoMissing() throws {
        let container = FileFacts(path: "Container+API.swift", fileID: "App/Container+API.swift", types: [
            DeclaredType(name: "Container", kind: .extension, line: 3, column: 1, methods: [MethodFact(name: "makeSession", line: 4)]),
        ], registrations: [
            Self.member(1, "api", "APIClient", line: 6),
            RegistrationFact(id: 2, line: 7, column: 9, style: .factory, form: .contextOverride,
                             container: ContainerReference(expression: "self", type: "Container"), member: "api",
                             enclosing: EnclosingFact(type: "Container", function: "var api")),
        ], requests: [
            RequestFact(line: 6, column: 30, style: .factory, form: .factoryCall, typeSource: .keyPath,
                        keyPath: KeyPathFact(root: "Container", components: ["makeSession"]),
                        container: ContainerReference(expression: "self", type: "Container"), inRegistration: 1, phase: .factory),
        ])
        let app = FileFacts(path: "AppDelegate.swift", fileID: "App/AppDelegate.swift", registrations: [
            RegistrationFact(id: 1, line: 9, column: 9, style: .factory, form: .factoryOverride,
                             container: ContainerReference(expression: "Container.shared", type: "Container"), implementation: "MockAPI",
                             member: "api", enclosing: EnclosingFact(type: "AppDelegate", function: "setUp()")),
        ], requests: [
            Self.wrapper(3, "Injected", KeyPathFact(components: ["api"]), in: "AppDelegate"),
            RequestFact(line: 4, column: 5, style: .factory, form: .propertyWrapper, wrapper: "Injected", service: "Analytics",
                        typeSource: .annotation, keyPath: KeyPathFact(components: ["analytics"]), member: "analytics",
                        enclosing: EnclosingFact(type: "AppDelegate")),
        ])
        let declarations = ScanLinker.link(ScanLinkerTests.facts([app, container]), root: ".")
        let api = ServiceIdentity(type: "APIClient", container: "shared", member: "api")
        #expect(declarations.registrations.map(\.service) == [api, api, api])
        #expect(declarations.registrations.allSatisfy { $0.certainty == .exact && $0.overrides == nil })
        #expect(declarations.sites.count == 2)
        let injected = try #require(declarations.sites.first)
        #expect(injected.registration == declarations.registrations.first { $0.form == "factoryMember" }?.id)
        let undeclared = try #require(declarations.sites.last)
        #expect(undeclared.registration == nil && undeclared.certainty == .unresolved)
        #expect(undeclared.note == "the member analytics is not declared in the scanned sources")
        let report = ScanChecks.graph(from: declarations).check()
        #expect(report.problems.isEmpty && report.warnings.isEmpty && report.notes.map(\.kind) == ["unresolved"])
    }
}
