import Foundation
import Injection
import InjectionTesting
import Testing

/// Keeps the migration guides true: their Swift examples are compiled here and run.
struct MigrationGuideTests {
    private static let root = MarkdownSwiftBlocks.root

    /// Every example file of this folder, concatenated.
    private static func examples() throws -> String {
        let folder = root.appendingPathComponent("Tests/InjectionTests/MigrationGuides")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix("Example.swift") || $0.hasSuffix("Examples.swift") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test(arguments: ["docs/MIGRATING_FROM_RESOLVER.md", "docs/MIGRATING_FROM_SWINJECT_AND_FACTORY.md"])
    func everySwiftBlockIsCompiledByTheTests(document: String) throws {
        let examples = try Self.examples()
        let blocks = try MarkdownSwiftBlocks.blocks(of: document)
        #expect(blocks.count >= 3)
        for block in blocks {
            #expect(examples.contains(block), "\(document) block not found verbatim in the examples:\n\(block)")
        }
    }

    // MARK: - Resolver guide

    @Test(.container) func registeringAndResolving() {
        let result = openInbox()
        #expect(result.messages == ["Welcome", "Welcome"])
        #expect(result.sameStore)
        #expect(!result.analytics)
    }

    @Test func propertyWrappers() {
        let result = composeReply()
        #expect(result.recipient == "ada@example.com")
        #expect(result.sessionWasEmpty)
    }

    @Test func keyedArguments() {
        let (id, mode, viewing) = editMessage()
        #expect(id == 3)
        #expect(mode == "edit")
        #expect(viewing == "view")
    }

    @Test func implementsSharesOneInstanceUntilTheScopeIsReset() {
        #expect(sendAndReceive() == ["hello"])
    }

    @Test func resolvePropertiesLinksTheCycle() {
        #expect(linkConversation())
    }

    @Test func optionalFactories() {
        #expect(feedURL("ftp://old") == nil)
        #expect(feedURL("https://feed")?.string == "https://feed")
    }

    @Test func childContainers() {
        #expect(mockedInbox() == ["Mock mail", "Unsent draft"])
    }

    @Test func decorator() {
        #expect(decoratedServices() == ["MailStore", "MailFetcher"])
    }

    // MARK: - Swinject and Factory guide

    @Test func swinjectStyleRegistrations() {
        let result = swinjectStyle()
        #expect(result.forecast == "Sunny in Split")
        #expect(result.linked)
    }

    @Test func swinjectChildContainerOverrides() {
        #expect(swinjectChildContainer() == "Stub weather")
    }

    @Test func factoryStyleProviders() {
        #expect(factoryStyle() == ["Sunny in Split", "Stub weather", "Sunny in Hvar"])
    }
}
