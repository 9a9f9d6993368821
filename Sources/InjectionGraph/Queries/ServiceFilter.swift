import Injection

/// A filter over services, parsed from the small language the inspector's `/` prompt accepts.
///
/// Terms are separated by spaces. `key:value` terms filter one property, and a value may be the
/// start of what it matches (`layer:Repo`, `scope:single`). Other words match a service as
/// ``ServiceNameMatcher`` matches names (its type, member, description, or their letters in order,
/// as fzf does), or its container, or one of its flags (`captive`, `cycle`, `missing`, `stale`,
/// `mapped`, as the Services screen's Flags column shows them). All ignoring case and Latin
/// accents (``SearchFolding``: `name:cafe` meets `café`). Different
/// keys must all match; the same key given twice matches either value. Quote a value that
/// contains spaces.
///
/// | term | matches services… |
/// |---|---|
/// | `layer:Net` | declared in a layer whose name starts with `Net` (or `app/Net…`) |
/// | `scope:single` | whose scope starts with `single` |
/// | `container:app` | owned by a container whose name starts with `app` |
/// | `name:edit` | registered under a name that starts with `edit` |
/// | `type:Fetch` | whose type contains `Fetch` |
/// | `flag:captive` | flagged `captive` (also `cycle`, `missing`, `stale`, `mapped`) |
/// | `view model` | matching both `view` and `model` |
///
/// ```swift
/// let filter = try ServiceFilter(parsing: "layer:Network scope:singleton fetch")
/// let ids = graph.nodes(matching: filter)
/// ```
public struct ServiceFilter: Sendable, Hashable {
    /// The keys a `key:value` term may use.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        case layer, scope, container, name, type, flag
    }

    /// Accepted values per key (any of them matches), lowercased and without Latin accents.
    public private(set) var values: [Key: [String]] = [:]
    /// Free-text words, lowercased and without Latin accents; each must match.
    public private(set) var words: [String] = []

    /// The filter that matches every service.
    public init() {}

    /// Parses the filter language.
    ///
    /// - Throws: ``FilterParseError`` for an unknown key, an empty value or an unclosed quote.
    public init(parsing text: String) throws(FilterParseError) {
        for token in try Self.tokens(text) {
            if let colon = token.firstIndex(of: ":"), colon != token.startIndex,
               token[..<colon].allSatisfy(\.isLetter) {
                let keyText = token[..<colon].lowercased()
                guard let key = Key(rawValue: keyText) else { throw .unknownKey(String(token[..<colon])) }
                let value = token[token.index(after: colon)...]
                guard !value.isEmpty else { throw .emptyValue(key.rawValue) }
                values[key, default: []].append(SearchFolding.fold(value))
            } else {
                words.append(SearchFolding.fold(token))
            }
        }
    }

    /// Whether the filter lets every service through.
    public var isEmpty: Bool { values.isEmpty && words.isEmpty }

    /// Whether `identity` (with `scope`, and the Flags column's words `flags`) passes.
    ///
    /// ```swift
    /// filter.matches(node.identity, scope: node.scope, flags: ["captive"])
    /// ```
    public func matches(_ identity: ServiceIdentity, scope: Scope?, flags: [String] = []) -> Bool {
        for (key, accepted) in values {
            let passes = accepted.contains { value in
                switch key {
                case .layer:
                    let layer = identity.layer.map(SearchFolding.fold)
                    return layer?.hasPrefix(value) == true || SearchFolding.fold(LayerID(identity).description).hasPrefix(value)
                case .scope: return scope?.name.lowercased().hasPrefix(value) == true
                case .container: return SearchFolding.fold(identity.container).hasPrefix(value)
                case .name: return identity.name.map(SearchFolding.fold)?.hasPrefix(value) == true
                case .type: return SearchFolding.fold(identity.type).contains(value)
                case .flag: return flags.contains { $0.lowercased().hasPrefix(value) }
                }
            }
            if !passes { return false }
        }
        guard !words.isEmpty else { return true }
        let container = SearchFolding.fold(identity.container)
        return words.allSatisfy { word in
            ServiceNameMatcher(word).matches(identity) || container.hasPrefix(word)
                || flags.contains { $0.lowercased().hasPrefix(word) }
        }
    }

    /// Splits on spaces, keeping quoted runs (`"a b"`, `layer:"My Layer"`) together.
    static func tokens(_ text: String) throws(FilterParseError) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inQuotes = false
        var hasToken = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                hasToken = true
            } else if character.isWhitespace && !inQuotes {
                if hasToken { tokens.append(current) }
                current = ""
                hasToken = false
            } else {
                current.append(character)
                hasToken = true
            }
        }
        if inQuotes { throw .unclosedQuote }
        if hasToken { tokens.append(current) }
        return tokens
    }
}

/// Why a filter did not parse, worded for the prompt's status line.
///
/// ```swift
/// do { _ = try ServiceFilter(parsing: "lyr:Network") }
/// catch { print(error) }  // unknown filter key 'lyr'; use layer:, scope:, container:, name:, type: or flag:
/// ```
public enum FilterParseError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownKey(String)
    case emptyValue(String)
    case unclosedQuote

    public var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown filter key '\(key)'; use layer:, scope:, container:, name:, type: or flag:"
        case .emptyValue(let key):
            "'\(key):' needs a value, as in \(key):\(key == "scope" ? "singleton" : "Login")"
        case .unclosedQuote:
            "a quote is not closed; close it with \""
        }
    }
}

extension DependencyGraph {
    /// The services that pass `filter`, in node order.
    ///
    /// ```swift
    /// let singletons = graph.nodes(matching: try ServiceFilter(parsing: "scope:singleton"))
    /// ```
    public func nodes(matching filter: ServiceFilter, flags: (NodeID) -> [String] = { _ in [] }) -> [NodeID] {
        nodes.indices.filter { filter.matches(nodes[$0].identity, scope: nodes[$0].scope, flags: flags($0)) }
    }
}
