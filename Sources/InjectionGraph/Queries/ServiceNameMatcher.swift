import Injection

/// How a typed name is matched to services: one rule for `why`, `export --focus`, `list`'s
/// filter and the inspector's `/` filter, so every command and view understands a name alike.
///
/// A query matches a service, ignoring case and Latin accents (``SearchFolding``: `cafe` meets
/// `Café`), at the first of these tiers that it meets:
///
/// | tier | the query is… | `HTTPClient (name: "public")` is met by |
/// |---|---|---|
/// | ``Tier/exact`` | its description, `… in 'container'` or key | `httpclient (name: "public")` |
/// | ``Tier/name`` | its type, member, or `Layer.member` | `HTTPClient` |
/// | ``Tier/prefix`` | the start of its type, member or description | `HTTPCl` |
/// | ``Tier/substring`` | inside its description with the container | `public` |
/// | ``Tier/fuzzy`` | its description's letters in order, gaps allowed (as fzf) | `httpcpub` |
///
/// A lookup (``resolve(among:)``: `why`, `export --focus`) takes the best tier that anything
/// meets, short of ``Tier/fuzzy``: it picks one service the user does not see, so it must not
/// guess at a typo, which gets suggestions instead. A filter narrows a list the user sees, so
/// it also keeps fuzzy matches. Several services at the best tier make the name ambiguous, and
/// the caller says so rather than picking one.
///
/// ```swift
/// let names = [ServiceIdentity(type: "HTTPClient", name: "public", container: "app")]
/// ServiceNameMatcher("httpcl").tier(of: names[0])  // .prefix
/// ```
public struct ServiceNameMatcher: Sendable, Hashable {
    /// How closely a service matches, best first.
    public enum Tier: Int, Sendable, Hashable, Comparable, CaseIterable {
        case exact, name, prefix, substring, fuzzy

        public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The query, lowercased and without Latin accents.
    public let query: String

    public init(_ query: String) {
        self.query = SearchFolding.fold(query)
    }

    /// The best tier at which `identity` matches, or nil when it does not.
    public func tier(of identity: ServiceIdentity) -> Tier? {
        let description = SearchFolding.fold(identity.description)
        if description == query || SearchFolding.fold(identity.qualifiedDescription) == query || SearchFolding.fold(identity.key) == query {
            return .exact
        }
        let type = SearchFolding.fold(identity.type)
        let member = identity.member.map(SearchFolding.fold)
        let layerMember = member.map { (identity.layer.map { SearchFolding.fold($0) + "." } ?? "") + $0 }
        if type == query || member == query || layerMember == query { return .name }
        if type.hasPrefix(query) || member?.hasPrefix(query) == true || layerMember?.hasPrefix(query) == true
            || description.hasPrefix(query) {
            return .prefix
        }
        if SearchFolding.fold(identity.qualifiedDescription).contains(query) { return .substring }
        if Self.isSubsequence(query, of: description) { return .fuzzy }
        return nil
    }

    /// Whether `identity` matches at any tier.
    public func matches(_ identity: ServiceIdentity) -> Bool { tier(of: identity) != nil }

    /// What a name means among `identities`: the single best match, or all the ones that tie.
    public enum Resolution: Sendable, Hashable {
        case one(ServiceIdentity)
        /// Several match equally well (in the order given).
        case ambiguous([ServiceIdentity])
        case none
    }

    /// The services `query` means among `identities` (duplicates ignored; letters in order are
    /// not enough, see above).
    ///
    /// ```swift
    /// switch ServiceNameMatcher("HTTPClient").resolve(among: identities) {
    /// case .one(let identity): print(identity)
    /// case .ambiguous(let all): print("which one?", all)
    /// case .none: print("no such service")
    /// }
    /// ```
    public func resolve(among identities: [ServiceIdentity]) -> Resolution {
        var best: Tier?
        var found: [ServiceIdentity] = []
        var seen: Set<ServiceIdentity> = []
        for identity in identities where !seen.contains(identity) {
            seen.insert(identity)
            guard let tier = tier(of: identity), tier != .fuzzy else { continue }
            if best == nil || tier < best! {
                best = tier
                found = [identity]
            } else if tier == best {
                found.append(identity)
            }
        }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .ambiguous(found)
        }
    }

    /// Whether every character of `needle` occurs in `haystack` in order.
    static func isSubsequence(_ needle: String, of haystack: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var remaining = needle[...]
        for character in haystack where character == remaining.first {
            remaining.removeFirst()
            if remaining.isEmpty { return true }
        }
        return false
    }
}
