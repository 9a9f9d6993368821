import Testing
import Injection

struct LayeredContainerTests {
    private func appContainer(_ name: String, layers: some AppLayers) -> Container {
        let container = Container(name: name)
        container.register(scope: .singleton) { AppState() }
        container.use(layers)
        return container
    }

    @Test func viewModelAndInteractorInjectThroughTheirLayers() {
        let container = appContainer("layers-live", layers: LiveLayers())
        withContainer(container) {
            let viewModel = RepositoriesViewModel()
            #expect(viewModel.interactor.network.name == "live")
            #expect(viewModel.appState === viewModel.interactor.appState)
        }
    }

    @Test func swappingTheAssemblySwapsEveryLayerWithoutTouchingInjectingCode() {
        let container = appContainer("layers-mock", layers: MockLayers())
        withContainer(container) {
            let viewModel = RepositoriesViewModel()
            #expect(viewModel.interactor.network.name == "mock")
            #expect(viewModel.appState !== viewModel.interactor.appState)
        }
    }

    @Test func liveAndMockLayersShareTheLayerName() {
        #expect(LiveInteractorLayer.layerName == "Interactor")
        #expect(MockInteractorLayer.layerName == "Interactor")
        #expect(LoginContainer.layerName == "Login")
        let container = appContainer("layers-identity", layers: LiveLayers())
        #expect(container.interactor.network.identity.description == "Interactor.network: Networking")
    }
}
