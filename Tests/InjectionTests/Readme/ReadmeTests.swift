import Foundation
import Testing
import Injection
import InjectionTesting

/// Keeps README.md true: its Swift examples are compiled here and run.
struct ReadmeTests {
    private static let root = MarkdownSwiftBlocks.root

    @Test func everyReadmeSwiftBlockIsCompiledByTheTests() throws {
        let examples = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/InjectionTests/Readme/ReadmeExamples.swift"), encoding: .utf8)
        let blocks = try MarkdownSwiftBlocks.blocks(of: "README.md")
        #expect(blocks.count >= 2)
        for block in blocks {
            #expect(examples.contains(block), "README block not found verbatim in ReadmeExamples.swift:\n\(block)")
        }
    }

    @Test(.container) func theTypeKeyedExampleRuns() {
        #expect(typeKeyedExample() == ["swift", "di", "Repositories"])
    }

    @Test(.container) func theKeypathExampleRuns() {
        #expect(keypathExample() == (false, true))
    }
}
