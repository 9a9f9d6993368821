import Foundation
import InjectionScanFacts
@testable import SourceFacts
import Testing

/// Bad input: each a one-line note, never a crash, a hang or a silent skip; every other file
/// still read.
@Suite struct BadInputTests {
    /// A fresh folder under /tmp with the given files (relative path → bytes).
    static func folder(_ files: [String: [UInt8]]) throws -> String {
        let root = NSTemporaryDirectory() + "di-scan-tests-" + UUID().uuidString
        for (path, bytes) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    static let good = Array("import Injection\nfunc wire(app: Container) {\n    app.register { Good() }\n}\n".utf8)

    @Test func aSyntaxErrorIsReportedAndTheRestOfTheFileAndTheOthersAreRead() throws {
        let broken = Array("import Injection\nfunc wire(app: Container) {\n    let x = (1 +\n    app.register { Later() }\n}\n".utf8)
        let root = try Self.folder(["Broken.swift": broken, "Good.swift": Self.good])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DIScan.run(paths: [root])
        let brokenFacts = try #require(result.facts.files.first { $0.path == "Broken.swift" })
        let error = try #require(brokenFacts.syntaxErrors.first)
        #expect(error.line == 3 || error.line == 4)
        #expect(brokenFacts.registrations.map(\.service) == ["Later"])
        #expect(result.facts.files.first { $0.path == "Good.swift" }?.registrations.map(\.service) == ["Good"])
        let lines = DIScan.noteLines(result.facts)
        #expect(lines.count == brokenFacts.syntaxErrors.count)
        #expect(lines.first?.hasPrefix("di-scan: Broken.swift:\(error.line):\(error.column): syntax error: ") == true)
    }

    @Test func binaryNotUTF8AndTooLargeFilesAreNamedAndSkipped() throws {
        let root = try Self.folder([
            "Binary.swift": [0x63, 0x00, 0x01, 0x02], "Latin1.swift": Array("let caf\u{E9} = 1".utf8.prefix(8)) + [0xE9, 0x0A],
            "Big.swift": Array(repeating: 0x20, count: 5000), "Good.swift": Self.good,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DIScan.run(paths: [root], maxFileSize: 4096)
        let skipped = Dictionary(uniqueKeysWithValues: result.facts.files.compactMap { file in file.skipped.map { (file.path, $0) } })
        #expect(skipped["Binary.swift"] == SkipFact(reason: .binary, message: "Binary.swift: binary file (NUL bytes), not Swift source"))
        #expect(skipped["Latin1.swift"] == SkipFact(reason: .notUTF8, message: "Latin1.swift: not UTF-8 text"))
        #expect(skipped["Big.swift"] == SkipFact(reason: .tooLarge, message: "Big.swift: larger than 4096 bytes (--max-file-size); skipped"))
        #expect(result.facts.files.first { $0.path == "Good.swift" }?.registrations.count == 1)
        #expect(DIScan.noteLines(result.facts).count == 3)
    }

    /// swift-syntax checks its nesting limit only at declarations and statements; 100 000
    /// parentheses in one expression would recurse it off the stack. The byte check stops them.
    @Test func aHundredThousandDeepNestingIsANoteNotAStackOverflow() throws {
        let deep = Array("import Injection\nlet app = Container()\nlet x = ".utf8) + Array(repeating: 0x28, count: 100_000) + Array(repeating: 0x29, count: 100_000)
        let braces = Array("// Container\nfunc f() ".utf8) + Array(repeating: 0x7B, count: 100_000) + Array(repeating: 0x7D, count: 100_000)
        let root = try Self.folder(["Deep.swift": deep, "Braces.swift": braces, "Good.swift": Self.good])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DIScan.run(paths: [root], jobs: 2)
        for name in ["Deep.swift", "Braces.swift"] {
            let skipped = try #require(result.facts.files.first { $0.path == name }?.skipped)
            #expect(skipped.reason == .tooDeep)
            let line = name == "Deep.swift" ? 3 : 2
            #expect(skipped.message == "\(name):\(line): nested more than 256 brackets deep; not parsed (the parser's limit)")
        }
        #expect(result.facts.files.first { $0.path == "Good.swift" }?.registrations.count == 1)
    }

    /// A generic type nested thousands deep ends in one run of `>` that the lexer would take
    /// minutes to split: the same note, and an ordinary shift (`a >> b`) or nesting at the limit
    /// is parsed.
    @Test func aGenericNestedPastTheLimitIsANoteAndAShiftIsParsed() throws {
        let depth = 5_000
        let generic = Array("import Injection\nfunc f(app: Container) {\n    let x: ".utf8) + Array(String(repeating: "A<", count: depth).utf8)
            + Array("B".utf8) + Array(repeating: 0x3E, count: depth) + Array(" = app.resolve()\n}\n".utf8)
        let atLimit = ScanOptions.defaultNestingLevel
        let nested = Array("import Injection\nfunc g(app: Container) {\n    let y: ".utf8) + Array(String(repeating: "A<", count: atLimit).utf8)
            + Array("B".utf8) + Array(repeating: 0x3E, count: atLimit) + Array(" = app.resolve()\n    let z = 1 >> 2\n}\n".utf8)
        let root = try Self.folder(["Generic.swift": generic, "AtLimit.swift": nested])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DIScan.run(paths: [root])
        let skipped = try #require(result.facts.files.first { $0.path == "Generic.swift" }?.skipped)
        #expect(skipped == SkipFact(reason: .tooDeep, message: "Generic.swift:3: nested more than 256 brackets deep; not parsed (the parser's limit)"))
        let parsed = try #require(result.facts.files.first { $0.path == "AtLimit.swift" })
        #expect(parsed.skipped == nil)
        #expect(parsed.requests.count == 1)
    }

    /// `[[[…]]]` costs swift-syntax's lookahead twice the time per level, in a type or a literal:
    /// past a dozen levels the file is a note; a dozen levels, and deep dictionaries of arrays
    /// written across lines, are parsed.
    @Test func squareBracketsNestedPastADozenAreANote() throws {
        func source(_ line: String) -> [UInt8] {
            Array("import Injection\nfunc f(app: Container) {\n    app.register { Good() }\n    \(line)\n}\n".utf8)
        }
        let limit = 12
        let deep = 40
        let root = try Self.folder([
            "Type.swift": source("let v: " + String(repeating: "[", count: deep) + "Int" + String(repeating: "]", count: deep) + " = []"),
            "Literal.swift": source("let v = " + String(repeating: "[", count: deep) + "1" + String(repeating: "]", count: deep)),
            "Mixed.swift": source("let v: " + String(repeating: "A<[", count: deep) + "B" + String(repeating: "]>", count: deep)),
            "AtLimit.swift": source("let v: " + String(repeating: "[", count: limit) + "Int" + String(repeating: "]", count: limit) + " = []"),
            "Siblings.swift": source("let v = [" + Array(repeating: "[[1], [2]]", count: 50).joined(separator: ", ") + "]"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DIScan.run(paths: [root], jobs: 2)
        for name in ["Type.swift", "Literal.swift", "Mixed.swift"] {
            let skipped = try #require(result.facts.files.first { $0.path == name }?.skipped, "\(name) was parsed")
            #expect(skipped == SkipFact(reason: .tooDeep, message: "\(name):4: '[' nested more than 12 deep; not parsed (the parser's time doubles with each level)"))
        }
        for name in ["AtLimit.swift", "Siblings.swift"] {
            let parsed = try #require(result.facts.files.first { $0.path == name })
            #expect(parsed.skipped == nil, "\(name): \(parsed.skipped?.message ?? "")")
            #expect(parsed.registrations.count == 1)
        }
    }

    /// At the limit itself the parser runs, on the scan's threads, without overflowing.
    @Test func nestingAtTheLimitIsParsed() throws {
        let depth = ScanOptions.defaultNestingLevel - 2
        let source = Array("import Injection\nlet x = ".utf8) + Array(repeating: 0x28, count: depth) + Array("app.resolve() as Int".utf8)
            + Array(repeating: 0x29, count: depth) + [0x0A]
        let root = try Self.folder(["AtLimit.swift": source])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DIScan.run(paths: [root])
        let facts = try #require(result.facts.files.first)
        #expect(facts.skipped == nil)
        #expect(facts.requests.count == 1)
    }

    @Test func aSymlinkLoopIsNotedOnceAndNotFollowed() throws {
        let root = try Self.folder(["App/Good.swift": Self.good])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Loop", withDestinationPath: root + "/App")
        try FileManager.default.createSymbolicLink(atPath: root + "/Link", withDestinationPath: root + "/App")
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Dangling.swift", withDestinationPath: root + "/nowhere")
        let result = try DIScan.run(paths: [root])
        let byPath = Dictionary(uniqueKeysWithValues: result.facts.files.map { ($0.path, $0) })
        #expect(byPath["App/Loop"]?.skipped?.reason == .symlinkLoop)
        #expect(byPath["Link"]?.skipped == SkipFact(reason: .alias, message: "Link: the same folder as App, read once there"))
        #expect(byPath["App/Dangling.swift"]?.skipped?.reason == .unreadable)
        #expect(byPath["App/Good.swift"]?.registrations.count == 1)
        #expect(result.facts.files.count == 4)
    }

    /// Root reads every folder whatever its mode, so the walker is given a folder that fails.
    @Test func anUnreadableFolderIsNotedAndItsSiblingsRead() throws {
        let root = try Self.folder(["Locked/A.swift": Self.good, "Open/B.swift": Self.good])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let walker = SourceWalker(includeTests: false) { path in
            path.hasSuffix("/Locked") ? .failure(FileSystemError(errno: EACCES)) : FileSystem.entries(of: path)
        }
        let walked = walker.walk([root], root: root)
        #expect(walked.map(\.relative) == ["Locked", "Open/B.swift"])
        #expect(walked.first?.problem == SkipFact(reason: .unreadableFolder, message: "Locked: folder not readable (Permission denied); its files were not scanned"))
    }

    @Test func testFoldersAreLeftOutUnlessAskedOrNamed() throws {
        let root = try Self.folder(["Sources/App/A.swift": Self.good, "Tests/AppTests/T.swift": Self.good, "Pods/Lib/L.swift": Self.good])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let plain = try DIScan.run(paths: [root]).facts.files.map(\.path)
        #expect(plain == ["Pods", "Sources/App/A.swift"])
        let withTests = try DIScan.run(paths: [root], includeTests: true).facts.files
        #expect(withTests.map(\.path) == ["Pods", "Sources/App/A.swift", "Tests/AppTests/T.swift"])
        #expect(withTests.last?.isTest == true && withTests.last?.fileID == "AppTests/T.swift")
        #expect(withTests[1].fileID == "App/A.swift" && withTests[1].module == "App")
        let named = try DIScan.run(paths: [root + "/Tests/AppTests/T.swift"]).facts.files
        #expect(named.map(\.registrations.count) == [1])
    }

    /// An app's `Packages` folder holds its own local packages: read. Beside a `Package.swift` it
    /// holds what `swift package edit` checked out: left out, and said so.
    @Test func anAppsLocalPackagesAreReadAndEditedCheckoutsAreNot() throws {
        let root = try Self.folder([
            "Packages/Domain/Sources/Domain/D.swift": Self.good, "Tool/Package.swift": Array("// swift-tools-version:6.0".utf8),
            "Tool/Packages/Dependency/X.swift": Self.good,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = try DIScan.run(paths: [root]).facts.files
        #expect(files.map(\.path) == ["Packages/Domain/Sources/Domain/D.swift", "Tool/Package.swift", "Tool/Packages"])
        #expect(files.first?.module == "Domain" && files.last?.skipped?.reason == .vendored)
    }

    @Test func outputIsByteIdenticalWhateverTheJobCount() throws {
        let oneJob = try DIScan.run(paths: [Fixture.folder], jobs: 1)
        let one = oneJob.encoded()
        let four = try DIScan.run(paths: [Fixture.folder], jobs: 4).encoded()
        #expect(one == four)
        #expect(one.count > 10_000)
        // The lines the workers wrote are the bytes the facts give when written at the end.
        #expect(one == ScanFactsWriter().encode(oneJob.facts))
    }
}

@Suite struct ModuleLayoutTests {
    @Test func theModuleComesFromTheConfigurationThenTheSwiftPMLayout() throws {
        let root = try BadInputTests.folder([
            "Sources/App/Wiring/A.swift": BadInputTests.good, "iOS/Screens/B.swift": BadInputTests.good,
            "di-inspect.json": Array(#"{"modules":[{"path":"iOS","module":"ShopApp"}],"wrappers":{"Dependency":"lazy"}}"#.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = try DIScan.run(paths: [root]).facts
        #expect(files.header.config == "di-inspect.json")
        #expect(files.files.map(\.fileID) == ["App/A.swift", "ShopApp/B.swift"])
        // Scanning the module's folder itself keeps its module.
        let inner = try DIScan.run(paths: [root + "/Sources/App"]).facts.files
        #expect(inner.map(\.path) == ["Wiring/A.swift"] && inner.map(\.fileID) == ["App/A.swift"])
    }

    @Test func aBadConfigurationIsOneLineNamingTheFile() throws {
        let root = try BadInputTests.folder(["di-inspect.json": Array(#"{"wrappers":{"Dependency":"sometimes"}}"#.utf8)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: ScanConfigurationError.self) { try DIScan.run(paths: [root]) }
        do {
            _ = try DIScan.run(paths: [root])
        } catch {
            #expect(error.message == "\(root)/di-inspect.json: wrapper Dependency: access \"sometimes\" is not eager, lazy, weakLazy or optional")
        }
    }

    @Test func configuredWrappersAndHelpersAreRead() throws {
        let source = Array("""
            final class Screen {
                @Dependency var api: API
                func load() { let cache: Cache = inject(); registerService { Cache() } }
            }

            """.utf8)
        let config = Array(#"{"wrappers":{"Dependency":"lazy"},"resolveHelpers":["inject"],"registrationHelpers":["registerService"]}"#.utf8)
        let root = try BadInputTests.folder(["Screen.swift": source, "di-inspect.json": config])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let facts = try #require(try DIScan.run(paths: [root]).facts.files.first { $0.path == "Screen.swift" })
        let wrapper = try #require(facts.requests.first { $0.wrapper == "Dependency" })
        #expect(wrapper.access == .lazy && wrapper.service == "API" && wrapper.style == .custom && wrapper.line == 2)
        let helper = try #require(facts.requests.first { $0.form == .customHelper && $0.wrapper == nil })
        #expect(helper.service == "Cache" && helper.line == 3)
        let registration = try #require(facts.registrations.first)
        #expect(registration.form == .customHelper && registration.service == "Cache" && registration.line == 3)
    }
}
