import Foundation

/// The ```swift blocks of the project's Markdown documents (README, migration guides), for the
/// tests that check each block is compiled verbatim.
enum MarkdownSwiftBlocks {
    /// The package root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether `block` is a file of an app package (its `Package.swift`, or a file under
    /// `Sources/`): those are built as a package of their own by EndToEndTests/AppPackageTests,
    /// not compiled into a test target.
    static func isAppPackageFile(_ block: String) -> Bool {
        block.hasPrefix("// swift-tools-version") || block.hasPrefix("// Sources/")
    }

    /// The ```swift blocks of `document` (a path from the package root), each as lines without
    /// surrounding blank lines; app package files (``isAppPackageFile(_:)``) are left out.
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
        return blocks.filter { !isAppPackageFile($0) }
    }
}
