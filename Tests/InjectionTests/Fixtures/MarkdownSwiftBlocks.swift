import Foundation

/// The ```swift blocks of the project's Markdown documents (README, migration guides), for the
/// tests that check each block is compiled verbatim.
enum MarkdownSwiftBlocks {
    /// The package root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of `document` (a path from the package root), each as lines without
    /// surrounding blank lines.
    static func blocks(of document: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```swift") { current = [] }
            else if line.hasPrefix("```"), let block = current {
                blocks.append(block.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                current = nil
            } else if current != nil { current!.append(String(line)) }
        }
        return blocks
    }
}
