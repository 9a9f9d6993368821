import Foundation
import Testing
import Injection
@testable import InjectionTrace

/// `Resources/trace-schema.json` describes what the encoder writes.
struct TraceSchemaTests {
    static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/trace-schema.json").path

    static let allKinds = ["containerCreated", "registered", "resolved", "missing", "cycle", "scopeMismatch",
                           "mappingChanged", "staleOverride", "scopeReset", "resolvedToNil", "lazyResolved",
                           "instanceEnded", "containerReleased", "aggregate", "dropped", "end"]

    /// The Python that `make test-deps` found or set up with jsonschema (`.build/test-python3`:
    /// Debian's python3 with python3-jsonschema, or the project's own virtual environment), else
    /// whichever `python3` is on PATH.
    static let python: String = {
        let link = URL(fileURLWithPath: schemaPath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-python3").path
        return FileManager.default.isExecutableFile(atPath: link) ? link : "python3"
    }()

    /// Whether that Python has `jsonschema` (`make test` installs it).
    static let pythonHasJSONSchema: Bool = (try? run([python, "-c", "import jsonschema"]).status) == 0

    /// The decoder's kind table (matched from raw bytes) and the events' own names agree.
    @Test func decoderKindNamesMatchTheEventKindNames() throws {
        var eventNames: [String] = []
        for record in TraceFixtures.everyKind {
            guard case .event(let event) = record else { continue }
            let name = "\(event.kind.name)"
            eventNames.append(name)
            let quoted = Array("\"\(name)\"".utf8)
            let decoded = try quoted.withUnsafeBufferPointer { buffer throws(TraceLineError) -> TraceKind in
                var scanner = JSONScanner(buffer)
                return try TraceKind(&scanner)
            }
            #expect(decoded.name == name)
            #expect(decoded != .unknown(name), "the decoder does not know the event kind \(name)")
        }
        #expect(Set(eventNames).count == Self.allKinds.count - 3, "every event kind has a fixture")
    }

    @Test func schemaIsJSONAndCoversEveryKind() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let definitions = try #require(schema["$defs"] as? [String: Any])
        // `resolvedToNil` has the shape of `missing` and uses its definition.
        for kind in Self.allKinds.filter({ $0 != "resolvedToNil" }) + ["header", "identity"] {
            #expect(definitions[kind] != nil, "no $defs/\(kind)")
        }
        let record = try #require(definitions["record"] as? [String: Any])
        let kindEnum = ((record["properties"] as? [String: Any])?["kind"] as? [String: Any])?["enum"] as? [String]
        #expect(kindEnum == Self.allKinds)
        // The fixture really has every kind, so the validation below covers them all.
        #expect(Set(TraceFixtures.everyKind.map(\.kindName)) == Set(Self.allKinds))
    }

    @Test func aGeneratedTraceValidates() throws {
        try #require(Self.pythonHasJSONSchema, "the schema check needs Python's jsonschema: run make test-deps")
        let good = try Self.validate(TraceFixtures.everyKindTrace)
        #expect(good.output == "kinds: \((["header"] + Self.allKinds).sorted().joined(separator: ","))\ninvalid: 0\n")
        #expect(good.status == 0)

        // And the schema is not vacuous: a wrong outcome and a missing container are caught.
        let bad = TraceFixtures.lines(
            #"{"kind":"resolved","seq":1,"t":1,"thread":1,"service":{"type":"A"},"scope":"unique","outcome":"made","source":"factory","ns":1,"depth":1}"#)
        let result = try Self.validate(bad)
        #expect(result.output.hasSuffix("invalid: 1\n"), "\(result.output)")
    }

    // MARK: - Helpers

    private static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        kinds, bad = set(), 0
        for number, line in enumerate(open(sys.argv[2], encoding="utf-8"), 1):
            value = json.loads(line)
            kinds.add(value.get("kind", "header"))
            for error in validator.iter_errors(value):
                bad += 1
                print(f"line {number}: {error.message}", file=sys.stderr)
        print("kinds: " + ",".join(sorted(kinds)))
        print(f"invalid: {bad}")
        """

    private static func validate(_ trace: [UInt8]) throws -> (status: Int32, output: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("di-schema-\(UUID()).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(trace).write(to: URL(fileURLWithPath: path))
        return try run([python, "-c", validator, schemaPath, path])
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
