import Foundation
import Injection
import Testing

/// `check` and `diff` with `--format xcode|github|sarif`, on the sample app with every fault:
/// every line follows its format's grammar, every problem is there, at the line the text report
/// names, as a path under the source root; the SARIF validates against the schema of what we
/// write (Schemas/sarif-2.1.0-subset.schema.json).
@Suite(.serialized)
struct ProblemFormatTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let faults = ["missing", "cycle", "captive", "stale-override", "name-typo", "optional-missing",
                         "mapping-left-active", "lazy-cycle", "layer-breach", "background-container", "shadowed-child",
                         "decorator-captive"]

    /// clang's diagnostic line: `file[:line[:column]]: error|warning|note: message`.
    static var xcodeLine: Regex<(Substring, Substring?, Substring?, Substring)> { /^[^:\n]+(:[0-9]+(:[0-9]+)?)?: (error|warning|note): \S.*$/ }
    /// A GitHub workflow command: `::error|warning|notice [key=value,…]::message`, with `,` and
    /// `:` encoded in values and no raw line break anywhere.
    static var githubLine: Regex<(Substring, Substring, Substring?, Substring?)> { /^::(error|warning|notice)( [a-z]+=[^,:\r\n]*(,[a-z]+=[^,:\r\n]*)*)?::[^\r\n]*$/ }

    static func check(_ trace: String, _ arguments: [String]) throws -> Command.Result {
        try Command.run(Command.path(of: "di-inspect"), ["check", trace, "--source-root", root.path] + arguments)
    }

    @Test func xcodeLinesPointAtTheLinesTheReportNames() throws {
        let trace = try Command.recordSampleApp(faults: Self.faults)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let text = try Self.check(trace, [])
        let xcode = try Self.check(trace, ["--format", "xcode"])
        #expect(xcode.status == 1, "\(xcode.stderr)")
        let lines = xcode.stdout.split(separator: "\n").map(String.init)
        for line in lines {
            #expect(line.wholeMatch(of: Self.xcodeLine) != nil, "not an xcode diagnostic: \(line)")
        }
        let errors = lines.filter { $0.contains(": error: ") }
        let problemCount = Int(text.stdout.prefix { $0.isNumber }) ?? -1
        #expect(errors.count == problemCount, "\(xcode.stdout)")

        // The missing PaymentGateway: the text says `at SampleApp/Fault.swift:N`; xcode points there.
        let site = try #require(text.stdout.firstMatch(of: /Requested by: Screen \(name: "payment"\) in 'app', at SampleApp\/Fault\.swift:([0-9]+)/))
        let expected = "Sources/SampleApp/Wiring/Fault.swift:\(site.1): error: Missing registration: PaymentGateway in 'app'"
        #expect(lines.contains(expected), "\(xcode.stdout)")
        // Every error with a path names a file that exists, at a line inside it.
        for line in errors {
            guard let match = line.firstMatch(of: #/^([^:]+\.swift):([0-9]+): error: /#) else { continue }
            let source = try String(contentsOf: Self.root.appendingPathComponent(String(match.1)), encoding: .utf8)
            #expect(Int(match.2)! <= source.split(separator: "\n", omittingEmptySubsequences: false).count, "\(line)")
        }
        #expect(errors.allSatisfy { $0.hasPrefix("Sources/SampleApp/") }, "every problem of the sample app has a source line:\n\(xcode.stdout)")
    }

    @Test func githubAnnotationsFollowTheWorkflowCommandGrammar() throws {
        let trace = try Command.recordSampleApp(faults: Self.faults)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let github = try Self.check(trace, ["--format", "github"])
        #expect(github.status == 1)
        let lines = github.stdout.split(separator: "\n").map(String.init)
        for line in lines {
            #expect(line.wholeMatch(of: Self.githubLine) != nil, "not a workflow command: \(line)")
        }
        let missing = try #require(lines.first { $0.contains("title=Missing registration%3A PaymentGateway in 'app'") })
        #expect(missing.hasPrefix("::error file=Sources/SampleApp/Wiring/Fault.swift,line="), "\(missing)")
        #expect(missing.contains("::Missing registration: PaymentGateway in 'app'%0A  Requested by: "), "\(missing)")
        #expect(lines.contains { $0.hasPrefix("::notice ") && $0.contains("Resolved to nil: PromotionBanner") })
    }

    @Test func sarifValidatesAndHasEveryProblem() throws {
        let trace = try Command.recordSampleApp(faults: Self.faults)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let sarifFile = Command.temporaryFile(".sarif")
        defer { try? FileManager.default.removeItem(atPath: sarifFile) }
        let sarif = try Self.check(trace, ["--format", "sarif", "-o", sarifFile])
        #expect(sarif.status == 1, "\(sarif.stderr)")
        let json = try Command.run(Command.path(of: "di-inspect"), ["check", trace, "--format", "json"])

        let validation = try Self.validate(sarifFile)
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        #expect(validation.stdout == "valid\n", "\(validation.stdout)\(validation.stderr)")

        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarifFile))) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        let notes = try #require(report["notes"] as? [[String: Any]])
        #expect(results.filter { $0["level"] as? String == "error" }.count == problems.count)
        #expect(results.filter { $0["level"] as? String == "note" }.count == notes.count)
        #expect(Set(results.compactMap { $0["ruleId"] as? String }) == Set((problems + notes).compactMap { $0["kind"] as? String }))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["version"] as? String == InjectionVersion.current)

        // The schema is not vacuous: a result without a message, or a level SARIF lacks, fails.
        let broken = Command.temporaryFile(".sarif")
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let text = try String(contentsOfFile: sarifFile, encoding: .utf8)
        try text.replacingOccurrences(of: #""level": "error""#, with: #""level": "fatal""#)
            .replacingOccurrences(of: #""level":"error""#, with: #""level":"fatal""#)
            .write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(try Self.validate(broken).status != 0)
    }

    @Test func diffAnnotatesWhatHeadAdds() throws {
        let base = try Command.recordSampleApp(faults: [])
        let head = try Command.recordSampleApp(faults: ["cycle", "missing"])
        defer { for file in [base, head] { try? FileManager.default.removeItem(atPath: file) } }
        let xcode = try Command.run(Command.path(of: "di-inspect"), ["diff", base, head, "--format", "xcode", "--source-root", Self.root.path])
        #expect(xcode.status == 1, "\(xcode.stderr)")
        let errors = xcode.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.contains { $0.contains("Missing registration: PaymentGateway in 'app'") && $0.hasPrefix("Sources/SampleApp/Wiring/Fault.swift:") }, "\(xcode.stdout)")
        #expect(errors.contains { $0.contains("Dependency cycle: ProfileCycleViewModel") }, "\(xcode.stdout)")
        let github = try Command.run(Command.path(of: "di-inspect"), ["diff", base, head, "--format", "github"])
        #expect(github.stdout.split(separator: "\n").allSatisfy { String($0).wholeMatch(of: Self.githubLine) != nil }, "\(github.stdout)")
        let sarifFile = Command.temporaryFile(".sarif")
        defer { try? FileManager.default.removeItem(atPath: sarifFile) }
        _ = try Command.run(Command.path(of: "di-inspect"), ["diff", base, head, "--format", "sarif", "-o", sarifFile])
        #expect(try Self.validate(sarifFile).stdout == "valid\n")
    }

    // MARK: - Validation with Python's jsonschema (installed by `make test-deps`)

    static let python: String = {
        let link = root.appendingPathComponent(".build/test-python3").path
        return FileManager.default.isExecutableFile(atPath: link) ? link : "python3"
    }()

    static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft7Validator.check_schema(schema)
        errors = list(jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).iter_errors(json.load(open(sys.argv[2]))))
        for error in errors:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        print("valid" if not errors else "invalid")
        sys.exit(1 if errors else 0)
        """

    static func validate(_ file: String) throws -> Command.Result {
        let schema = root.appendingPathComponent("Tests/EndToEndTests/Schemas/sarif-2.1.0-subset.schema.json").path
        let available = try Command.run("/usr/bin/env", [python, "-c", "import jsonschema"])
        try #require(available.status == 0, "the SARIF check needs Python's jsonschema: run make test-deps")
        return try Command.run("/usr/bin/env", [python, "-c", validator, schema, file])
    }
}
