import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The Layers screen's diagram, drawn into text buffers of several sizes.
@MainActor
struct LayerDiagramTests {
    static func id(_ type: String, _ layer: String? = nil) -> ServiceIdentity {
        ServiceIdentity(type: type, container: "app", layer: layer, member: layer.map { _ in type.lowercased() })
    }

    /// Screens → view models → use cases → repositories → network → the app's pool, and (with
    /// `breach`) a repository reaching back into the view models.
    static func model(breach: Bool = false) -> InspectorModel {
        let screen = id("Screen"), viewModel = id("LoginViewModel", "ViewModel"), useCase = id("LoginUseCase", "UseCase")
        let repository = id("UserRepository", "Repository"), api = id("API", "Network"), http = id("HTTPClient")
        var sequence: UInt64 = 0
        func resolved(_ service: ServiceIdentity, by requester: ServiceIdentity) -> TraceRecord {
            sequence += 1
            return .event(ResolutionEvent(sequence: sequence, time: sequence * 1_000, thread: 1, kind: .resolved(Resolved(
                service: service, requester: requester, scope: .unique, outcome: .created, source: .factory,
                durationNanoseconds: 10, depth: 2))))
        }
        var records: [TraceRecord] = [.header(TraceHeader(app: "layers", pid: 7, startTime: "2026-11-22T00:00:00Z"))]
        records += [resolved(viewModel, by: screen), resolved(useCase, by: viewModel), resolved(repository, by: useCase),
                    resolved(api, by: repository), resolved(http, by: api), resolved(http, by: repository)]
        if breach { records.append(resolved(viewModel, by: repository)) }
        var model = InspectorModel(connection: .file("layers.ndjson"))
        model.apply(records, now: 0)
        return model
    }

    func lines(_ inspector: Inspector, rows: Int, columns: Int) -> [String] {
        inspector.render(rows: rows, columns: columns).textDump().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func row(of text: String, in lines: [String]) -> Int? { lines.firstIndex { $0.contains(text) } }

    @Test func boxesStackInDependencyOrderWithLabelledArrowsAt80x24() {
        let inspector = Inspector(model: Self.model())
        _ = inspector.render(rows: 24, columns: 80)
        _ = inspector.handle(.character("2"))
        let screen = lines(inspector, rows: 24, columns: 80)
        #expect(screen[3].hasPrefix("5 layers, 6 crossings, no breach"))
        let order = ["│ app/ViewModel  1", "│ app/UseCase  1", "│ app/Repository  1", "│ app/Network  1", "│ app  2"].map { row(of: $0, in: screen) }
        #expect(order.allSatisfy { $0 != nil }, "every layer has a box")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "callers above what they call")
        #expect(screen.filter { $0.contains("◀") }.count == 5, "one arrowhead per layer something calls")
        #expect(screen.contains { $0.contains("│1") }, "each arrow is labelled with its edge count")
        // The selected (first) arrow's edges beside the diagram.
        #expect(screen.contains { $0.contains("app/ViewModel → app/UseCase") })
        #expect(screen.contains { $0.contains("ViewModel.loginviewmodel → UseCase.login") }, "its edges, short names")
    }

    @Test func aBreachIsMarkedWithItsCount() {
        let inspector = Inspector(model: Self.model(breach: true))
        _ = inspector.render(rows: 60, columns: 200)
        _ = inspector.handle(.character("2"))
        let canvas = inspector.render(rows: 60, columns: 200)
        let screen = canvas.textDump()
        #expect(screen.contains("3 breach arrows"))
        #expect(screen.contains("1!"), "breach labels carry a !")
        let styles = canvas.styleDump()
        #expect(styles.contains(Role.error.code), "breaches are drawn in the error role")
    }

    @Test func selectingAnArrowAndEnterListsItsEdgesThenEnterDrillsIntoTheService() {
        let inspector = Inspector(model: Self.model())
        _ = inspector.render(rows: 60, columns: 200)
        for key: Key in [.character("2"), .character("j"), .character("j")] { _ = inspector.handle(key) }
        // Arrows in drawing order: VM→UC, UC→Repo, Repo→Network, Repo→app, Network→app, app→VM.
        #expect(inspector.state.selectedItem?.label == "app/Repository → app/Network")
        _ = inspector.handle(.character("j"))
        _ = inspector.handle(.enter)
        #expect(inspector.state.route == .crossing("app/Repository → app"))
        let screen = inspector.render(rows: 60, columns: 200).textDump()
        #expect(screen.contains("└─ Repository.userrepository: UserRepository → HTTPClient"))
        _ = inspector.handle(.character("j"))
        _ = inspector.handle(.enter)
        #expect(inspector.state.route == .tree(service: Self.id("UserRepository", "Repository").key, .dependencies))
        _ = inspector.handle(.escape)
        _ = inspector.handle(.escape)
        #expect(inspector.state.route == .screen(.layers))
    }

    @Test func degradesToTheListWhenTheDiagramDoesNotFitAndVSwitches() {
        let inspector = Inspector(model: Self.model())
        _ = inspector.render(rows: 14, columns: 60)
        _ = inspector.handle(.character("2"))
        let small = inspector.render(rows: 14, columns: 60).textDump()
        #expect(!small.contains("◀"))
        #expect(small.contains("app/ViewModel → app/UseCase"), "the arrows, as a list")
        _ = inspector.handle(.character("v"))
        let list = inspector.render(rows: 40, columns: 120).textDump()
        #expect(list.contains("Crossings"))
        #expect(list.contains("└─ ViewModel.loginviewmodel: LoginViewModel"))
        _ = inspector.handle(.character("v"))
        #expect(inspector.render(rows: 40, columns: 120).textDump().contains("◀"))
    }
}
