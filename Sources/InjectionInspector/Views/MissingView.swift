import Injection
import InjectionGraph

/// Screen 6: every failed request, with who asked; the detail pane shows the requester chain,
/// near misses and the line that fixes it. Optional requests that gave nil follow, marked ∅.
///
/// ```
/// ✗ XYZFetching in 'app'  ← XYZService  ×3
/// ∅ Analytics in 'app'  ← CheckoutScreen  nil ×12
/// ```
enum MissingView {
    static func items(model: InspectorModel, state: InspectorState) -> [ListItem] {
        failedItems(model: model, state: state) + nilItems(model: model, state: state)
    }

    /// Optional requests that gave nil (notes of `check`), after the failures.
    static func nilItems(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        return state.report.all.enumerated().compactMap { number, problem in
            guard case .resolvedToNil(let request) = problem else { return nil }
            let from = request.requester?.description ?? "app code"
            let node = request.requester.flatMap { graph.nodeID(for: $0) }
            let matches = state.filter.isActive
                && (state.filter.matches(request.requested, scope: nil) || request.chain.contains { state.filter.matches($0, scope: nil) })
            return ListItem(id: ProblemItems.id(number), node: node, label: "∅ \(request.requested.qualifiedDescription)",
                            note: "← \(from)  nil ×\(request.count)", style: Style(.dim), isMatch: matches)
        }
    }

    static func failedItems(model: InspectorModel, state: InspectorState) -> [ListItem] {
        let graph = model.graph
        return graph.missing.enumerated().map { number, missing in
            let from = missing.requester?.description ?? "app code"
            let node = missing.requester.flatMap { graph.nodeID(for: $0) }
            let matches = state.filter.isActive
                && (state.filter.matches(missing.requested, scope: nil) || missing.chain.contains { state.filter.matches($0, scope: nil) })
            return ListItem(id: "missing:\(number)", node: node, label: "✗ \(missing.requested.qualifiedDescription)",
                            note: "← \(from)  ×\(missing.count)", style: Style(.error, .bold), isMatch: matches)
        }
    }

    static func number(of id: String) -> Int? {
        id.hasPrefix("missing:") ? Int(id.dropFirst("missing:".count)) : nil
    }

    /// The detail sections for one failed request.
    static func sections(for missing: MissingDependency) -> [DetailPane.Section] {
        var sections: [DetailPane.Section] = []
        sections.append(.init(title: "Requested", lines: [
            .init("service", missing.requested.description),
            .init("container", missing.requested.container),
            .init("failed", "\(missing.count)×"),
        ] + (missing.location.map { [.init("at", $0.description)] } ?? [])))
        let chain = missing.chain.isEmpty
            ? [DetailPane.Line("", "app code (no service was being resolved)")]
            : missing.chain.enumerated().map { index, identity in
                DetailPane.Line("", String(repeating: "  ", count: index) + (index == 0 ? "" : "→ ") + identity.qualifiedDescription)
            }
        sections.append(.init(title: "Requester chain", lines: chain))
        if !missing.nearMisses.isEmpty {
            sections.append(.init(title: "Near misses", lines: missing.nearMisses.map { .init("", $0.message, style: Style(.warning)) }))
        }
        sections.append(.init(title: "Fix", lines: [.init("", missing.fix, style: Style(.success, .bold))]))
        return sections
    }

    static func draw(_ context: ViewContext, into canvas: inout Canvas, in rect: Rect) {
        context.drawTree(into: &canvas, in: rect, empty: "No missing registrations, no optional resolved to nil. ✓")
    }
}

extension Screen {
    static let missing = Screen(MissingView.self)
}

extension MissingView: ScreenView {
    static let title = "Missing"
    static var problemArea: GraphProblem.Area? { .missing }

    /// Failed requests and optional ones that gave nil; the badge, the failed ones.
    static func badge(_ source: TabCounts.Source) -> TabBadge {
        TabBadge(count: source.graph.missing.count + source.graph.resolvedToNil.count, warnings: source.problems(in: .missing))
    }

    static func detail(of item: ListItem, context: ViewContext) -> DetailView.Content? {
        guard let number = number(of: item.id), context.graph.missing.indices.contains(number) else { return nil }
        return ("Missing registration", sections(for: context.graph.missing[number]))
    }
}
