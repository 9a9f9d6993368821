import Foundation
@testable import InjectionScanFacts
import Testing

@Suite struct ScanFactsCodingTests {
    /// One of every record, every optional field set, so a field the writer drops or the reader
    /// misreads breaks the round trip.
    static func sample() -> ScanFacts {
        let enclosing = EnclosingFact(
            type: "AppWiring", function: "configure()", isGeneric: false, inLoop: true, branches: ["8:9#then", "10:13#12:13"])
        let registration = RegistrationFact(
            id: 1, line: 12, column: 5, style: .resolver, form: .register,
            container: ContainerReference(expression: "Resolver.mock", type: "Resolver"),
            service: "XYZFetching", serviceSource: .explicit, implementation: "XYZFetcher",
            name: NameFact(value: "edit", isLiteral: true), scope: ScopeFact(written: ".application", normalized: "application"),
            implements: ["Fetching"], modifiers: ["scope", "implements"], member: "fetcher",
            argumentTypes: ["Int"], conditions: ["DEBUG"], enclosing: enclosing, certainty: .guessed,
            note: "receiver type not declared in the sources"
        )
        let request = RequestFact(
            line: 14, column: 9, style: .injection, form: .resolveCall, access: .lazy, wrapper: "LazyInjected",
            service: "Session", typeSource: .initializerParameter,
            contextualCall: ContextualCall(callee: "XYZFetcher", label: "session", index: 0, labels: ["session"]),
            name: NameFact(value: "Names.live", isLiteral: false), keyPath: KeyPathFact(root: "Container", components: ["login", "viewModel"]),
            container: ContainerReference(expression: "app"), scope: ScopeFact(written: ".singleton"),
            arguments: ["3"], inRegistration: 1, phase: .properties, member: "session", conditions: ["!(DEBUG)"],
            enclosing: enclosing, certainty: .unresolved, note: "generic helper"
        )
        let type = DeclaredType(
            name: "Outer.XYZFetcher", kind: .class, line: 3, column: 1, inherited: ["XYZFetching"], genericParameters: ["T"],
            initializers: [InitializerFact(line: 4, parameters: [ParameterFact(label: "session", type: "Session", hasDefault: true)], isFailable: true)],
            properties: [PropertyFact(name: "session", line: 5, type: "Session", initializerType: "Session", isStatic: true, isComputed: true, wrapper: "Injected")],
            methods: [MethodFact(name: "make", line: 6, parameters: [ParameterFact(label: "_", type: "Int")], returnType: "XYZFetching", isStatic: true, genericParameters: ["U"])],
            aliasOf: "Base", conditions: ["os(iOS)"]
        )
        let file = FileFacts(
            path: "Sources/App/Wiring.swift", fileID: "App/Wiring.swift", module: "App", isTest: true,
            skipped: nil, syntaxErrors: [SyntaxErrorFact(line: 20, column: 3, message: "expected '}'")],
            imports: ["Resolver"], types: [type], variables: [PropertyFact(name: "app", line: 1, initializerType: "Container")],
            functions: [MethodFact(name: "wire", line: 2)], registrations: [registration], requests: [request],
            containers: [ContainerFact(line: 1, column: 1, style: .swinject, kind: .child, binding: "child", type: "Container",
                                       name: NameFact(value: "app", isLiteral: true), parent: "app", members: ["A()"],
                                       scope: ScopeFact(written: ".container"), conditions: ["DEBUG"], enclosing: enclosing)],
            mappings: [MappingFact(line: 30, column: 1, action: .set, from: KeyPathFact(components: ["a"]),
                                   to: KeyPathFact(components: ["b"]), conditions: [], enclosing: enclosing)],
            notes: [NoteFact(line: 40, column: 2, kind: .unrecognized, message: "register(…) on an unknown receiver", conditions: ["DEBUG"])]
        )
        let skipped = FileFacts(path: "Generated/Big.swift", skipped: SkipFact(reason: .tooLarge, message: "over 4194304 bytes"), prefiltered: true)
        let header = ScanFactsHeader(root: "/src/app", tool: "di-scan 0.1.0", defines: ["DEBUG"], includeTests: true,
                                     config: "di-inspect.json", files: 2)
        return ScanFacts(header: header, files: [skipped, file])
    }

    @Test func roundTripKeepsEveryField() throws {
        let facts = Self.sample()
        let bytes = ScanFactsWriter().encode(facts)
        let read = try ScanFactsReader().read(bytes)
        #expect(read.header == facts.header)
        // The writer sorts files by path.
        #expect(read.files.map(\.path) == ["Generated/Big.swift", "Sources/App/Wiring.swift"])
        #expect(read.files == facts.files.sorted { $0.path < $1.path })
    }

    @Test func outputIsOneSortedKeyLinePerFileWithoutNulls() throws {
        let text = String(decoding: ScanFactsWriter().encode(Self.sample()), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)  // header, two files, and the empty rest after the last "\n"
        #expect(lines.last == "")
        #expect(lines[0].hasPrefix(#"{"config":"di-inspect.json","defines":["DEBUG"],"files":2,"format":"di-scan-facts","#))
        #expect(!text.contains("null"))
        #expect(lines[1].contains(#""skipped":{"message":"over 4194304 bytes","reason":"tooLarge"}"#))
        // Same facts, same bytes.
        #expect(ScanFactsWriter().encode(Self.sample()) == ScanFactsWriter().encode(Self.sample()))
    }

    /// The hand-written writer writes the bytes `JSONEncoder` (sorted keys, slashes as they are)
    /// writes: every field set, every optional absent, and strings that need escaping.
    @Test func theWriterWritesJSONEncodersBytes() throws {
        var facts = Self.sample()
        let odd = "Odd/\u{0}\u{1}\"\\/\u{7F}é😀\n\t\r\u{8}\u{B}\u{C}\u{1F} \u{2028}.swift"
        facts.files.append(FileFacts(
            path: odd, notes: [NoteFact(line: 1, column: 2, kind: .partial, message: odd, conditions: [odd])]))
        facts.files.append(FileFacts(
            path: "Bare.swift", types: [DeclaredType(name: "A", kind: .struct, line: 1, column: 1)],
            variables: [PropertyFact(name: "a", line: 1)], functions: [MethodFact(name: "f", line: 2)],
            registrations: [RegistrationFact(id: 1, line: 1, column: 1, style: .injection, form: .register)],
            requests: [RequestFact(line: 1, column: 1, style: .injection, form: .resolveCall)],
            containers: [ContainerFact(line: 1, column: 1, style: .injection, kind: .container)],
            mappings: [MappingFact(line: 1, column: 1, action: .resetAll)]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for header in [facts.header, ScanFactsHeader(root: "/", tool: "t", files: 0)] {
            facts.header = header
            var expected = Array(try encoder.encode(facts.header)) + [0x0A]
            for file in facts.files.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
                expected += Array(try encoder.encode(file)) + [0x0A]
            }
            let written = ScanFactsWriter().encode(facts)
            #expect(written == expected, "\(String(decoding: written, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
            #expect(ScanFactsWriter().line(facts.header) == Array(try encoder.encode(facts.header)) + [0x0A])
        }
    }

    /// The hand-written reader reads each line as `JSONDecoder` does: what the writer wrote, the
    /// same spaced out with its keys in another order and `null` for absent optionals; a line it
    /// does not take (a lone surrogate, a fraction) is `JSONDecoder`'s.
    @Test func theHandReaderReadsWhatJSONDecoderReads() throws {
        var facts = Self.sample()
        let odd = "Odd/\u{1}\"\\/é😀\n\t\u{1F}.swift"
        facts.files.append(FileFacts(path: odd, notes: [NoteFact(line: 1, column: 2, kind: .partial, message: odd)]))
        let unicode = #"{"kind":"file","path":"\u00e9\ud83d\ude00\u0041\/","isTest":false,"syntaxErrors":[],"imports":[],"types":[],"#
            + #""variables":[],"functions":[],"registrations":[],"requests":[],"containers":[],"mappings":[],"notes":[]}"#
        #expect(try FactsJSONReader.read(ArraySlice(unicode.utf8)) { try FileFacts(reading: &$0) }.path == "é😀A/")
        let lines = ScanFactsWriter().encode(facts).split(separator: 0x0A).dropFirst()
        #expect(lines.count == 3)
        for line in lines {
            let expected = try JSONDecoder().decode(FileFacts.self, from: Data(line))
            #expect(try FactsJSONReader.read(line) { try FileFacts(reading: &$0) } == expected)
        }
        let spaced = """
             { "notes" : [ ] ,"mappings":[],"containers":[],"requests":[],"registrations":[ { "id" : 7 , "line":2,"column":3,\
            "style":"injection","form":"register","serviceSource":"unknown","implements":[],"modifiers":[],"argumentTypes":[],\
            "conditions":[],"enclosing":{"inLoop":false,"isGeneric":true,"type":null},"certainty":"exact","note":null,\
            "future":{"a":[1,2.5e3,-4,true,null,"x"]}}],"functions":[],"variables":[],"types":[],"imports":["Resolver"],\
            "syntaxErrors":[],"prefiltered":null,"isTest":true,"path":"B.swift","kind":"file","fileID":null}\t
            """
        let expected = try JSONDecoder().decode(FileFacts.self, from: Data(spaced.utf8))
        #expect(try FactsJSONReader.read(ArraySlice(spaced.utf8)) { try FileFacts(reading: &$0) } == expected)
        #expect(expected.registrations.first?.enclosing.isGeneric == true && expected.fileID == nil)
        // Not taken by the hand reader, read by JSONDecoder.
        let escaped = spaced.replacingOccurrences(of: #""isTest":true"#, with: #""isTest":true,"x":1.5,"y":"\uDE00""#)
        #expect(throws: FactsJSONReader.Unread.self) { try FactsJSONReader.read(ArraySlice(escaped.utf8)) { try FileFacts(reading: &$0) } }
        let header = String(decoding: ScanFactsWriter().line(facts.header), as: UTF8.self)
        let read = try ScanFactsReader().read(Array((header + escaped + "\n").utf8))
        #expect(read.files.map(\.imports) == [["Resolver"]])
    }

    @Test func unknownFieldsKindsAndWordsAreIgnored() throws {
        let text = """
            {"format":"di-scan-facts","version":1,"root":"/r","tool":"di-scan 9","defines":[],"includeTests":false,"files":1,"future":{"x":1}}
            {"kind":"summary","anything":true}
            {"kind":"file","path":"A.swift","isTest":false,"syntaxErrors":[],"imports":[],"types":[],"variables":[],"functions":[],"registrations":[{"id":1,"line":2,"column":3,"style":"needle","form":"component","serviceSource":"unknown","implements":[],"modifiers":[],"argumentTypes":[],"conditions":[],"enclosing":{"isGeneric":false,"inLoop":false,"newField":1},"certainty":"exact","newField":"x"}],"requests":[],"containers":[],"mappings":[],"notes":[],"newList":[1,2]}

            """
        let facts = try ScanFactsReader().read(Array(text.utf8))
        #expect(facts.header.tool == "di-scan 9")
        #expect(facts.files.count == 1)
        let registration = try #require(facts.files.first?.registrations.first)
        #expect(registration.style == FactStyle(rawValue: "needle"))
        #expect(registration.form.rawValue == "component")
        #expect(registration.line == 2)
    }

    @Test func newerMajorVersionIsAClearError() {
        let text = #"{"format":"di-scan-facts","version":2,"root":"/r","tool":"di-scan 2","defines":[],"includeTests":false,"files":0}"#
        #expect(throws: ScanFactsError.newerVersion(found: 2, supported: 1)) {
            try ScanFactsReader().read(Array(text.utf8))
        }
        let message = ScanFactsError.newerVersion(found: 2, supported: 1).description
        #expect(message == "scan facts version 2 is newer than this reader (version 1); use a di-inspect as new as the di-scan that wrote it")
    }

    @Test func otherFilesAndBrokenLinesAreNamed() {
        #expect(throws: ScanFactsError.empty) { try ScanFactsReader().read([]) }
        #expect(throws: ScanFactsError.notFactsFile(found: #"{"format":"di-trace","version":1}"#)) {
            try ScanFactsReader().read(Array(#"{"format":"di-trace","version":1}"#.utf8))
        }
        let header = #"{"format":"di-scan-facts","version":1,"root":"/r","tool":"t","defines":[],"includeTests":false,"files":1}"#
        #expect(throws: ScanFactsError.malformedLine(line: 2, reason: "not JSON")) {
            try ScanFactsReader().read(Array((header + "\n{oops\n").utf8))
        }
        #expect(throws: ScanFactsError.malformedLine(line: 2, reason: #"no "path""#)) {
            try ScanFactsReader().read(Array((header + "\n" + #"{"kind":"file"}"# + "\n").utf8))
        }
    }

    @Test func readingOnSeveralThreadsGivesTheSameFactsAndTheSameFirstError() throws {
        // Enough lines for many runs of lines, blank lines and a line of another kind among them.
        var facts = Self.sample()
        let file = facts.files[1]
        facts.files = (0..<150).map { index in
            var copy = file
            copy.path = "Sources/App/File\(String(index + 1_000)).swift"
            copy.registrations[0].line = index
            return copy
        }
        let written = String(decoding: ScanFactsWriter().encode(facts), as: UTF8.self)
        var lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("", at: 40)
        lines.insert(#"{"kind":"summary","files":150}"#, at: 90)
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let serial = try ScanFactsReader().read(bytes, jobs: 1)
        #expect(serial.files.count == 150 && serial.files == facts.files)
        for jobs in [2, 4] {
            #expect(try ScanFactsReader().read(bytes, jobs: jobs) == serial)
        }
        // Two broken lines in different runs: the first, by line, is the error whatever the count.
        lines[140] = "{oops"
        lines[70] = #"{"kind":"file"}"#
        let broken = Array(lines.joined(separator: "\n").utf8)
        for jobs in [1, 2, 4] {
            #expect(throws: ScanFactsError.malformedLine(line: 71, reason: #"no "path""#)) {
                try ScanFactsReader().read(broken, jobs: jobs)
            }
        }
    }

    @Test func readsAFileFromDisk() throws {
        let path = "/tmp/scan-facts-\(UInt32.random(in: 0...UInt32.max)).ndjson"
        let bytes = ScanFactsWriter().encode(Self.sample())
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ScanFactsReader().read(contentsOf: path).files.count == 2)
        #expect(throws: ScanFactsError.self) { try ScanFactsReader().read(contentsOf: path + ".absent") }
    }
}
