/// The services of the other shapes (ShapeScenarios.swift): a protocol-typed service, a chain six
/// deep, a service with eight dependencies, a screen mixing scopes, a service built from an
/// argument, and a service nobody registers. Small final classes, as in Fixtures.swift, so that
/// each object is one malloc.

// MARK: - Registered as a protocol, resolved as the protocol

protocol Fetching: AnyObject, Sendable {
    var value: Int { get }
}

final class Fetcher: Fetching {
    let value = 11
}

// MARK: - A chain six deep: each link needs the next

final class Link1: Sendable { let next: Link2; init(next: Link2) { self.next = next } }
final class Link2: Sendable { let next: Link3; init(next: Link3) { self.next = next } }
final class Link3: Sendable { let next: Link4; init(next: Link4) { self.next = next } }
final class Link4: Sendable { let next: Link5; init(next: Link5) { self.next = next } }
final class Link5: Sendable { let next: Link6; init(next: Link6) { self.next = next } }
final class Link6: Sendable { let value = 6 }

extension Link1 {
    /// The chain built by hand: the direct-construction baseline.
    @inline(__always)
    static func direct() -> Link1 {
        Link1(next: Link2(next: Link3(next: Link4(next: Link5(next: Link6())))))
    }

    /// The last link's value: 6 when every link is there.
    var end: Link6 { next.next.next.next.next }
}

// MARK: - A wide service: eight dependencies

final class Part1: Sendable { let value = 1 }
final class Part2: Sendable { let value = 2 }
final class Part3: Sendable { let value = 3 }
final class Part4: Sendable { let value = 4 }
final class Part5: Sendable { let value = 5 }
final class Part6: Sendable { let value = 6 }
final class Part7: Sendable { let value = 7 }
final class Part8: Sendable { let value = 8 }

final class Dashboard: Sendable {
    let p1: Part1, p2: Part2, p3: Part3, p4: Part4, p5: Part5, p6: Part6, p7: Part7, p8: Part8
    init(p1: Part1, p2: Part2, p3: Part3, p4: Part4, p5: Part5, p6: Part6, p7: Part7, p8: Part8) {
        self.p1 = p1; self.p2 = p2; self.p3 = p3; self.p4 = p4
        self.p5 = p5; self.p6 = p6; self.p7 = p7; self.p8 = p8
    }

    @inline(__always)
    static func direct() -> Dashboard {
        Dashboard(p1: Part1(), p2: Part2(), p3: Part3(), p4: Part4(), p5: Part5(), p6: Part6(), p7: Part7(), p8: Part8())
    }

    var values: [Int] { [p1.value, p2.value, p3.value, p4.value, p5.value, p6.value, p7.value, p8.value] }
}

// MARK: - A screen mixing scopes: a singleton, a cached store, a transient worker

/// Kept for the process (singleton).
final class AppConfig: Sendable { let value = 3 }
/// Kept until the container's cache is reset (cached).
final class Store: Sendable { let value = 4 }
/// New per resolve; needs the singleton.
final class Worker: Sendable {
    let config: AppConfig
    init(config: AppConfig) { self.config = config }
}
/// New per resolve.
final class Screen: Sendable {
    let config: AppConfig, store: Store, worker: Worker
    init(config: AppConfig, store: Store, worker: Worker) { self.config = config; self.store = store; self.worker = worker }
}

// MARK: - Built from an argument given at the resolve

final class Account: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// Built from two arguments.
final class Profile: Sendable {
    let id: Int, name: String
    init(id: Int, name: String) { self.id = id; self.name = name }
}

/// Built from three arguments.
final class Badge: Sendable {
    let id: Int, name: String, level: Double
    init(id: Int, name: String, level: Double) { self.id = id; self.name = name; self.level = level }
}

/// The argument the scenario passes: not a literal at the call site, as it usually is not.
enum AccountIDs {
    static let all = [17, 42, 99]
    static let names = ["ada", "grace", "alan"]
    static let levels = [0.5, 2.5, 4.5]
}

// MARK: - The property-wrapper scenario's services, and nobody's

/// The singleton a view model injects beside a transient ``Fetching``.
final class Tracker: Sendable { let value = 9 }

/// Registered nowhere: the optional resolve answers nil.
protocol Analytics: AnyObject, Sendable {}
