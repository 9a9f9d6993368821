import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// Registrations of one key on different arms of one branch never both run, so neither overrides
/// the other: `if`/`else`, `switch` cases, a `guard`'s `else` and what follows it, an `if`
/// without `else` that always leaves and what follows it. One that can run after the other
/// still overrides it.
@Suite(.serialized)
struct BranchOverrideScanTests {
    static let app = """
        import Injection

        protocol Mailer {}
        final class SMTPMailer: Mailer {}
        final class MockMailer: Mailer {}

        func wire(_ app: Container, testing: Bool, mode: String) {
            if testing {
                app.register(name: "ifElse") { MockMailer() as Mailer }
            } else if mode == "smtp" {
                app.register(name: "ifElse") { SMTPMailer() as Mailer }
            } else {
                app.register(name: "ifElse") { SMTPMailer() as Mailer }
            }
            switch mode {
            case "mock": app.register(name: "switch") { MockMailer() as Mailer }
            default: app.register(name: "switch") { SMTPMailer() as Mailer }
            }
            if testing {
                app.register(name: "stillOverridden") { MockMailer() as Mailer }
            }
            app.register(name: "stillOverridden") { SMTPMailer() as Mailer }
        }

        func wireGuard(_ app: Container, testing: Bool) {
            guard !testing else {
                app.register(name: "guard") { MockMailer() as Mailer }
                return
            }
            app.register(name: "guard") { SMTPMailer() as Mailer }
            if testing {
                app.register(name: "leaves") { MockMailer() as Mailer }
                fatalError("unreachable in tests")
            }
            app.register(name: "leaves") { SMTPMailer() as Mailer }
            app.register(name: "twice") { SMTPMailer() as Mailer }
            app.register(name: "twice") { MockMailer() as Mailer }
        }
        """

    @Test func registrationsOnTwoArmsOfOneBranchAreNoOverride() throws {
        try ScanTools.requireBuilt()
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": Self.app])
        func overrides(_ name: String) -> [Bool] {
            declarations.registrations.filter { $0.service.name == name }.map { $0.overrides != nil }
        }
        #expect(overrides("ifElse") == [false, false, false])
        #expect(overrides("switch") == [false, false])
        #expect(overrides("guard") == [false, false])
        #expect(overrides("leaves") == [false, false])
        // When testing, both run and the later one answers: the mock never does.
        #expect(overrides("stillOverridden") == [false, true])
        #expect(overrides("twice") == [false, true])
        let overridden = graph.check().all.filter { $0.area == .overrides }.map(\.message)
        #expect(overridden.count == 2, "\(overridden)")
        #expect(overridden.allSatisfy { $0.contains("stillOverridden") || $0.contains("twice") }, "\(overridden)")
    }
}
