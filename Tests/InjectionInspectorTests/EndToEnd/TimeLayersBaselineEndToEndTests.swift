import InjectionTrace
import Injection
import InjectionGraph
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The layer diagram, `--baseline` marks and the time cursor in the built `di-inspect`, inside
/// tmux, on traces the sample app recorded.
struct TimeLayersBaselineEndToEndTests {
    let binary = BuiltProducts.diInspect ?? "di-inspect-was-not-built"

    /// Sample-app traces, recorded once per test run.
    enum Recorded {
        static let clean = record("clean", faults: [])
        static let cycle = record("cycle", faults: ["cycle"])

        /// The recorded traces are removed when the test process exits.
        static let removedAtExit: Void = {
            _ = atexit {
                for name in ["clean", "cycle"] { unlink("/tmp/di-inspect-e2e-\(getpid())-\(name).ndjson") }
            }
        }()

        static func record(_ name: String, faults: [String]) -> String {
            _ = removedAtExit
            let path = "/tmp/di-inspect-e2e-\(getpid())-\(name).ndjson"
            let arguments = [BuiltProducts.diInspect ?? "di-inspect", "record", "-o", path, "--",
                             BuiltProducts.sampleApp ?? "sample-app", "--duration", "0.6", "--interval-ms", "2"]
                + faults.flatMap { ["--fault", $0] }
            _ = Spawn.run(arguments)
            return path
        }
    }

    /// `TERM=screen-256color` is what tmux emulates: Home and End arrive as that terminal's keys.
    func open(_ arguments: String, rows: Int, columns: Int) -> TmuxSession {
        TmuxSession(command: "\(binary) open \(arguments); echo EXIT:$?", rows: rows, columns: columns,
                    environment: ["TERM": "screen-256color", "LANG": "C.UTF-8"])
    }

    func lines(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    // MARK: - Layers

    @Test func layerDiagramFitsIn80x24() {
        let tmux = open(Recorded.clean, rows: 24, columns: 80)
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("2")
        #expect(tmux.waitFor("5 layers, 8 crossings, no breach"))
        let screen = lines(tmux.capture())
        let boxes = ["│ app/ViewModel  5", "│ app/UseCase  6", "│ app/Repository  5", "│ app/Network  2", "│ app  "]
        let rows = boxes.map { box in screen.firstIndex { $0.contains(box) } }
        #expect(rows.allSatisfy { $0 != nil }, "a box per layer:\n\(screen.joined(separator: "\n"))")
        #expect(rows.compactMap { $0 } == rows.compactMap { $0 }.sorted(), "callers above what they call")
        #expect(screen.filter { $0.contains("◀") }.count == 5)
        #expect(screen.contains { $0.contains("│6") || $0.contains("┘6") }, "arrows carry their edge counts")
        // The first arrow is selected; its edges are listed beside the diagram.
        #expect(screen.contains { $0.contains("app/ViewModel → app/UseCase") })
        tmux.send("Enter")
        #expect(tmux.waitFor("Layers › app/ViewModel → app/UseCase"))
        #expect(tmux.waitFor("├─ ViewModel."))
        tmux.send("j")
        tmux.send("Enter")
        // The requester's dependency tree: its use cases are its children.
        #expect(tmux.waitFor("─ UseCase."), "Enter on an edge drills into its requester")
        #expect(!tmux.capture().contains("→ UseCase."))
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
    }

    @Test func layerDiagramAtALargeSizeListsTheSelectedArrowsEdges() {
        let tmux = open(Recorded.clean, rows: 60, columns: 200)
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("2")
        #expect(tmux.waitFor("5 layers, 8 crossings"))
        tmux.send("j", "j")  // ViewModel → UseCase, ViewModel → app, UseCase → Repository
        #expect(tmux.waitFor("9 edges,"))
        let screen = tmux.capture()
        #expect(screen.contains("app/UseCase → app/Repository"))
        #expect(screen.contains("UseCase.loadCatalog → Repository.products  ×"))
        tmux.send("v")
        #expect(tmux.waitFor("Crossings"), "v shows the grouped list")
        tmux.resize(rows: 14, columns: 60)
        tmux.send("v")
        #expect(tmux.waitUntil { !$0.contains("◀") && $0.contains("app/ViewModel → app/UseCase") },
                "too small for the diagram: the arrows as a list")
        tmux.send("q")
    }

    // MARK: - Baseline

    @Test func baselineMarksWhatTheCycleRunAdded() {
        let tmux = open("\(Recorded.cycle) --baseline \(Recorded.clean)", rows: 40, columns: 120)
        defer { tmux.close() }
        #expect(tmux.waitFor("+ ProfileCycleUseCase"))
        let screen = tmux.capture()
        #expect(screen.contains("+ ProfileCycleViewModel"))
        #expect(screen.contains("vs di-inspect-e2e-"), "the header names the baseline")
        #expect(!screen.contains("+ Database"), "unchanged services have no mark")
        tmux.send("/")
        tmux.type("changed:")
        tmux.send("Enter")
        #expect(tmux.waitFor("2 shown"))
        #expect(!tmux.capture().contains("Database"))
        tmux.send("4")
        #expect(tmux.waitFor("+ ProfileCycleViewModel"), "the Cycles view marks too")
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
    }

    @Test func baselineMarksRemovedServicesTheOtherWayRound() {
        let tmux = open("\(Recorded.clean) --baseline \(Recorded.cycle)", rows: 40, columns: 120)
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("/")
        tmux.type("changed:removed")
        tmux.send("Enter")
        #expect(tmux.waitFor("− ProfileCycleUseCase"))
        #expect(tmux.capture().contains("− ProfileCycleViewModel"))
        #expect(tmux.waitFor("2 shown"))
        tmux.send("q")
    }

    // MARK: - Time

    /// The last record that brings a new service, whose predecessor is strictly earlier, for a
    /// service the filter `type:` finds alone.
    static func lastNewService(in path: String) throws -> (type: String, previousTime: UInt64) {
        let file = try TraceReader.read(contentsOfFile: path)
        var graph = DependencyGraph()
        var history = GraphHistory()
        var candidates: [(type: String, previousTime: UInt64)] = []
        for record in [TraceRecord.header(file.header)] + file.records {
            let before = graph.nodes.count
            graph.apply(record)
            history.append(record, appliedTo: graph)
            let index = history.count - 1
            if graph.nodes.count == before + 1, index > 0, history.times[index - 1] < history.times[index] {
                candidates.append((graph.nodes[before].identity.type, history.times[index - 1]))
            }
        }
        let types = graph.nodes.map { $0.identity.type.lowercased() }
        let alone = candidates.filter { candidate in
            !candidate.type.contains(" ") && types.count { $0.contains(candidate.type.lowercased()) } == 1
        }
        return try #require(alone.last)
    }

    @Test func steppingBackPastAServicesFirstResolveHidesItThenBringsItBack() throws {
        let (type, previousTime) = try Self.lastNewService(in: Recorded.clean)
        let tmux = open(Recorded.clean, rows: 24, columns: 100)
        defer { tmux.close() }
        #expect(tmux.waitFor("Services"))
        tmux.send("/")
        tmux.type("type:\(type)")
        tmux.send("Enter")
        #expect(tmux.waitFor("1 shown"))
        tmux.send("t")
        tmux.type("+\(previousTime)ns")
        tmux.send("Enter")
        #expect(tmux.waitFor("0 shown"), "before its first record \(type) is not in the graph")
        #expect(tmux.capture().contains("No service matches"))
        tmux.send(">")
        #expect(tmux.waitFor("1 shown"), "one event later it is back")
        tmux.send("<")
        #expect(tmux.waitFor("0 shown"))
        tmux.send("Home")
        #expect(tmux.waitFor("t=0ns/"))
        #expect(tmux.capture().contains("sample-app  pid"), "the header keeps the app's name at the start")
        tmux.send("End")
        #expect(tmux.waitFor("t=end/"))
        #expect(tmux.waitFor("1 shown"))
        tmux.send("q")
    }
}

extension TimeLayersBaselineEndToEndTests {
    @Test func replayPlaysTheTraceAsIfLiveThenAllowsTheTimeCursor() {
        let tmux = open("\(Recorded.clean) --replay --speed 0.5", rows: 24, columns: 100)
        defer { tmux.close() }
        #expect(tmux.waitFor("▶ replay di-inspect-e2e-"), "the header says it is a replay")
        #expect(tmux.waitFor("Replaying di-inspect-e2e-"))
        #expect(tmux.waitFor("Replay finished", timeout: 15))
        #expect(tmux.waitFor("▣ di-inspect-e2e-"), "once played it is a plain file")
        tmux.send("Home")
        #expect(tmux.waitFor("t=0ns/"))
        tmux.send("q")
        #expect(tmux.waitFor("EXIT:0"))
    }

    @Test func speedNeedsReplay() {
        let result = Spawn.run([binary, "open", Recorded.clean, "--speed", "3"])
        #expect(result.status == 64)
        #expect(result.output.contains("--speed needs --replay"))
    }
}
