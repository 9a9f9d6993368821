import Foundation
import Injection
import InjectionTesting
import Testing

/// Keeps the DocC articles true: every Swift block is compiled here (ArticleExamples.swift holds
/// them verbatim) and the examples run with the results the articles state.
struct ArticleExampleTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyArticleSwiftBlockIsCompiledByTheTests() throws {
        let examples = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/DocumentationTests/ArticleExamples.swift"), encoding: .utf8)
        let articles = try DocumentationSources.files(in: "Sources/Injection/Injection.docc", extension: "md")
        #expect(articles.count >= 8)
        var blockCount = 0
        for article in articles {
            for block in try DocumentationSources.swiftBlocks(inMarkdown: article) {
                blockCount += 1
                #expect(examples.contains(block), "\(article.lastPathComponent): block not in ArticleExamples.swift:\n\(block)")
            }
        }
        #expect(blockCount >= 12)
    }

    @Test func gettingStartedExamplesRun() {
        #expect(weatherHeadline(imperial: false) == "Sunny in Oslo (°C)")
        #expect(weatherHeadline(imperial: true) == "Sunny in Oslo (°F)")
        #expect(trackAndFormat(in: Container(name: "track")) == (1, "21°"))
        #expect(repositoryCity(in: Container(name: "repository")) == "Sunny in Lima")
    }

    @Test func scopeExamplesRun() {
        #expect(graphScopeIsSharedWithinOnePass() == (true, false))
        #expect(signOutBuildsANewUser())
        #expect(lifetimesShareOneSlot() == (true, false))
    }

    @Test func assemblySwapExampleRuns() {
        let (live, preview) = notesTitles()
        #expect(live == ["groceries", "ideas"])
        #expect(preview == ["preview note"])
    }

    @Test func overrideAndMapperExamplesRun() {
        #expect(chargeWithDouble() == (false, true))
        #expect(mappedGreetings() == ["Hello", "test", "test", "Hello"])
        #expect(mappedCatalogSearch() == ["swift (remote)", "swift (offline)", "swift (remote)"])
    }

    @Test func plainPropertiesAreBuiltAnewAndProvidersKeep() {
        withContainer(Container(name: "catalog-styles")) {
            let plain = (CatalogViewModel().search, CatalogViewModel().search)
            #expect(plain.0 !== plain.1)   // a computed property: a new instance per read
            let cached = (CachedCatalogViewModel().search, CachedCatalogViewModel().search)
            #expect(cached.0 === cached.1)   // `.cached`: one instance
            #expect(plain.0.search("a") == cached.0.search("a"))
        }
    }

    @Test func diagnosticsExamplesRun() {
        let message = missingPrinterMessage()
        #expect(message.hasPrefix("Missing registration: ReceiptPrinting in 'checkout'"))
        #expect(message.contains("\"thermal\""))
        #expect(message.contains("Fix:"))
        let report = checkoutValidation()
        #expect(report.problems.count == 1)
        #expect(report.description.contains("ReceiptPrinting"))
    }

    @Test func tracingExampleRuns() {
        #expect(observedKinds() == ["registered Cart", "resolved Cart"])
    }
}
