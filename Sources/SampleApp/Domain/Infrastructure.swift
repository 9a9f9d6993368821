import Injection
import Synchronization

// The bottom of the app: network, cache, database, analytics, session. Each class is small on
// purpose: the sample exists to show wiring, not business logic.

/// Talks to the backend. Registered twice under names: `public` and `authenticated`.
final class HTTPClient: Sendable {
    let baseURL: String
    let authenticated: Bool
    init(baseURL: String, authenticated: Bool) {
        self.baseURL = baseURL
        self.authenticated = authenticated
    }
    func get(_ path: String) -> [String] { [baseURL + path] }
}

/// The app's API surface; the mock answers from memory (mock-network mode).
protocol APIClient: AnyObject, Sendable {
    func fetch(_ resource: String) -> [String]
}

final class LiveAPIClient: APIClient {
    let http: HTTPClient
    let monitor: NetworkMonitor
    init(http: HTTPClient, monitor: NetworkMonitor) {
        self.http = http
        self.monitor = monitor
    }
    func fetch(_ resource: String) -> [String] { http.get("/" + resource) }
}

final class MockAPIClient: APIClient {
    func fetch(_ resource: String) -> [String] { ["mock:" + resource] }
}

final class NetworkMonitor: Sendable {
    let isOnline = Atomic<Bool>(true)
}

/// One per resolution pass: everything built for one screen shares it.
final class RequestContext: Sendable {
    let id = RequestContext.counter.add(1, ordering: .relaxed).newValue
    private static let counter = Atomic<Int>(0)
}

final class JSONCoder: Sendable {
    func decode(_ lines: [String]) -> [String] { lines }
}

final class ResponseCache: Sendable {
    private let entries = Mutex<[String: [String]]>([:])
    func value(for key: String, orFetch fetch: () -> [String]) -> [String] {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let value = fetch()
        entries.withLock { $0[key] = value }
        return value
    }
}

final class ImageCache: Sendable {
    let capacity: Int
    init(capacity: Int) { self.capacity = capacity }
}

final class Database: Sendable {
    let path: String
    init(path: String, migrator: DatabaseMigrator) {
        self.path = path
        migrator.migrate()
    }
}

final class DatabaseMigrator: Sendable {
    func migrate() {}
}

final class Clock: Sendable {
    func now() -> UInt64 { ResolutionEvents.now() }
}

final class Logger: Sendable {
    let label: String
    init(label: String) { self.label = label }
    func log(_ message: String) {}
}

final class FeatureFlags: Sendable {
    let recommendations: Bool
    init(recommendations: Bool) { self.recommendations = recommendations }
}

final class AnalyticsBuffer: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) {
        events.withLock {
            $0.append(event)
            if $0.count > 100 { $0.removeFirst(50) }
        }
    }
}

final class AnalyticsService: Sendable {
    let buffer: AnalyticsBuffer
    let clock: Clock
    init(buffer: AnalyticsBuffer, clock: Clock) {
        self.buffer = buffer
        self.clock = clock
    }
    func track(_ event: String) { buffer.append(event) }
}

/// Lives for one login session (the `session` custom scope, reset on logout).
final class SessionStore: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

final class AuthTokenProvider: Sendable {
    let session: SessionStore
    init(session: SessionStore) { self.session = session }
    var token: String { "token-for-" + session.user }
}
