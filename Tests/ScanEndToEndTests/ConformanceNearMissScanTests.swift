import Foundation
import InjectionGraph
import InjectionScan
import Testing

/// A type registered as itself where a protocol it conforms to is asked for: the sources say it
/// conforms (its declaration, an extension, a protocol it refines, a superclass), so the missing
/// registration names it and the fix registers it as the protocol, whatever the two names look
/// like (`SMTPMailer` shares no prefix with `Mailer`).
@Suite(.serialized)
struct ConformanceNearMissScanTests {
    static let app = """
        import Injection

        protocol Mailer {}
        protocol Notifying {}
        protocol Auditing {}
        final class SMTPMailer: Mailer {}
        class BaseNotifier: Notifying {}
        final class PushNotifier: BaseNotifier {}
        final class FileAudit {}
        extension FileAudit: Auditing {}
        final class Signup {
            init(mailer: Mailer, notifier: Notifying, audit: Auditing, clock: Clock) {}
        }
        protocol Clock {}
        final class Calendar {}

        let app = Container(name: "app")
        func wire() {
            app.register { SMTPMailer() }
            app.register { PushNotifier() }
            app.register { FileAudit() }
            app.register { Calendar() }
            app.register { Signup(mailer: app.resolve(), notifier: app.resolve(), audit: app.resolve(), clock: app.resolve()) }
        }
        """

    @Test func aConformingTypeRegisteredAsItselfIsNearAndTheFixRegistersItAsTheProtocol() throws {
        try ScanTools.requireBuilt()
        let (_, graph) = try ScanTools.scanFiles(["Wiring.swift": Self.app])
        let missing = graph.check().all.filter { $0.kind == "missing" }.map(\.message)
        func message(_ type: String) -> String { missing.first { $0.hasPrefix("Missing registration: \(type) ") } ?? "" }
        #expect(missing.count == 4, "\(missing)")
        for (asked, built) in [("Mailer", "SMTPMailer"), ("Notifying", "PushNotifier"), ("Auditing", "FileAudit")] {
            #expect(message(asked).contains("Near: \(built) is registered in 'app'; register it as the requested type to bind it"), "\(message(asked))")
            #expect(message(asked).contains("Fix: app.register { \(built)() as any \(asked) }"), "\(message(asked))")
        }
        // Calendar conforms to nothing asked for: no hint, the generic fix.
        #expect(!message("Clock").contains("Near:"), "\(message("Clock"))")
        #expect(message("Clock").contains("Fix: app.register { <#Implementation#>() as any Clock }"), "\(message("Clock"))")
    }
}
