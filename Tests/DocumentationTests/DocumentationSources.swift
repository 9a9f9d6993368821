import Foundation

/// Reads the project's documentation sources: files under a folder and the Swift code blocks of
/// Markdown articles and of `///` doc comments.
enum DocumentationSources {
    static func files(in folder: String, extension fileExtension: String) throws -> [URL] {
        let base = ArticleExampleTests.root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == fileExtension }
            .sorted { $0.path < $1.path }
    }

    /// The ```swift blocks of a Markdown file, each trimmed of surrounding blank lines. Files of
    /// an app package (a `Package.swift` beginning `// swift-tools-version`, or a file whose first
    /// line names its path under `// Sources/`) are left out: EndToEndTests/AppPackageTests builds
    /// them as a package of their own.
    static func swiftBlocks(inMarkdown file: URL) throws -> [String] {
        swiftBlocks(lines: try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n"))
            .filter { !$0.hasPrefix("// swift-tools-version") && !$0.hasPrefix("// Sources/") }
    }

    /// The ```swift blocks of a source file's `///` doc comments, with the `/// ` prefix removed.
    static func swiftBlocks(inDocComments file: URL) throws -> [String] {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return "" }
            let text = trimmed.dropFirst(3)
            return String(text.hasPrefix(" ") ? text.dropFirst() : text)
        }
        return swiftBlocks(lines: lines)
    }

    private static func swiftBlocks(lines: [String]) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in lines {
            if line.hasPrefix("```swift") { current = [] }
            else if line.hasPrefix("```"), let block = current {
                blocks.append(block.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
                current = nil
            } else if current != nil { current!.append(line) }
        }
        return blocks
    }
}
