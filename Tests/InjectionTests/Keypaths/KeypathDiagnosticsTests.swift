import Testing
import Injection

private final class Wallet {}
private final class Ledger { init(_ wallet: Wallet) {} }
private final class Audit { init(_ ledger: Ledger) {} }
private final class Ticket {}

extension Container {
    fileprivate var bank: BankLayer { BankLayer(container: self) }
}

private struct BankLayer: DependencyLayer {
    let container: Container
    // A keypath provider that needs a type-keyed service, which needs the keypath provider back.
    var ledger: Provider<Ledger> { provide { c in Ledger(try c.tryResolve()) } }
    var audit: Provider<Audit> { provide(.singleton) { c in Audit(try c.bank.ledger.tryResolve()) } }
    var ticket: Provider<Ticket> { provide { Ticket() } }
    var cachedTicket: Provider<Ticket> { provide(.cached) { c in _ = c.bank.ticket(); return Ticket() } }
    var missing: Provider<Ledger> { provide { c in Ledger(try c.tryResolve(Wallet.self, name: "cold")) } }
}

struct KeypathDiagnosticsTests {
    @Test func aCycleAcrossKeypathAndTypeKeyedRegistrationsIsReportedWithItsPath() {
        let container = Container(name: "kp-cycle")
        let closing = #line + 1
        container.register { c -> Wallet in _ = try c.tryResolve(\.bank.audit); return Wallet() }
        #expect {
            _ = try container.tryResolve(\.bank.audit)
        } throws: { error in
            (error as? ResolutionError)?.message == """
                Dependency cycle: Bank.audit: Audit → Bank.ledger: Ledger → Wallet → Bank.audit: Audit in 'kp-cycle'
                  Closed at: InjectionTests/KeypathDiagnosticsTests.swift:\(closing) (Wallet asks for Bank.audit: Audit again)
                  Fix: break the cycle where it closes: let Wallet get Bank.audit: Audit lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built.
                """
        }
    }

    @Test func aMissingDependencyOfAKeypathProviderNamesItsChain() {
        let container = Container(name: "kp-missing")
        container.register(name: "hot") { Wallet() }
        #expect {
            _ = try container.tryResolve(\.bank.missing)
        } throws: { error in
            (error as? ResolutionError)?.message == """
                Missing registration: Wallet (name: "cold") in 'kp-missing'
                  Requested by: Bank.missing: Ledger in 'kp-missing', at InjectionTests/KeypathDiagnosticsTests.swift:20
                  Near: Wallet is registered in 'kp-missing' under the name "hot"
                  Fix: kp-missing.register(name: "cold") { <#Wallet#>() }
                """
        }
    }

    @Test func aCachedKeypathProviderThatCapturesAUniqueOneIsAScopeMismatch() {
        let container = Container(name: "kp-captive")
        let recorder = EventRecorder("kp-captive")
        let token = ResolutionEvents.addObserver(recorder)
        defer { token.cancel() }
        _ = container[\.bank.cachedTicket]
        let mismatches = recorder.events.compactMap { event -> String? in
            if case .scopeMismatch(let mismatch) = event.kind { return mismatch.message }
            return nil
        }
        #expect(mismatches == ["""
            Scope mismatch: Bank.cachedTicket: Ticket in 'kp-captive' (cached) captured Bank.ticket: Ticket in 'kp-captive' (unique) while being built; the unique instance now lives as long as the cached one.
              Fix: make the holder as short-lived as what it keeps: declare Bank.cachedTicket with provide { … }
              Or: keep Bank.cachedTicket: Ticket cached and give it a factory to call at each use, not an instance: { c.bank.ticket() }
            """])
    }

    @Test func mappingChangesAreEventsWithTheirSourceLocation() {
        let container = Container(name: "kp-mapping-events")
        let recorder = EventRecorder("kp-mapping-events")
        let token = ResolutionEvents.addObserver(recorder)
        defer { token.cancel() }
        container.mappings[\.login.viewModel] = \.login.mockTestViewModel; let setLine = #line
        container.resetMapping(\.login.viewModel); let resetLine = #line
        container.map(\.login.previewViewModel, to: \.login.viewModel)
        container.resetAllMappings(); let resetAllLine = #line
        let changes = recorder.events.compactMap { event -> String? in
            guard case .mappingChanged(let change) = event.kind else { return nil }
            return "\(change.action) \(change.from?.description ?? "-") → \(change.to?.description ?? "-") @\(change.location.line)"
        }
        #expect(changes == [
            "set Login.viewModel: LoginViewModel → Login.mockTestViewModel: LoginViewModel @\(setLine)",
            "reset Login.viewModel: LoginViewModel → - @\(resetLine)",
            "set Login.viewModel: LoginViewModel → Login.previewViewModel: LoginViewModel @\(resetLine + 1)",
            "resetAll - → - @\(resetAllLine)",
        ])
        #expect(recorder.events.allSatisfy { event in
            if case .mappingChanged(let change) = event.kind { return change.location.fileID == "InjectionTests/KeypathDiagnosticsTests.swift" }
            return true
        })
    }

    @Test func aMappingSetAfterAKeptInstanceWasBuiltIsStale() {
        let container = Container(name: "kp-stale")
        let recorder = EventRecorder("kp-stale")
        let token = ResolutionEvents.addObserver(recorder)
        defer { token.cancel() }
        let before = container[\.login.sharedUseCase]
        container.map(\.login.mockTestUseCase, to: \.login.sharedUseCase); let line = #line
        #expect(container[\.login.sharedUseCase] !== before)
        let stale = recorder.events.compactMap { event -> String? in
            if case .staleOverride(let stale) = event.kind { return stale.message }
            return nil
        }
        #expect(stale == ["""
            Stale override: Login.mockTestUseCase: LoginUseCase in 'kp-stale' was set at InjectionTests/KeypathDiagnosticsTests.swift:\(line) after a singleton instance of Login.sharedUseCase: LoginUseCase was already built; services built from it earlier keep the old instance.
              Fix: set the override before the first resolve, or reset the scopes of the services that hold it (di-inspect check names them).
            """])
    }

    @Test func resolutionsThroughAMappingSayWhereTheyCameFrom() {
        let container = Container(name: "kp-mapped-source")
        let recorder = EventRecorder("kp-mapped-source")
        let token = ResolutionEvents.addObserver(recorder)
        defer { token.cancel() }
        container.map(\.login.mockTestViewModel, to: \.login.viewModel)
        _ = container[\.login.viewModel]
        let resolved = recorder.events.compactMap { event -> Resolved? in
            if case .resolved(let resolved) = event.kind { return resolved }
            return nil
        }
        #expect(resolved.count == 1)
        #expect(resolved.first?.source == .mapping)
        #expect(resolved.first?.service.description == "Login.mockTestViewModel: LoginViewModel")
        #expect(resolved.first?.mappedFrom?.description == "Login.viewModel: LoginViewModel")
    }

    @Test func keypathScopesFollowTheSameRules() {
        let container = Container(name: "kp-scope-rules")
        container.register { Wallet() }
        let first = container[\.bank.audit]
        #expect(container[\.bank.audit] === first)
        container.reset(.singleton)
        #expect(container[\.bank.audit] !== first)
    }
}
