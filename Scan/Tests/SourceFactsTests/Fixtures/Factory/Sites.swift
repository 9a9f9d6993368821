import Factory

final class ObservableModel {}

final class ViewModel {
    @Injected(\.api) var api  // #S:injected
    @LazyInjected(\FeatureContainer.feature) var feature  // #S:lazy
    @WeakLazyInjected(\.network) var network  // #S:weak
    @InjectedObject(\.model) var model  // #S:object
    @InjectedObservable(\.observable) var observable  // #S:observable
    @DynamicInjected(\.network) var current  // #S:dynamic

    func run() {
        let network = Container.shared.network()  // #S:call
        let detail = Container.shared.detail(3)  // #S:parameterCall
        let cache = Container.shared.resolve(\.cache)  // #S:resolveKeyPath
        Container.shared.api.register { MockAPI() }  // #R:override
        Container.shared.network.onPreview { MockNetwork() }  // #R:onPreview
        _ = (network, detail, cache)
    }
}
