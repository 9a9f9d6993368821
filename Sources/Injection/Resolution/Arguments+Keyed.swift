/// Keyed arguments: a resolve passes a dictionary (Resolver's spelling) or a labelled tuple, the
/// factory reads each value by its key, as Resolver's `Args` does.
///
/// ```swift
/// container.register { _, args in
///     EditorViewModel(id: args("id"), mode: args.optional("mode") ?? "view")
/// }
/// let editor: EditorViewModel = container.resolve(args: (id: 3, mode: "edit"))
/// let same: EditorViewModel = container.resolve(args: ["id": 3, "mode": "edit"])
/// ```
/// The value's type is inferred from where it is used. A key that was not passed, or a value
/// of another type, stops the program with a message that names the service, the keys and
/// types it expected and the ones it was given; ``optional(_:)-(String)`` reads nil instead.
extension Arguments {
    /// The value passed under `key`, as `T`.
    public func callAsFunction<T>(
        _ key: String, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        get(key, as: type, file: file, line: line)
    }

    /// The value passed under `key`, as `T`.
    public func get<T>(
        _ key: String, as type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        guard let typed = optional(key, as: T.self) else {
            // The factory being built asked for an argument the resolve did not give.
            let service = ResolutionContext.current.frames.last?.registration.identity
                ?? ServiceIdentity(type: "<no service being built>", name: nil, container: "?")
            InjectionDiagnostics.trap(
                .argumentMismatch(service: service, expected: "[\"\(key)\": \(typeName(T.self))]", given: givenDescription),
                file: file, line: line)
        }
        return typed
    }

    /// The value passed under `key` as `T`, or nil when the key is absent, its value is nil, or
    /// it has another type.
    public func optional<T>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let value else { return nil }
        // A dictionary is looked up as it is, a tuple element found by its label; anything else
        // is converted (a dictionary of another value type).
        if Swift.type(of: value) == [String: Any].self, let dictionary = value as? [String: Any] {
            return dictionary[key] as? T
        }
        if let labels = Self.tupleLabels(of: value) {
            guard let index = labels.firstIndex(where: { $0 == key }),
                  let element = Self.tupleElement(index, of: value)?.element else { return nil }
            return element as? T
        }
        guard let entry = keyed?[key], let present = entry else { return nil }
        return present as? T
    }

    /// The labels of `value`'s elements (nil for an unlabelled one) when it is a tuple, else nil.
    /// `Mirror` reads them once per tuple type: reflecting the value on every read cost an order
    /// of magnitude more than the cast that reads the element (`Benchmarks/`, the argument shapes).
    static func tupleLabels(of value: Any) -> [String?]? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let known = knownTupleLabels.withLock({ $0[type] }) { return known.isEmpty ? nil : known }
        let mirror = Mirror(reflecting: value)
        // A tuple has at least two elements, so no labels at all marks a type that is not one. An
        // unlabelled element's label, as `Mirror` gives it, is `.0`, `.1`, ….
        let labels = mirror.displayStyle == .tuple ? mirror.children.map { $0.label.flatMap { $0.hasPrefix(".") ? nil : $0 } } : []
        knownTupleLabels.withLock { $0[type] = labels }
        return labels.isEmpty ? nil : labels
    }

    /// The labels read so far, by type: one entry per type an app passes as arguments.
    private static let knownTupleLabels = Lock<[ObjectIdentifier: [String?]]>([:])

    /// The keys passed, sorted; empty when the resolve passed no dictionary or labelled tuple.
    public var keys: [String] { keyed.map { $0.keys.sorted() } ?? [] }

    /// The keyed values a resolve passed: a dictionary, whether written `[String: Any]` or
    /// `[String: Any?]` (converted to the latter), or a labelled tuple's labelled elements.
    var keyed: [String: Any?]? {
        guard let value else { return nil }
        if let dictionary = value as? [String: Any?] { return dictionary }
        if let dictionary = value as? [String: Any] { return dictionary.mapValues { $0 as Any? } }
        guard let labels = Self.tupleLabels(of: value) else { return nil }
        let labelled = labels.enumerated().compactMap { index, label in
            label.map { ($0, Self.tupleElement(index, of: value)?.element) }
        }
        return labelled.isEmpty ? nil : Dictionary(labelled, uniquingKeysWith: { first, _ in first })
    }

    /// What the resolve passed, as a type a person reads: `["id": Int, "mode": String]`, `Int`.
    var givenDescription: String {
        guard let value else { return "no arguments" }
        guard let keyed, Self.tupleLabels(of: value) == nil else { return typeName(Swift.type(of: value)) }
        if keyed.isEmpty { return "[:]" }
        let entries = keyed.keys.sorted().map { key in
            "\"\(key)\": " + (keyed[key].flatMap { $0 }.map { typeName(Swift.type(of: $0)) } ?? "nil")
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }
}
