import Injection
import Synchronization
import Testing

final class PromotionBanner {}
final class CheckoutPromotions {
    @OptionalInjected var banner: PromotionBanner?; static let bannerLine = #line
}
final class CartPricing {
    @LazyInjected var engine: PromotionEngine; static let engineLine = #line
}
final class PromotionEngine {
    // Unowned: the singleton CartPricing outlives its engine, and a strong reference back would
    // leak the pair once the container goes (make asan checks for leaks).
    unowned let pricing: CartPricing
    init(pricing: CartPricing) { self.pricing = pricing }
}
final class AppClock {}
final class AppScheduler {
    @Injected var clock: AppClock
}
final class ClockUser {
    init(clock: AppClock) {}
}

/// Nothing invisible: optional nils and lazy reads are events; validate() resolves like the app.
struct DiagnosticsTrustTests {
    @Test func anOptionalInjectedThatFoundNothingIsRecordedWithItsRequesterAndSite() throws {
        let name = uniqueName("opt")
        let app = Container(name: name)
        app.register { CheckoutPromotions() }
        let recorder = EventRecorder(name)
        let promotions = recorder.record { withContainer(app) { app.resolve(CheckoutPromotions.self) } }
        #expect(promotions.banner == nil)
        let recorded = try #require(recorder.resolvedToNil.first)
        #expect(recorded.requested == ServiceIdentity(type: "PromotionBanner", container: name))
        #expect(recorded.requesterChain == [ServiceIdentity(type: "CheckoutPromotions", container: name)])
        #expect(recorded.location == SourceLocation(fileID: #fileID, line: CheckoutPromotions.bannerLine))
        #expect(recorder.missing.isEmpty)
    }

    @Test func aLazyReadIsAnEdgeFromTheServiceThatDeclaredIt() throws {
        let name = uniqueName("lazy")
        let app = Container(name: name)
        app.register(scope: .singleton) { CartPricing() }
        app.register { c in PromotionEngine(pricing: c.resolve()) }
        let recorder = EventRecorder(name)
        recorder.record {
            withContainer(app) {
                let pricing = app.resolve(CartPricing.self)
                #expect(pricing.engine.pricing === pricing)  // the loop closes lazily: no cycle
            }
        }
        #expect(recorder.cycles.isEmpty)
        #expect(recorder.lazyResolutions == [LazyResolution(
            owner: ServiceIdentity(type: "CartPricing", container: name),
            service: ServiceIdentity(type: "PromotionEngine", container: name),
            location: SourceLocation(fileID: #fileID, line: CartPricing.engineLine))])
    }

    @Test func aThreadThatLosesTheRaceToKeepASingletonAddsNoLiveInstance() {
        let name = uniqueName("race")
        let app = Container(name: name)
        let barrier = Barrier(count: 2)
        let built = CallCounter()
        app.register(scope: .singleton) { () -> AppClock in
            built.increment()
            barrier.arriveAndWait()   // both threads are in the factory: both build
            return AppClock()
        }
        let recorder = EventRecorder(name)
        let clocks = Mutex<[ObjectIdentifier]>([])
        recorder.record {
            onThreads(2) { _ in
                let clock = app.resolve(AppClock.self)
                clocks.withLock { $0.append(ObjectIdentifier(clock)) }
            }
        }
        #expect(built.value == 2)
        #expect(Set(clocks.withLock { $0 }).count == 1)   // both answer the kept one
        // One instance is live: the winner's resolve is `created`, the loser's answers the kept
        // instance and says so.
        #expect(recorder.resolved.map(\.outcome).sorted { $0.rawValue < $1.rawValue } == [.cached, .created])
    }

    @Test func validateReportsNoCaptiveForAHolderWhoseBuildFailed() {
        let app = Container(name: uniqueName("failed-holder"))
        app.register { AppClock() }
        // The singleton takes a unique clock, but its build then fails on a missing String: it holds nothing.
        app.register(scope: .singleton) { c in
            let clock: AppClock = c.resolve()
            _ = try c.tryResolve(String.self, name: "zone")
            return ClockUser(clock: clock)
        }
        let kinds = app.validate().problems.map { problem -> String in
            switch problem {
            case .missing(let missing): "missing \(missing.requested.type)"
            case .scopeMismatch(let mismatch): "captive \(mismatch.holder.type)"
            case .cycle: "cycle"
            case .factoryFailed: "failed"
            case .shadowed: "shadowed"
            }
        }
        #expect(kinds == ["missing String"])
        // Once the holder can be built, the captive is reported.
        app.register(name: "zone", scope: .singleton) { "UTC" }
        #expect(app.validate().problems.map { if case .scopeMismatch(let m) = $0 { m.holder.type } else { "other" } } == ["ClockUser"])
    }

    @Test func aChildNamedLikeItsParentIsAnotherContainerInEvents() {
        let name = uniqueName("app")
        let app = Container(name: name)
        let feature = Container(name: name, parent: app)   // the same name, by copy and paste
        app.register(scope: .singleton) { AppClock() }
        feature.register(scope: .singleton) { c in ClockUser(clock: c.parent!.resolve()) }
        let recorder = EventRecorder(name, "\(name)#2")
        _ = recorder.record { feature.resolve(ClockUser.self) }
        #expect(feature.name == name)   // the name the app gave is unchanged
        #expect(recorder.resolved.map { "\($0.requester?.qualifiedDescription ?? "app") → \($0.service.qualifiedDescription)" } == [
            "ClockUser in '\(name)#2' → AppClock in '\(name)'",
            "app → ClockUser in '\(name)#2'",
        ])
    }

    @Test func validateUsesTheValidatedContainerAsShared() {
        let app = Container(name: uniqueName("own"))
        app.register { AppClock() }
        app.register { AppScheduler() }   // @Injected resolves from Container.shared, as in the app
        let report = withContainer(app) { app.validate() }
        #expect(report.isValid, "\(report)")
        // Validated outside withContainer too: the helper thread still sees `app` as shared.
        #expect(app.validate().isValid)
    }

    @Test func validateResolvesAParentsRegistrationFromTheChildLikeTheApp() {
        let parent = Container(name: uniqueName("parent"))
        let child = Container(name: uniqueName("child"), parent: parent)
        parent.register { c in ClockUser(clock: c.resolve()) }
        child.register { AppClock() }   // only the child has it: resolving from the child works
        #expect(child.validate().isValid, "\(child.validate())")
    }
}
