/// What the container knows about a keypath to a plain property: one that returns the service
/// itself (`var viewModel: LoginViewModel { DefaultLoginViewModel() }`), not a ``Provider``.
///
/// It is registered in the resolving container on first use (scope
/// ``/InjectionTrace/Scope/unique``) under a ``ProviderKey`` of its own, so the same code
/// resolves, maps, validates and reports it.
struct PlainKeyPath: Sendable {
    /// The key of its registration; equal keypaths share it.
    let key: ProviderKey
    /// The first component's layer (`Login` for `\.login.viewModel`); nil on `Container` itself.
    let layer: String?
    let member: String

    /// `Login.viewModel: LoginViewModel` in `container`.
    func identity<T>(_ type: T.Type, in container: Container) -> ServiceIdentity {
        ServiceIdentity(type: typeName(T.self), container: container.traceName, layer: layer, member: member)
    }
}

/// Stands in for the layer type in plain keypaths' ``ProviderKey``s: no provider's key collides.
enum PlainKeyPathLayer {}

/// Every plain keypath this process has used, named once.
enum PlainKeyPaths {
    private static let table = Lock<[SendableKeyPath: PlainKeyPath]>([:])

    /// The key and name of `keyPath`, worked out on its first use in the process.
    static func entry(for keyPath: any AnyKeyPath & Sendable) -> PlainKeyPath {
        let sendable = SendableKeyPath(keyPath: keyPath)
        if let known = table.withLock({ $0[sendable] }) { return known }
        // Named outside the lock: naming may read the binary's symbol table.
        let (layer, member) = name(of: keyPath)
        return table.withLock { table in
            if let known = table[sendable] { return known }
            let entry = PlainKeyPath(
                key: ProviderKey(
                    type: ObjectIdentifier(Swift.type(of: keyPath).valueType),
                    layer: ObjectIdentifier(PlainKeyPathLayer.self), site: UInt(table.count + 1)),
                layer: layer, member: member ?? "#\(table.count + 1)")
            table[sendable] = entry
            return entry
        }
    }

    /// The entry of a keypath already used, without naming it.
    static func existing(_ keyPath: any AnyKeyPath & Sendable) -> PlainKeyPath? {
        table.withLock { $0[SendableKeyPath(keyPath: keyPath)] }
    }

    /// Whether `keyPath` leads to a plain property rather than a ``Provider``.
    static func isPlain(_ keyPath: AnyKeyPath) -> Bool {
        !(Swift.type(of: keyPath).valueType is any ProviderKeyed.Type)
    }

    /// The layer and member of a keypath from its description (`\Container.login.viewModel`, or
    /// `<computed 0x… (LoginContainer)>` components on Linux, named by ``KeyPathSymbols``). Nil
    /// member: a computed property nobody could name.
    static func name(of keyPath: AnyKeyPath) -> (layer: String?, member: String?) {
        let components = KeyPathDescription.components(of: keyPath.debugDescription)
        guard !components.isEmpty else { return (nil, nil) }
        let names = components.map { $0.name ?? $0.address.flatMap(KeyPathSymbols.memberName(at:)) }
        if components.count == 1 { return (nil, names[0]) }
        let first = components[0]
        let layer = first.type.map(LayerName.derive(from:)) ?? names[0].map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let rest = names.dropFirst()
        guard rest.allSatisfy({ $0 != nil }) else { return (layer, nil) }
        return (layer, rest.map { $0! }.joined(separator: "."))
    }
}

/// The components of a keypath's `debugDescription`.
enum KeyPathDescription {
    struct Component: Equatable {
        /// The property name, where the description shows it.
        var name: String?
        /// The getter thunk's address of a computed property the runtime could not name.
        var address: UInt?
        /// The component's value type, where the description shows it.
        var type: String?
    }

    static func components(of description: String) -> [Component] {
        // `\Root.a.b`: drop the backslash and the root type.
        guard description.hasPrefix("\\") else { return [] }
        let parts = topLevelParts(description.dropFirst())
        return parts.dropFirst().map(component)
    }

    /// Splits at dots outside `<…>`, `(…)` and `[…]`.
    static func topLevelParts(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "." where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }

    private static func component(_ text: Substring) -> Component {
        var text = text
        while let last = text.last, last == "?" || last == "!" { text = text.dropLast() }
        guard text.hasPrefix("<computed ") else { return Component(name: String(text)) }
        // <computed 0x000055de02c5f030 (LoginContainer)>
        var component = Component()
        if let hexStart = text.firstRange(of: "0x") {
            let hex = text[hexStart.upperBound...].prefix { $0.isHexDigit }
            component.address = UInt(hex, radix: 16)
        }
        if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            component.type = String(text[text.index(after: open)..<close])
        }
        return component
    }
}
