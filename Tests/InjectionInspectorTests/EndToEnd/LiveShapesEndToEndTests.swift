import Foundation
import Injection
import InjectionSynthetic
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live inspector fed traffic of other shapes than the sample app's (``LiveShape``: a churn
/// of thousands of services re-registered, an app reconnecting over and over, app after app
/// coming and going), as fast as the socket takes it: the real binary in tmux, this process as
/// the apps. Behaviour, not speed: the memory stays bounded, the sessions stay bounded, the
/// screen keeps answering and `q` ends it.
struct LiveShapesEndToEndTests {
    let binary = BuiltProducts.diInspect ?? "di-inspect-was-not-built"

    /// A private folder for the socket (the listener checks its mode) and the inspector on it,
    /// with a 64 MB budget unless told.
    func listening(_ name: String, budget: Int = 64) -> (tmux: TmuxSession, socket: String, folder: String)? {
        let folder = "/tmp/di-live3-shapes-\(getpid())-\(name)-\(LiveLoadEndToEndTests.marker())"
        guard mkdir(folder, 0o700) == 0 else {
            Issue.record("cannot make \(folder)")
            return nil
        }
        let socket = folder + "/live.sock"
        // Wide enough for the whole header (folded, shed, live, session N/M).
        // Its standard error goes to a file, and a trap's backtrace with it (the backtracer
        // writes to the terminal otherwise): longer than the pane, and a failure below prints
        // the file (see ``crashReport(_:)``).
        let tmux = TmuxSession(command: "SWIFT_BACKTRACE=enable=yes,interactive=no,output-to=stderr \(binary) listen --memory-budget \(budget) --socket \(socket) 2>\(folder)/stderr; echo EXIT:$?", columns: 220,
                               environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        #expect(tmux.waitFor("waiting on unix:\(socket)"))
        return (tmux, socket, folder)
    }

    func finish(_ tmux: TmuxSession, folder: String) {
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"), "q ends the inspector: \(tmux.capture())\n\(crashReport(folder))")
        tmux.close()
        unlink(folder + "/stderr")
        rmdir(folder)
    }

    /// What the inspector wrote to its standard error (a trap's message and backtrace), for a
    /// failure's message.
    func crashReport(_ folder: String) -> String {
        guard let text = try? String(contentsOfFile: folder + "/stderr", encoding: .utf8), !text.isEmpty else {
            return "(nothing on the inspector's standard error)"
        }
        return "the inspector's standard error:\n" + text.split(separator: "\n").prefix(60).joined(separator: "\n")
    }

    /// The inspector's pid and largest RSS while `drive` runs on another thread.
    func watchingMemory(of socket: String, budget: Int = 64, while drive: @escaping @Sendable () -> LiveShapeDriver.Sent)
        -> (LiveShapeDriver.Sent, Int) {
        let pid = LiveLoadEndToEndTests.pid(startingWith: "\(binary) listen --memory-budget \(budget) --socket \(socket)")
        let result = Outcome()
        let thread = Thread { result.sent.withLock { $0 = drive() } }
        thread.start()
        var largest = 0
        while result.sent.withLock({ $0 == nil }) {
            _ = Spawn.run(["sleep", "0.5"])
            if let pid { largest = max(largest, ProcessProbe.residentMegabytes(pid) ?? 0) }
        }
        return (result.sent.withLock { $0 ?? LiveShapeDriver.Sent() }, largest)
    }

    /// What the driver's thread sent, handed back under a lock.
    final class Outcome: Sendable {
        let sent = Mutex<LiveShapeDriver.Sent?>(nil)
    }

    /// The "session N/M" part of the header, if shown.
    static func sessions(on screen: String) -> (shown: Int, total: Int)? {
        guard let range = screen.range(of: #"session (\d+)/(\d+)"#, options: .regularExpression) else { return nil }
        let numbers = screen[range].dropFirst("session ".count).split(separator: "/").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test func aChurnOfThousandsOfServicesStaysInTheBudgetWithBoundedOverrides() {
        guard let (tmux, socket, folder) = listening("churn") else { return }
        defer { finish(tmux, folder: folder) }
        let (sent, largest) = watchingMemory(of: socket) {
            LiveShapeDriver(shape: .churn, socketPath: socket, services: 3_000).run(seconds: 8)
        }
        #expect(sent.connections == 1 && sent.records >= 10_000, "the driver sent its flood: \(sent)")
        #expect(largest < 64 + 48, "RSS \(largest) MB with a 64 MB budget")
        #expect(tmux.waitFor("● live"))
        // One override per service re-registered (plus the first one of each), not one per
        // registration.
        let screen = tmux.capture()
        if let range = screen.range(of: #"Overrides (\d+)"#, options: .regularExpression),
           let overrides = Int(screen[range].split(separator: " ")[1]) {
            #expect(overrides <= 2 * 3_000 + 64, "overrides \(overrides) after \(sent.records) records")
        } else {
            Issue.record("no Overrides tab count on screen: \(screen)")
        }
        tmux.send("5")
        #expect(tmux.waitFor("Overrides"), "the screen answers keys")
    }

    @Test func anAppReconnectingOverAndOverStaysOneSession() {
        guard let (tmux, socket, folder) = listening("reconnects") else { return }
        defer { finish(tmux, folder: folder) }
        let (sent, largest) = watchingMemory(of: socket) {
            LiveShapeDriver(shape: .reconnects, socketPath: socket, recordsPerConnection: 200).run(seconds: 8)
        }
        #expect(sent.connections > 100, "\(sent)")
        #expect(largest < 64 + 48, "RSS \(largest) MB with a 64 MB budget")
        #expect(tmux.waitFor("reconnected"))
        // Once the last connection's end is in, one session is left: no "session N/M" part.
        #expect(tmux.waitUntil(timeout: 20) { Self.sessions(on: $0) == nil }, "\(tmux.capture())\n\(crashReport(folder))")
        #expect(tmux.capture().contains("reconnects-app"))
    }

    @Test func appAfterAppComingAndGoingStaysWithinTheSessionCap() {
        guard let (tmux, socket, folder) = listening("short-lived") else { return }
        defer { finish(tmux, folder: folder) }
        let (sent, largest) = watchingMemory(of: socket) {
            LiveShapeDriver(shape: .shortLived, socketPath: socket, recordsPerConnection: 200).run(seconds: 5)
        }
        #expect(sent.connections > 100, "\(sent)")
        #expect(largest < 64 + 48, "RSS \(largest) MB with a 64 MB budget")
        // Every app ended: none is live, and once their connections' ends are in (an app that
        // said `end` is shown ended before its socket closes), at most 64 sessions are kept.
        // (A debug build under a loaded full-suite run takes a while to drain 256 connections.)
        #expect(tmux.waitUntil(timeout: 30) { screen in
            screen.contains("0 live · session") && (Self.sessions(on: screen).map { $0.total <= 64 } ?? false)
        }, "\(tmux.capture())\n\(crashReport(folder))")
        // Paused, the inspector takes nothing more from its feed, so connections still draining
        // cannot move the shown session's number under the `[` below. The sessions part is read
        // from the screen that says it is paused: a later capture may lack it (the header gives
        // way to a "terminal behind" note for a moment).
        tmux.send("p")
        var kept: (shown: Int, total: Int)?
        #expect(tmux.waitUntil { screen in
            guard screen.contains("Paused: live updates are kept"), let now = Self.sessions(on: screen) else { return false }
            kept = now
            return true
        }, "p pauses: \(tmux.capture())")
        guard let kept else { return }
        tmux.send("[")
        #expect(tmux.waitUntil { Self.sessions(on: $0).map { $0.shown == kept.shown - 1 } ?? false },
                "[ goes to the earlier session from \(kept): \(tmux.capture())")
    }

    /// An app whose every resolve names a new service: with a 32 MB budget (the least allowed)
    /// the graph keeps 8 192 services and the header counts the rest; memory stays bounded.
    @Test func anAppSendingNewNamesAllTheTimeStopsAtTheServiceLimit() {
        guard let (tmux, socket, folder) = listening("new-names", budget: 32) else { return }
        defer { finish(tmux, folder: folder) }
        let (sent, largest) = watchingMemory(of: socket, budget: 32) {
            LiveShapeDriver(shape: .newNames, socketPath: socket).run(seconds: 8)
        }
        #expect(sent.connections == 1 && sent.records >= 10_000, "the driver sent its flood: \(sent)")
        #expect(largest < 64 + 48, "RSS \(largest) MB with a 32 MB budget")
        #expect(tmux.waitUntil(timeout: 30) { $0.contains("more services not shown (limit 8192)") },
                "\(tmux.capture())\n\(crashReport(folder))")
        tmux.send("1")
        #expect(tmux.waitFor("Services 8193"), "the Services tab counts the kept services and the folded node: \(tmux.capture())")
    }
}
