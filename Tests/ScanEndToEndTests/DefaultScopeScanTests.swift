import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// Default scopes an app sets, in each style, scanned whole: a registration that names no scope
/// takes its place's default (Resolver's and this library's `defaultScope`, Factory's
/// `manager.defaultScope` for its container, Swinject's `defaultObjectScope:` for its container),
/// one that names a scope keeps it, and defaults that disagree are noted at each assignment.
@Suite(.serialized)
struct DefaultScopeScanTests {
    /// The files (name → source) in a fresh folder, scanned.
    static func scan(_ files: [String: String], options: [String] = []) throws -> (Declarations, DependencyGraph) {
        try ScanTools.scanFiles(files, options: options)
    }

    /// The line of the comment `marker` in `text`.
    static func line(_ marker: String, in text: String) throws -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.hasSuffix("// " + marker) }, "no \(marker)") + 1
    }

    /// The scope of the registration at `marker` in `file`.
    static func scope(
        _ declarations: Declarations, _ marker: String, file: String, text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        let line = try line(marker, in: text)
        let found = declarations.registrations.filter { $0.location.path == file && $0.location.line == line }
        try #require(found.count == 1, "\(marker): \(found.count) registrations at \(file):\(line)", sourceLocation: sourceLocation)
        return found[0].scope
    }

    static let resolver = """
        import Resolver

        final class Clock {}
        final class Session {}
        final class Formatter {}
        extension Resolver: ResolverRegistering {
            public static func registerAllServices() {
                defaultScope = .cached
                register { Clock() }  // #default
                register { Session() }.scope(.unique)  // #named
                register(Formatter())  // #instance
            }
        }
        """

    @Test func resolversDefaultScopeIsEveryRegistrationsWithoutOne() throws {
        try ScanTools.requireBuilt()
        let (declarations, _) = try Self.scan(["App.swift": Self.resolver])
        #expect(try Self.scope(declarations, "#default", file: "App.swift", text: Self.resolver) == "cached")
        #expect(try Self.scope(declarations, "#named", file: "App.swift", text: Self.resolver) == "unique")
        #expect(try Self.scope(declarations, "#instance", file: "App.swift", text: Self.resolver) == "singleton")
        #expect(declarations.notes.isEmpty, "\(declarations.notes.map(\.message))")
    }

    static let injection = """
        import Injection

        typealias Resolver = Container
        final class Clock {}
        final class Session {}
        final class Formatter {}
        final class Feed {}
        final class Logger {}
        let app = Container(name: "app")

        func wire() {
            Resolver.defaultScope = .cached
            app.register { Clock() }  // #default
            app.register(scope: .graph) { Session() }  // #named
            app.register(Feed.self, Feed())  // #autoclosure
            app.register(Logger())  // #instance
        }

        extension Container {
            var formatter: Provider<Formatter> { provide { Formatter() } }  // #provider
        }
        """

    @Test func thisLibrarysDefaultScopeIsRegistersWithoutOneNotProviders() throws {
        try ScanTools.requireBuilt()
        let (declarations, _) = try Self.scan(["App.swift": Self.injection])
        #expect(try Self.scope(declarations, "#default", file: "App.swift", text: Self.injection) == "cached")
        #expect(try Self.scope(declarations, "#named", file: "App.swift", text: Self.injection) == "graph")
        // `register(P.self, X())` builds `X()` on each resolve: a factory, with the default.
        #expect(try Self.scope(declarations, "#autoclosure", file: "App.swift", text: Self.injection) == "cached")
        #expect(try Self.scope(declarations, "#instance", file: "App.swift", text: Self.injection) == "singleton")
        // A keypath provider is not `register`: the default is not its.
        #expect(try Self.scope(declarations, "#provider", file: "App.swift", text: Self.injection) == nil)
    }

    static let factory = """
        import Factory

        final class Clock {}
        final class Session {}
        extension Container: AutoRegistering {
            public func autoRegister() {
                manager.defaultScope = .cached
            }
            var clock: Factory<Clock> { self { Clock() } }  // #default
            var session: Factory<Session> { self { Session() }.unique }  // #named
        }
        final class FeatureContainer: SharedContainer {
            static let shared = FeatureContainer()
            let manager = ContainerManager()
            var featureClock: Factory<Clock> { self { Clock() } }  // #otherContainer
        }
        """

    @Test func factorysDefaultScopeIsItsContainersMembersWithoutOne() throws {
        try ScanTools.requireBuilt()
        let (declarations, _) = try Self.scan(["App.swift": Self.factory])
        #expect(try Self.scope(declarations, "#default", file: "App.swift", text: Self.factory) == "cached")
        #expect(try Self.scope(declarations, "#named", file: "App.swift", text: Self.factory) == "unique")
        // Another container's manager keeps Factory's own default.
        #expect(try Self.scope(declarations, "#otherContainer", file: "App.swift", text: Self.factory) == nil)
    }

    static let swinject = """
        import Swinject

        protocol Clock {}
        final class SystemClock: Clock {}
        final class Session { init(clock: Clock) {} }
        final class Cache {}

        let container = Container(defaultObjectScope: .container)
        let scratch = Container()

        func wire() {
            container.register(Clock.self) { _ in SystemClock() }  // #default
            container.register(Session.self) { r in Session(clock: r.resolve(Clock.self)!) }.inObjectScope(.container)  // #named
            scratch.register(Cache.self) { _ in Cache() }  // #otherContainer
        }
        """

    @Test func swinjectsDefaultObjectScopeIsItsContainersAndNoCaptiveFollows() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try Self.scan(["App.swift": Self.swinject])
        #expect(try Self.scope(declarations, "#default", file: "App.swift", text: Self.swinject) == "singleton")
        #expect(try Self.scope(declarations, "#named", file: "App.swift", text: Self.swinject) == "singleton")
        #expect(try Self.scope(declarations, "#otherContainer", file: "App.swift", text: Self.swinject) == "graph")
        // The container-scoped Session keeps a Clock of the same default scope: no captive (read as
        // `graph`, it was one).
        let report = graph.check()
        #expect(report.problems.isEmpty && report.warnings.isEmpty, "\((report.problems + report.warnings).map(\.message))")
        #expect(declarations.sites.count == 1 && declarations.sites.first?.registration != nil)
    }

    static let assembled = """
        import Swinject

        protocol Clock {}
        final class SystemClock: Clock {}
        final class Session { init(clock: Clock) {} }

        final class CoreAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Clock.self) { _ in SystemClock() }  // #default
                container.register(Session.self) { r in Session(clock: r.resolve(Clock.self)!) }.inObjectScope(.container)
            }
        }
        let assembler = Assembler([CoreAssembly()], defaultObjectScope: .container)
        """

    @Test func anAssemblersDefaultObjectScopeIsItsAssemblies() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try Self.scan(["App.swift": Self.assembled])
        #expect(try Self.scope(declarations, "#default", file: "App.swift", text: Self.assembled) == "singleton")
        #expect(graph.check().warnings.isEmpty, "\(graph.check().warnings.map(\.message))")
    }

    static let appDefaults = """
        import Resolver

        final class Clock {}
        extension Resolver: ResolverRegistering {
            public static func registerAllServices() {
                Resolver.defaultScope = .cached  // #app
                register { Clock() }  // #default
            }
        }
        """
    /// Sorted before the app's file: the rule, not the file order, picks the app's.
    static let testDefaults = """
        import Resolver

        extension Resolver {
            static func registerMockServices() {
                defaultScope = .application  // #tests
            }
        }
        """

    @Test func differentDefaultsArePickedByTheRuleAndNotedAtEachAssignment() throws {
        try ScanTools.requireBuilt()
        let files = ["App/AppDelegate.swift": Self.appDefaults, "AAATests/Mocks.swift": Self.testDefaults]
        let (declarations, _) = try Self.scan(files, options: ["--include-tests"])
        #expect(try Self.scope(declarations, "#default", file: "App/AppDelegate.swift", text: Self.appDefaults) == "cached")
        let notes = declarations.notes.filter { $0.message.contains("default scope") }
        let app = try Self.line("#app", in: Self.appDefaults), tests = try Self.line("#tests", in: Self.testDefaults)
        #expect(notes.map { "\($0.location.path):\($0.location.line)" } == ["AAATests/Mocks.swift:\(tests)", "App/AppDelegate.swift:\(app)"])
        #expect(notes.allSatisfy { $0.kind == "guessed" && $0.message.contains("not settled") && $0.message.hasSuffix("read as cached") },
                "\(notes.map(\.message))")
        // Without the tests, one default: settled, no note.
        let (appOnly, _) = try Self.scan(files)
        #expect(!appOnly.notes.contains { $0.message.contains("default scope") }, "\(appOnly.notes.map(\.message))")
        #expect(try Self.scope(appOnly, "#default", file: "App/AppDelegate.swift", text: Self.appDefaults) == "cached")
    }

    static let branches = """
        import Resolver

        final class Clock {}
        extension Resolver: ResolverRegistering {
            public static func registerAllServices() {
                #if DEBUG
                defaultScope = .application  // #debug
                #else
                defaultScope = .cached  // #release
                #endif
                register { Clock() }  // #default
            }
        }
        """

    @Test func ifBranchesThatDisagreeAreNotedAndADefineSettlesThem() throws {
        try ScanTools.requireBuilt()
        let (declarations, _) = try Self.scan(["App.swift": Self.branches])
        let notes = declarations.notes.filter { $0.message.contains("default scope") }
        #expect(notes.map(\.location.line) == [try Self.line("#debug", in: Self.branches), try Self.line("#release", in: Self.branches)])
        #expect(notes.first?.message.contains("under #if !(DEBUG)") == true, "\(notes.map(\.message))")
        // Deterministic: both conditional, the first in the file wins.
        #expect(try Self.scope(declarations, "#default", file: "App.swift", text: Self.branches) == "singleton")
        let (release, _) = try Self.scan(["App.swift": Self.branches], options: ["--define", "RELEASE"])
        #expect(try Self.scope(release, "#default", file: "App.swift", text: Self.branches) == "cached")
        #expect(!release.notes.contains { $0.message.contains("default scope") }, "\(release.notes.map(\.message))")
    }
}
