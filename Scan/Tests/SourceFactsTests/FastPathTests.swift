import Foundation
import SwiftParser
import SwiftSyntax
import SyntheticApps
import Testing
@testable import SourceFacts

/// The scan's fast paths give what the slow ones they replace gave, so the facts keep their
/// bytes: `writtenText` is `trimmedDescription` for every node, `position(of:)` is
/// `SourceLocationConverter`'s line and column for every token, `collapse` keeps the
/// `Character` rules. Checked on every fixture, a synthetic app, and text made to be awkward
/// (CRLF and CR line breaks, syntax errors with missing tokens, non-ASCII, comments).
struct FastPathTests {
    static let awkward: [String] = [
        "import Injection\r\nfinal class A {\r\n  @Injected var b: B // x\r\n  init() { }\r\n}\r\n",
        "let a = Container()\rlet b = a.register { B() }\r\r/* two\r\nlines */ let c = 1",
        "class A { func f( { let x = register { B( } }\n@Injected var  \n",
        "struct É { let 名前: Résumé = Résumé(a:  1 ,\n\t b: \"x\\ny\") } // café\n",
        "",
        "\n\n",
        "let x = #\"\"\"\n  raw \\#(y)\n  \"\"\"#\n",
    ]

    static func sources() throws -> [(name: String, bytes: [UInt8])] {
        var sources = Self.awkward.enumerated().map { ("awkward \($0.offset)", Array($0.element.utf8)) }
        let files = FileManager.default.enumerator(atPath: Fixture.folder)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") {
            sources.append((file, Array(try Data(contentsOf: URL(fileURLWithPath: Fixture.folder + "/" + file)))))
        }
        let folder = NSTemporaryDirectory() + "fast-path-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try SyntheticApp(style: .mixed, files: 12, lines: 1_200).write(to: folder)
        for file in (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).sorted() where file.hasSuffix(".swift") {
            sources.append((file, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))))
        }
        return sources
    }

    final class EveryNode: SyntaxAnyVisitor {
        var mismatches: [String] = []
        var count = 0
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            count += 1
            if node.writtenText != node.trimmedDescription, mismatches.count < 5 {
                mismatches.append("\(node.kind): \(node.writtenText.debugDescription) != \(node.trimmedDescription.debugDescription)")
            }
            return .visitChildren
        }
    }

    @Test func writtenTextIsTrimmedDescriptionForEveryNode() throws {
        var nodes = 0
        for source in try Self.sources() {
            let tree = Parser.parse(source: String(decoding: source.bytes, as: UTF8.self))
            let visitor = EveryNode(viewMode: .all)
            visitor.walk(tree)
            nodes += visitor.count
            #expect(visitor.mismatches.isEmpty, "\(source.name): \(visitor.mismatches)")
        }
        #expect(nodes > 10_000)
    }

    @Test func positionsAreTheConvertersForEveryToken() throws {
        for source in try Self.sources() {
            let tree = Parser.parse(source: String(decoding: source.bytes, as: UTF8.self))
            let context = FileContext(tree: tree, source: source.bytes, path: source.name, configuration: ScanConfiguration(), defines: [])
            let converter = SourceLocationConverter(fileName: source.name, tree: tree)
            var mismatches: [String] = []
            for token in tree.tokens(viewMode: .all) {
                let expected = converter.location(for: token.positionAfterSkippingLeadingTrivia)
                let found = context.position(of: token)
                if (found.line, found.column) != (expected.line, expected.column) {
                    mismatches.append("\(token.text.debugDescription): \(found) != \(expected.line):\(expected.column)")
                }
            }
            #expect(mismatches.isEmpty, "\(source.name): \(mismatches.prefix(5))")
        }
    }

    /// The collapse before its ASCII fast path.
    static func collapsedByCharacters(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    @Test func collapseKeepsTheCharacterRules() {
        let pieces = ["a", "Int", " ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "é", "<", ",", "//c"]
        // Every sequence of up to three pieces.
        var texts = [""]
        for _ in 0..<3 { texts += texts.flatMap { text in pieces.map { text + $0 } } }
        let differing = texts.filter { TypeText.collapse($0) != Self.collapsedByCharacters($0) }
        #expect(differing.isEmpty, "\(differing.prefix(5).map(\.debugDescription))")
        #expect(Set(texts).count > 4_000)
        #expect(TypeText.collapse("  Dictionary<String,\n   Int>  ") == "Dictionary<String, Int>")
    }
}
