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
            argumentTrap(expected: "[\"\(key)\": \(typeName(T.self))]", file: file, line: line)
        }
        return typed
    }

    /// The value passed under `key` as `T`, or nil when the key is absent, its value is nil, or
    /// it has another type.
    public func optional<T>(_ key: String, as type: T.Type = T.self) -> T? {
        // A dictionary is looked up as it is; anything else is converted (a labelled tuple).
        if let value, Swift.type(of: value) == [String: Any].self, let dictionary = value as? [String: Any] {
            return dictionary[key] as? T
        }
        guard let entry = keyed?[key], let present = entry else { return nil }
        return present as? T
    }

    /// The keys passed, sorted; empty when the resolve passed no dictionary or labelled tuple.
    public var keys: [String] { keyed.map { $0.keys.sorted() } ?? [] }

    /// The keyed values a resolve passed: a dictionary, whether written `[String: Any]` or
    /// `[String: Any?]` (converted to the latter), or a labelled tuple's labelled elements.
    var keyed: [String: Any?]? {
        guard let value else { return nil }
        if let dictionary = value as? [String: Any?] { return dictionary }
        if let dictionary = value as? [String: Any] { return dictionary.mapValues { $0 as Any? } }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .tuple else { return nil }
        let labelled = mirror.children.compactMap { child in child.label.flatMap { Self.isTupleLabel($0) ? ($0, child.value as Any?) : nil } }
        return labelled.isEmpty ? nil : Dictionary(labelled, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `label`, a tuple element's label as `Mirror` gives it, was written: an unlabelled
    /// element's is `.0`, `.1`, ….
    private static func isTupleLabel(_ label: String) -> Bool { !label.hasPrefix(".") }

    /// What the resolve passed, as a type a person reads: `["id": Int, "mode": String]`, `Int`.
    var givenDescription: String {
        guard let value else { return "no arguments" }
        guard let keyed, Mirror(reflecting: value).displayStyle != .tuple else { return typeName(Swift.type(of: value)) }
        if keyed.isEmpty { return "[:]" }
        let entries = keyed.keys.sorted().map { key in
            "\"\(key)\": " + (keyed[key].flatMap { $0 }.map { typeName(Swift.type(of: $0)) } ?? "nil")
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    /// Stops the program: the factory being built asked for an argument the resolve did not give.
    private func argumentTrap(expected: String, file: StaticString, line: UInt) -> Never {
        let service = ResolutionContext.current.frames.last?.registration.identity
            ?? ServiceIdentity(type: "<no service being built>", name: nil, container: "?")
        InjectionDiagnostics.trap(
            .argumentMismatch(service: service, expected: expected, given: givenDescription),
            file: file, line: line)
    }
}
