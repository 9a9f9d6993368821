import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// The seed articles' listings (Tests/ArticleListings, from /work/shared/seeds) scanned: every
/// registration and every injection site they hold is found, typed and linked where the listing
/// says what answers it. The counts are the listings' own, read off their text (each noted below).
@Suite(.serialized)
struct ArticleListingScanTests {
    struct Expected {
        var folder: String
        /// Registrations written in the listings.
        var registrations: Int
        /// Wrappers and resolves written in the listings.
        var sites: Int
        /// Sites a registration of the listings answers.
        var linked: Int
        /// Missing registrations that are real: the article never registers them.
        var missing: Int
        /// Sites whose key the listing does not say (keypaths through a layer protocol's plain members).
        var untyped: Int
        /// Links a mapping set in the listings adds (`InjectionMapper[\.a] = \.b`, `map`): one
        /// more site, at the same place, linked to the mapped target.
        var mapped = 0
    }

    static let articles = [
        // Two registration blocks of 4 and two named ones; one Resolver.resolve(), three resolve()
        // in factories, nine @Injected, one @LazyInjected. MyViewModel's five services and the
        // keychain manager are never registered in the article.
        Expected(folder: "Seed000Resolver", registrations: 10, sites: 14, linked: 8, missing: 6, untyped: 0),
        // Three register(type:), six @Service, and the scaffolding's resolve inside a generic
        // function (its key is the caller's). Services using services are not registered there.
        Expected(folder: "Seed001Service", registrations: 3, sites: 7, linked: 3, missing: 3, untyped: 1),
        // Two assemblies of three; two layer accessors' resolve(), four resolve() in factories, five
        // @Injected(\.layer.member) whose members are plain properties of the layer protocols.
        Expected(folder: "Seed002Layered", registrations: 6, sites: 11, linked: 6, missing: 0, untyped: 5),
        // One instance registration, one @Injected.
        Expected(folder: "Seed003Tested", registrations: 1, sites: 1, linked: 1, missing: 0, untyped: 0),
        // Six keypath members (four of the article, two of scaffolding), Container[\.login.useCase]
        // and @Inject(\.login.viewModel).
        // Three mappings: viewModel to the mock and to the preview, useCase to the preview.
        Expected(folder: "Seed004KeyPath", registrations: 6, sites: 2, linked: 2, missing: 0, untyped: 0, mapped: 3),
    ]

    @Test(arguments: articles.map(\.folder))
    func everyRegistrationAndSiteOfTheListingsIsFound(_ folder: String) throws {
        try ScanTools.requireBuilt()
        let expected = try #require(Self.articles.first { $0.folder == folder })
        let (declarations, graph) = try ScanTools.scanGraph("Tests/ArticleListings/\(folder)/Listings.swift")
        // A mapped request's extra links are sites at the same place: the listing's sites are the
        // first at each place.
        var places: Set<DeclaredLocation> = []
        let sites = declarations.sites.filter { places.insert($0.location).inserted }
        let mapped = declarations.sites.filter { $0.note?.hasPrefix("answered by ") == true && $0.registration != nil }
        #expect(mapped.count == expected.mapped && declarations.sites.count == sites.count + expected.mapped,
                "\(mapped.map { "\($0.location.line) \($0.note ?? "")" })")
        #expect(declarations.registrations.count == expected.registrations,
                "\(declarations.registrations.map { "\($0.location.line) \($0.service)" })")
        #expect(sites.count == expected.sites, "\(sites.map { "\($0.location.line) \($0.requested)" })")
        #expect(sites.count { $0.registration != nil } == expected.linked,
                "\(sites.filter { $0.registration == nil }.map { "\($0.location.line) \($0.requested)" })")
        #expect(sites.count { $0.certainty == .unresolved } == expected.untyped,
                "\(sites.filter { $0.certainty == .unresolved }.map { "\($0.location.line) \($0.note ?? "")" })")
        let report = graph.check()
        #expect(report.problems.count == expected.missing && report.problems.allSatisfy { $0.kind == "missing" },
                "\(report.problems.map(\.message))")
        // Listings in different namespaces register the same names: never an override.
        #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
    }
}
