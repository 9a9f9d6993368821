import Injection
import Testing

/// Seed 002's test pattern without `InjectionTesting`: one container for the whole suite, a new
/// assembly (with a new AppState) installed in every test's setUp. `.serialized`: the tests share
/// that container on purpose, as the seed's XCTest cases share their global.
@Suite(.serialized)
struct LiveAssemblyTests {
    static let app = Container(name: uniqueName("seed-002"))
    let appState = SeedAppState()

    /// The setUp: a fresh assembly on the same container, whatever earlier tests resolved.
    init() {
        Self.app.use(SeedLiveLayers(appState: appState))
    }

    @Test func theSetUpsAssemblyIsTheOneInjected() {
        withContainer(Self.app) {
            let viewModel = SeedViewModel()
            #expect(viewModel.appState === appState)
            #expect(viewModel.interactor.appState === appState)
        }
    }

    @Test func everyTestsSetUpAssemblyIsTheOneInjected() {
        // The same as above, run by a second test: whichever runs second sees a container on
        // which the first one resolved everything.
        withContainer(Self.app) {
            #expect(SeedViewModel().appState === appState)
            #expect(Self.app[\.seedViewModel.appState] === appState)
            #expect(Self.app.seedInteractor.appState() === appState)
        }
    }

    @Test func aNewAssemblyPerSetUpOnTheSameContainerIsInjectedEveryTime() {
        let container = Container(name: uniqueName("seed-002-loop"))
        for _ in 0..<3 {
            let state = SeedAppState()
            container.use(SeedLiveLayers(appState: state))
            withContainer(container) {
                let viewModel = SeedViewModel()
                #expect(viewModel.appState === state)
                #expect(viewModel.interactor.appState === state)
            }
        }
    }

    @Test func switchingToPreviewRedirectsEveryLayerHoweverItIsReached() {
        let container = Container(name: uniqueName("seed-002-preview"))
        container.use(SeedLiveLayers(appState: SeedAppState()))
        withContainer(container) {
            let live = SeedViewModel()
            #expect(live.interactor.network.name == "live")
            #expect(container[\.seedInteractor.network].name == "live")
            #expect(container.seedInteractor.network().name == "live")

            let preview = SeedAppState()
            container.use(SeedPreviewLayers(appState: preview))
            // No half-swapped app: the view model's state and its interactor's network both come
            // from the preview assembly, in every access style.
            let next = SeedViewModel()
            #expect(next.appState === preview)
            #expect(next.interactor.appState === preview)
            #expect(next.interactor.network.name == "preview")
            #expect(container[\.seedInteractor.network].name == "preview")
            #expect(container.seedInteractor.network().name == "preview")
        }
    }

    @Test func mappingsFollowTheNewAssemblysLayers() {
        let container = Container(name: uniqueName("seed-002-mapping"))
        container.use(SeedLiveLayers(appState: SeedAppState()))
        container.map(\.seedInteractor.offlineNetwork, to: \.seedInteractor.network)
        #expect(container[\.seedInteractor.network].name == "live offline")
        container.use(SeedPreviewLayers(appState: SeedAppState()))
        #expect(container[\.seedInteractor.network].name == "preview offline")
        #expect(container.seedInteractor.network().name == "preview offline")
    }

    /// Under the new assembly both keypaths name one provider, so the mapping between them
    /// would send a resolve of it back to itself: `use` refuses it, as `map` refuses a loop.
    @Test func anAssemblyThatClosesAMappingLoopIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container(name: "one-network")
            container.use(SeedLiveLayers(appState: SeedAppState()))
            container.map(\.seedInteractor.offlineNetwork, to: \.seedInteractor.network)
            container.use(SeedOneNetworkLayers(appState: SeedAppState()), line: 7)
        }
        let stderr = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(stderr.contains("Mapping loop: using SeedOneNetworkLayers in 'one-network' at InjectionTests/LiveAssemblyTests.swift:7 re-points mappings"), "\(stderr)")
        #expect(stderr.contains("  Requests for SeedOneNetworkInteractor.network: Networking go to SeedOneNetworkInteractor.network: Networking"), "\(stderr)")
        #expect(stderr.contains("Fix: reset one of those mappings before use(_:)"), "\(stderr)")
    }

    @Test func anAssemblyThatKeepsTheProvidersApartKeepsTheMapping() {
        let container = Container(name: uniqueName("seed-002-apart"))
        container.use(SeedOneNetworkLayers(appState: SeedAppState()))
        container.use(SeedLiveLayers(appState: SeedAppState()))
        container.map(\.seedInteractor.offlineNetwork, to: \.seedInteractor.network)
        container.use(SeedPreviewLayers(appState: SeedAppState()))
        #expect(container[\.seedInteractor.network].name == "preview offline")
    }

    @Test func aChildWithoutItsOwnAssemblyChangesWithItsParent() {
        let parent = Container(name: uniqueName("seed-002-parent"))
        parent.use(SeedLiveLayers(appState: SeedAppState()))
        let child = parent.makeChild(name: uniqueName("seed-002-child"))
        #expect(child[\.seedInteractor.network].name == "live")
        parent.use(SeedPreviewLayers(appState: SeedAppState()))
        #expect(child[\.seedInteractor.network].name == "preview")
    }

    @Test func aChildResolvesAProviderItsParentDeclaredWithoutDeclaringItAgain() {
        let parent = Container(name: uniqueName("seed-002-parent"))
        parent.use(SeedLiveLayers(appState: SeedAppState()))
        let network = parent[\.seedInteractor.network]
        let childName = uniqueName("seed-002-child")
        let child = parent.makeChild(name: childName)
        let recorder = EventRecorder(childName)
        recorder.record {
            #expect(child[\.seedInteractor.network] === network)
            #expect(child[\.seedInteractor.network] === network)
            #expect(child.seedInteractor.network() === network)
        }
        #expect(recorder.registered.isEmpty)
    }

    @Test func explicitOverridesAndTypeKeyedRegistrationsSurviveAnAssemblyChange() {
        let container = Container(name: uniqueName("seed-002-override"))
        container.use(SeedLiveLayers(appState: SeedAppState()))
        container.register(scope: .singleton) { XYZSessionManager() }
        let session: XYZSessionManager = container.resolve()
        container.seedInteractor.network.register { SeedNetwork("double") }
        container.use(SeedLiveLayers(appState: SeedAppState()))
        #expect(container[\.seedInteractor.network].name == "double")
        #expect(container.resolve(XYZSessionManager.self) === session)
    }

    @Test func droppedInstancesAreReportedNamingTheAssemblyChange() {
        let name = uniqueName("seed-002-events")
        let container = Container(name: name)
        let recorder = EventRecorder(name)
        recorder.record {
            container.use(SeedLiveLayers(appState: SeedAppState()), line: 1)
            _ = container[\.seedInteractor.network]
            container.use(SeedPreviewLayers(appState: SeedAppState()), line: 2)
        }
        let location = SourceLocation(fileID: #fileID, line: 2)
        #expect(recorder.scopeResets.last == ScopeReset(
            container: name, scope: .singleton, discarded: 1,
            assemblyChange: AssemblyChange(previous: "SeedLiveLayers", installed: "SeedPreviewLayers", location: location)))
        #expect(recorder.scopeResets.first?.assemblyChange?.previous == nil)
        #expect(recorder.scopeResets.first?.discarded == 0)
    }
}
