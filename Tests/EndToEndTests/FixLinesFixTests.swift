import Foundation
import Testing

/// The fix `check` prints, applied literally to a copy of the sample app's source, makes the
/// next `check` clean: the fix lines fix.
@Suite(.serialized)
struct FixLinesFixTests {
    static let faults = ["captive", "stale-override", "name-typo"]

    private func record(_ sampleApp: String) throws -> String {
        try Command.recordSampleApp(faults: Self.faults, sampleApp: sampleApp)
    }

    /// The sample app's sources, copied to a temporary folder.
    private func copySources(to folder: URL) throws -> URL {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SampleApp").standardized
        let copy = folder.appendingPathComponent("SampleApp")
        try FileManager.default.copyItem(at: sources, to: copy)
        return copy
    }

    /// The file a `SampleApp/Fault.swift:83` location names, in the copy.
    private func file(_ location: Substring, in copy: URL) throws -> (url: URL, line: Int) {
        let parts = location.split(separator: ":")
        let name = try #require(parts.first?.split(separator: "/").last)
        let line = try #require(Int(parts.last ?? ""))
        let enumerator = try #require(FileManager.default.enumerator(at: copy, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.lastPathComponent == name { return (url, line) }
        throw CocoaError(.fileNoSuchFile)
    }

    private func edit(_ file: (url: URL, line: Int), _ change: (String) -> [String]) throws {
        var lines = try String(contentsOf: file.url, encoding: .utf8).components(separatedBy: "\n")
        lines.replaceSubrange((file.line - 1)...(file.line - 1), with: change(lines[file.line - 1]))
        try lines.joined(separator: "\n").write(to: file.url, atomically: true, encoding: .utf8)
    }

    /// The package name SwiftPM compiled the sample app with (it follows the checkout's folder
    /// name), so the copy sees the runtime's `package` declarations.
    private func packageName(_ build: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(build)/description.json"))
        let description = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let commands = try #require(description["swiftCommands"] as? [String: [String: Any]])
        let sampleApp = try #require(commands.first { $0.key.hasPrefix("C.SampleApp-") }?.value)
        let arguments = try #require(sampleApp["otherArguments"] as? [String])
        let index = try #require(arguments.firstIndex(of: "-package-name"))
        return arguments[index + 1]
    }

    /// The first capture of `pattern` in `text`.
    private func capture(_ pattern: String, in text: String) throws -> Substring {
        let regex = try Regex(pattern)
        let match = try #require(text.firstMatch(of: regex), "no \(pattern) in:\n\(text)")
        return try #require(match.output[1].substring)
    }

    @Test func applyingThePrintedFixesLiterallyMakesTheNextCheckClean() throws {
        let trace = try record(Command.path(of: "sample-app"))
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let report = try Command.run(Command.path(of: "di-inspect"), ["check", trace]).stdout
        #expect(report.hasPrefix("3 problems in sample-app"), "\(report)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try copySources(to: folder)

        // Name typo: "Resolve HTTPClient with name: "authenticated"" at the line the request names.
        let typoAt = try capture(#"Requested by: TypoSyncUseCase in 'app', at (\S+)"#, in: report)
        let meant = try capture(#"Resolve HTTPClient with (name: "[^"]+")"#, in: report)
        try edit(file(typoAt, in: copy)) { [$0.replacingOccurrences(of: #"name: "autenticated""#, with: String(meant))] }

        // Captive: the registration the fix prints, at the line where the holder is registered.
        let holderAt = try capture(#"short-lived as what it keeps \(registered at (\S+)\)"#, in: report)
        let registration = try capture(#"\(registered at \S+\): (app\.register\([^)]*\))"#, in: report)
        try edit(file(holderAt, in: copy)) { line in
            [line.replacing(try! Regex(#"app\.register\([^)]*\)"#), with: String(registration))]
        }

        // Stale override: the reset the fix prints, right after the override.
        let overrideAt = try capture(#"Stale override: ResponseCache in 'app' was replaced at (\S+) after"#, in: report)
        let reset = try capture(#"Fix: rebuild them right after overriding: ([^;]+);"#, in: report)
        try edit(file(overrideAt, in: copy)) { line in
            [line, String(line.prefix { $0 == " " }) + reset]
        }

        let fault = try String(contentsOf: file(typoAt, in: copy).url, encoding: .utf8)
        #expect(fault.contains(#"tryResolve(name: "authenticated")"#))
        #expect(fault.contains("app.register(scope: .graph) { c in CapturingAnalytics("))
        #expect(fault.contains("app.reset(.cached)"))

        let fixedApp = folder.appendingPathComponent("sample-app").path
        let build = Command.buildDirectory.path
        let objects = try ["Injection", "ArgumentParser", "ArgumentParserToolInfo"].flatMap { module in
            try FileManager.default.contentsOfDirectory(atPath: "\(build)/\(module).build")
                .filter { $0.hasSuffix(".o") }.map { "\(build)/\(module).build/\($0)" }
        }
        let sources = try FileManager.default.subpathsOfDirectory(atPath: copy.path)
            .filter { $0.hasSuffix(".swift") }.map { copy.appendingPathComponent($0).path }
        let compile = try Command.run("/usr/bin/env", [
            "swiftc", "-module-name", "SampleApp", "-parse-as-library", "-swift-version", "6", "-Onone",
            "-package-name", try packageName(build), "-I", "\(build)/Modules", "-o", fixedApp,
        ] + sources + objects)
        try #require(compile.status == 0, "the fixed sample app did not compile:\n\(compile.stderr)")

        let fixedTrace = try record(fixedApp)
        defer { try? FileManager.default.removeItem(atPath: fixedTrace) }
        let next = try Command.run(Command.path(of: "di-inspect"), ["check", fixedTrace])
        #expect(next.status == 0, "\(next.stdout)")
        #expect(next.stdout.hasPrefix("No problems in sample-app"), "\(next.stdout)")
    }
}
