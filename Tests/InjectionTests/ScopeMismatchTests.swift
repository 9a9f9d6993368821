import Injection
import Testing

/// A long-lived instance (cached, singleton, custom) whose construction resolved a unique or
/// graph-scoped dependency is reported as a warning event; the resolve itself succeeds.
struct ScopeMismatchTests {
    /// Registers a fetcher in `holderScope` that resolves a session in `captiveScope`, resolves it
    /// twice, and returns the mismatches reported.
    func mismatches(holder holderScope: Scope, captive captiveScope: Scope, lifetime: ServiceLifetime = .automatic) -> [ScopeMismatch] {
        let name = uniqueName("app")
        let recorder = EventRecorder(name)
        let app = Container(name: name)
        app.register(scope: captiveScope) { XYZSessionManager() }
        app.register(scope: holderScope) { c in XYZFetcher(session: c.resolve()) as XYZFetching }
        recorder.record {
            _ = app.resolve(XYZFetching.self, lifetime: lifetime)
            _ = app.resolve(XYZFetching.self, lifetime: lifetime)
        }
        return recorder.scopeMismatches
    }

    // MARK: - Reported

    @Test func singletonCapturingAUniqueServiceIsReportedOnce() throws {
        let found = mismatches(holder: .singleton, captive: .unique)
        #expect(found.count == 1)
        let mismatch = try #require(found.first)
        let app = mismatch.holder.container
        #expect(mismatch.message == """
            Scope mismatch: XYZFetching in '\(app)' (singleton) captured XYZSessionManager in '\(app)' (unique) \
            while being built; the unique instance now lives as long as the singleton one.
              Fix: make the holder as short-lived as what it keeps: \(app).register(scope: .unique) { … XYZFetching … }
              Or: keep XYZFetching singleton and give it a factory to call at each use, not an instance: \
            { c.resolve(XYZSessionManager.self) }
            """)
    }

    @Test(arguments: [
        (Scope.cached, Scope.graph), (.custom("session"), .unique), (.singleton, .graph), (.cached, .unique),
    ])
    func longLivedCapturingShortLivedIsReported(holder: Scope, captive: Scope) throws {
        let mismatch = try #require(mismatches(holder: holder, captive: captive).first)
        #expect(mismatch.holderScope == holder)
        #expect(mismatch.captiveScope == captive)
        #expect(mismatch.holder.type == "XYZFetching")
        #expect(mismatch.captive.type == "XYZSessionManager")
    }

    @Test func singletonChosenAtTheUseSiteIsALongLivedHolder() throws {
        let mismatch = try #require(mismatches(holder: .unique, captive: .unique, lifetime: .singleton).first)
        #expect(mismatch.holderScope == .singleton)
        #expect(mismatch.captiveScope == .unique)
    }

    // MARK: - Not reported

    @Test(arguments: [
        (Scope.singleton, Scope.singleton), (.singleton, .shared), (.cached, .cached),
        (.unique, .unique), (.unique, .graph), (.graph, .unique), (.shared, .unique),
    ])
    func matchingOrShorterHoldersAreNotReported(holder: Scope, captive: Scope) {
        #expect(mismatches(holder: holder, captive: captive).isEmpty)
    }

    @Test func newAtTheUseSiteIsNotALongLivedHolder() {
        #expect(mismatches(holder: .singleton, captive: .unique, lifetime: .new).isEmpty)
    }
}
