import Injection

final class AppState {}
protocol InteractorInjectionProtocol { var appState: AppState { get } }
final class InteractorInjection: InteractorInjectionProtocol {
    let appState: AppState
    init(appState: AppState) { self.appState = appState }
}

extension Container {
    var interactor: any InteractorInjectionProtocol { resolve() }  // #S:layerResolve

    func useAppAssembly() {
        register(scope: .singleton) { AppState() }  // #R:selfRegister
        register(scope: .singleton) { c in InteractorInjection(appState: c.resolve()) as InteractorInjectionProtocol }  // #R:layerImpl #S:layerEdge
    }
}

final class Holder {
    @Injected(\.interactor.appState) private var appState  // #S:layerSite
}
