import Injection
import Testing
@testable import InjectionGraph

/// One name matcher for `why`, `export --focus`, `list` and the inspector's filter.
struct ServiceNameMatcherTests {
    typealias B = TraceBuilder

    static let identities = [
        B.id("HTTPClient", name: "authenticated"), B.id("HTTPClient", name: "public"),
        B.id("HTTPClient", name: "autenticated"), B.id("Database"), B.id("DatabaseMigrator"),
        B.id("CartRepository", layer: "Repository", member: "cart"),
    ]

    static let publicClient = B.id("HTTPClient", name: "public")
    static let cart = B.id("CartRepository", layer: "Repository", member: "cart")

    @Test(arguments: [
        ("HTTPClient (name: \"public\")", publicClient, ServiceNameMatcher.Tier.exact),
        ("httpclient (name: \"public\") in 'app'", publicClient, .exact),
        ("HTTPClient", publicClient, .name),
        ("repository.cart", cart, .name),
        ("cart", cart, .name),
        ("HTTPCl", publicClient, .prefix),
        ("Repository.ca", cart, .prefix),
        ("publ", publicClient, .substring),
        ("httpcpub", publicClient, .fuzzy),
    ])
    func tiers(query: String, identity: ServiceIdentity, tier: ServiceNameMatcher.Tier) {
        #expect(ServiceNameMatcher(query).tier(of: identity) == tier)
        #expect(ServiceNameMatcher("zzz").tier(of: identity) == nil)
    }

    @Test func aTypeNamingSeveralServicesIsAmbiguousNotAPick() {
        guard case .ambiguous(let all) = ServiceNameMatcher("HTTPClient").resolve(among: Self.identities) else {
            Issue.record("HTTPClient should be ambiguous")
            return
        }
        #expect(all.map(\.description) == [
            "HTTPClient (name: \"authenticated\")", "HTTPClient (name: \"public\")", "HTTPClient (name: \"autenticated\")",
        ])
    }

    @Test func theBestTierWins() {
        #expect(ServiceNameMatcher("Database").resolve(among: Self.identities) == .one(B.id("Database")))
        #expect(ServiceNameMatcher("DatabaseM").resolve(among: Self.identities) == .one(B.id("DatabaseMigrator")))
        #expect(ServiceNameMatcher("HTTPClient (name: \"public\")").resolve(among: Self.identities) == .one(B.id("HTTPClient", name: "public")))
        #expect(ServiceNameMatcher("Nothing").resolve(among: Self.identities) == .none)
        // A lookup does not guess at a typo (the filter would show it).
        #expect(ServiceNameMatcher("Dtbase").tier(of: B.id("Database")) == .fuzzy)
        #expect(ServiceNameMatcher("Dtbase").resolve(among: Self.identities) == .none)
    }

    @Test func theFilterIsForgiving() throws {
        let cart = B.id("CartRepository", layer: "Repository", member: "cart")
        #expect(try ServiceFilter(parsing: "layer:Repo").matches(cart, scope: .cached))
        #expect(try ServiceFilter(parsing: "scope:cach").matches(cart, scope: .cached))
        #expect(try !ServiceFilter(parsing: "scope:single").matches(cart, scope: .cached))
        #expect(try ServiceFilter(parsing: "scope:single").matches(cart, scope: .singleton))
        #expect(try ServiceFilter(parsing: "cartrepo").matches(cart, scope: nil))
        #expect(try ServiceFilter(parsing: "crtrp").matches(cart, scope: nil), "letters in order, as fzf")
        #expect(try ServiceFilter(parsing: "captive").matches(cart, scope: nil, flags: ["captive"]))
        #expect(try ServiceFilter(parsing: "flag:cyc").matches(cart, scope: nil, flags: ["missing", "cycle"]))
        #expect(try !ServiceFilter(parsing: "flag:cycle").matches(cart, scope: nil, flags: ["missing"]))
    }
}

/// Exports draw what happened once, however often it happened.
struct ExportOnceTests {
    typealias B = TraceBuilder

    @Test func aMappingSetManyTimesIsOneEdge() {
        var trace = B()
        let real = B.id("APIClient", layer: "Network", member: "api"), mock = B.id("APIClient", layer: "Network", member: "mock")
        trace.register(real, line: 10)
        trace.register(mock, line: 11)
        for round in 0..<25 {
            trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: real, to: mock, location: B.at(40 + round))))
            trace.resolve(real)
            trace.event(.mappingChanged(MappingChange(action: .reset, container: "app", from: real, to: nil, location: B.at(80 + round))))
        }
        let graph = trace.graph
        let dot = DotExporter().render(graph)
        #expect(dot.components(separatedBy: "style=dotted, label=\"mapping").count - 1 == 1, "\(dot)")
        #expect(dot.contains("label=\"mapping ×25 (ended)\""), "\(dot)")
        let mermaid = MermaidExporter().render(graph)
        #expect(mermaid.components(separatedBy: "-.->|\"mapping").count - 1 == 1, "\(mermaid)")
    }

    @Test func theLegendCanBeLeftOut() {
        var trace = B()
        trace.register(B.id("A"))
        trace.resolve(B.id("A"))
        #expect(DotExporter().render(trace.graph).contains("cluster_legend"))
        #expect(!DotExporter(includesLegend: false).render(trace.graph).contains("cluster_legend"))
    }

    /// A name with accents is found by typing it without them, as fzf finds Latin script (a
    /// hidden-check app's `Greeter (name: "naïve café")` was out of reach of `cafe`); other
    /// scripts match as typed.
    @Test func latinAccentsAreIgnoredOtherScriptsMatchAsTyped() throws {
        let cafe = B.id("Greeter", name: "naïve café")
        let lodz = B.id("Łódź", layer: "Miasta", member: "łódź")
        let japanese = B.id("Greeter", name: "日本語の名前")
        #expect(ServiceNameMatcher("cafe").tier(of: cafe) == .substring)
        #expect(ServiceNameMatcher("CAFÉ").tier(of: cafe) == .substring, "accents in the query fold too")
        #expect(ServiceNameMatcher("naivecafe").tier(of: cafe) == .fuzzy)
        #expect(ServiceNameMatcher("lodz").tier(of: lodz) == .name)
        #expect(ServiceNameMatcher("miasta.lodz").tier(of: lodz) == .name)
        #expect(ServiceNameMatcher("日本").tier(of: japanese) == .substring)
        #expect(ServiceNameMatcher("cafe").resolve(among: [cafe, japanese]) == .one(cafe), "why and export --focus find it")
        #expect(try ServiceFilter(parsing: "name:naive").matches(cafe, scope: nil))
        #expect(try ServiceFilter(parsing: "cafe").matches(cafe, scope: nil))
        #expect(SearchFolding.fold("Ærø Straße Œuvre e\u{301}") == "aero strasse oeuvre e")
    }
}
