import Injection
import Testing

// A plain sub-container (no library types): its mappings obey the same refusal.
private final class TreeFeed {}
private struct TreeFeeds {
    var live: TreeFeed { TreeFeed() }
    var preview: TreeFeed { TreeFeed() }
}
extension Container {
    fileprivate var treeFeeds: TreeFeeds { TreeFeeds() }
}

/// A mapping loop split between containers: a resolve follows the mappings of the container it
/// starts in and of its ancestors, so a mapping in a parent can close a loop that only a child's
/// resolves would go round. It is refused when set, whichever end is set last, naming every
/// mapping on the loop with its line (exit tests: the refusal stops the program).
struct MappingTreeLoopTests {
    /// The stderr of an exit test that must fail.
    static func stderr(_ result: ExitTest.Result?) -> String {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    }

    @Test func aParentMappingThatClosesAChildsLoopIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            let preview = app.makeChild(name: "preview")
            preview.map(\.login.mockTestViewModel, to: \.login.viewModel, file: "App/Preview.swift", line: 12)
            app.map(\.login.viewModel, to: \.login.mockTestViewModel, file: "App/Setup.swift", line: 30)
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("""
            Mapping loop: mapping Login.mockTestViewModel: LoginViewModel to Login.viewModel: LoginViewModel \
            at App/Setup.swift:30 would lead back to it for resolves from 'preview'.
              Requests for Login.mockTestViewModel: LoginViewModel go to Login.viewModel: LoginViewModel (mapped in 'app' at App/Setup.swift:30)
              Requests for Login.viewModel: LoginViewModel go to Login.mockTestViewModel: LoginViewModel (mapped in 'preview' at App/Preview.swift:12)
              Fix: map it to a provider whose own mappings do not lead back.
            """), "\(stderr)")
    }

    @Test func aChildMappingThatClosesAParentsLoopIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            let preview = app.makeChild(name: "preview")
            app.map(\.login.viewModel, to: \.login.mockTestViewModel, file: "App/Setup.swift", line: 30)
            preview.map(\.login.mockTestViewModel, to: \.login.viewModel, file: "App/Preview.swift", line: 12)
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("""
            Mapping loop: mapping Login.viewModel: LoginViewModel to Login.mockTestViewModel: LoginViewModel \
            at App/Preview.swift:12 would lead back to it.
              Requests for Login.viewModel: LoginViewModel go to Login.mockTestViewModel: LoginViewModel (mapped in 'preview' at App/Preview.swift:12)
              Requests for Login.mockTestViewModel: LoginViewModel go to Login.viewModel: LoginViewModel (mapped in 'app' at App/Setup.swift:30)
            """), "\(stderr)")
    }

    @Test func aGrandchildsLoopIsSeenFromItsGrandparent() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            let feature = app.makeChild(name: "feature")
            let preview = feature.makeChild(name: "preview")
            preview.map(\.login.previewViewModel, to: \.login.viewModel, file: "App/Preview.swift", line: 12)
            feature.map(\.login.mockTestViewModel, to: \.login.previewViewModel, file: "App/Feature.swift", line: 20)
            app.map(\.login.viewModel, to: \.login.mockTestViewModel, file: "App/Setup.swift", line: 30)
        }
        #expect(Self.stderr(result).contains("at App/Setup.swift:30 would lead back to it for resolves from 'preview'."))
    }

    @Test func removingAShadowingMappingThatUncoversALoopIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            let preview = app.makeChild(name: "preview")
            app.map(\.login.mockTestViewModel, to: \.login.viewModel, file: "App/Setup.swift", line: 30)
            preview.map(\.login.previewViewModel, to: \.login.viewModel, file: "App/Preview.swift", line: 12)
            preview.map(\.login.viewModel, to: \.login.mockTestViewModel, file: "App/Preview.swift", line: 13)
            // Preview's own mapping of viewModel hid app's, which leads into preview's loop.
            preview.resetMapping(\.login.viewModel, file: "App/Preview.swift", line: 40)
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("""
            Mapping loop: removing the mapping of Login.viewModel: LoginViewModel at App/Preview.swift:40 would lead back to it.
              Requests for Login.viewModel: LoginViewModel go to Login.mockTestViewModel: LoginViewModel (mapped in 'app' at App/Setup.swift:30)
              Requests for Login.mockTestViewModel: LoginViewModel go to Login.viewModel: LoginViewModel (mapped in 'preview' at App/Preview.swift:13)
            """), "\(stderr)")
    }

    @Test func resettingEveryMappingThatUncoversALoopIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            let feature = app.makeChild(name: "feature")
            let preview = feature.makeChild(name: "preview")
            app.map(\.login.mockTestViewModel, to: \.login.viewModel, file: "App/Setup.swift", line: 30)
            feature.map(\.login.previewViewModel, to: \.login.viewModel, file: "App/Feature.swift", line: 20)
            preview.map(\.login.viewModel, to: \.login.mockTestViewModel, file: "App/Preview.swift", line: 13)
            feature.resetAllMappings(file: "App/Feature.swift", line: 50)
        }
        #expect(Self.stderr(result).contains(
            "Mapping loop: removing every mapping of 'feature' at App/Feature.swift:50 would uncover mappings that lead back to where they start, for resolves from 'preview':"))
    }

    @Test func aPlainKeyPathLoopSplitBetweenChildAndParentIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = Container(name: "app")
            let preview = app.makeChild(name: "preview")
            preview.map(\.treeFeeds.preview, to: \.treeFeeds.live, file: "App/Preview.swift", line: 12)
            app.map(\.treeFeeds.live, to: \.treeFeeds.preview, file: "App/Setup.swift", line: 30)
        }
        let stderr = Self.stderr(result)
        #expect(stderr.contains("Mapping loop: mapping "), "\(stderr)")
        #expect(stderr.contains("at App/Setup.swift:30 would lead back to it for resolves from 'preview'."), "\(stderr)")
        #expect(stderr.contains("(mapped in 'preview' at App/Preview.swift:12)"), "\(stderr)")
        #expect(stderr.contains("(mapped in 'app' at App/Setup.swift:30)"), "\(stderr)")
    }

    @Test func theSameMappingsWithoutALoopAnswerThroughTheChain() {
        let app = Container(name: uniqueName("app"))
        let preview = app.makeChild(name: uniqueName("preview"))
        preview.mappings[\.login.viewModel] = \.login.mockTestViewModel
        app.mappings[\.login.mockTestViewModel] = \.login.previewViewModel
        #expect(preview[\.login.viewModel].title == "Preview", "preview follows its mapping, then app's")
        #expect(app[\.login.viewModel].title == "Login", "app's own resolves follow only app's mappings")
        #expect(app[\.login.mockTestViewModel].title == "Preview")
    }

    @Test func aLoopOnlyASiblingWouldSeeDoesNotStopTheOther() {
        let app = Container(name: uniqueName("app"))
        let left = app.makeChild(name: uniqueName("left"))
        let right = app.makeChild(name: uniqueName("right"))
        left.mappings[\.login.viewModel] = \.login.mockTestViewModel
        right.mappings[\.login.mockTestViewModel] = \.login.viewModel
        #expect(left[\.login.viewModel].title == "Mock")
        #expect(right[\.login.mockTestViewModel].title == "Login")
    }
}
