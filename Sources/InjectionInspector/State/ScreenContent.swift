import InjectionGraph

/// Builds the items of a route from the model: the one dispatch from routes to views.
enum ScreenContent {
    static func items(for route: Route, model: InspectorModel, state: InspectorState) -> [ListItem] {
        switch route {
        case .screen(.services): ServicesView.items(model: model, state: state)
        case .screen(.layers): LayersView.items(model: model, state: state)
        case .screen(.scopes): ScopesView.items(model: model, state: state)
        case .screen(.cycles): CyclesView.items(model: model, state: state)
        case .screen(.overrides): OverridesView.items(model: model, state: state)
        case .screen(.missing): MissingView.items(model: model, state: state)
        case .screen(.events): EventsView.items(model: model, state: state)
        case .tree(let service, let kind): ServiceTreeView.items(service: service, kind: kind, model: model, state: state)
        case .crossing(let name): CrossingView.items(crossing: name, model: model, state: state)
        }
    }
}
