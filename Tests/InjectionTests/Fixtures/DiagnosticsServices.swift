import Injection

// Services used only by the diagnostics suites. A missing-registration message lists near misses
// from every live container in the process, so these types are registered nowhere else: what the
// messages find near is only what the test in question registered.

// MARK: - Reports (missing registrations)

protocol XYZReporting: AnyObject {}

final class XYZReporter: XYZReporting {
    let store: XYZReportStore
    init(store: XYZReportStore) { self.store = store }
}

final class XYZReportStore {}

final class XYZReportViewModel {
    let reporter: XYZReporting
    init(reporter: XYZReporting) { self.reporter = reporter }
}

final class XYZReportScreen {
    let model: XYZReportViewModel
    init(model: XYZReportViewModel) { self.model = model }
}

// MARK: - Login (cycles)

final class AuthService {
    init(session: SessionStore) {}
}

final class SessionStore {
    init(refresher: TokenRefresher) {}
}

final class TokenRefresher {
    /// Optional so that a test can break the cycle with `TokenRefresher(auth: nil)`.
    init(auth: AuthService?) {}
}

/// A cycle through `@Injected` properties, resolved when the objects are made.
final class ProfileViewModel {
    @Injected var avatars: AvatarLoader
}

final class AvatarLoader {
    @Injected var profile: ProfileViewModel
}
