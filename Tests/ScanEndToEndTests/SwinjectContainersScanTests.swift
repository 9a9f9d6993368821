import InjectionGraph
import InjectionScan
import Testing

/// Swinject containers are named after the variable that holds them. Several types that each
/// create their own `container` are read as one container (the scan does not follow which
/// instance a variable holds), and the report says so, naming every creation; containers that
/// are alternatives under `#if` are one container and get no note.
@Suite(.serialized)
struct SwinjectContainersScanTests {
    @Test func containersCreatedInSeveralTypesUnderOneNameAreANote() throws {
        try ScanTools.requireBuilt()
        let local = """
            import Swinject

            protocol Notes {}
            final class DiskNotes: Notes { init() {} }
            struct LocalRecorder {
                let container = Container()
                func register() { container.register(Notes.self) { _ in DiskNotes() } }
            }
            """
        let remote = """
            import Swinject

            protocol Feed {}
            final class CloudFeed: Feed { init() {} }
            struct RemoteRecorder {
                let container = Container()
                func register() { container.register(Feed.self) { _ in CloudFeed() } }
            }
            """
        let (declarations, graph) = try ScanTools.scanFiles(["Local.swift": local, "Remote.swift": remote])
        let notes = declarations.notes.filter { $0.kind == "containersReadAsOne" }
        #expect(notes.map(\.message) == [
            "2 Swinject containers are created as 'container' (Local.swift:6, Remote.swift:6): "
                + "read as one container, so a registration in one answers a resolve in another here",
        ])
        let report = graph.check()
        #expect(report.notes.map(\.kind) == ["containersReadAsOne"])
        #expect(report.text.contains("1 set of containers read as one"), "\(report.text)")
    }

    @Test func alternativesUnderIfClausesAreOneContainer() throws {
        try ScanTools.requireBuilt()
        let app = """
            import Swinject

            protocol Clock {}
            final class SystemClock: Clock { init() {} }
            #if DEBUG
            let container = Container()
            #else
            let container = Container(defaultObjectScope: .container)
            #endif
            func wire() { container.register(Clock.self) { _ in SystemClock() } }
            """
        let (declarations, graph) = try ScanTools.scanFiles(["Wiring.swift": app])
        #expect(declarations.notes.filter { $0.kind == "containersReadAsOne" }.isEmpty)
        // Its one note is about the two branches' default scopes, not two containers.
        #expect(graph.check().notes.map(\.kind) == ["guessed", "guessed"], "\(graph.check().text)")
    }
}
