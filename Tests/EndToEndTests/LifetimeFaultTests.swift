import Foundation
import Testing

/// The sample app's lifetime faults (instances that contradict their registration, with no
/// resolve failing): `check` finds each in every format, `diff` and `why` carry them, and the
/// fix each prints, applied literally to a copy of the sample app's sources, makes the next
/// `check --strict` clean.
@Suite(.serialized)
struct LifetimeFaultTests {
    static let faults = ["replaced-session", "unkept-cache", "stray-injected"]

    /// The line of the lifetime fault file holding `snippet`, as traces name it.
    private func line(of snippet: String) throws -> String {
        let lines = try String(contentsOf: Self.faultFile, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(snippet) }, "no \(snippet) in LifetimeFault.swift")
        return "SampleApp/LifetimeFault.swift:\(index + 1)"
    }

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/SampleApp").standardized
    static let faultFile = sources.appendingPathComponent("Wiring/LifetimeFault.swift")

    private func check(_ trace: String, _ arguments: [String] = []) throws -> Command.Result {
        try Command.run(Command.path(of: "di-inspect"), ["check", trace] + arguments)
    }

    @Test func eachLifetimeFaultIsFoundInEveryOutput() throws {
        let trace = try Command.recordSampleApp(faults: Self.faults)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let text = try check(trace)
        // Two problems; the scope that never keeps is a note unless --strict.
        #expect(text.status == 1, "\(text.stdout)")
        #expect(text.stdout.hasPrefix("2 problems in sample-app"), "\(text.stdout)")
        let newSingleton = try line(of: "lifetime: .newSingleton")
        #expect(text.stdout.contains("""
            Replaced instance still held: AccountSession in 'app' (singleton) was replaced by a newSingleton at \(newSingleton)
            """), "\(text.stdout)")
        #expect(text.stdout.contains("    AccountAPIClient in 'app' (cached), holds instance 1"), "\(text.stdout)")
        #expect(text.stdout.contains("    AccountSyncEngine in 'app' (cached), holds instance 1"), "\(text.stdout)")
        #expect(text.stdout.contains("  Fix: rebuild them with it, right before the newSingleton: app.reset(.cached);"), "\(text.stdout)")

        let stray = try line(of: "app.register { StraySettingsViewModel() }")
        let appSession = try line(of: #"app.register(scope: .singleton) { AuthSession(user: "ada") }"#)
        #expect(text.stdout.contains("""
            Resolved from another container: StraySettingsViewModel in 'app' got AuthSession from 'shared', which no search from 'app' reaches; 'app' registers AuthSession at \(appSession), so two AuthSession instances are live.
              Reached by: StraySettingsViewModel's build (registered at \(stray)): a plain @Injected or Container.shared resolves from 'shared'
            """), "\(text.stdout)")
        #expect(text.stdout.contains("  Fix: build it in its container: app.register { withContainer(app) { … } } at \(stray);"), "\(text.stdout)")

        let cache = try line(of: "app.register(scope: .shared) { ThumbnailCache() }")
        #expect(text.stdout.contains(") Scope that never keeps: ThumbnailCache in 'app' (shared) was built"), "\(text.stdout)")
        #expect(text.stdout.contains("hit 0% of"), "\(text.stdout)")
        #expect(text.stdout.contains("nothing long-lived holds it (asked for by GalleryViewModel in 'app' (unique))"), "\(text.stdout)")
        #expect(text.stdout.contains("  Fix: keep it: scope: .cached at \(cache);"), "\(text.stdout)")

        let strict = try check(trace, ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("] Scope that never keeps: ThumbnailCache in 'app' (shared)"), "\(strict.stdout)")

        let json = try check(trace, ["--format", "json"]).stdout
        for kind in ["replacedInstance", "crossContainer", "unkeptScope"] {
            #expect(json.contains(#""kind":"\#(kind)""#), "\(json)")
        }
        let sarif = try check(trace, ["--format", "sarif"]).stdout
        for kind in ["replacedInstance", "crossContainer"] {
            #expect(sarif.contains(#""ruleId":"\#(kind)""#) || sarif.contains(#""ruleId" : "\#(kind)""#), "\(sarif)")
        }

        // `diff` against a clean run gates them as new problems.
        let base = try Command.recordSampleApp(faults: [])
        defer { try? FileManager.default.removeItem(atPath: base) }
        let diff = try Command.run(Command.path(of: "di-inspect"), ["diff", base, trace])
        #expect(diff.status == 1, "\(diff.stdout)")
        #expect(diff.stdout.contains("  [replacedInstance] Replaced instance still held: AccountSession in 'app'"), "\(diff.stdout)")
        #expect(diff.stdout.contains("  [crossContainer] Resolved from another container: StraySettingsViewModel in 'app'"), "\(diff.stdout)")

        // `why` explains each from the service's side.
        let why = try Command.run(Command.path(of: "di-inspect"), ["why", trace, "AccountSession"])
        #expect(why.stdout.contains("Replaced instance still held: AccountSession"), "\(why.stdout)\(why.stderr)")
        let whyCache = try Command.run(Command.path(of: "di-inspect"), ["why", trace, "ThumbnailCache"])
        #expect(whyCache.stdout.contains("Scope that never keeps: ThumbnailCache"), "\(whyCache.stdout)\(whyCache.stderr)")
    }

    /// The sample app without faults: its own child containers, added modules and resets keep
    /// their instances as registered, so no lifetime problem (its image cache, in the weak scope
    /// with nothing holding it, is the one note: a real one).
    @Test func theCleanSampleAppHasNoLifetimeProblem() throws {
        let trace = try Command.recordSampleApp(faults: [])
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let text = try check(trace)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(text.stdout.hasPrefix("No problems in sample-app"), "\(text.stdout)")
        let json = try check(trace, ["--strict", "--format", "json"]).stdout
        #expect(!json.contains(#""kind":"replacedInstance""#) && !json.contains(#""kind":"crossContainer""#), "\(json)")
        #expect(!json.contains("ThumbnailCache"))
    }

    private func capture(_ pattern: String, in text: String) throws -> Substring {
        let match = try #require(text.firstMatch(of: try Regex(pattern)), "no \(pattern) in:\n\(text)")
        return try #require(match.output[1].substring)
    }

    @Test func applyingTheLifetimeFixesLiterallyMakesTheNextCheckClean() throws {
        let trace = try Command.recordSampleApp(faults: Self.faults)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let report = try check(trace).stdout

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifetime-fix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("SampleApp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sources, to: copy)
        let file = copy.appendingPathComponent("Wiring/LifetimeFault.swift")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        func index(_ location: Substring) throws -> Int {
            try #require(Int(location.split(separator: ":").last ?? "")) - 1
        }
        func indentation(_ line: String) -> String { String(line.prefix { $0 == " " }) }
        var edits: [(line: Int, change: (String) -> [String])] = []

        // Replaced session: the resets, right before the newSingleton.
        let replacedAt = try capture(#"was replaced by a newSingleton at (\S+)"#, in: report)
        let resets = try capture(#"Fix: rebuild them with it, right before the newSingleton: ([^;]+);"#, in: report)
        edits.append((try index(replacedAt), { [indentation($0) + resets, $0] }))

        // Unkept cache: the scope the fix names, at the registration it names.
        let cacheFix = try capture(#"Scope that never keeps: ThumbnailCache[^\n]*\n  Fix: keep it: (scope: \.\w+) at \S+;"#, in: report)
        let cacheAt = try capture(#"Scope that never keeps: ThumbnailCache[^\n]*\n  Fix: keep it: scope: \.\w+ at (\S+);"#, in: report)
        edits.append((try index(cacheAt), { [$0.replacingOccurrences(of: "scope: .shared", with: String(cacheFix))] }))

        // Stray @Injected: the factory's body built in the container the fix names.
        let route = try capture(#"Fix: build it in its container: app\.register \{ (withContainer\(\w+\)) \{ … \} \}"#, in: report)
        let strayAt = try capture(#"Fix: build it in its container: .* at (\S+);"#, in: report)
        edits.append((try index(strayAt), { line in
            [line.replacing(try! Regex(#"\{ (.*) \}$"#)) { "{ \(route) { \($0.output[1].substring ?? "") } }" }]
        }))

        for edit in edits.sorted(by: { $0.line > $1.line }) {
            lines.replaceSubrange(edit.line...edit.line, with: edit.change(lines[edit.line]))
        }
        let fixed = lines.joined(separator: "\n")
        #expect(fixed.contains("app.reset(.cached)\n"))
        #expect(fixed.contains("app.register(scope: .cached) { ThumbnailCache() }"))
        #expect(fixed.contains("app.register { withContainer(app) { StraySettingsViewModel() } }"))
        try fixed.write(to: file, atomically: true, encoding: .utf8)

        let fixedApp = folder.appendingPathComponent("sample-app").path
        try SampleAppCompiler.compile(copy, into: fixedApp)

        let fixedTrace = try Command.recordSampleApp(faults: Self.faults, sampleApp: fixedApp)
        defer { try? FileManager.default.removeItem(atPath: fixedTrace) }
        let next = try check(fixedTrace)
        #expect(next.status == 0, "\(next.stdout)")
        #expect(next.stdout.hasPrefix("No problems in sample-app"), "\(next.stdout)")
        #expect(!next.stdout.contains("ThumbnailCache"), "the note is gone too: \(next.stdout)")
    }
}
