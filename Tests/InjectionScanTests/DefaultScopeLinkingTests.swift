import InjectionGraph
import InjectionScanFacts
import Testing
@testable import InjectionScan

/// The linker applies the default scopes the facts record to the registrations that name none,
/// for the place each default covers, and notes defaults it had to pick between.
struct DefaultScopeLinkingTests {
    static func link(_ files: [FileFacts]) -> Declarations {
        ScanLinker.link(ScanLinkerTests.facts(files), root: ".")
    }

    static func scope(_ written: String) -> ScopeFact {
        ScopeFact(written: "." + written, normalized: written)
    }

    static func scopes(_ declarations: Declarations) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: declarations.registrations.map { ($0.location.line, $0.scope ?? "-") })
    }

    static func defaultScope(_ style: FactStyle, _ scope: String, line: Int, type: String? = nil, owner: String? = nil,
                             conditions: [String] = []) -> ContainerFact {
        ContainerFact(line: line, column: 9, style: style, kind: .defaultScope, type: type, parent: owner,
                      scope: Self.scope(scope), conditions: conditions)
    }

    @Test func factorysDefaultIsTheContainersItIsSetOn() {
        func member(_ id: Int, _ name: String, in type: String, scope: String? = nil, line: Int) -> RegistrationFact {
            RegistrationFact(id: id, line: line, column: 9, style: .factory, form: .factoryMember,
                             container: ContainerReference(expression: "self", type: type), service: "Clock", serviceSource: .explicit,
                             scope: scope.map(Self.scope), member: name, enclosing: EnclosingFact(type: type))
        }
        let file = FileFacts(path: "Containers.swift", registrations: [
            member(1, "clock", in: "Container", line: 10),
            member(2, "timer", in: "Container", scope: "unique", line: 11),
            member(3, "featureClock", in: "FeatureContainer", line: 20),
            member(4, "appClock", in: "AppContainer", line: 30),
            RegistrationFact(id: 5, line: 40, column: 9, style: .factory, form: .factoryOverride,
                             container: ContainerReference(expression: "AppContainer.shared"), member: "appClock"),
        ], containers: [
            ContainerFact(line: 19, column: 1, style: .factory, kind: .sharedContainer, binding: "FeatureContainer", type: "FeatureContainer"),
            ContainerFact(line: 29, column: 1, style: .factory, kind: .sharedContainer, binding: "AppContainer", type: "AppContainer"),
            Self.defaultScope(.factory, "cached", line: 5, type: "Container", owner: "self"),
            Self.defaultScope(.factory, "singleton", line: 6, type: "App", owner: "AppContainer.shared"),
        ])
        let declarations = Self.link([file])
        #expect(Self.scopes(declarations) == [10: "cached", 11: "unique", 20: "-", 30: "singleton", 40: "singleton"])
        #expect(declarations.notes.isEmpty)
    }

    @Test func swinjectsDefaultIsTheContainersAndTheAssemblersAssemblies() {
        func register(_ id: Int, _ service: String, in container: String, enclosing: String? = nil, scope: String? = nil, line: Int) -> RegistrationFact {
            RegistrationFact(id: id, line: line, column: 9, style: .swinject, form: .swinjectRegister,
                             container: ContainerReference(expression: container, type: "Container"), service: service,
                             serviceSource: .explicit, scope: scope.map(Self.scope), enclosing: EnclosingFact(type: enclosing))
        }
        let file = FileFacts(path: "App.swift", imports: ["Swinject"], registrations: [
            register(1, "Clock", in: "main", line: 10),
            register(2, "Session", in: "main", scope: "transient", line: 11),
            register(3, "Cache", in: "scratch", line: 12),
            register(4, "API", in: "container", enclosing: "NetworkAssembly", line: 20),
            register(5, "Store", in: "container", enclosing: "StoreAssembly", line: 30),
        ], containers: [
            ContainerFact(line: 1, column: 1, style: .swinject, kind: .container, binding: "main", type: "Container", scope: Self.scope("container")),
            ContainerFact(line: 2, column: 1, style: .swinject, kind: .container, binding: "scratch", type: "Container"),
            // `Assembler([NetworkAssembly()], defaultObjectScope: .container)`
            ContainerFact(line: 3, column: 1, style: .swinject, kind: .useAssembly, binding: "assembler", type: "Assembler",
                          members: ["NetworkAssembly"], scope: Self.scope("container")),
            // `Assembler([StoreAssembly()], container: main)`: the container's default.
            ContainerFact(line: 4, column: 1, style: .swinject, kind: .useAssembly, binding: "stores", type: "Assembler",
                          parent: "main", members: ["StoreAssembly"]),
        ])
        let declarations = Self.link([file])
        #expect(Self.scopes(declarations) == [10: "singleton", 11: "unique", 12: "graph", 20: "singleton", 30: "singleton"])
        #expect(declarations.notes.isEmpty)
    }

    @Test func processWideDefaultsSkipInstancesProvidersAndOtherStyles() {
        let file = FileFacts(path: "App.swift", registrations: [
            ScanLinkerTests.register(1, "Clock", line: 10),
            ScanLinkerTests.register(2, "Session", scope: "graph", line: 11),
            RegistrationFact(id: 3, line: 12, column: 5, style: .injection, form: .instance,
                             container: ContainerReference(expression: "app"), service: "Logger", serviceSource: .returnType),
            RegistrationFact(id: 4, line: 13, column: 5, style: .injection, form: .keyPathMember,
                             container: ContainerReference(expression: "self", type: "Container"), service: "Formatter",
                             serviceSource: .explicit, member: "formatter", enclosing: EnclosingFact(type: "Container")),
            RegistrationFact(id: 5, line: 14, column: 5, style: .resolver, form: .register,
                             container: ContainerReference(expression: "Resolver", type: "Resolver"), service: "Feed", serviceSource: .returnType),
        ], containers: [Self.defaultScope(.injection, "cached", line: 5, type: "Container", owner: "Container")])
        let declarations = Self.link([ScanLinkerTests.main, file])
        // Resolver's registration keeps Resolver's own default: this library's default is not its.
        #expect(Self.scopes(declarations) == [10: "cached", 11: "graph", 12: "singleton", 13: "-", 14: "graph"])
    }

    @Test func theAppsDefaultWinsOverTheTestsAndBothAreNoted() {
        let register = RegistrationFact(
            id: 1, line: 10, column: 5, style: .resolver, form: .register,
            container: ContainerReference(expression: "self", type: "Resolver"), service: "Clock", serviceSource: .returnType)
        // The tests' file comes first in path order: the rule, not the order, decides.
        let tests = FileFacts(path: "AppTests/Mocks.swift", fileID: "AppTests/Mocks.swift", isTest: true,
                              containers: [Self.defaultScope(.resolver, "application", line: 4, type: "Resolver", owner: "self")])
        let app = FileFacts(path: "App/Setup.swift", fileID: "App/Setup.swift", registrations: [register],
                            containers: [Self.defaultScope(.resolver, "cached", line: 6, type: "Resolver", owner: "Resolver")])
        let declarations = Self.link([tests, app])
        #expect(Self.scopes(declarations) == [10: "cached"])
        #expect(declarations.notes.map(\.location.fileID) == ["AppTests/Mocks.swift", "App/Setup.swift"].sorted())
        #expect(declarations.notes.allSatisfy { $0.kind == "guessed" })
        #expect(declarations.notes.first?.message == "the default scope of Resolver's registrations is not settled: "
            + "cached at App/Setup.swift:6, singleton at AppTests/Mocks.swift:4; registrations without a scope are read as cached")
        // The same default twice is settled.
        let agreeing = FileFacts(path: "App/More.swift", containers: [Self.defaultScope(.resolver, "cached", line: 3, type: "Resolver", owner: "Resolver")])
        let settled = Self.link([agreeing, app])
        #expect(Self.scopes(settled) == [10: "cached"] && settled.notes.isEmpty)
    }

    @Test func aDefaultSetOnlyUnderAnIfClauseIsAppliedAndNoted() {
        let file = FileFacts(path: "App.swift", fileID: "App/App.swift", registrations: [ScanLinkerTests.register(1, "Clock", line: 10)],
                             containers: [Self.defaultScope(.injection, "singleton", line: 4, type: "Container", owner: "Container", conditions: ["DEBUG"])])
        let declarations = Self.link([ScanLinkerTests.main, file])
        #expect(Self.scopes(declarations) == [10: "singleton"])
        #expect(declarations.notes.map(\.message) == [
            "the default scope of this library's registrations is set only under #if clauses (singleton at App/App.swift:4 under #if DEBUG): "
                + "registrations without a scope are read as singleton, as where they hold",
        ])
    }

    @Test func swinjectConstructionsOfOneNameThatDisagreeAreNoted() {
        let register = RegistrationFact(
            id: 1, line: 10, column: 5, style: .swinject, form: .swinjectRegister,
            container: ContainerReference(expression: "container", type: "Container"), service: "Clock", serviceSource: .explicit)
        let app = FileFacts(path: "App.swift", fileID: "App/App.swift", registrations: [register], containers: [
            ContainerFact(line: 2, column: 1, style: .swinject, kind: .container, binding: "container", type: "Container", scope: Self.scope("container")),
        ])
        let tests = FileFacts(path: "Tests/AppTests/Stub.swift", fileID: "AppTests/Stub.swift", isTest: true, containers: [
            ContainerFact(line: 3, column: 1, style: .swinject, kind: .container, binding: "container", type: "Container"),
        ])
        let declarations = Self.link([app, tests])
        #expect(Self.scopes(declarations) == [10: "singleton"])
        #expect(declarations.notes.map(\.location.line) == [2, 3])
        #expect(declarations.notes.first?.message.contains("the Swinject container 'container' is not settled") == true)
    }
}
