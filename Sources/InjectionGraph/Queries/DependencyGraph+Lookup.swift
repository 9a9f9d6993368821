import Injection

/// Why a user-typed service name found no single service.
///
/// ```swift
/// do { _ = try graph.lookup("XYZFetchr") }
/// catch { print(error) }  // no service matches 'XYZFetchr'; did you mean 'XYZFetching'?
/// ```
public enum ServiceLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing matches; `suggestions` are the closest names.
    case noMatch(query: String, suggestions: [String])
    /// Several services match equally well.
    case ambiguous(query: String, candidates: [String])

    public var description: String {
        switch self {
        case .noMatch(let query, let suggestions):
            let mean = suggestions.map { "'\($0)'" }.joined(separator: ", ")
            return "no service matches '\(query)'" + (suggestions.isEmpty ? "" : "; did you mean \(mean)?")
        case .ambiguous(let query, let candidates):
            let shown = candidates.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            let more = candidates.count > 8 ? " and \(candidates.count - 8) more" : ""
            return "'\(query)' matches \(candidates.count) services: \(shown)\(more); type more of the name "
                + "(or add the container: 'Type in 'app'')"
        }
    }
}

extension DependencyGraph {
    /// Finds the service a person means by `query`, case-insensitively.
    ///
    /// Tries, in order, and returns at the first step that finds exactly one service:
    /// the full description (`Login.viewModel: LoginViewModel`, or with ` in 'app'`) or key; the
    /// type, `Layer.member` or member; a substring of the description.
    ///
    /// ```swift
    /// let id = try graph.lookup("login.viewmodel")
    /// ```
    /// - Throws: ``ServiceLookupError`` when nothing or more than one service matches.
    public func lookup(_ query: String) throws(ServiceLookupError) -> NodeID {
        let q = query.lowercased()
        let tiers: [(ServiceIdentity) -> Bool] = [
            { $0.description.lowercased() == q || $0.qualifiedDescription.lowercased() == q || $0.key.lowercased() == q },
            { id in
                id.type.lowercased() == q || id.member?.lowercased() == q
                    || (id.member.map { ((id.layer.map { $0 + "." } ?? "") + $0).lowercased() == q } ?? false)
            },
            { $0.qualifiedDescription.lowercased().contains(q) },
        ]
        for tier in tiers {
            let found = nodes.filter { tier($0.identity) }
            if found.count == 1 { return found[0].id }
            if found.count > 1 {
                throw .ambiguous(query: query, candidates: found.map(\.identity.qualifiedDescription))
            }
        }
        throw .noMatch(query: query, suggestions: suggestions(for: q))
    }

    /// Up to three service names closest to `query` by edit distance.
    func suggestions(for query: String) -> [String] {
        let limit = max(2, query.count / 3)
        var scored: [(distance: Int, name: String)] = []
        var seen: Set<String> = []
        for node in nodes {
            let identity = node.identity
            var names = [identity.type]
            if let member = identity.member { names.append((identity.layer.map { $0 + "." } ?? "") + member) }
            for name in names where !seen.contains(name) {
                let distance = editDistance(query, name.lowercased())
                if distance <= limit {
                    scored.append((distance, name))
                    seen.insert(name)
                }
            }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
    }
}
