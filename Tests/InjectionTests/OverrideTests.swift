import Injection
import Testing

/// Registering the same key again overrides it, last one wins (seed 003), and the override is
/// reported.
struct OverrideTests {
    // MARK: - Last one wins

    @Test func laterRegistrationOfTheSameKeyWins() {
        let app = Container(name: uniqueName("app"))
        app.register { DashboardCoordinator() as DashboardCoordinating }
        app.register { DashboardCoordinatorDouble() as DashboardCoordinating }

        #expect(app.resolve(DashboardCoordinating.self) is DashboardCoordinatorDouble)
    }

    @Test func overridingANameLeavesOtherNamesAlone() {
        let app = Container(name: uniqueName("app"))
        app.register { DashboardCoordinator() as DashboardCoordinating }
        app.register(name: "onboarding") { DashboardCoordinator() as DashboardCoordinating }
        app.register(name: "onboarding") { DashboardCoordinatorDouble() as DashboardCoordinating }

        #expect(app.resolve(DashboardCoordinating.self) is DashboardCoordinator)
        #expect(app.resolve(DashboardCoordinating.self, name: "onboarding") is DashboardCoordinatorDouble)
    }

    @Test func testRegistersADoubleBeforeBuildingTheScreen() {
        // The app's registrations, then the test's double, then the screen under test.
        let app = Container(name: uniqueName("app"))
        app.register { DashboardCoordinator() as DashboardCoordinating }

        app.register(scope: .singleton) { DashboardCoordinatorDouble() as DashboardCoordinating }
        let screen = withContainer(app) { DashboardViewController() }

        #expect(screen.viewDidLoad() == "double")
        let double = app.resolve(DashboardCoordinating.self) as? DashboardCoordinatorDouble
        #expect(double?.startCount == 1)
    }

    @Test func overrideReplacesAKeptSingleton() {
        let app = Container(name: uniqueName("app"))
        app.register(scope: .singleton) { DashboardCoordinator() as DashboardCoordinating }
        _ = app.resolve(DashboardCoordinating.self)

        app.register(scope: .singleton) { DashboardCoordinatorDouble() as DashboardCoordinating }
        #expect(app.resolve(DashboardCoordinating.self) is DashboardCoordinatorDouble)
    }

    // MARK: - Reported

    @Test func overrideIsReportedWithTheReplacedRegistration() throws {
        let name = uniqueName("app")
        let recorder = EventRecorder(name)
        let app = Container(name: name)
        let (firstLine, secondLine): (UInt, UInt) = recorder.record {
            app.register(line: 10) { DashboardCoordinator() as DashboardCoordinating }
            app.register(line: 20) { DashboardCoordinatorDouble() as DashboardCoordinating }
            return (10, 20)
        }

        let service = ServiceIdentity(type: "DashboardCoordinating", container: name)
        let at = { (line: UInt) in SourceLocation(fileID: #fileID, line: Int(line)) }
        #expect(recorder.registered == [
            Registered(service: service, scope: .unique, location: at(firstLine), replaced: nil),
            Registered(service: service, scope: .unique, location: at(secondLine),
                       replaced: .init(service: service, location: at(firstLine))),
        ])
        #expect(recorder.staleOverrides.isEmpty)
    }

    @Test func overrideAfterAnInstanceWasKeptIsReportedAsStale() {
        let name = uniqueName("app")
        let recorder = EventRecorder(name)
        let app = Container(name: name)
        recorder.record {
            app.register(scope: .cached) { DashboardCoordinator() as DashboardCoordinating }
            _ = app.resolve(DashboardCoordinating.self)
            app.register(scope: .cached, line: 42) { DashboardCoordinatorDouble() as DashboardCoordinating }
        }

        let stale = StaleOverride(
            replaced: ServiceIdentity(type: "DashboardCoordinating", container: name),
            replacement: ServiceIdentity(type: "DashboardCoordinating", container: name),
            scope: .cached, location: SourceLocation(fileID: #fileID, line: 42))
        #expect(recorder.staleOverrides == [stale])
        #expect(stale.message == """
            Stale override: DashboardCoordinating in '\(name)' was set at \(#fileID):42 after a cached \
            instance of DashboardCoordinating was already built; services built from it earlier keep \
            the old instance.
              Fix: set the override before the first resolve, or reset the scopes of the services that \
            hold it (di-inspect check names them).
            """)
    }

    @Test func overrideOfAUniqueRegistrationIsNeverStale() {
        let name = uniqueName("app")
        let recorder = EventRecorder(name)
        let app = Container(name: name)
        recorder.record {
            app.register { DashboardCoordinator() as DashboardCoordinating }
            _ = app.resolve(DashboardCoordinating.self)
            app.register { DashboardCoordinatorDouble() as DashboardCoordinating }
        }
        #expect(recorder.staleOverrides.isEmpty)
        #expect(recorder.registered.count == 2)
    }
}
