import Synchronization

/// The services of the churn scenarios (ChurnScenarios.swift): containers that change while the
/// app or the test runs. A service overridden by a test, the registrations around it, the modules
/// an app registers at start, features registered late, and the services of the weak and cached
/// scopes. Small final classes, as in Fixtures.swift, so that each object is one malloc.

// MARK: - Overridden: the real service and a test's double, behind one protocol

protocol Networking: AnyObject, Sendable {}

final class Network: Networking {}

final class MockNetwork: Networking {}

/// What the other registrations of the override scenarios build: named registrations of one
/// type, never resolved while timing.
final class Filler: Sendable {}

// MARK: - An app's start: ten modules of distinct types

final class Module1: Sendable { let value = 1 }
final class Module2: Sendable { let value = 2 }
final class Module3: Sendable { let value = 3 }
final class Module4: Sendable { let value = 4 }
final class Module5: Sendable { let value = 5 }
final class Module6: Sendable { let value = 6 }
final class Module7: Sendable { let value = 7 }
final class Module8: Sendable { let value = 8 }
final class Module9: Sendable { let value = 9 }
final class Module10: Sendable { let value = 10 }

// MARK: - Registered late: one type under a new name each time

final class Feature: Sendable {}

// MARK: - The weak and the cached scopes

/// Kept while somebody holds it. Numbered, so that a check can tell a new instance from the
/// released one (which may come back at the same address).
final class Preferences: Sendable {
    private static let built = Atomic<Int>(0)
    let serial = Preferences.built.add(1, ordering: .relaxed).newValue
}

/// Kept until its scope is reset. A type of its own: Resolver keeps `.cached` instances in one
/// process-wide cache keyed by type, which the mixed-scopes scenario's `Store` is in already.
final class Catalog: Sendable {}

// MARK: - Names

enum ChurnNames {
    /// The other registrations' names: `filler-0`, `filler-1`, …
    static func fillers(_ count: Int) -> [String] {
        (0..<count).map { "filler-\($0)" }
    }

    /// How many new names a growing container takes before it is made again: the size it is
    /// capped at, the same for every library.
    static let growCap = 1_000

    /// The new names of the growing scenario, made before timing as an app's feature names are.
    static let features = (0..<growCap).map { "feature-\($0)" }

    /// Runs `n` operations of the growing scenario: `operation` registers and resolves each
    /// name of ``features`` in turn, in a container `make` makes anew every ``growCap`` names
    /// (inside the timed loop, so that every library pays for its new container and for
    /// releasing the full one).
    @inline(__always)
    static func grow<Registry>(
        _ n: Int, make: () -> Registry, _ operation: (Registry, String) -> Void
    ) {
        var remaining = n
        while remaining > 0 {
            let container = make()
            for name in features.prefix(remaining) { operation(container, name) }
            remaining -= growCap
        }
    }
}
