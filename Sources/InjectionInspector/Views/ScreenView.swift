/// What a top-level screen provides: its rows, built from the model, and how it draws them.
/// A new screen is its view's file plus a case in ``Screen`` and a line in ``Screen/view``.
protocol ScreenView {
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem]
    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect)
}

extension ServicesView: ScreenView {}
extension LayersView: ScreenView {}
extension ScopesView: ScreenView {}
extension CyclesView: ScreenView {}
extension OverridesView: ScreenView {}
extension MissingView: ScreenView {}
extension EventsView: ScreenView {}

extension Screen {
    /// The registry of screens: the view that lists and draws each (the one switch over them;
    /// ``ScreenContent`` and ``InspectorView`` dispatch through it).
    var view: any ScreenView.Type {
        switch self {
        case .services: ServicesView.self
        case .layers: LayersView.self
        case .scopes: ScopesView.self
        case .cycles: CyclesView.self
        case .overrides: OverridesView.self
        case .missing: MissingView.self
        case .events: EventsView.self
        }
    }
}
