import Foundation
import Testing
import Injection
import InjectionTesting

/// Keeps README.md true: its Swift examples are compiled here and run.
struct ReadmeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of the README, each as lines without surrounding blank lines.
    private static func readmeBlocks() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```swift") { current = [] }
            else if line.hasPrefix("```"), let block = current {
                blocks.append(block.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                current = nil
            } else if current != nil { current!.append(String(line)) }
        }
        return blocks
    }

    @Test func everyReadmeSwiftBlockIsCompiledByTheTests() throws {
        let examples = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/InjectionTests/Readme/ReadmeExamples.swift"), encoding: .utf8)
        let blocks = try Self.readmeBlocks()
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
