import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `di-inspect demo`, `run` and `listen` inside tmux, against the live sample app.
struct LiveInspectorEndToEndTests {
    let binary = BuiltProducts.diInspect ?? "di-inspect-was-not-built"
    let sampleApp = BuiltProducts.sampleApp ?? "sample-app-was-not-built"

    func inspector(_ arguments: String) -> TmuxSession {
        TmuxSession(command: "\(binary) \(arguments); echo EXIT:$?; stty -a; true",
                    environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    }

    @Test func demoStartsTheSampleAppAndListsItsServices() {
        let tmux = inspector("demo")
        defer { tmux.close() }
        #expect(tmux.waitFor("● live"))
        #expect(tmux.waitFor("Screen (name: \"catalog\")"))
        // A live list grows as the app registers and resolves: wait for each name.
        #expect(tmux.waitFor("sample-app"))
        #expect(tmux.waitFor("Repository.products: ProductR"))
        #expect(tmux.waitFor("SessionStore"))
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
        #expect(tmux.waitFor("extproc"), "the whole of stty -a is on screen")
        let modes = Set(tmux.capture().split { $0 == " " || $0 == "\n" || $0 == ";" }.map(String.init))
        #expect(modes.contains("echo") && modes.contains("icanon"), "q gave the terminal back")
    }

    @Test func aCycleShowsOnTheCyclesTabWithItsBadge() {
        let tmux = inspector("demo --fault cycle")
        defer { tmux.close() }
        #expect(tmux.waitFor("4 Cycles 1 ⚠1"))
        tmux.send("4")
        #expect(tmux.waitFor("↻ ProfileCycleViewModel → ProfileCycleUseCase → ProfileCycleViewModel in 'app'"))
        tmux.send("q")
    }

    @Test func aMissingRegistrationShowsItsRequesterChain() {
        let tmux = inspector("demo --fault missing")
        defer { tmux.close() }
        #expect(tmux.waitFor("6 Missing 1"))
        tmux.send("6")
        #expect(tmux.waitFor("PaymentGateway"))
        #expect(tmux.waitFor("Screen (name: \"payment\")"), "the requester chain names the payment screen")
        #expect(tmux.waitFor("app.register { <#PaymentGateway#>()"), "the fix line is shown")
        tmux.send("q")
    }

    /// Instances that contradict their registration, with no resolve failing: the Scopes tab
    /// lists each lifetime finding (the scope that never keeps dimmed, a note) and the Services
    /// tab flags the services.
    @Test func lifetimeFaultsAreFlaggedOnTheScopesAndServicesTabs() {
        let tmux = inspector("demo --fault replaced-session --fault unkept-cache --fault stray-injected")
        defer { tmux.close() }
        #expect(tmux.waitFor("● live"))
        tmux.send("3")
        #expect(tmux.waitFor("⚠ 2 live: AccountSession (singleton) replaced, held by AccountAPIClient", timeout: 20))
        #expect(tmux.waitFor("⚠ other container: StraySettingsViewModel got AuthSession from 'shared'"))
        #expect(tmux.waitFor("· never kept: ThumbnailCache (shared) built"))
        tmux.send("1")
        tmux.send("/")
        tmux.type("flag:unkept")
        tmux.send("Enter")
        #expect(tmux.waitFor("ThumbnailCache"))
        #expect(tmux.waitUntil { !$0.contains("AccountSession") }, "the filter keeps the flagged service only")
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
    }

    @Test func aFilterNarrowsTheList() {
        let tmux = inspector("demo")
        defer { tmux.close() }
        #expect(tmux.waitFor("JSONCoder"))
        tmux.send("/")
        tmux.type("scope:singleton")
        tmux.send("Enter")
        #expect(tmux.waitUntil { !$0.contains("JSONCoder") && $0.contains("Database") })
        tmux.send("/")
        tmux.send("Escape")
        #expect(tmux.waitFor("JSONCoder"), "Esc in the filter clears it")
        tmux.send("q")
    }

    @Test func killingTheAppShowsDisconnectedAndKeepsTheGraph() {
        let marker = "\(UInt32.random(in: 100_000...999_999))"
        let tmux = inspector("run -- \(sampleApp) --seed \(marker)")
        defer { tmux.close() }
        #expect(tmux.waitFor("● live"))
        #expect(tmux.waitFor("Screen (name: \"catalog\")"))
        #expect(Spawn.run(["pkill", "-KILL", "-f", "^\(sampleApp) --seed \(marker)"]).status == 0)
        #expect(tmux.waitFor("disconnected"))
        #expect(tmux.waitFor("crashed (signal 9)"))
        #expect(tmux.capture().contains("Screen (name: \"catalog\")"), "the graph stays browsable")
        tmux.send("q")
    }

    @Test func anAppConnectingOverTCPAppears() {
        let port = Int.random(in: 20_000...40_000)
        let tmux = inspector("listen --tcp 127.0.0.1:\(port)")
        defer { tmux.close() }
        #expect(tmux.waitFor("waiting on tcp:127.0.0.1:\(port)"))
        #expect(tmux.waitFor("DI_INSPECT_TOKEN="))
        let screen = tmux.capture()
        guard let marker = screen.range(of: "DI_INSPECT_TOKEN=") else { return }
        let token = String(screen[marker.upperBound...].prefix { $0.isHexDigit })
        #expect(token.count == 32, "\(screen)")
        // A wrong token is refused and said on screen; nothing of that app is shown.
        let intruder = Spawn.run(["sh", "-c", "DI_INSPECT=tcp:127.0.0.1:\(port) DI_INSPECT_TOKEN=0000 \(sampleApp) --duration 1 >/dev/null 2>&1 &"])
        #expect(intruder.status == 0)
        #expect(tmux.waitFor("wrong token"))
        let started = Spawn.run(["sh", "-c", "DI_INSPECT=tcp:127.0.0.1:\(port) DI_INSPECT_TOKEN=\(token) \(sampleApp) --duration 3 >/dev/null 2>&1 &"])
        #expect(started.status == 0)
        #expect(tmux.waitFor("● live"))
        #expect(tmux.waitFor("Screen (name: \"catalog\")"))
        #expect(tmux.waitFor("disconnected"), "the app ends after 3 s")
        tmux.send("q")
    }
}
