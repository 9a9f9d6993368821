import Injection
import InjectionTrace
import Synchronization
import Testing
@testable import InjectionGraph

/// A long-lived service that keeps a `unique` helper with no state of its own (no stored property
/// in its type or any superclass, read with `Mirror` by the runtime when it sees the capture) is
/// a note, not a problem: nothing it keeps can go stale. One that holds state (a user snapshot, a
/// session) stays a scope mismatch. Runtime → trace line → graph → `check` text, JSON and SARIF.
@Suite(.serialized)
struct StatelessCaptiveTests {
    /// No stored properties: a formatter with behaviour only.
    final class PriceFormatter: Sendable {
        func format(_ cents: Int) -> String { "\(cents / 100).\(cents % 100)" }
    }
    /// State of its own: who was signed in when it was built.
    final class UserSnapshot: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }
    /// A base class that holds a session token, and a subclass that adds nothing: the subclass
    /// still holds state (through its superclass).
    class SessionBase {
        let token: String
        init(token: String) { self.token = token }
    }
    final class SessionView: SessionBase {}
    /// A value type without stored properties.
    struct Clock: Sendable { func now() -> Int { 0 } }

    final class Checkout: Sendable {
        init(formatter: PriceFormatter) {}
    }
    final class Greeter: Sendable {
        init(user: UserSnapshot) {}
    }
    final class Banner: Sendable {
        init(session: SessionView) {}
    }
    final class Ticker: Sendable {
        init(clock: Clock) {}
    }

    /// The trace lines `body`'s container `name` produced, read back, and what `check` says.
    func record(_ name: String, _ body: (Container) -> Void) throws -> (lines: String, graph: DependencyGraph) {
        let bytes = Mutex<[UInt8]>(Array(TraceEncoder.encode(.header(TraceHeader(app: "t", pid: 1, startTime: "2026-01-01T00:00:00Z")))))
        let token = ResolutionEvents.addObserver { event in
            let container: String? = switch event.kind {
            case .registered(let registered): registered.service.container
            case .resolved(let resolved): resolved.service.container
            case .scopeMismatch(let mismatch): mismatch.holder.container
            default: nil
            }
            if container == name { bytes.withLock { $0 += TraceEncoder.encode(.event(event)) } }
        }
        let app = Container(name: name)
        defer { app.removeAll() }
        body(app)
        token.cancel()
        let data = bytes.withLock { $0 }
        let file = try TraceReader.read(bytes: data)
        #expect(file.diagnostics == [])
        return (String(decoding: data, as: UTF8.self), DependencyGraph(records: file.records))
    }

    @Test func aSingletonKeepingAHelperWithNoStoredPropertiesIsANote() throws {
        let (lines, graph) = try record("nocaptive") { app in
            app.register(scope: .singleton, file: "App/Setup.swift", line: 12) { c in Checkout(formatter: c.resolve()) }
            app.register(file: "App/Setup.swift", line: 13) { PriceFormatter() }
            _ = app.resolve(Checkout.self)
        }
        let mismatchLines = lines.split(separator: "\n").filter { $0.contains(#""kind":"scopeMismatch""#) }
        #expect(mismatchLines.count == 1 && mismatchLines[0].hasSuffix(#","holdsNothing":true}"#), "\(lines)")

        let report = graph.check()
        #expect(report.isClean, "\(report.text)")
        #expect(report.notes.map(\.kind) == ["statelessCaptive"])
        #expect(report.notes.first?.message == """
            Captive that holds nothing: Checkout in 'nocaptive' (singleton) keeps PriceFormatter in 'nocaptive' (unique), which has no stored properties: nothing it keeps can go stale.
              Holder registered at: App/Setup.swift:12
              Nothing to fix; once PriceFormatter holds state, this is a scope mismatch.
            """)
        #expect(report.text.contains("1 note (not problems: the exit code ignores them; --strict counts nils): 1 captive that holds nothing"), "\(report.text)")
        #expect(graph.check(strict: true).isClean, "--strict counts nils, not captives that hold nothing")
        #expect(report.json.contains(#""problems": []"#), "\(report.json)")
        #expect(report.json.contains(#"{"kind":"statelessCaptive","message":"Captive that holds nothing: Checkout in 'nocaptive'"#), "\(report.json)")
        let sarif = ProblemAnnotations(report: report, graph: graph) { $0 }.sarif(toolVersion: "test")
        #expect(sarif.contains(#/"ruleId":"statelessCaptive","ruleIndex":\d+,"level":"note"/#), "\(sarif)")
        #expect(sarif.contains(DiagnosticKind.statelessCaptive.summary))
    }

    @Test func aSingletonKeepingAUserSnapshotStaysAScopeMismatch() throws {
        let (lines, graph) = try record("snapshotcaptive") { app in
            app.register(scope: .singleton, file: "App/Setup.swift", line: 20) { c in Greeter(user: c.resolve()) }
            app.register(file: "App/Setup.swift", line: 21) { UserSnapshot(name: "ada") }
            _ = app.resolve(Greeter.self)
        }
        #expect(!lines.contains("holdsNothing"), "\(lines)")
        let report = graph.check()
        #expect(report.problems.map(\.kind) == ["scopeMismatch"])
        #expect(report.notes.isEmpty)
        #expect(report.problems.first?.message.hasPrefix(
            "Scope mismatch: Greeter in 'snapshotcaptive' (singleton) captured UserSnapshot in 'snapshotcaptive' (unique) while being built; the unique instance now lives as long as the singleton one."
        ) == true, "\(report.text)")
    }

    @Test func stateInASuperclassCountsAndAValueWithNoStoredPropertiesHoldsNothing() throws {
        let (_, graph) = try record("supercaptive") { app in
            app.register(scope: .singleton) { c in Banner(session: c.resolve()) }
            app.register { SessionView(token: "t0k") }
            app.register(scope: .singleton) { c in Ticker(clock: c.resolve()) }
            app.register { Clock() }
            _ = app.resolve(Banner.self)
            _ = app.resolve(Ticker.self)
        }
        let report = graph.check()
        #expect(report.problems.map(\.kind) == ["scopeMismatch"])
        #expect(report.problems.first?.services.map(\.type) == ["Banner", "SessionView"])
        #expect(report.notes.map(\.kind) == ["statelessCaptive"])
        #expect(report.notes.first?.services.map(\.type) == ["Ticker", "Clock"])
    }

    /// A trace written before the field existed reads as before: a problem.
    @Test func aTraceWithoutTheFieldReadsAsAScopeMismatch() throws {
        let line = #"{"kind":"scopeMismatch","seq":1,"t":1,"thread":1,"holder":{"type":"A","container":"app"},"holderScope":"singleton","captive":{"type":"B","container":"app"},"captiveScope":"unique"}"#
        let header = TraceEncoder.encode(.header(TraceHeader(app: "t", pid: 1, startTime: "2026-01-01T00:00:00Z")))
        let file = try TraceReader.read(bytes: Array(header) + Array((line + "\n").utf8))
        guard case .event(let event) = file.records.last, case .scopeMismatch(let mismatch) = event.kind else {
            Issue.record("no scope mismatch read from \(line)")
            return
        }
        #expect(!mismatch.captiveHoldsNothing)
        #expect(try TraceReader.read(bytes: Array(header) + Array((line.dropLast() + #","holdsNothing":true}"# + "\n").utf8))
            .records.contains { record in
                if case .event(let event) = record, case .scopeMismatch(let read) = event.kind { return read.captiveHoldsNothing }
                return false
            })
    }
}
