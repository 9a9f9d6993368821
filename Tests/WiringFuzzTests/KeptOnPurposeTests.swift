import Injection
import InjectionGraph
import Synchronization
import Testing

/// Real containers that keep their own instances on purpose: a per-feature child with its own
/// session, a module added with `add(child:)`, a child per request with its own context. The
/// app's cached client is built through the feature child, so it holds the feature's session:
/// replacing the app's own session with a `.newSingleton` leaves it alone and
/// `check --strict` says nothing. Built through the app instead, the same client holds the
/// app's session and is named.
struct KeptOnPurposeTests {
    final class Session: Sendable {
        let owner: String
        init(_ owner: String) { self.owner = owner }
    }
    final class APIClient: Sendable {
        let session: Session
        init(_ session: Session) { self.session = session }
    }
    final class FraudCheck: Sendable {}
    final class Checkout: Sendable {
        let fraud: FraudCheck, session: Session
        init(_ fraud: FraudCheck, _ session: Session) { self.fraud = fraud; self.session = session }
    }
    final class RequestContext: Sendable {}
    final class Handler: Sendable {
        let context: RequestContext, session: Session
        init(_ context: RequestContext, _ session: Session) { self.context = context; self.session = session }
    }

    private static let counter = Atomic<Int>(0)

    /// Runs the app with the client's second build through `second`; returns what
    /// `check --strict` reports (kinds) and the owner of the session the client holds.
    static func run(secondBuildThroughFeature: Bool) -> (kinds: [String], text: String, heldSession: String) {
        let prefix = "kept\(counter.add(1, ordering: .relaxed).newValue)-"
        let events = Mutex<[ResolutionEvent]>([])
        let token = ResolutionEvents.addObserver { event in
            if event.kind.containers.contains(where: { $0.hasPrefix(prefix) }) { events.withLock { $0.append(event) } }
        }
        let app = Container(name: prefix + "app")
        let feature = app.makeChild(name: prefix + "feature")
        let payments = Container(name: prefix + "payments")
        app.add(child: payments)
        app.register(Session.self, scope: .singleton) { Session("app") }
        feature.register(Session.self, scope: .singleton) { Session("feature") }
        app.register(APIClient.self, scope: .cached) { c in APIClient(c.resolve(Session.self)) }
        payments.register(FraudCheck.self, scope: .singleton) { FraudCheck() }
        app.register(Checkout.self) { c in Checkout(c.resolve(FraudCheck.self), c.resolve(Session.self)) }

        _ = app.resolve(Checkout.self)
        _ = app.resolve(APIClient.self)
        for _ in 1...5 {
            let request = app.makeChild(name: prefix + "request")
            request.register(RequestContext.self, scope: .singleton) { RequestContext() }
            request.register(Handler.self) { c in Handler(c.resolve(RequestContext.self), c.resolve(Session.self)) }
            _ = request.resolve(Handler.self)
            _ = request.resolve(Handler.self)
        }
        app.reset(.cached)
        let client = (secondBuildThroughFeature ? feature : app).resolve(APIClient.self)
        _ = app.resolve(Session.self, lifetime: .newSingleton)
        _ = app.resolve(APIClient.self)
        token.cancel()

        var graph = DependencyGraph()
        for event in events.withLock({ $0 }).sorted(by: { $0.sequence < $1.sequence }) { graph.apply(event) }
        let report = graph.check(strict: true)
        withExtendedLifetime((app, feature, payments)) {}
        return (report.all.map(\.kind), report.text, client.session.owner)
    }

    @Test func aClientBuiltThroughTheFeatureHoldsTheFeaturesSessionAndIsNotNamed() {
        let clean = Self.run(secondBuildThroughFeature: true)
        #expect(clean.heldSession == "feature")
        #expect(clean.kinds.isEmpty, "\(clean.text)")
        // The control: built through the app, it holds the session the newSingleton replaced.
        let held = Self.run(secondBuildThroughFeature: false)
        #expect(held.heldSession == "app")
        #expect(held.kinds == ["replacedInstance"], "\(held.text)")
    }
}
