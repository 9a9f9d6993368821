import Injection
import Testing

/// The trapping paths (`resolve()` and the property wrappers) stop the program with the same
/// message the throwing resolve gives. Each test runs in its own process (an exit test).
struct CrashMessageTests {
    /// What a process wrote to standard error.
    func standardError(_ result: ExitTest.Result?) -> String {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    }

    // MARK: - Missing registration

    @Test func injectedPropertyOfAMissingServiceTrapsWithTheMessage() async {
        // Inside an exit test, `#line` defaults resolve to the `#expect` line that holds the body.
        let line = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register(name: "archive") { XYZReportStore() }
            withContainer(app) {
                @Injected var store: XYZReportStore
                _ = store
            }
        }
        let stderr = standardError(result)
        #expect(stderr.contains("""
            Missing registration: XYZReportStore in 'app'
              Requested by: app code at InjectionTests/CrashMessageTests.swift:\(line) (no service was being resolved)
              Near: XYZReportStore is registered in 'app' under the name "archive"
              Fix: app.register { <#XYZReportStore#>() }
            """), "\(stderr)")
    }

    @Test func resolveInsideAFactoryTrapsWithTheRequesterChain() async {
        let line = #line + 1  // see above: the location is the `#expect` line
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            app.register { XYZReportScreen(model: Container.resolve()) }
            app.register { XYZReportViewModel(reporter: Container.resolve()) }
            app.register {
                XYZReporter(store: Container.resolve()) as XYZReporting
            }
            _ = app.resolve(XYZReportScreen.self)
        }
        let stderr = standardError(result)
        #expect(stderr.contains("""
            Missing registration: XYZReportStore in 'app'
              Requested by: XYZReportScreen in 'app' → XYZReportViewModel in 'app' → XYZReporting in 'app', at InjectionTests/CrashMessageTests.swift:\(line)
              Fix: app.register { <#XYZReportStore#>() }
            """), "\(stderr)")
    }

    // MARK: - Cycle

    @Test func cycleThroughInjectedPropertiesTrapsWithThePath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "profile")
            app.register { ProfileViewModel() }
            app.register { AvatarLoader() }
            withContainer(app) {
                _ = app.resolve(ProfileViewModel.self)
            }
        }
        let stderr = standardError(result)
        #expect(stderr.contains("""
            Dependency cycle: ProfileViewModel → AvatarLoader → ProfileViewModel in 'profile'
              Closed at: InjectionTests/DiagnosticsServices.swift:49 (AvatarLoader asks for ProfileViewModel again)
              Fix: break the cycle where it closes: let AvatarLoader get ProfileViewModel lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built. Or set it once both are built: .resolveProperties on ProfileViewModel's registration (AvatarLoader in .graph scope, so it is the one ProfileViewModel holds).
            """), "\(stderr)")
    }
}
