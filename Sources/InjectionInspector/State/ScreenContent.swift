import InjectionGraph

/// Builds the items of a route from the model: the one dispatch from routes to views.
enum ScreenContent {
    static func items(for route: Route, model: InspectorModel, state: InspectorState) -> [ListItem] {
        switch route {
        case .screen(let screen): screen.view.items(model: model, state: state)
        case .tree(let service, let kind): ServiceTreeView.items(service: service, kind: kind, model: model, state: state)
        case .crossing(let name): CrossingView.items(crossing: name, model: model, state: state)
        }
    }
}
