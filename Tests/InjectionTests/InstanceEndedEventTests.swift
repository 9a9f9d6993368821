import Injection
import Testing

/// Every kept instance is accounted for: a `.newSingleton` that puts a new instance in place of a
/// kept one, and a weak `.shared` instance found released at the next lookup, each say so
/// (`instanceEnded`), once, naming the registration and, for a replacement, the resolve's line.
/// Resets say where they were called. What does not end an instance says nothing.
struct InstanceEndedEventTests {
    final class Session: Sendable {}

    @Test func newSingletonReplacingAKeptInstanceSaysWhichAndWhere() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .singleton) { Session() }
        let recorder = EventRecorder(name)
        var first: Session?, second: Session?
        recorder.record {
            first = app.resolve(Session.self)
            second = app.resolve(Session.self, lifetime: .newSingleton, line: 31)
        }
        #expect(first !== second)
        #expect(recorder.instancesEnded == [InstanceEnded(
            service: ServiceIdentity(type: "Session", container: name), scope: .singleton, reason: .replaced,
            location: SourceLocation(fileID: #fileID, line: 31))])
        // The new instance is the kept one now.
        #expect(app.resolve(Session.self) === second)
    }

    @Test func newSingletonWithNothingKeptEndsNothing() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .cached) { Session() }
        let recorder = EventRecorder(name)
        recorder.record {
            _ = app.resolve(Session.self, lifetime: .newSingleton)
            app.reset(.cached)
            _ = app.resolve(Session.self, lifetime: .newSingleton)
        }
        #expect(recorder.instancesEnded.isEmpty)
        #expect(recorder.resolved.filter { $0.outcome == .created }.count == 2)
    }

    @Test func newSingletonInsideAFactoryNamesItsOwnLine() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .singleton) { Session() }
        app.register { c in XYZHolder(session: c.resolve(Session.self, lifetime: .newSingleton, line: 52)) }
        let recorder = EventRecorder(name)
        recorder.record {
            _ = app.resolve(Session.self)
            _ = app.resolve(XYZHolder.self, line: 60)
        }
        #expect(recorder.instancesEnded.map(\.location) == [SourceLocation(fileID: #fileID, line: 52)])
    }

    @Test func weakSharedInstanceReleasedIsNoticedAtTheNextLookup() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .shared) { Session() }
        let recorder = EventRecorder(name)
        var held: Session?
        recorder.record {
            held = app.resolve(Session.self)
            // Held: the next lookup answers it, nothing ends.
            #expect(app.resolve(Session.self) === held)
            held = nil
            // Released: the lookup finds it gone and builds another.
            _ = app.resolve(Session.self)
        }
        #expect(held == nil)
        #expect(recorder.instancesEnded == [InstanceEnded(
            service: ServiceIdentity(type: "Session", container: name), scope: .shared, reason: .released)])
    }

    /// A `.shared` registration hands out its weak instance: a `.newSingleton` makes the new one
    /// that instance, and the live one it takes the place of has ended (replaced, at its line).
    @Test func newSingletonOfASharedRegistrationReplacesTheLiveInstanceAndSaysSo() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .shared) { Session() }
        let recorder = EventRecorder(name)
        var held: Session?, second: Session?, third: Session?
        recorder.record {
            held = app.resolve(Session.self)
            second = app.resolve(Session.self, lifetime: .newSingleton, line: 120)
            // The scope hands out the new one now.
            #expect(app.resolve(Session.self) === second)
            third = app.resolve(Session.self, lifetime: .newSingleton, line: 124)
        }
        #expect(held !== second && second !== third)
        #expect(app.resolve(Session.self) === third)
        let session = ServiceIdentity(type: "Session", container: name)
        #expect(recorder.instancesEnded == [
            InstanceEnded(service: session, scope: .shared, reason: .replaced, location: SourceLocation(fileID: #fileID, line: 120)),
            InstanceEnded(service: session, scope: .shared, reason: .replaced, location: SourceLocation(fileID: #fileID, line: 124)),
        ])
    }

    @Test func newSingletonOfASharedRegistrationWithNothingLiveEndsNothing() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .shared) { Session() }
        let recorder = EventRecorder(name)
        recorder.record {
            _ = app.resolve(Session.self)   // released at once
            _ = app.resolve(Session.self, lifetime: .newSingleton)
        }
        #expect(recorder.instancesEnded.isEmpty)
    }

    @Test func resetOfASharedScopeIsNotARelease() {
        let name = uniqueName("app")
        let app = Container(name: name)
        app.register(scope: .shared) { Session() }
        let recorder = EventRecorder(name)
        recorder.record {
            var held: Session? = app.resolve(Session.self)
            app.reset(.shared, line: 90)
            held = nil
            _ = app.resolve(Session.self)
            #expect(held == nil)
        }
        #expect(recorder.instancesEnded.isEmpty)
        #expect(recorder.scopeResets.map(\.location) == [SourceLocation(fileID: #fileID, line: 90)])
    }

    @Test func unobservedNewSingletonStillReplaces() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { Session() }
        let first = app.resolve(Session.self)
        let second = app.resolve(Session.self, lifetime: .newSingleton)
        #expect(first !== second)
        #expect(app.resolve(Session.self) === second)
    }
}

final class XYZHolder: Sendable {
    let session: InstanceEndedEventTests.Session
    init(session: InstanceEndedEventTests.Session) { self.session = session }
}
