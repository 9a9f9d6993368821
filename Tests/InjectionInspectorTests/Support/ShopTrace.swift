import Injection
import InjectionGraph
@testable import InjectionInspector

/// A small made-up app: a cart that needs a store and an HTTP client, a missing payment gateway,
/// a cycle between two services, a stale override and a captive dependency.
enum ShopTrace {
    static func id(_ type: String, _ layer: String? = nil, _ member: String? = nil, name: String? = nil) -> ServiceIdentity {
        ServiceIdentity(type: type, name: name, container: "app", layer: layer, member: member)
    }

    static let http = id("HTTPClient", "Network", "http")
    static let store = id("CartStore", "Cart", "store")
    static let viewModel = id("CartViewModel", "Cart", "viewModel")
    static let auth = id("AuthService", "Auth", "service")
    static let session = id("SessionManager", "Auth", "session")
    static let logger = id("Logger")
    static let mockHTTP = id("MockHTTPClient", "Network", "http")
    static let gateway = id("PaymentGateway")

    static func at(_ line: Int) -> SourceLocation { SourceLocation(fileID: "Shop/App.swift", line: line) }

    static func records() -> [TraceRecord] {
        var seq: UInt64 = 0
        func event(_ kind: ResolutionEvent.Kind) -> TraceRecord {
            seq += 1
            return .event(ResolutionEvent(sequence: seq, time: seq * 1_000_000, thread: 1, kind: kind))
        }
        func resolved(_ service: ServiceIdentity, by requester: ServiceIdentity?, _ scope: Scope, _ outcome: Resolved.Outcome = .created, ns: UInt64 = 1_000) -> TraceRecord {
            event(.resolved(Resolved(service: service, requester: requester, scope: scope, outcome: outcome, source: .factory,
                                     durationNanoseconds: ns, depth: requester == nil ? 1 : 2)))
        }
        func register(_ service: ServiceIdentity, _ scope: Scope, line: Int) -> TraceRecord {
            event(.registered(Registered(service: service, scope: scope, location: at(line), replaced: nil)))
        }
        return [
            .header(TraceHeader(app: "shop-app", pid: 4242, startTime: "2026-11-22T04:23:13Z")),
            event(.containerCreated(ContainerCreated(container: "app", parent: nil, location: at(1)))),
            register(http, .singleton, line: 10),
            // Registered with `.implements(CartStoring.self)`: one service, two keys.
            event(.registered(Registered(service: store, scope: .cached, location: at(11), replaced: nil,
                                         implements: [id("CartStoring")]))),
            register(viewModel, .unique, line: 12),
            register(auth, .singleton, line: 13),
            register(session, .singleton, line: 14),
            register(logger, .unique, line: 15),
            resolved(http, by: store, .singleton, ns: 2_000),
            event(.scopeMismatch(ScopeMismatch(holder: store, holderScope: .cached, captive: logger, captiveScope: .unique))),
            resolved(logger, by: store, .unique),
            resolved(store, by: viewModel, .cached, ns: 5_000),
            resolved(viewModel, by: nil, .unique, ns: 9_000),
            resolved(store, by: viewModel, .cached, .cached),
            resolved(viewModel, by: nil, .unique),
            event(.missing(MissingRegistration(
                requested: gateway, requesterChain: [viewModel],
                nearMisses: [NearMiss(kind: .otherName, service: id("PaymentGateway", name: "stripe"))],
                fix: "app.register { StripeGateway() as PaymentGateway }", location: at(40)))),
            event(.cycle(DependencyCycle(path: [auth, session, auth], enteredThrough: []))),
            event(.registered(Registered(service: mockHTTP, scope: .singleton, location: at(50),
                                         replaced: .init(service: http, location: at(10))))),
            event(.staleOverride(StaleOverride(replaced: http, replacement: mockHTTP, scope: .singleton, location: at(50)))),
        ]
    }

    static func model() -> InspectorModel {
        var model = InspectorModel(connection: .file("shop.ndjson"))
        model.apply(records(), now: 0)
        model.advance(to: 10_000)  // highlights have faded
        return model
    }

    /// A state synced with `model`, with a page size for a 40-row screen.
    static func state(for model: InspectorModel) -> InspectorState {
        var state = InspectorState()
        state.pageSize = InspectorLayout(rows: 40, columns: 120).pageSize
        state.sync(with: model)
        return state
    }
}
