import ArgumentParser
import Dispatch
import Injection

/// A bug in what a registration promises about its instances, which fails no resolve: the sample
/// app can be started with one (`--fault replaced-session`) to watch `check` and the inspector
/// find it. In a file of its own, so that the lines other faults point at do not move.
enum LifetimeFault: String, CaseIterable, Sendable {
    /// "Switch account" builds a new session with `.newSingleton`; the account's API client and
    /// sync engine, both kept, hold the previous user's session.
    case replacedSession = "replaced-session"
    /// A thumbnail cache in the weak `.shared` scope that nothing long-lived holds: rebuilt on
    /// every resolve, never reused.
    case unkeptCache = "unkept-cache"
    /// A settings view model built in the app's container has a plain `@Injected` session: built
    /// on a background queue, it falls back to `Container.shared`, which registers a session of
    /// its own, so two session singletons live at once.
    case strayInjected = "stray-injected"
}

/// What `--fault` names: a wiring bug or a lifetime bug.
enum FaultName: ExpressibleByArgument, Hashable, Sendable {
    case wiring(Fault)
    case lifetime(LifetimeFault)

    init?(argument: String) {
        if let fault = Fault(rawValue: argument) { self = .wiring(fault) }
        else if let fault = LifetimeFault(rawValue: argument) { self = .lifetime(fault) }
        else { return nil }
    }

    static var allValueStrings: [String] {
        Fault.allCases.map(\.rawValue) + LifetimeFault.allCases.map(\.rawValue)
    }
}

final class AccountSession: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

final class AccountAPIClient: Sendable {
    let session: AccountSession
    init(session: AccountSession) { self.session = session }
}

final class AccountSyncEngine: Sendable {
    let session: AccountSession
    init(session: AccountSession) { self.session = session }
}

final class ThumbnailCache: Sendable {
    init() {}
}

final class GalleryViewModel {
    let thumbnails: ThumbnailCache
    init(thumbnails: ThumbnailCache) { self.thumbnails = thumbnails }
}

final class AuthSession: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

final class StraySettingsViewModel {
    @Injected var session: AuthSession
    var signedIn: Bool { session.user != "signed out" }
}

extension LifetimeFault {
    /// Registers what the fault needs at startup.
    func register(in app: Container) {
        switch self {
        case .replacedSession:
            app.register(scope: .singleton) { AccountSession(user: "ada") }
            app.register(scope: .cached) { c in AccountAPIClient(session: c.resolve()) }
            app.register(scope: .cached) { c in AccountSyncEngine(session: c.resolve()) }
        case .unkeptCache:
            app.register(scope: .shared) { ThumbnailCache() }
            app.register { c in GalleryViewModel(thumbnails: c.resolve()) }
        case .strayInjected:
            app.register(scope: .singleton) { AuthSession(user: "ada") }
            Container.shared.register(scope: .singleton) { AuthSession(user: "signed out") }
            app.register { StraySettingsViewModel() }
        }
    }

    /// Triggers the fault during the simulation (every 40 steps).
    func trigger(in app: Container, iteration: Int) {
        switch self {
        case .replacedSession:
            _ = app.resolve(AccountAPIClient.self)
            _ = app.resolve(AccountSyncEngine.self)
            // Switch account.
            _ = app.resolve(AccountSession.self, lifetime: .newSingleton)
        case .unkeptCache:
            for _ in 0..<3 { _ = app.resolve(GalleryViewModel.self).thumbnails }
        case .strayInjected:
            _ = app.resolve(AuthSession.self)
            // Settings opened from a notification handler, on a queue of its own.
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) { _ = app.resolve(StraySettingsViewModel.self).signedIn }
            done.wait()
        }
    }
}
