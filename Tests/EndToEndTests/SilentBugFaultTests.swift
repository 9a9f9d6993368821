import Foundation
import Testing

/// The sample app's faults that fail no resolve (a layer breach, a resolve that reached
/// `Container.shared` from another thread, a shadowed registration): `check` words each exactly,
/// and every output (`check`, `check --json`, `list layers`, the JSON export and `diff`) reports
/// the same problem.
@Suite(.serialized)
struct SilentBugFaultTests {
    /// The line of the sample app's fault file holding `snippet`, as traces name it.
    private func line(of snippet: String, in file: String = "Fault.swift") throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SampleApp/Wiring/\(file)").standardized
        let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(snippet) }, "no \(snippet) in \(file)")
        return "SampleApp/\(file):\(index + 1)"
    }

    private func check(_ fault: String) throws -> (trace: String, text: String, json: String) {
        let trace = try Command.recordSampleApp(faults: [fault])
        let text = try Command.run(Command.path(of: "di-inspect"), ["check", trace])
        #expect(text.status == 1, "\(text.stdout)")
        let json = try Command.run(Command.path(of: "di-inspect"), ["check", trace, "--json"])
        #expect(json.status == 1)
        return (trace, text.stdout, json.stdout)
    }

    /// `diff` against a clean run gates the fault as a new problem.
    private func expectDiffReports(_ kind: String, _ headline: String, head: String) throws {
        let base = try Command.recordSampleApp(faults: [])
        defer { try? FileManager.default.removeItem(atPath: base) }
        let diff = try Command.run(Command.path(of: "di-inspect"), ["diff", base, head])
        #expect(diff.status == 1, "\(diff.stdout)")
        #expect(diff.stdout.contains("  [\(kind)] \(headline)"), "\(diff.stdout)")
    }

    @Test func aLayerBreachIsAProblemInEveryOutput() throws {
        let (trace, text, json) = try check("layer-breach")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let at = try line(of: "app.repositories.orders.register {")
        let headline = "Layer breach: app/Repository → app/ViewModel closes a loop between layers: app/ViewModel → app/UseCase → app/Repository → app/ViewModel"
        #expect(text.hasPrefix("1 problem in sample-app"), "\(text)")
        #expect(text.contains("""
            [1] \(headline)
              Against the layering: Repository.orders: OrderRepository → ViewModel.cart: CartViewModel ×
            """), "\(text)")
        #expect(text.contains("""
            (registered at \(at))
              Fix: app/Repository must not resolve from app/ViewModel: give Repository.orders: OrderRepository what it needs from a lower layer (or as a parameter from its caller), or declare it in app/ViewModel.
            """), "\(text)")
        #expect(json.contains(#""kind":"layerBreach""#), "\(json)")

        let list = try Command.run(Command.path(of: "di-inspect"), ["list", trace, "layers"]).stdout
        let breachRows = list.split(separator: "\n").filter { $0.hasSuffix("yes (layers loop)") }
        #expect(breachRows.count == 3, "every crossing of the three-layer loop:\n\(list)")
        let export = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--format", "json"]).stdout
        #expect(export.contains(#""from":"app/Repository","to":"app/ViewModel""#) && export.contains(#""breach":true"#), "\(export)")
        #expect(export.contains(#""kind":"layerBreach""#))
        let layersDot = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--layers", "--format", "dot"]).stdout
        #expect(layersDot.contains("breach\""), "\(layersDot)")
        try expectDiffReports("layerBreach", headline, head: trace)
    }

    @Test func aResolveThatReachedSharedFromAnotherThreadSaysWhereAndRoutesIt() throws {
        let (trace, text, json) = try check("background-container")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let at = try line(of: "Container.tryResolve(ReceiptPrinter.self)")
        let pattern = try Regex(#"on thread (\d+), where"#)
        let thread = try #require(text.firstMatch(of: pattern)?.output[1].substring)
        #expect(text.contains("""
            [1] Missing registration: ReceiptPrinter in 'shared'
              Requested by: app code at \(at) (no service was being resolved)
              Near: ReceiptPrinter is registered in the other container 'app'
              Fix: this resolve ran on thread \(thread), where no withContainer(app) is in effect, so it reached Container.shared, not 'app', which registers ReceiptPrinter. Route it to 'app': wrap that work in withContainer(app) { … } (a container set with withContainer does not follow work to another thread or a detached Task), resolve from the container (app.resolve(ReceiptPrinter.self)), or declare the property @Injected(container: app)
            """), "\(text)")
        #expect(json.contains(#""kind":"missing""#))
        try expectDiffReports("missing", "Missing registration: ReceiptPrinter in 'shared'", head: trace)
    }

    @Test func whatADecoratorResolvesForASingletonIsItsCaptive() throws {
        let (trace, text, json) = try check("decorator-captive")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let at = try line(of: "app.register(scope: .singleton) { AuditLog() }")
        let decorator = try line(of: "app.decorate { service in (service as? AuditLog)")
        let headline = "Scope mismatch: AuditLog in 'app' (singleton) captured RequestContext in 'app' (graph) by a decorator (installed at \(decorator)) while being built; the graph instance now lives as long as the singleton one."
        #expect(text.contains("""
            [1] \(headline)
              Fix: make the holder as short-lived as what it keeps (registered at \(at)): app.register(scope: .graph) { … AuditLog … }
              Or: keep AuditLog singleton and give it a factory to call at each use, not an instance: { c.resolve(RequestContext.self) }
            """), "\(text)")
        #expect(json.contains(#""kind":"scopeMismatch""#))
        // The decorator's resolve is the audit log's dependency, not app code's.
        let around = try Command.run(Command.path(of: "di-inspect"), ["export", trace, "--format", "mermaid", "--focus", "AuditLog", "--depth", "1"]).stdout
        #expect(around.contains("RequestContext"), "\(around)")
        try expectDiffReports("scopeMismatch", headline, head: trace)
    }

    @Test func aShadowedRegistrationSaysWhichAnsweredAndWhichWasPassedOver() throws {
        let (trace, text, json) = try check("shadowed-child")
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let legacy = try line(of: "legacy.register(scope:", in: "PaymentModules.swift")
        let payments = try line(of: "payments.register(scope:", in: "PaymentModules.swift")
        let legacyCheckout = try line(of: "legacy.register { c in", in: "PaymentModules.swift")
        let paymentsCheckout = try line(of: "payments.register { c in", in: "PaymentModules.swift")
        let addedLegacy = try line(of: "app.add(child: legacy)"), addedPayments = try line(of: "app.add(child: payments)")
        let headline = "Shadowed registration: FraudCheck resolved from 'app' is answered by 'legacyPayments' and passes over 'payments'"
        #expect(text.contains("""
            [1] \(headline)
              Answers: FraudCheck in 'legacyPayments' (added child 'legacyPayments' of 'app', added at \(addedLegacy)), registered at \(legacy) ×
            """), "\(text)")
        #expect(text.contains("""
              Passed over: FraudCheck in 'payments' (added child 'payments' of 'app', added at \(addedPayments)), registered at \(payments)
              Resolved by: LegacyCheckout in 'legacyPayments' (registered at \(legacyCheckout)), PaymentsCheckout in 'payments' (registered at \(paymentsCheckout))
              Fix: keep both, each under a name of its own: register the one at \(payments) with name: "payments" and resolve it by that name where 'payments' uses it (PaymentsCheckout, registered at \(paymentsCheckout)): c.resolve(FraudCheck.self, name: "payments"). Deleting either registration would hand its module the other one.
              Or: name the one that answers instead: register the one at \(legacy) with name: "legacyPayments" and resolve it by that name where 'legacyPayments' uses it (LegacyCheckout, registered at \(legacyCheckout)): c.resolve(FraudCheck.self, name: "legacyPayments"); what resolves FraudCheck from 'app' by type then gets the one in 'payments'.
            """), "\(text)")
        #expect(json.contains(#""kind":"shadowed""#))
        try expectDiffReports("shadowed", headline, head: trace)
        // `why` says which answered and which was passed over.
        let why = try Command.run(Command.path(of: "di-inspect"), ["why", trace, "FraudCheck in 'payments'"])
        #expect(why.stdout.contains(headline), "\(why.stdout)\(why.stderr)")
    }
}
