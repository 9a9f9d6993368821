import Foundation
import Testing

/// The fix `check` prints, applied literally to a copy of the sample app's source, makes the
/// next `check` clean: the fix lines fix.
@Suite(.serialized)
struct FixLinesFixTests {
    static let faults = [
        "captive", "stale-override", "name-typo", "missing", "mapping-left-active", "background-container",
        "shadowed-child", "layer-breach", "decorator-captive", "cycle",
    ]

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

    static func indentation(of line: String) -> String { String(line.prefix { $0 == " " }) }

    /// The first capture of `pattern` in `text`.
    private func capture(_ pattern: String, in text: String) throws -> Substring {
        let regex = try Regex(pattern)
        let match = try #require(text.firstMatch(of: regex), "no \(pattern) in:\n\(text)")
        return try #require(match.output[1].substring)
    }

    /// Every fix `report` prints, as line edits of the copy, bottom-up so that a line inserted
    /// below does not move a line an earlier fix names. With `alternatives`, each problem's "Or"
    /// (or "else") is applied instead of its first fix, where it has one.
    private func applyFixes(_ report: String, to copy: URL, alternatives: Bool) throws {
        var edits: [(file: (url: URL, line: Int), change: (String) -> [String])] = []

        // Name typo: "Resolve HTTPClient with name: "authenticated"" at the line the request names.
        // Or: "add app.register(name: "autenticated") { <#HTTPClient#>() }" next to it, the
        // placeholder filled with an HTTPClient the way the app builds its others (the client's
        // initialiser takes a base URL and whether it signs requests: the developer's choice).
        let typoAt = try capture(#"Requested by: TypoSyncUseCase in 'app', at (\S+)"#, in: report)
        if alternatives {
            let added = try capture(#"Resolve HTTPClient with name: "authenticated", or add (app\.register\(name: "autenticated"\) \{ <#HTTPClient#>\(\) \})"#, in: report)
            let filled = added.replacingOccurrences(
                of: "<#HTTPClient#>()", with: #"HTTPClient(baseURL: "https://api.shop.example", authenticated: true)"#)
            edits.append((try file(typoAt, in: copy), { line in [line, Self.indentation(of: line) + filled] }))
        } else {
            let meant = try capture(#"Resolve HTTPClient with (name: "[^"]+")"#, in: report)
            edits.append((try file(typoAt, in: copy), { [$0.replacingOccurrences(of: #"name: "autenticated""#, with: String(meant))] }))
        }

        // Captives (one built by a factory, one by a decorator): the registration each fix
        // prints, at the line where its holder is registered.
        let captives = report.matches(of: try Regex(#"short-lived as what it keeps \(registered at (\S+)\): (app\.register\([^)]*\))"#))
        #expect(captives.count == 2, "\(report)")
        for captive in captives where !alternatives {
            let holderAt = try #require(captive.output[1].substring), registration = try #require(captive.output[2].substring)
            edits.append((try file(holderAt, in: copy), { line in
                [line.replacing(try! Regex(#"app\.register\([^)]*\)"#), with: String(registration))]
            }))
        }

        // Stale override: the reset the fix prints, right after the override.
        let overrideAt = try capture(#"Stale override: ResponseCache in 'app' was replaced at (\S+) after"#, in: report)
        let reset = try capture(#"Fix: rebuild them right after overriding: ([^;]+);"#, in: report)
        edits.append((try file(overrideAt, in: copy), { line in [line, Self.indentation(of: line) + reset] }))

        // Missing: the registration the fix prints, its placeholder filled with the type it names,
        // next to the registration that asked.
        let gatewayAt = try capture(#"Requested by: Screen \(name: "payment"\) in 'app', at (\S+)"#, in: report)
        let gatewayFix = try capture(#"Missing registration: PaymentGateway in 'app'\n(?:.*\n)*?  Fix: (.+)"#, in: report)
        let filled = gatewayFix.replacing(try Regex(#"<#(\w+)#>"#)) { String($0.output[1].substring ?? "") }
        #expect(filled == "app.register { PaymentGateway() }")
        edits.append((try file(gatewayAt, in: copy), { line in [line, Self.indentation(of: line) + filled] }))

        // Mapping left active: the reset the fix prints, right after the mapping is set.
        let mappedAt = try capture(#"resetMapping with the keypath mapped at (\S+)\)"#, in: report)
        let resetMappings = try capture(#"the test or preview that set it is done: (\S+\.resetAllMappings\(\))"#, in: report)
        edits.append((try file(mappedAt, in: copy), { line in [line, Self.indentation(of: line) + resetMappings] }))

        // Background container: the work wrapped in the withContainer the fix names, at the line
        // that resolved.
        let backgroundAt = try capture(#"Missing registration: ReceiptPrinter in 'shared'\n  Requested by: app code at (\S+)"#, in: report)
        let route = try capture(#"wrap that work in (withContainer\(\w+\)) \{ … \}"#, in: report)
        edits.append((try file(backgroundAt, in: copy), { line in
            [Self.indentation(of: line) + "\(route) { " + line.trimmingCharacters(in: .whitespaces) + " }"]
        }))

        // Shadowed child: both modules keep their fraud check. The one passed over gets the name
        // the fix prints, and its module's checkout resolves it by that name, with the resolve the
        // fix prints. Or: the same for the one that answers. Nothing is deleted.
        let naming = try Regex(#"register the one at (\S+) with name: ("\w+") and resolve it by that name where '\w+' uses it \(\w+, registered at (\S+)\): (c\.resolve\(FraudCheck\.self, name: "\w+"\))"#)
        let shadowFix = try capture(alternatives ? #"\n  Or: name the one that answers instead: (.+)"# : #"\n  Fix: keep both, each under a name of its own: (.+)"#, in: report)
        let named = try #require(shadowFix.firstMatch(of: naming), "\(shadowFix)")
        let registrationAt = try #require(named.output[1].substring), name = try #require(named.output[2].substring)
        let userAt = try #require(named.output[3].substring), resolve = try #require(named.output[4].substring)
        edits.append((try file(registrationAt, in: copy), { [$0.replacingOccurrences(of: ".register(", with: ".register(name: \(name), ")] }))
        edits.append((try file(userAt, in: copy), { [$0.replacingOccurrences(of: "c.resolve()", with: String(resolve))] }))

        // Layer breach: the repository gets what it took from the view model from the layer below
        // (the database, straight from the container's pool), at the line its provider is
        // registered. The fix names what to change, not the code: this is the edit it asks for.
        let breachAt = try capture(#"Against the layering: Repository\.orders: OrderRepository → ViewModel\.cart: CartViewModel ×\d+ \(registered at (\S+)\)"#, in: report)
        #expect(report.contains("Fix: app/Repository must not resolve from app/ViewModel: give Repository.orders: OrderRepository what it needs from a lower layer"))
        edits.append((try file(breachAt, in: copy), { [$0.replacingOccurrences(of: "app.viewModels.cart().addToCart.cart.database", with: "app.resolve()")] }))

        // Cycle: where it closes, the use case gets the view model lazily (@LazyInjected). Or:
        // the view model's registration sets it once both are built (.resolveProperties), the
        // use case in .graph scope so that it is the one the view model holds.
        let closedAt = try capture(#"Closed at: (\S+) \(ProfileCycleUseCase asks for ProfileCycleViewModel again\)"#, in: report)
        #expect(report.contains("Fix: break the cycle where it closes: let ProfileCycleUseCase get ProfileCycleViewModel lazily (@LazyInjected, or a factory it calls after init)"))
        let closing = try file(closedAt, in: copy)
        if alternatives {
            #expect(report.contains("Or set it once both are built: .resolveProperties on ProfileCycleViewModel's registration (ProfileCycleUseCase in .graph scope, so it is the one ProfileCycleViewModel holds)."))
            edits.append((closing, { line in
                [line.replacingOccurrences(of: "app.register { c in ProfileCycleUseCase(viewModel: try c.tryResolve()) }",
                                           with: "app.register(scope: .graph) { ProfileCycleUseCase() }")]
            }))
            edits.append(((closing.url, closing.line - 1), { line in
                [line + ".resolveProperties { c, viewModel in (c.resolve() as ProfileCycleUseCase).viewModel = viewModel }"]
            }))
        } else {
            edits.append((closing, { line in
                [line.replacingOccurrences(of: "c in ProfileCycleUseCase(viewModel: try c.tryResolve())", with: "ProfileCycleUseCase()")]
            }))
        }

        for edit in edits.sorted(by: { $0.file.line > $1.file.line }) { try self.edit(edit.file, edit.change) }
        let faultFile = try file("SampleApp/Fault.swift:1", in: copy).url
        let useCase = "final class ProfileCycleUseCase {\n    init(viewModel: ProfileCycleViewModel) {}\n}"
        let lazyUseCase = alternatives
            ? "final class ProfileCycleUseCase {\n    weak var viewModel: ProfileCycleViewModel?\n}"
            : "final class ProfileCycleUseCase {\n    @LazyInjected var viewModel: ProfileCycleViewModel\n}"
        let source = try String(contentsOf: faultFile, encoding: .utf8)
        #expect(source.contains(useCase))
        try source.replacingOccurrences(of: useCase, with: lazyUseCase).write(to: faultFile, atomically: true, encoding: .utf8)
        guard alternatives else { return }
        // The captives' "Or": keep the holder's scope and hand it a factory called at each use,
        // not an instance. The factory goes where the instance was taken (the holder's
        // registration, the decorator), and the holder stores the factory.
        let factories = report.matches(of: try Regex(#"Or: keep (\w+) singleton and give it a factory to call at each use, not an instance: (\{ c\.resolve\(RequestContext\.self\) \})"#))
        #expect(factories.map { String($0.output[1].substring ?? "") }.sorted() == ["AuditLog", "CapturingAnalytics"], "\(report)")
        let fault = try file("SampleApp/Fault.swift:1", in: copy).url
        var text = try String(contentsOf: fault, encoding: .utf8)
        for factory in factories {
            let printed = String(factory.output[2].substring ?? "")
            switch factory.output[1].substring ?? "" {
            case "CapturingAnalytics":
                text = text.replacingOccurrences(of: "CapturingAnalytics(context: c.resolve())", with: "CapturingAnalytics(context: \(printed))")
                    .replacingOccurrences(of: "    let context: RequestContext\n    init(context: RequestContext) { self.context = context }",
                                          with: "    let context: () -> RequestContext\n    init(context: @escaping () -> RequestContext) { self.context = context }")
            default:
                // In the decorator the container is `app`, not a factory's `c`.
                let inDecorator = printed.replacingOccurrences(of: "c.resolve", with: "app.resolve")
                text = text.replacingOccurrences(of: "attach(app.resolve(RequestContext.self))", with: "attach(\(inDecorator))")
                    .replacingOccurrences(of: "private let contexts = Mutex<[RequestContext]>([])", with: "private let contexts = Mutex<[@Sendable () -> RequestContext]>([])")
                    .replacingOccurrences(of: "func attach(_ context: RequestContext)", with: "func attach(_ context: @escaping @Sendable () -> RequestContext)")
            }
        }
        try text.write(to: fault, atomically: true, encoding: .utf8)
    }

    private func expectCleanCheck(_ fixedApp: String, _ what: String) throws {
        let fixedTrace = try record(fixedApp)
        defer { try? FileManager.default.removeItem(atPath: fixedTrace) }
        let next = try Command.run(Command.path(of: "di-inspect"), ["check", fixedTrace])
        #expect(next.status == 0, "\(what): \(next.stdout)")
        #expect(next.stdout.hasPrefix("No problems in sample-app"), "\(what): \(next.stdout)")
        // Clean and right: each payment module's checkout got its own module's fraud check (a
        // deleted registration would leave one on the other's, and `check` clean all the same).
        let lines = try String(contentsOfFile: fixedTrace, encoding: .utf8).split(separator: "\n")
        func fraudChecks(resolvedBy checkout: String) -> Set<String> {
            Set(lines.filter { $0.contains(#""kind":"resolved""#) && $0.contains(#""requester":{"type":"\#(checkout)""#) }
                .compactMap { $0.firstMatch(of: #/"service":\{"type":"FraudCheck"[^}]*"container":"(\w+)"/#).map { String($0.1) } })
        }
        #expect(fraudChecks(resolvedBy: "PaymentsCheckout") == ["payments"], "\(what)")
        #expect(fraudChecks(resolvedBy: "LegacyCheckout") == ["legacyPayments"], "\(what)")
    }

    @Test func applyingThePrintedFixesLiterallyMakesTheNextCheckClean() throws {
        let trace = try record(Command.path(of: "sample-app"))
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let report = try Command.run(Command.path(of: "di-inspect"), ["check", trace]).stdout
        #expect(report.hasPrefix("\(Self.faults.count) problems in sample-app"), "\(report)")
        #expect(!report.contains("delete the registration"), "a fix that deletes one module's registration hands that module the other's")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try copySources(to: folder)
        // Every first fix, applied to the one copy, compiled and checked; then the copy's fault
        // file is restored and every "Or" applied instead, compiled and checked again.
        try applyFixes(report, to: copy, alternatives: false)
        let fault = try String(contentsOf: file("SampleApp/Fault.swift:1", in: copy).url, encoding: .utf8)
        #expect(fault.contains(#"tryResolve(name: "authenticated")"#))
        #expect(fault.contains("app.register(scope: .graph) { c in CapturingAnalytics("))
        #expect(fault.contains("app.register(scope: .graph) { AuditLog() }"))
        #expect(fault.contains("app.reset(.cached)"))
        #expect(fault.contains("app.register { PaymentGateway() }"))
        #expect(fault.contains("app.resetAllMappings()"))
        #expect(fault.contains("withContainer(app) { do throws(ResolutionError) {"))
        let modules = try String(contentsOf: file("SampleApp/PaymentModules.swift:1", in: copy).url, encoding: .utf8)
        #expect(modules.contains(#"payments.register(name: "payments", scope: .singleton) { FraudCheck(threshold: 500) }"#), "\(modules)")
        #expect(modules.contains(#"PaymentsCheckout(fraud: c.resolve(FraudCheck.self, name: "payments"))"#), "\(modules)")
        #expect(modules.contains("FraudCheck(threshold: 10_000)"))

        let fixedApp = folder.appendingPathComponent("sample-app").path
        try SampleAppCompiler.compile(copy, into: fixedApp)
        try expectCleanCheck(fixedApp, "the first fixes")

        let wiring = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SampleApp/Wiring").standardized
        for name in ["Fault.swift", "PaymentModules.swift"] {
            let changed = try file("SampleApp/\(name):1", in: copy).url
            try FileManager.default.removeItem(at: changed)
            try FileManager.default.copyItem(at: wiring.appendingPathComponent(name), to: changed)
        }
        let faultCopy = try file("SampleApp/Fault.swift:1", in: copy).url
        try applyFixes(report, to: copy, alternatives: true)
        let alternative = try String(contentsOf: faultCopy, encoding: .utf8)
        #expect(alternative.contains("CapturingAnalytics(context: { c.resolve(RequestContext.self) })"))
        #expect(alternative.contains("attach({ app.resolve(RequestContext.self) })"))
        let alternativeModules = try String(contentsOf: file("SampleApp/PaymentModules.swift:1", in: copy).url, encoding: .utf8)
        #expect(alternativeModules.contains(#"legacy.register(name: "legacyPayments", scope: .singleton) { FraudCheck(threshold: 10_000) }"#), "\(alternativeModules)")
        #expect(alternativeModules.contains(#"LegacyCheckout(fraud: c.resolve(FraudCheck.self, name: "legacyPayments"))"#), "\(alternativeModules)")
        #expect(alternativeModules.contains("FraudCheck(threshold: 500)"))
        #expect(alternative.contains(#"tryResolve(name: "autenticated")"#))
        #expect(alternative.contains(#"app.register(name: "autenticated") { HTTPClient(baseURL: "https://api.shop.example", authenticated: true) }"#))
        try SampleAppCompiler.compile(copy, into: fixedApp)
        try expectCleanCheck(fixedApp, "the alternatives")
    }
}
