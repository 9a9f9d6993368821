@testable import Injection
import InjectionTrace
import Synchronization
import Testing

protocol SilentBugFeed: Sendable {}
final class SilentBugReceipt: Sendable {}
final class SilentBugLedger: Sendable {}
final class SilentBugHolder: Sendable {
    init(ledger: SilentBugLedger) {}
}
final class SilentBugFraudCheck: Sendable {
    let threshold: Int
    init(threshold: Int) { self.threshold = threshold }
}

/// Bugs that fail no resolve, and fixes that end the chase, at run time: a resolve that reached
/// `Container.shared` from another thread, the scope and type of a missing registration's fix,
/// and `validate()` over `add(child:)` modules (what they register is built, a key two of them
/// register is shadowed).
///
/// Near misses are looked for in every live container, so the suite runs one test at a time and
/// empties its containers when each test ends.
@Suite(.serialized)
final class SilentBugDiagnosticsTests {
    private var containers: [Container] = []

    deinit {
        for container in containers { container.removeAll() }
    }

    func container(_ name: String, parent: Container? = nil) -> Container {
        let container = Container(name: name, parent: parent)
        containers.append(container)
        return container
    }

    // MARK: - Resolves that reach Container.shared from another thread

    @Test func aResolveOnAnotherThreadSaysWhereItRanAndRoutesToTheContainerThatHasIt() throws {
        let app = container("bgapp")
        app.register(scope: .singleton) { SilentBugReceipt() }
        let caught = Mutex<(MissingRegistration, UInt64)?>(nil)
        withContainer(app) {
            // A thread does not inherit the task-local container: its resolve reaches the root.
            BackgroundThread.runConcurrently(1) { _ in
                do throws(ResolutionError) {
                    _ = try Container.tryResolve(SilentBugReceipt.self, file: "App/Receipts.swift", line: 12)
                } catch .missing(let missing) {
                    caught.withLock { $0 = (missing, ThreadNumber.current) }
                } catch {}
            }
        }
        let (missing, thread) = try #require(caught.withLock { $0 })
        #expect(missing.message == """
            Missing registration: SilentBugReceipt in 'shared'
              Requested by: app code at App/Receipts.swift:12 (no service was being resolved)
              Near: SilentBugReceipt is registered in the other container 'bgapp'
              Fix: this resolve ran on thread \(thread), where no withContainer(bgapp) is in effect, so it reached Container.shared, not 'bgapp', which registers SilentBugReceipt. Route it to 'bgapp': wrap that work in withContainer(bgapp) { … } (a container set with withContainer does not follow work to another thread or a detached Task), resolve from the container (bgapp.resolve(SilentBugReceipt.self)), or declare the property @Injected(container: bgapp)
            """)
    }

    @Test func theRoutingFixWorks() {
        let app = container("bgapp")
        app.register(scope: .singleton) { SilentBugReceipt() }
        let resolved = Atomic<Bool>(false)
        BackgroundThread.runConcurrently(1) { _ in
            withContainer(app) {
                if (try? Container.tryResolve(SilentBugReceipt.self)) != nil { resolved.store(true, ordering: .relaxed) }
            }
        }
        let found = resolved.load(ordering: .relaxed)
        #expect(found)
    }

    @Test func aDetachedTaskIsNamedAsATask() async throws {
        let app = container("taskapp")
        app.register { SilentBugReceipt() }
        let fix = await withContainer(app) {
            await Task.detached { () -> String? in
                do throws(ResolutionError) {
                    _ = try Container.tryResolve(SilentBugReceipt.self)
                    return nil
                } catch .missing(let missing) {
                    return missing.fix
                } catch {
                    return nil
                }
            }.value
        }
        let text = try #require(fix)
        #expect(text.hasPrefix("this resolve ran in a Task on thread "), "\(text)")
        #expect(text.contains("wrap that work in withContainer(taskapp) { … }"), "\(text)")
    }

    @Test func aMissingKeyNoOtherContainerHasKeepsTheRegisterFix() {
        let app = container("plainapp")
        do {
            _ = try app.tryResolve(SilentBugLedger.self)
        } catch .missing(let missing) {
            #expect(missing.fix == "plainapp.register { <#SilentBugLedger#>() }")
        } catch {
            Issue.record("\(error)")
        }
    }

    // MARK: - The fix for a missing registration

    @Test func aProtocolIsRegisteredWithAnImplementingType() {
        let app = container("protoapp")
        do {
            _ = try app.tryResolve((any SilentBugFeed).self)
            Issue.record("resolved")
        } catch .missing(let missing) {
            #expect(missing.fix == "protoapp.register { <#Implementation#>() as any SilentBugFeed }")
        } catch {
            Issue.record("\(error)")
        }
        #expect(Container.isProtocol((any SilentBugFeed).self))
        #expect(!Container.isProtocol(SilentBugLedger.self))
        #expect(!Container.isProtocol(Int.self))
        #expect(!Container.isProtocol(Optional<SilentBugLedger>.self))
    }

    @Test func underALongLivedRequesterTheFixKeepsTheRequestersScope() {
        let app = container("scopeapp")
        app.register(scope: .singleton) { c in SilentBugHolder(ledger: try c.tryResolve()) }
        app.register(name: "session", scope: .custom("session")) { c in SilentBugHolder(ledger: try c.tryResolve()) }
        app.register(name: "screen") { c in SilentBugHolder(ledger: try c.tryResolve()) }
        func fix(_ name: String?) -> String? {
            do {
                _ = try app.tryResolve(SilentBugHolder.self, name: name)
            } catch .missing(let missing) {
                return missing.fix
            } catch {}
            return nil
        }
        #expect(fix(nil) == "scopeapp.register(scope: .singleton) { <#SilentBugLedger#>() }")
        #expect(fix("session") == "scopeapp.register(scope: .custom(\"session\")) { <#SilentBugLedger#>() }")
        #expect(fix("screen") == "scopeapp.register { <#SilentBugLedger#>() }", "a unique requester holds anything")
    }

    @Test func theScopedFixLeavesNoCaptive() throws {
        let app = container("scopedfix")
        app.register(scope: .singleton) { c in SilentBugHolder(ledger: try c.tryResolve()) }
        // The fix, applied: no scope mismatch is found by validate().
        app.register(scope: .singleton) { SilentBugLedger() }
        let report = app.validate()
        #expect(report.isValid, "\(report)")
    }

    // MARK: - validate() and add(child:)

    @Test func validateBuildsWhatAddedModulesRegister() {
        let app = container("valapp")
        let module = container("valmodule")
        module.register { c in SilentBugHolder(ledger: try c.tryResolve()) }
        app.add(child: module)
        let report = app.validate()
        #expect(report.checked == 1)
        #expect(report.problems.count == 1)
        guard case .missing(let missing)? = report.problems.first else {
            Issue.record("expected a missing registration, got \(report)")
            return
        }
        #expect(missing.requested.description == "SilentBugLedger")
        #expect(missing.requesterChain.map(\.qualifiedDescription) == ["SilentBugHolder in 'valmodule'"])
    }

    @Test func validateReportsAKeyTwoModulesRegister() {
        let app = container("shapp")
        let legacy = container("shlegacy")
        let payments = container("shpayments")
        legacy.register { SilentBugFraudCheck(threshold: 10_000) }
        payments.register { SilentBugFraudCheck(threshold: 500) }
        app.add(child: legacy)
        app.add(child: payments)
        let report = app.validate()
        #expect(report.problems.map(\.description) == ["""
            Shadowed registration: SilentBugFraudCheck resolved from 'shapp' is answered by 'shlegacy' and passes over 'shpayments'
              Fix: keep both, each under a name of its own: register(name: …) in 'shlegacy' and 'shpayments', and resolve by that name where each uses it. Deleting either registration would hand its module the other one.
            """])
    }

    @Test func aNearerRegistrationIsAnOverrideNotAShadow() {
        let app = container("ovapp")
        let module = container("ovmodule")
        module.register { SilentBugFraudCheck(threshold: 1) }
        app.add(child: module)
        app.register { SilentBugFraudCheck(threshold: 2) }   // the container's own table comes first
        let parent = container("ovparent")
        parent.register { SilentBugLedger() }
        let child = container("ovchild", parent: parent)
        child.register { SilentBugLedger() }                  // a child container overrides its parent
        #expect(app.validate().isValid, "\(app.validate())")
        #expect(child.validate().isValid, "\(child.validate())")
    }
}

final class SilentBugRequest: Sendable {}
final class SilentBugReport: Sendable {
    let request: SilentBugRequest
    init(request: SilentBugRequest) { self.request = request }
}

/// A short-lived service passed as a keyed argument to a long-lived one is its captive.
@Suite(.serialized)
struct ArgumentCaptiveTests {
    @Test func aShortLivedArgumentKeptByASingletonIsACaptive() {
        let app = Container(name: "argapp")
        defer { app.removeAll() }
        app.register(scope: .graph) { SilentBugRequest() }
        app.register(scope: .singleton) { _, args in SilentBugReport(request: args("request")) }
        app.register(name: "perScreen") { _, args in SilentBugReport(request: args("request")) }
        let recorder = EventRecorder("argapp")
        recorder.record {
            let request: SilentBugRequest = app.resolve()
            _ = app.resolve(SilentBugReport.self, args: ["request": request])
            _ = app.resolve(SilentBugReport.self, name: "perScreen", args: ["request": request])
        }
        let mismatches = recorder.kinds.compactMap { kind -> ScopeMismatch? in
            if case .scopeMismatch(let mismatch) = kind { mismatch } else { nil }
        }
        #expect(mismatches.map(\.message) == [
            "Scope mismatch: SilentBugReport in 'argapp' (singleton) captured SilentBugRequest in 'argapp' (graph) as an argument it was built with; the graph instance now lives as long as the singleton one.\n"
                + "  Fix: make the holder as short-lived as what it keeps: argapp.register(scope: .graph) { … SilentBugReport … }\n"
                + "  Or: keep SilentBugReport singleton and give it a factory to call at each use, not an instance: { c.resolve(SilentBugRequest.self) }",
        ])
    }
}
