import Injection
import Synchronization

// Fixtures for `AccessStyleTableTests`: one service per kind (class, value), reachable in every
// access style, under every scope.

private let serials = Atomic<Int>(0)

/// A service whose instances are told apart by a serial number, so class instances and values
/// compare the same way (two answers are "the same instance" when their serials are equal).
protocol TableService: Sendable {
    var serial: Int { get }
    init()
}

final class TableObject: TableService {
    let serial = serials.add(1, ordering: .relaxed).newValue
}

struct TableValue: TableService {
    let serial = serials.add(1, ordering: .relaxed).newValue
}

/// A layer with one provider per scope, and an `origin` that a mapping redirects.
struct TableLayer<Service: TableService>: DependencyLayer {
    let container: Container
    var unique: Provider<Service> { provide(.unique) { Service() } }
    var graph: Provider<Service> { provide(.graph) { Service() } }
    var cached: Provider<Service> { provide(.cached) { Service() } }
    var shared: Provider<Service> { provide(.shared) { Service() } }
    var singleton: Provider<Service> { provide(.singleton) { Service() } }
    var custom: Provider<Service> { provide(.custom("table")) { Service() } }
    /// Never answers itself in the table: each container maps it to the scope under test.
    var origin: Provider<Service> { provide { Service() } }
}

extension Container {
    var objectTable: TableLayer<TableObject> { TableLayer(container: self) }
    var valueTable: TableLayer<TableValue> { TableLayer(container: self) }
}

/// Where the table reaches each kind of service by keypath.
protocol TableKeyPaths: TableService {
    static func keyPath(_ scope: Scope) -> any KeyPath<Container, Provider<Self>> & Sendable
    static var origin: any KeyPath<Container, Provider<Self>> & Sendable { get }
}

extension TableObject: TableKeyPaths {
    static func keyPath(_ scope: Scope) -> any KeyPath<Container, Provider<TableObject>> & Sendable {
        switch scope.kind {
        case .unique: \.objectTable.unique
        case .graph: \.objectTable.graph
        case .cached: \.objectTable.cached
        case .shared: \.objectTable.shared
        case .singleton: \.objectTable.singleton
        case .custom: \.objectTable.custom
        }
    }
    static var origin: any KeyPath<Container, Provider<TableObject>> & Sendable { \.objectTable.origin }
}

extension TableValue: TableKeyPaths {
    static func keyPath(_ scope: Scope) -> any KeyPath<Container, Provider<TableValue>> & Sendable {
        switch scope.kind {
        case .unique: \.valueTable.unique
        case .graph: \.valueTable.graph
        case .cached: \.valueTable.cached
        case .shared: \.valueTable.shared
        case .singleton: \.valueTable.singleton
        case .custom: \.valueTable.custom
        }
    }
    static var origin: any KeyPath<Container, Provider<TableValue>> & Sendable { \.valueTable.origin }
}

/// One way to resolve a service: the table runs the same scenario through each.
enum AccessStyle: String, CaseIterable, Sendable {
    case typeKeyed, injected, lazyInjected, keyPathSubscript, inject, providerCall, mapping

    /// Prepares `container` so the style reaches `S` under `scope`.
    func prepare<S: TableKeyPaths>(_ container: Container, _ type: S.Type, scope: Scope) {
        switch self {
        case .typeKeyed, .injected, .lazyInjected:
            container.register(S.self, scope: scope) { S() }
        case .keyPathSubscript, .inject, .providerCall:
            break
        case .mapping:
            container.map(S.keyPath(scope), to: S.origin)
        }
    }

    /// Resolves `S` (under `scope`) from `container` in this style.
    func resolve<S: TableKeyPaths>(_ container: Container, _ type: S.Type, scope: Scope, lifetime: ServiceLifetime) -> S {
        switch self {
        case .typeKeyed:
            return container.resolve(S.self, lifetime: lifetime)
        case .injected:
            @Injected(lifetime: lifetime, container: container) var service: S
            return service
        case .lazyInjected:
            @LazyInjected(lifetime, container: container) var service: S
            return service
        case .keyPathSubscript:
            return container[S.keyPath(scope), lifetime: lifetime]
        case .inject:
            @Inject(S.keyPath(scope), lifetime: lifetime, container: container) var service
            return service
        case .providerCall:
            return container[keyPath: S.keyPath(scope)](lifetime: lifetime)
        case .mapping:
            return container[S.origin, lifetime: lifetime]
        }
    }
}
