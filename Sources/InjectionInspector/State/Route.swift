/// Where the user is: a top-level screen, or a view drilled into from one. The breadcrumb is a
/// stack of routes; Esc pops it.
///
/// ```swift
/// Route.tree(service: "app|LoginViewModel", .dependencies).title(in: graph)
/// // "LoginViewModel › dependencies"
/// ```
enum Route: Sendable, Hashable {
    case screen(Screen)
    /// A tree rooted at a service (by ``ServiceIdentity/key``).
    case tree(service: String, TreeKind)
    /// The service edges behind one arrow of the layer diagram (by ``LayerCrossing/name``).
    case crossing(String)

    /// What a drilled-in tree shows.
    enum TreeKind: Sendable, Hashable {
        /// What the service resolves, recursively (`d`, Enter).
        case dependencies
        /// Who resolves the service, recursively (`D`).
        case dependents
        /// A path from a root (a service app code resolved) down to the service (`w`).
        case why

        var title: String {
            switch self {
            case .dependencies: "dependencies"
            case .dependents: "dependents"
            case .why: "why"
            }
        }
    }

    /// The top-level screen this route belongs to (for the tab bar).
    var screen: Screen? {
        if case .screen(let screen) = self { return screen }
        return nil
    }
}
