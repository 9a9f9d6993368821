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
    /// Finds the service a person means by `query`, as ``ServiceNameMatcher`` matches names.
    ///
    /// The best tier any service meets decides: the full description (`Login.viewModel:
    /// LoginViewModel`, or with ` in 'app'`) or key; the type, `Layer.member` or member; the start
    /// of one of those; a substring; the letters in order. Several services at that tier make the
    /// name ambiguous.
    ///
    /// ```swift
    /// let id = try graph.lookup("login.viewmodel")
    /// ```
    /// - Throws: ``ServiceLookupError`` when nothing or more than one service matches.
    public func lookup(_ query: String) throws(ServiceLookupError) -> NodeID {
        let identity = try lookupIdentity(query, among: nodes.map(\.identity))
        return nodeID(for: identity)!
    }

    /// Finds the service `query` means among `identities` (the graph's services, and for `why`
    /// also the ones requested but never registered), with the graph's names as suggestions.
    ///
    /// ```swift
    /// let identity = try graph.lookupIdentity("PaymentGateway", among: graph.namedIdentities)
    /// ```
    /// - Throws: ``ServiceLookupError`` when nothing or more than one service matches.
    public func lookupIdentity(_ query: String, among identities: [ServiceIdentity]) throws(ServiceLookupError) -> ServiceIdentity {
        switch ServiceNameMatcher(query).resolve(among: identities) {
        case .one(let identity):
            return identity
        case .ambiguous(let candidates):
            throw .ambiguous(query: query, candidates: candidates.map(\.qualifiedDescription))
        case .none:
            throw .noMatch(query: query, suggestions: suggestions(for: query.lowercased()))
        }
    }

    /// Every service a name can mean: the graph's services, then those requested without
    /// success (missing, or an optional that gave nil) that are not services of the graph.
    public var namedIdentities: [ServiceIdentity] {
        var identities = nodes.map(\.identity)
        for request in missing + resolvedToNil where nodeID(for: request.requested) == nil {
            identities.append(request.requested)
        }
        return identities
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
