@testable import Injection
import Synchronization
import Testing

/// Every registration, resolution, failure, cycle, override and scope reset reaches observers as
/// a value. Observers are process-wide, so each test records only its own containers' events.
struct ResolutionEventTests {
    // MARK: - Containers and registrations

    @Test func containerCreationIsReportedWithItsParent() {
        let app = uniqueName("app"), feature = uniqueName("feature")
        let recorder = EventRecorder(app, feature)
        recorder.record {
            let parent = Container(name: app, line: 1)
            _ = parent.makeChild(name: feature, line: 2)
        }
        #expect(recorder.containersCreated == [
            ContainerCreated(container: app, parent: nil, location: SourceLocation(fileID: #fileID, line: 1)),
            ContainerCreated(container: feature, parent: app, location: SourceLocation(fileID: #fileID, line: 2)),
        ])
    }

    @Test func aReleasedContainerSaysSoAfterWhatItKeptIsGone() {
        let app = uniqueName("app"), request = uniqueName("request")
        let recorder = EventRecorder(app, request)
        let parent = Container(name: app)
        final class Kept: Sendable {
            let gone: @Sendable () -> Void
            init(gone: @escaping @Sendable () -> Void) { self.gone = gone }
            deinit { gone() }
        }
        let keptWentFirst = Mutex(false)
        recorder.record {
            // A child made per request: registers, resolves, and is dropped.
            do {
                let child = parent.makeChild(name: request)
                child.register(scope: .cached) {
                    Kept { keptWentFirst.withLock { $0 = recorder.containersReleased.isEmpty } }
                }
                let _: Kept = child.resolve()
                // A registry handle on the child is no owner: dropping one says nothing.
                _ = ContainerRegistry.shared.all.first { $0.name == request }
            }
        }
        #expect(recorder.containersReleased == [ContainerReleased(container: request)])
        #expect(keptWentFirst.withLock { $0 }, "the kept instance goes before the release is reported")
        #expect(recorder.kinds.last.map { "\($0.name)" } == "containerReleased")
        _ = parent
    }

    @Test func registrationIsReportedWithScopeNameAndLocation() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record {
            app.register(name: "edit", scope: .cached, line: 12) { XYZService() }
        }
        #expect(recorder.registered == [Registered(
            service: ServiceIdentity(type: "XYZService", name: "edit", container: name),
            scope: .cached, location: SourceLocation(fileID: #fileID, line: 12), replaced: nil)])
    }

    // MARK: - Resolutions

    @Test func resolutionReportsRequesterScopeOutcomeSourceAndDepth() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .cached) { XYZService() }
        app.register { c in XYZFetcher(session: c.resolve()) as XYZFetching }
        app.register(scope: .graph) { XYZSessionManager() }
        app.register { c in XYZViewModel(fetcher: c.resolve(), service: c.resolve()) }
        let recorder = EventRecorder(name)
        recorder.record {
            _ = app.resolve(XYZService.self)
            _ = app.resolve(XYZViewModel.self)
        }

        let id = { (type: String) in ServiceIdentity(type: type, container: name) }
        let model = id("XYZViewModel"), fetcher = id("XYZFetching")
        // In order of completion: a dependency finishes before its requester.
        #expect(recorder.resolved == [
            Resolved(service: id("XYZService"), requester: nil, scope: .cached, outcome: .created,
                     source: .factory, durationNanoseconds: 0, depth: 1),
            Resolved(service: id("XYZSessionManager"), requester: fetcher, scope: .graph, outcome: .created,
                     source: .factory, durationNanoseconds: 0, depth: 3),
            Resolved(service: fetcher, requester: model, scope: .unique, outcome: .created,
                     source: .factory, durationNanoseconds: 0, depth: 2),
            Resolved(service: id("XYZService"), requester: model, scope: .cached, outcome: .cached,
                     source: .factory, durationNanoseconds: 0, depth: 2),
            Resolved(service: model, requester: nil, scope: .unique, outcome: .created,
                     source: .factory, durationNanoseconds: 0, depth: 1),
        ])
    }

    @Test func aCacheHitReportsTheScopeItsInstanceIsKeptUnder() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register { XYZService() }
        let recorder = EventRecorder(name)
        recorder.record {
            let first: XYZService = app.resolve(lifetime: .singleton)
            let second: XYZService = app.resolve(lifetime: .singleton)
            #expect(first === second)
        }
        // A unique registration resolved as a singleton is kept, and its hit reported, as one.
        let service = ServiceIdentity(type: "XYZService", container: name)
        #expect(recorder.resolved == [
            Resolved(service: service, requester: nil, scope: .singleton, outcome: .created,
                     source: .factory, durationNanoseconds: 0, depth: 1),
            Resolved(service: service, requester: nil, scope: .singleton, outcome: .cached,
                     source: .factory, durationNanoseconds: 0, depth: 1),
        ])
    }

    @Test func resolutionReportsOverrideAndArgumentSources() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register { XYZFetcher() as XYZFetching }
        app.register { XYZFetcherDouble() as XYZFetching }
        app.register { _, args in WeatherService(city: args()) }
        let recorder = EventRecorder(name)
        recorder.record {
            _ = app.resolve(XYZFetching.self)
            _ = app.resolve(WeatherService.self, args: "Split")
        }
        #expect(recorder.resolved.map(\.source) == [.override, .argument])
    }

    @Test func resolutionThroughAChildReportsTheRegistrationThatAnswered() {
        let appName = uniqueName("app"), featureName = uniqueName("feature")
        let app = Container(name: appName)
        let feature = app.makeChild(name: featureName)
        app.register { XYZService() }
        let recorder = EventRecorder(appName, featureName)
        recorder.record { _ = feature.resolve(XYZService.self) }
        #expect(recorder.resolved.map(\.service) == [ServiceIdentity(type: "XYZService", container: appName)])
    }

    @Test func durationIncludesTheDependenciesResolved() throws {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register { () -> XYZService in
            // Work that takes a measurable time on the events' own clock.
            let start = ResolutionEvents.now()
            while ResolutionEvents.now() - start < 50_000 {}
            return XYZService()
        }
        app.register { c in XYZViewModel(fetcher: XYZFetcher(), service: c.resolve()) }
        let recorder = EventRecorder(name)
        recorder.record { _ = app.resolve(XYZViewModel.self) }

        let durations = recorder.durations
        try #require(durations.count == 2)
        #expect(durations[0] >= 50_000)
        #expect(durations[1] >= durations[0])
    }

    @Test func eventsAreNumberedInOrder() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record {
            app.register { XYZService() }
            _ = app.resolve(XYZService.self)
            app.reset(.cached)
        }
        let sequence = recorder.events.map(\.sequence)
        #expect(sequence.count == 3)
        #expect(sequence == sequence.sorted())
        #expect(Set(recorder.events.map(\.thread)).count == 1)
    }

    // MARK: - Failures

    @Test func missingRegistrationIsReportedWithTheThrownPayload() throws {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        let error = recorder.record {
            #expect(throws: ResolutionError.self) { try app.tryResolve(XYZService.self, name: "fast") }
        }
        guard case .missing(let thrown) = try #require(error) else {
            Issue.record("expected a missing registration")
            return
        }
        #expect(recorder.missing == [thrown])
    }

    @Test func anObservedTransientWhoseFactoryFailsReportsNoBuildAndLeavesNoFrame() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register { c -> XYZFetching in
            _ = try c.tryResolve(String.self, name: "endpoint")
            return XYZFetcher()
        }
        app.register { XYZService() }
        let recorder = EventRecorder(name)
        recorder.record {
            #expect(throws: ResolutionError.self) { try app.tryResolve(XYZFetching.self) }
            _ = app.resolve(XYZService.self)
        }
        let fetcher = ServiceIdentity(type: "XYZFetching", container: name)
        #expect(recorder.missing.map(\.requesterChain) == [[fetcher]])
        // The failed build is not reported as one, and its frame is gone: the next resolve is
        // made from app code, at depth 1.
        #expect(recorder.resolved == [
            Resolved(service: ServiceIdentity(type: "XYZService", container: name), requester: nil, scope: .unique,
                     outcome: .created, source: .factory, durationNanoseconds: 0, depth: 1),
        ])
    }

    @Test func optionalResolveReportsNoFailureButRecordsTheNil() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record { _ = app.optional(XYZService.self) }
        #expect(recorder.missing.isEmpty)
        #expect(recorder.resolvedToNil.map(\.requested) == [ServiceIdentity(type: "XYZService", container: name)])
        #expect(recorder.resolvedToNil.first?.location?.fileID == #fileID)
    }

    @Test func cycleIsReportedWithThePath() throws {
        let name = uniqueName("login")
        let app = Container(name: name)
        app.register { c in try AuthService(session: c.tryResolve()) }
        app.register { c in try SessionStore(refresher: c.tryResolve()) }
        app.register { c in try TokenRefresher(auth: c.tryResolve(AuthService.self)) }
        let recorder = EventRecorder(name)
        recorder.record { _ = try? app.tryResolve(SessionStore.self) }

        let cycle = try #require(recorder.cycles.first)
        #expect(recorder.cycles.count == 1)
        #expect(cycle.path.map(\.type) == ["SessionStore", "TokenRefresher", "AuthService", "SessionStore"])
        #expect(cycle.enteredThrough == [])
        #expect(recorder.resolved.isEmpty)
    }

    // MARK: - Scope reset

    @Test func scopeResetReportsHowManyInstancesWereDiscarded() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .cached) { XYZService() }
        app.register(name: "other", scope: .cached) { XYZService() }
        app.register(scope: .cached) { XYZSessionManager() }  // never resolved
        app.register(scope: .singleton) { NetworkService() }
        let recorder = EventRecorder(name)
        recorder.record {
            _ = app.resolve(XYZService.self)
            _ = app.resolve(XYZService.self, name: "other")
            _ = app.resolve(NetworkService.self)
            app.reset(.cached, line: 200)
            app.reset(.cached, line: 201)
        }
        #expect(recorder.scopeResets == [
            ScopeReset(container: name, scope: .cached, discarded: 2, location: SourceLocation(fileID: #fileID, line: 200)),
            ScopeReset(container: name, scope: .cached, discarded: 0, location: SourceLocation(fileID: #fileID, line: 201)),
        ])
    }

    // MARK: - Observers

    @Test func cancelledObserverReceivesNothingMore() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let recorder = EventRecorder(name)
        let token = ResolutionEvents.addObserver(recorder)
        app.register { XYZService() }
        token.cancel()
        app.register(name: "late") { XYZService() }
        #expect(recorder.registered.count == 1)
    }

    @Test func closureObserverReceivesEvents() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let count = CallCounter()
        let token = ResolutionEvents.addObserver { event in
            if case .registered(let registered) = event.kind, registered.service.container == name { count.increment() }
        }
        defer { token.cancel() }
        #expect(ResolutionEvents.isObserved)
        app.register { XYZService() }
        #expect(count.value == 1)
    }
}
