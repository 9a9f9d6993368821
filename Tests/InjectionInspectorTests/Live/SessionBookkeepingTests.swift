import Injection
import InjectionGraph
import InjectionSynthetic
import InjectionTrace
import Testing
@testable import InjectionInspector

/// The inspector's session bookkeeping under everything a listener can send, in any order:
/// apps connecting past the session cap (ended ones forgotten), reconnecting into an earlier
/// session, ending twice, sending after their end, a launched app ending whose pid several
/// sessions share, updates cut mid-batch and carried to the next frame, histories compacted in
/// slices, the user switching sessions and moving in time. After every step the session shown
/// and every index the connection and process maps keep name a session that exists, and a frame
/// renders. (A debug `listen` once died with a trap while app after app came and went.)
@MainActor
struct SessionBookkeepingTests {
    /// One app as the test drives it: its connection, its header (several connections share
    /// one when the app reconnects), and whether its stream started or ended.
    struct App {
        let connection: Int
        let header: TraceHeader
        var sentHeader = false
        var ended = false
    }

    static func resolve(_ service: String, by requester: String?, at time: UInt64) -> TraceRecord {
        .event(ResolutionEvent(sequence: time, time: time, thread: 1, kind: .resolved(Resolved(
            service: ServiceIdentity(type: service, container: "app"),
            requester: requester.map { ServiceIdentity(type: $0, container: "app") }, scope: .singleton,
            outcome: .cached, source: .factory, durationNanoseconds: 10, depth: 1))))
    }

    /// What a run went through: the first step whose bookkeeping did not add up (nil when
    /// none), and how much of the ground it covered.
    struct Run {
        var problem: String?
        var peakSessions = 0
        /// Ended sessions forgotten because the sessions held more than the budget.
        var forgottenOverBudget = 0
        var framesCut = 0
        var reconnections = 0
        var compactions = 0
    }

    /// Drives one inspector through `steps` random steps.
    func hammer(seed: UInt64, steps: Int) -> Run {
        var run = Run()
        // SplitMix64: a failing seed replays exactly.
        var random = SplitMix64(seed: seed)
        // A small budget: histories compact while sessions come and go.
        let inspector = Inspector(model: InspectorModel(connection: .waiting("unix:/tmp/x.sock")), memoryBudget: 1 << 20)
        var apps: [App] = []
        var pending: [LiveUpdate] = []
        var time: UInt64 = 1_000
        var paused = false
        let processes: [Int32] = [100, 200, 300]
        // A busy app first: its history outweighs its graph, so the budget cuts it, a slice per
        // tick while the others come and go (a quiet app's history is lighter than the graph a
        // cut would rebuild, and is kept whole).
        let busy = TraceHeader(app: "busy", pid: 100, startTime: "2026-11-25T08:00:00Z")
        apps.append(App(connection: 1, header: busy, sentHeader: true))
        pending += [.session(connection: 1, name: "#1", processID: busy.pid), .connection(1, .live),
                    .records(connection: 1, [.header(busy)] + (0..<3_000).map { offset in
                        Self.resolve("S\(offset % 24)", by: offset % 3 == 0 ? nil : "S\(offset % 7)", at: 1 + UInt64(offset / 4))
                    })]
        for step in 0..<steps {
            time += 1_000
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<14:
                // A new app, or the same app reconnecting (same name, pid and start time).
                let connection = apps.count + 1
                let header = Bool.random(using: &random) && !apps.isEmpty
                    ? apps.randomElement(using: &random)!.header
                    : TraceHeader(app: "app-\(connection)", pid: processes.randomElement(using: &random)!,
                                  startTime: "2026-11-25T08:00:00Z")
                apps.append(App(connection: connection, header: header))
                pending += [.session(connection: connection, name: "#\(connection)", processID: header.pid),
                            .connection(connection, .live)]
            case 14..<60:
                // Records from any connection, ended or not (the intake lets a few through).
                guard !apps.isEmpty else { continue }
                let index = Int.random(in: max(0, apps.count - 8)..<apps.count, using: &random)
                var records: [TraceRecord] = []
                if !apps[index].sentHeader {
                    apps[index].sentHeader = true
                    records.append(.header(apps[index].header))
                }
                for offset in 0..<Int.random(in: 1..<120, using: &random) {
                    let service = "S\(Int.random(in: 0..<24, using: &random))"
                    records.append(Self.resolve(service, by: offset % 3 == 0 ? nil : "S\(offset % 24)", at: time + UInt64(offset)))
                }
                if Int.random(in: 0..<6, using: &random) == 0 {
                    records.append(.end(time: time + 500, reason: "exit"))
                }
                pending.append(.records(connection: apps[index].connection, records))
            case 60..<75:
                guard !apps.isEmpty else { continue }
                let index = Int.random(in: 0..<apps.count, using: &random)
                apps[index].ended = true
                pending.append(.connection(apps[index].connection, .disconnected("connection closed")))
            case 75..<78:
                pending.append(.launchedAppEnded(processID: processes.randomElement(using: &random)!, ending: "exited with status 0",
                                                 failed: false, output: []))
            case 78..<80:
                pending.append(.message("message \(step)"))
            case 80..<90:
                // A frame's worth of updates, cut wherever `shouldStop` says.
                guard !paused else { continue }
                var taken = pending
                pending = []
                while inspector.absorbNext(from: { defer { taken = [] }; return taken }, until: {
                    Int.random(in: 0..<4, using: &random) == 0
                }) {
                    if !inspector.carried.isEmpty { run.framesCut += 1 }
                }
            case 90..<95:
                _ = inspector.tick(now: ContinuousClock.now, shouldYield: { Int.random(in: 0..<3, using: &random) == 0 })
            case 95..<97:
                _ = inspector.render(rows: 48, columns: 160)
            default:
                let keys: [Key] = [.character("["), .character("]"), .character("j"), .character("7"), .character("1"),
                                   .character("p"), .character("<"), .character("{"), .end]
                let key = keys.randomElement(using: &random)!
                if key == .character("p") { paused.toggle() }
                _ = inspector.handle(key)
            }
            let problems = inspector.store.bookkeepingProblems
            if !problems.isEmpty {
                run.problem = "seed \(seed), step \(step): \(problems)"
                return run
            }
            run.peakSessions = max(run.peakSessions, inspector.sessions.count)
            // Counted while it runs: a compacted session may be forgotten before the end.
            run.compactions = max(run.compactions, inspector.sessions.count { $0.history.droppedRecords > 0 })
        }
        run.reconnections = inspector.sessions.reduce(0) { $0 + $1.reconnections }
        run.forgottenOverBudget = inspector.store.forgottenOverBudget
        return run
    }

    @Test(arguments: 1...12)
    func sessionsComingGoingAndForgottenKeepEveryIndexValid(seed: UInt64) {
        let run = hammer(seed: seed, steps: 1_200)
        #expect(run.problem == nil)
        // The ground covered: ended sessions forgotten, either at the cap or, with this small
        // budget, because the sessions held more than it (about 170 apps came), frames cut
        // mid-batch, apps rejoining their earlier session, histories compacted.
        #expect(run.peakSessions >= SessionStore.maximumSessions || run.forgottenOverBudget > 0, "\(run)")
        #expect(run.compactions > 0, "\(run)")
        #expect(run.framesCut > 0, "\(run)")
        #expect(run.reconnections > 0, "\(run)")
    }
}
