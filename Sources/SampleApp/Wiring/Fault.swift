import ArgumentParser
import Dispatch
import Injection
import Synchronization

/// A realistic wiring bug the sample app can be started with, to watch the inspector catch it.
enum Fault: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// A screen needs a service nobody registered (`PaymentGateway`).
    case missing
    /// Profile → its use case → back to the profile view model.
    case cycle
    /// The singleton analytics service captures a graph-scoped request context.
    case captive
    /// The response cache is overridden after its cached instance was built.
    case staleOverride = "stale-override"
    /// A use case asks for the HTTP client named "autenticated" (sic).
    case nameTypo = "name-typo"
    /// Checkout asks for an optional promotion banner nobody registered: it silently stays nil.
    case optionalMissing = "optional-missing"
    /// A preview of offline search maps the search use case and never resets the mapping.
    case mappingLeftActive = "mapping-left-active"
    /// Cart pricing reads its promotion engine lazily, and the engine needs the pricing: a loop
    /// that only the lazy read keeps from being a cycle.
    case lazyCycle = "lazy-cycle"
    /// A preview's order repository, swapped in at startup, reaches the database through the cart
    /// view model: the Repository layer reaches back up into ViewModel (no resolve fails).
    case layerBreach = "layer-breach"
    /// A receipt printed from a background queue resolves through `Container.shared`, which
    /// `withContainer(app)` does not reach from another thread.
    case backgroundContainer = "background-container"
    /// Two payment modules added with `add(child:)` both register the fraud check, each for its
    /// own checkout: the legacy one, added first, answers both checkouts.
    case shadowedChild = "shadowed-child"
    /// An audit decorator hands each new audit log the request it was built for: the singleton
    /// log keeps the graph-scoped request context the decorator resolved for it.
    case decoratorCaptive = "decorator-captive"
}

final class PaymentGateway {}

/// Extra services that only exist to carry a fault.
final class PaymentScreen: Screen {
    let gateway: PaymentGateway
    init(gateway: PaymentGateway) { self.gateway = gateway }
    var title: String { "Payment" }
    func render() -> Int { 1 }
}

final class ProfileCycleUseCase {
    init(viewModel: ProfileCycleViewModel) {}
}

final class ProfileCycleViewModel {
    init(useCase: ProfileCycleUseCase) {}
}

final class CapturingAnalytics {
    let context: RequestContext
    init(context: RequestContext) { self.context = context }
}

final class TypoSyncUseCase {
    init(http: HTTPClient) {}
}

final class PromotionBanner {}

final class CheckoutPromotions {
    @OptionalInjected var banner: PromotionBanner?
}

final class CartPricing {
    @LazyInjected var promotions: PromotionEngine
    func total() -> Int { promotions.discount }
}

final class PromotionEngine {
    let pricing: CartPricing
    init(pricing: CartPricing) { self.pricing = pricing }
    var discount: Int { 5 }
}

extension Fault {
    /// Registers what the fault needs at startup.
    func register(in app: Container) {
        switch self {
        case .missing:
            app.register(name: "payment") { c in PaymentScreen(gateway: try c.tryResolve()) as any Screen }  // scan-fault: missing
        case .cycle:
            app.register { c in ProfileCycleViewModel(useCase: try c.tryResolve()) }
            app.register { c in ProfileCycleUseCase(viewModel: try c.tryResolve()) }  // scan-fault: cycle
        case .captive:
            app.register(scope: .singleton) { c in CapturingAnalytics(context: c.resolve()) }  // scan-fault: captive
        case .staleOverride:
            break
        case .nameTypo:
            app.register { c in TypoSyncUseCase(http: try c.tryResolve(name: "autenticated")) }  // scan-fault: name-typo
        case .optionalMissing:
            app.register { CheckoutPromotions() }
        case .mappingLeftActive:
            break
        case .layerBreach:
            app.repositories.orders.register { OrderRepository(api: app.network.api(), database: app.viewModels.cart().addToCart.cart.database, tokens: app.resolve()) }
        case .backgroundContainer:
            app.register(scope: .singleton) { ReceiptPrinter() }
        case .decoratorCaptive:
            app.register(scope: .singleton) { AuditLog() }
            app.decorate { service in (service as? AuditLog)?.attach(app.resolve(RequestContext.self)) }
        case .shadowedChild:
            // Each module registers its fraud check and the checkout that uses it
            // (PaymentModules.swift); the legacy module, added first, answers both checkouts.
            let legacy = PaymentModules.legacy()
            let payments = PaymentModules.payments()
            app.add(child: legacy)
            app.add(child: payments)
        case .lazyCycle:
            app.register(scope: .singleton) { CartPricing() }
            // Singleton too: a singleton's @LazyInjected keeps what it first read, so a unique
            // engine would be a captive dependency on top of the loop.
            app.register(scope: .singleton) { c in PromotionEngine(pricing: c.resolve()) }
        }
    }

    /// Triggers the fault during the simulation. Failures are thrown, caught and reported the way
    /// an app's error handling would, so the app keeps running while the inspector watches.
    func trigger(in app: Container, iteration: Int) -> String? {
        do {
            switch self {
            case .missing:
                let screen: any Screen = try app.tryResolve(name: "payment")
                _ = screen.render()
            case .cycle:
                _ = try app.tryResolve(ProfileCycleViewModel.self)
            case .captive:
                _ = try app.tryResolve(CapturingAnalytics.self)
            case .staleOverride:
                // The override lands after the cached product repository was built with the
                // old response cache, and keeps it.
                if iteration == 10 {
                    _ = app.repositories.products()
                    app.register(scope: .cached) { ResponseCache() }
                }
            case .nameTypo:
                _ = try app.tryResolve(TypoSyncUseCase.self)
            case .optionalMissing:
                _ = try app.tryResolve(CheckoutPromotions.self).banner
            case .mappingLeftActive:
                if iteration == 10 {
                    app.map(\.useCases.offlineSearch, to: \.useCases.search)
                    _ = app.viewModels.search()
                }
            case .lazyCycle:
                _ = try app.tryResolve(CartPricing.self).total()
            case .layerBreach:
                _ = app.viewModels.checkout()
            case .backgroundContainer:
                return printReceiptInBackground(app)
            case .shadowedChild:
                _ = try (app.tryResolve(LegacyCheckout.self).flags(amount: 900), app.tryResolve(PaymentsCheckout.self).flags(amount: 900))
            case .decoratorCaptive:
                _ = try app.tryResolve(AuditLog.self).entries
            }
            return nil
        } catch {
            return error.message
        }
    }
}

final class AuditLog: Sendable {
    private let contexts = Mutex<[RequestContext]>([])
    func attach(_ context: RequestContext) { contexts.withLock { $0.append(context) } }
    var entries: Int { contexts.withLock { $0.count } }
}

final class FraudCheck: Sendable {
    let threshold: Int
    init(threshold: Int) { self.threshold = threshold }
    func flags(amount: Int) -> Bool { amount > threshold }
}

final class ReceiptPrinter: Sendable {
    func print(_ order: String) -> Int { order.count }
}

/// What a background job caught, handed back to the simulation.
final class CaughtFailure: Sendable {
    private let message = Mutex<String?>(nil)
    func record(_ text: String) { message.withLock { $0 = text } }
    var text: String? { message.withLock { $0 } }
}

extension Fault {
    /// Prints a receipt on a GCD queue, the way a completion handler would: the resolve there
    /// runs outside `withContainer(app)`, so it reaches `Container.shared`.
    func printReceiptInBackground(_ app: Container) -> String? {
        let failure = CaughtFailure()
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            do throws(ResolutionError) { _ = try Container.tryResolve(ReceiptPrinter.self).print("order") } catch { failure.record(error.message) }
        }
        done.wait()
        return failure.text
    }
}
