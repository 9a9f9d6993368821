import Injection
import InjectionGraph

/// The lifetime findings `check` reports in the Scopes tab, after the captives: a replaced
/// instance long-lived services still hold, a resolve from another container, a kept scope that
/// never keeps (a note, listed too: its hit rate is the Scopes tab's own figure).
///
/// ```
/// ⚠ 2 live: AccountSession (singleton) replaced, held by AccountAPIClient, AccountSyncEngine
/// ⚠ other container: StraySettingsViewModel got AuthSession from 'shared' ('app' registers it)
/// · never kept: ThumbnailCache (shared) built 200×, hit 0%
/// ```
extension ScopesView {
    static func lifetimeItems(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        var items: [ListItem] = []
        for (number, problem) in state.report.all.enumerated() {
            let isNote = number >= state.report.problems.count
            let item: (node: ServiceIdentity, label: String, services: [ServiceIdentity])
            switch problem {
            case .replacedInstance(let replaced):
                item = (replaced.service, label(replaced), [replaced.service] + replaced.holders.map(\.service))
            case .crossContainer(let reach):
                item = (reach.requester, label(reach), [reach.requester, reach.service])
            case .unkeptScope(let unkept):
                item = (unkept.service, label(unkept), [unkept.service])
            default:
                continue
            }
            let matches = state.filter.isActive && item.services.contains { state.filter.matches($0, scope: nil) }
            items.append(ListItem(
                id: ProblemItems.id(number), node: graph.nodeID(for: item.node), label: item.label,
                style: isNote ? Style(.dim) : Style(.warning, .bold), isMatch: matches))
        }
        return items
    }

    static func label(_ replaced: ReplacedInstance) -> String {
        let holders = replaced.holders.map(\.service.description).joined(separator: ", ")
        return "⚠ 2 live: \(replaced.service.description) (\(replaced.scope)) replaced, held by \(holders)"
    }

    static func label(_ reach: CrossContainerResolve) -> String {
        "⚠ other container: \(reach.requester.description) got \(reach.service.description) from '\(reach.service.container)' "
            + "('\(reach.expected.container)' registers it)"
    }

    static func label(_ unkept: UnkeptScope) -> String {
        "· never kept: \(unkept.service.description) (\(unkept.scope)) built \(unkept.builds)×, hit \(unkept.hitRate)%"
    }
}
