import Injection
import Testing

/// Cycles are caught when they happen, at any depth, and reported with their full path; two
/// containers resolving the same type are not a cycle.
struct DependencyCycleTests {
    /// The `.cycle` payload of a failed throwing resolve.
    func cycle<T>(_ type: T.Type, name: String? = nil, in container: Container) -> DependencyCycle? {
        do {
            _ = try container.tryResolve(type, name: name)
            Issue.record("\(type) resolved, but it is on a cycle")
        } catch .cycle(let cycle) {
            return cycle
        } catch {
            Issue.record("expected a cycle, got \(error)")
        }
        return nil
    }

    /// Registers AuthService → SessionStore → TokenRefresher → AuthService; returns the line of
    /// the resolve that closes the loop.
    @discardableResult
    func registerLoginCycle(in app: Container) -> Int {
        app.register { c in try AuthService(session: c.tryResolve()) }
        app.register { c in try SessionStore(refresher: c.tryResolve()) }
        app.register { c in try TokenRefresher(auth: c.tryResolve(AuthService.self)) }; return #line
    }

    // MARK: - The path

    @Test func threeServiceCycleIsReportedWithItsPath() {
        let app = Container(name: "login")
        let closing = registerLoginCycle(in: app)
        #expect(cycle(AuthService.self, in: app)?.message == """
            Dependency cycle: AuthService → SessionStore → TokenRefresher → AuthService in 'login'
              Closed at: \(#fileID):\(closing) (TokenRefresher asks for AuthService again)
              Fix: break the cycle where it closes: let TokenRefresher get AuthService lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built. Or set it once both are built: .resolveProperties on AuthService's registration (TokenRefresher in .graph scope, so it is the one AuthService holds).
            """)
    }

    @Test func cycleEnteredFromOutsideNamesTheWayIn() {
        let app = Container(name: "login")
        let closing = registerLoginCycle(in: app)
        app.register { c in try XYZLoginScreen(auth: c.tryResolve()) }
        #expect(cycle(XYZLoginScreen.self, in: app)?.message == """
            Dependency cycle: AuthService → SessionStore → TokenRefresher → AuthService in 'login'
              Entered through: XYZLoginScreen in 'login'
              Closed at: \(#fileID):\(closing) (TokenRefresher asks for AuthService again)
              Fix: break the cycle where it closes: let TokenRefresher get AuthService lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built. Or set it once both are built: .resolveProperties on AuthService's registration (TokenRefresher in .graph scope, so it is the one AuthService holds).
            """)
    }

    @Test func cycleStartingInTheMiddleIsReportedFromWhereItWasEntered() {
        let app = Container(name: "login")
        registerLoginCycle(in: app)
        #expect(cycle(TokenRefresher.self, in: app)?.path.map(\.type)
            == ["TokenRefresher", "AuthService", "SessionStore", "TokenRefresher"])
    }

    @Test func serviceResolvingItself() {
        let app = Container(name: "login")
        app.register { c in try AuthService(session: SessionStore(refresher: TokenRefresher(auth: c.tryResolve(AuthService.self)))) }; let closing = #line
        #expect(cycle(AuthService.self, in: app)?.message == """
            Dependency cycle: AuthService → AuthService in 'login'
              Closed at: \(#fileID):\(closing) (AuthService asks for AuthService again)
              Fix: break the cycle where it closes: let AuthService get AuthService lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built.
            """)
    }

    @Test func cycleAcrossContainersNamesEachContainer() {
        let app = Container(name: "app")
        let login = app.makeChild(name: "login")
        login.register { c in try AuthService(session: c.tryResolve()) }
        app.register { c in try SessionStore(refresher: c.tryResolve()) }
        app.register { c in try TokenRefresher(auth: c.tryResolve(AuthService.self)) }; let closing = #line
        #expect(cycle(AuthService.self, in: login)?.message == """
            Dependency cycle: AuthService in 'login' → SessionStore in 'app' → TokenRefresher in 'app' → AuthService in 'login'
              Closed at: \(#fileID):\(closing) (TokenRefresher asks for AuthService again)
              Fix: break the cycle where it closes: let TokenRefresher get AuthService lazily (@LazyInjected, or a factory it calls after init) rather than while it is being built. Or set it once both are built: .resolveProperties on AuthService's registration (TokenRefresher in .graph scope, so it is the one AuthService holds).
            """)
    }

    @Test func namedRegistrationsOnACycleShowTheirNames() {
        let app = Container(name: "steps")
        app.register(name: "a") { c in try c.tryResolve(Int.self, name: "b") }
        app.register(name: "b") { c in try c.tryResolve(Int.self, name: "a") }
        #expect(cycle(Int.self, name: "a", in: app)?.pathDescription
            == #"Int (name: "a") → Int (name: "b") → Int (name: "a") in 'steps'"#)
    }

    // MARK: - Any depth

    @Test func deepCycleIsCaughtWithoutOverflowingTheStack() throws {
        let app = Container(name: "deep")
        let depth = 200
        for step in 0..<depth {
            app.register(name: "\(step)") { c in try c.tryResolve(Int.self, name: "\((step + 1) % depth)") + 1 }
        }
        let found = try #require(cycle(Int.self, name: "0", in: app))
        #expect(found.path.count == depth + 1)
        #expect(found.path.first == found.path.last)
        #expect(found.path.map { $0.name! } == (0..<depth).map { "\($0)" } + ["0"])
    }

    // MARK: - Not a cycle

    @Test func sameServiceTwiceInOnePassIsNotACycle() throws {
        // Diamond: both branches resolve the same service; it is on the stack only once at a time.
        let app = Container(name: uniqueName("app"))
        app.register { XYZService() }
        app.register { c in try XYZViewModel(fetcher: c.tryResolve(), service: c.tryResolve()) }
        app.register { c in _ = try c.tryResolve(XYZService.self); return XYZFetcher() as XYZFetching }
        #expect(throws: Never.self) { try app.tryResolve(XYZViewModel.self) }
    }

    @Test func childDecoratorOfAParentsServiceIsNotACycle() throws {
        let app = Container(name: uniqueName("app"))
        let feature = app.makeChild(name: uniqueName("feature"))
        app.register(scope: .singleton) { XYZFetcher() as XYZFetching }
        feature.register { c in try LoggingFetcher(inner: c.parent!.tryResolve()) as XYZFetching }
        let decorated = try feature.tryResolve(XYZFetching.self)
        #expect(decorated.getData("x") == "logged(data(x))")
    }

    @Test func containerRecoversAfterACycle() throws {
        let app = Container(name: uniqueName("login"))
        registerLoginCycle(in: app)
        _ = cycle(AuthService.self, in: app)

        // The stack was unwound: the same thread resolves normally afterwards.
        app.register { TokenRefresher(auth: nil) }
        #expect(throws: Never.self) { try app.tryResolve(AuthService.self) }
        #expect(Container.current !== app)
    }
}

final class XYZLoginScreen {
    init(auth: AuthService) {}
}
