import Injection
import InjectionGraph
import Testing
@testable import InjectionScan

/// The problems found without running, in the runtime's words, with the severity their
/// certainty allows.
struct ScanChecksTests {
    @Test func aSiteNothingRegistersIsMissingWithTheRuntimesFixLine() {
        var app = DeclaredFixture()
        app.register("Screen", line: 10)
        app.declarations.protocols = ["PaymentGateway"]
        app.ask("PaymentGateway", from: "Screen", line: 42)
        let report = ScanChecks.graph(from: app.declarations).check()
        #expect(report.problems.count == 1)
        guard case .missing(let missing) = report.problems.first else { Issue.record("no missing"); return }
        #expect(missing.location == SourceLocation(fileID: "App/Screens.swift", line: 42))
        #expect(report.problems[0].message == """
            Missing registration: PaymentGateway in 'app'
              Requested by: Screen in 'app', at App/Screens.swift:42
              Fix: app.register { <#Implementation#>() as any PaymentGateway }
            """)
    }

    /// A site whose type is not in the sources is a note naming what the sources wrote there.
    @Test func anUntypedSiteIsANoteInTheSourcesWordsNotTheScans() {
        var app = DeclaredFixture()
        for (line, form) in [(40, "resolveCall"), (41, "Injected")] {
            app.declarations.sites.append(InjectionSite(
                id: line, requested: DeclaredFixture.id("?"), typeKnown: false, kind: .serviceLocator, form: form,
                location: DeclaredFixture.at(line), certainty: .unresolved, note: "the requested type is not written here"))
        }
        let report = ScanChecks.graph(from: app.declarations).check()
        #expect(report.problems.isEmpty)
        #expect(report.notes.map(\.message) == [
            "Not typed: resolve() in 'app': the requested type is not written here\n  At: App/Wiring.swift:40 (Wiring.swift:40:5)",
            "Not typed: @Injected in 'app': the requested type is not written here\n  At: App/Wiring.swift:41 (Wiring.swift:41:5)",
        ])
    }

    @Test func aNameThatMatchesNothingNamesTheRegisteredNamesNearIt() {
        var app = DeclaredFixture()
        app.register("HTTPClient", name: "authenticated", scope: "singleton", line: 5)
        app.register("Sync", line: 6)
        app.ask("HTTPClient", name: "autenticated", from: "Sync", line: 30)
        let report = ScanChecks.graph(from: app.declarations).check()
        #expect(report.problems.map(\.message) == ["""
            Missing registration: HTTPClient (name: "autenticated") in 'app'
              Requested by: Sync in 'app', at App/Screens.swift:30
              Near: HTTPClient is registered in 'app' under the name "authenticated"
              Fix: did you mean the name "authenticated"? Resolve HTTPClient with name: "authenticated", or add app.register(name: "autenticated") { <#HTTPClient#>() }
            """])
    }

    @Test func theChainOfDeclaredRequestersLeadsToTheSite() {
        var app = DeclaredFixture()
        app.register("Root", line: 1)
        app.register("Middle", line: 2)
        app.ask("Middle", from: "Root", line: 20)
        app.ask("Gone", from: "Middle", line: 21)
        guard case .missing(let missing) = ScanChecks.graph(from: app.declarations).check().problems.first else {
            Issue.record("no missing"); return
        }
        #expect(missing.chain.map(\.type) == ["Root", "Middle"])
    }

    @Test func anOptionalSiteIsANoteAndAKeyInAnotherContainerAWarning() {
        var app = DeclaredFixture()
        app.register("Screen", line: 1)
        app.register("Analytics", container: "other", line: 2)
        app.ask("Tracker", from: "Screen", kind: .optional, line: 10)
        app.ask("Analytics", from: "Screen", line: 11)
        let graph = ScanChecks.graph(from: app.declarations)
        let report = graph.check()
        #expect(report.problems.isEmpty)
        #expect(report.warnings.map(\.kind) == ["missing"])
        #expect(report.notes.map(\.kind) == ["resolvedToNil"])
        // --strict counts both, as the runtime's --strict counts a nil.
        #expect(graph.check(strict: true).problems.map(\.kind).sorted() == ["missing", "resolvedToNil"])
    }

    @Test func aConstructorLoopIsACycleClosedAtItsLastSiteAndALazyOneANote() {
        var app = DeclaredFixture()
        app.register("A", line: 1)
        app.register("B", line: 2)
        app.ask("B", from: "A", line: 10)
        app.ask("A", from: "B", line: 11)
        let report = ScanChecks.graph(from: app.declarations).check()
        #expect(report.problems.map(\.kind) == ["cycle"])
        guard case .cycle(let cycle) = report.problems.first else { return }
        #expect(cycle.cycle.closedAt == SourceLocation(fileID: "App/Screens.swift", line: 11))
        #expect(report.problems[0].message.hasPrefix("Dependency cycle: A → B → A in 'app'"))

        var lazy = DeclaredFixture()
        lazy.register("A", line: 1)
        lazy.register("B", line: 2)
        lazy.ask("B", from: "A", line: 10)
        lazy.ask("A", from: "B", kind: .lazy, line: 11)
        let lazyReport = ScanChecks.graph(from: lazy.declarations).check()
        #expect(lazyReport.problems.isEmpty)
        #expect(lazyReport.notes.map(\.kind) == ["lazyLoop"])
    }

    @Test func aSingletonResolvingAUniqueServiceIsACaptiveAndAnotherIdiomsAWarning() {
        var app = DeclaredFixture()
        app.register("Cache", scope: "singleton", line: 1)
        app.register("Formatter", line: 2)
        app.ask("Formatter", from: "Cache", line: 10)
        let report = ScanChecks.graph(from: app.declarations).check()
        #expect(report.problems.map(\.kind) == ["scopeMismatch"])
        #expect(report.problems.first?.message.hasPrefix(
            "Scope mismatch: Cache in 'app' (singleton) captured Formatter in 'app' (unique)") == true)

        var swinject = DeclaredFixture()
        swinject.register("Cache", scope: "singleton", style: "swinject", line: 1)
        swinject.register("Formatter", scope: "graph", style: "swinject", line: 2)
        swinject.ask("Formatter", from: "Cache", line: 10)
        let warned = ScanChecks.graph(from: swinject.declarations).check()
        #expect(warned.problems.isEmpty && warned.warnings.map(\.kind) == ["scopeMismatch"])
        // A lazy read is taken after the holder is built: no captive.
        var lazy = DeclaredFixture()
        lazy.register("Cache", scope: "singleton", line: 1)
        lazy.register("Formatter", line: 2)
        lazy.ask("Formatter", from: "Cache", kind: .lazy, line: 10)
        #expect(ScanChecks.graph(from: lazy.declarations).check().all.isEmpty)
    }

    @Test func aKeyRegisteredAgainIsAnOverrideWarningNamingBothLines() {
        var app = DeclaredFixture()
        let first = app.register("Logger", line: 12)
        app.register("Logger", line: 40, overrides: first)
        let graph = ScanChecks.graph(from: app.declarations)
        let report = graph.check()
        #expect(report.problems.isEmpty)
        #expect(report.warnings.map(\.message) == ["""
            Registration overridden: Logger in 'app'
              Registered at: App/Wiring.swift:12
              Registered again at: App/Wiring.swift:40 (the later one wins)
              Fix: remove the registration that never answers, or register the second one under a name (name: "…") if both are meant to be used.
            """])
        // Both registrations are kept; the node shows the one that wins.
        #expect(graph.declarations?.registrations.count == 2)
        let node = graph.nodes[graph.nodeID(for: DeclaredFixture.id("Logger"))!]
        #expect(node.registeredAt == SourceLocation(fileID: "App/Wiring.swift", line: 40))
        #expect(graph.check(strict: true).problems.map(\.kind) == ["override"])
    }

    /// Two files of one name, no module known for either: the paths say which is which.
    @Test func anOverrideAcrossTwoFilesOfOneNameNamesTheirPaths() {
        var app = DeclaredFixture()
        app.declarations.registrations = [
            DeclaredRegistration(
                id: 1, service: DeclaredFixture.id("Logger"), style: "resolver",
                location: DeclaredLocation(path: "Common/DI/Wiring.swift", line: 12, column: 9, fileID: "Wiring.swift")),
            DeclaredRegistration(
                id: 2, service: DeclaredFixture.id("Logger"), style: "resolver",
                location: DeclaredLocation(path: "Detail/DI/Wiring.swift", line: 14, column: 9, fileID: "Wiring.swift"),
                overrides: 1),
        ]
        #expect(ScanChecks.graph(from: app.declarations).check().warnings.map(\.message) == ["""
            Registration overridden: Logger in 'app'
              Registered at: Wiring.swift:12 (Common/DI/Wiring.swift:12:9)
              Registered again at: Wiring.swift:14 (Detail/DI/Wiring.swift:14:9) (the later one wins)
              Fix: remove the registration that never answers, or register the second one under a name (name: "…") if both are meant to be used.
            """])
    }

    @Test func nodesAndEdgesAreMarkedDeclaredAndAScanNoteIsANote() {
        var app = DeclaredFixture()
        app.register("A", scope: "cached", line: 1)
        app.register("B", scope: "singleton", line: 2)
        app.ask("B", from: "A", line: 10)
        app.declarations.notes.append(ScanNote(kind: "unreadable", message: "Big.swift is over --max-file-size", location: DeclaredFixture.at(1, "Big.swift")))
        let graph = ScanChecks.graph(from: app.declarations)
        #expect(graph.nodes.map(\.provenance) == [.declared, .declared])
        #expect(graph.edges.map(\.provenance) == [.declared])
        #expect(graph.nodes[0].scope == .cached)
        let report = graph.check()
        #expect(report.isClean && report.notes.map(\.kind) == ["unreadable"])
        #expect(report.text.contains("No problems in the sources (3 files): 2 services, 1 edge, declared, not run."))
    }

    /// Near misses look only at names that share the stem they must share, and find what the
    /// runtime's test finds: a concrete type named like the protocol, not one too long or
    /// another service's; a non-ASCII name still gets the full test (U+212A is K).
    @Test func nearMissesFindConcreteTypesNamedLikeTheProtocol() {
        var app = DeclaredFixture()
        for (line, type) in ["Service10", "Service10Impl", "Service100Live", "Service11", "\u{212A}eyStore"].enumerated() {
            app.register(type, line: line + 1)
        }
        let index = ScanChecks.Index(app.declarations)
        #expect(index.nearMisses(for: DeclaredFixture.id("Service10Protocol")).map(\.service.type) == ["Service10", "Service10Impl"])
        #expect(index.nearMisses(for: DeclaredFixture.id("KeyStoreX")).map(\.service.type) == ["\u{212A}eyStore"])
        #expect(index.nearMisses(for: DeclaredFixture.id("Other")).isEmpty)
    }

    /// Looking only where the shared bytes are finds what the runtime's test finds when it is put
    /// to every registered type: short names, protocol names, names at either end of the sorted
    /// types and non-ASCII ones.
    @Test func nearMissesFindWhatTheRuntimesTestFindsAmongEveryType() {
        var app = DeclaredFixture()
        let types = ["Api", "ApiLive", "Apis", "Ap", "Aardvark", "Service1", "Service10", "Service10Impl", "Service2Live",
                     "Zeta9", "ZetaLive", "Zz", "\u{212A}eyStore", "Ωmega", "ΩmegaLive", "Caf\u{E9}", "Cafe\u{301}Live"]
        for (line, type) in types.enumerated() { app.register(type, line: line + 1) }
        let index = ScanChecks.Index(app.declarations)
        let asked = ["ApiProtocol", "Api", "Ap", "A", "Aard", "Service1Protocol", "Service10Protocol", "Service", "Zeta", "ZetaProtocol",
                     "Zz", "Zzz", "KeyStore", "Ωmega", "ΩmegaProtocol", "Café", "CaféLiveX", "Ab\u{1}cdef", ""]
        for name in asked {
            let expected = Set(types.filter { MissingRegistration.namesLookLikeImplementation($0, of: name) })
            #expect(Set(index.nearMisses(for: DeclaredFixture.id(name)).map(\.service.type)) == expected, "\(name)")
        }
    }

    @Test func countsSaySingularForOneAndPluralOtherwise() {
        var one = DeclaredFixture()
        one.declarations.summary.files = 1
        one.register("A", line: 1)
        #expect(ScanChecks.graph(from: one.declarations).check().text
            == "No problems in the sources (1 file): 1 service, 0 edges, declared, not run.\n")
        let comparison = DeclaredRunComparison(scan: ScanChecks.graph(from: one.declarations), run: DependencyGraph())
        #expect(comparison.text.hasPrefix("Coverage: 0 of 1 declared service resolved in this run (0%)\n"), "\(comparison.text)")
        var two = DeclaredFixture()
        two.register("A", line: 1)
        two.register("B", line: 2)
        two.ask("B", from: "A", line: 10)
        two.ask("A", from: "B", line: 11)
        let report = ScanChecks.graph(from: two.declarations).check()
        #expect(report.text.hasPrefix("1 problem in the sources (3 files): 1 cycle\n"), "\(report.text)")
        two.ask("C", from: "A", line: 12)
        #expect(ScanChecks.graph(from: two.declarations).check().text
            .hasPrefix("2 problems in the sources (3 files): 1 missing registration, 1 cycle\n"))
    }
}
