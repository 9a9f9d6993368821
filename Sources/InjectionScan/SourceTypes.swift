import Injection
import InjectionScanFacts

/// The types every scanned file declares, merged by name (a type and its extensions): what the
/// linker asks to type `X(a: resolve())`, to know protocols, and to find the layer a keypath
/// accessor returns.
struct SourceTypes {
    private var byName: [String: [DeclaredType]] = [:]
    /// Declared protocols.
    private(set) var protocols: Set<String> = []
    /// `extension Container { var network: NetworkLayer { … } }`: accessor → the type declaring
    /// it → the layer type it returns.
    private var layerAccessors: [String: [String: String]] = [:]

    /// `typealias LocationsManagerType = LocationsManager`: the alias → the type it names.
    private var aliases: [String: String] = [:]

    /// The names in ``byName`` under which a `DependencyLayer` type is declared.
    private var layerNames: Set<String> = []

    init(_ files: [FileFacts]) {
        for file in files {
            for type in file.types {
                byName[type.name, default: []].append(type)
                let last = Self.lastComponent(type.name)
                if last != type.name { byName[last, default: []].append(type) }
                if type.kind == .protocol { protocols.insert(last) }
                // A function type's alias is no service key anyone writes.
                if type.kind == .typealias, let target = type.aliasOf, !target.contains("->"), aliases[type.name] == nil {
                    aliases[type.name] = Self.normalized(target)
                }
            }
        }
        for (name, types) in byName where types.contains(where: Self.isLayerDeclaration) { layerNames.insert(name) }
        // Without a layer type no property is a layer accessor.
        guard !layerNames.isEmpty else { return }
        for (_, types) in byName {
            for type in types {
                for property in type.properties {
                    guard let written = property.type ?? property.initializerType else { continue }
                    let layer = Self.normalized(written)
                    if isLayer(layer) { layerAccessors[property.name, default: [:]][Self.lastComponent(type.name)] = layer }
                }
            }
        }
    }

    /// The layer types an accessor can return, sorted: the one `owner` declares when the sources
    /// declare it there, otherwise every layer an accessor of that name returns (two containers
    /// may each have a `network` of their own layer type). Empty when it returns no layer.
    func layers(reachedBy accessor: String, on owner: String?) -> [String] {
        guard let declared = layerAccessors[accessor] else { return [] }
        if let owner, let layer = declared[Self.lastComponent(owner)] { return [layer] }
        return Set(declared.values).sorted()
    }

    static func lastComponent(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    /// A type as the runtime names it: no module prefix, no `any`/`some`, no trailing `?`/`!`.
    static func normalized(_ written: String) -> String {
        var text = written.trimmingCharacters(in: " ")
        for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        // `(any P)` is `P`; a tuple `(a: X, b: Y)` keeps its parentheses, as the runtime names it.
        if isOneParenthesisedType(text) { return normalized(String(text.dropFirst().dropLast())) }
        return text
    }

    /// `(any P)`: one type in one pair of parentheses (not a tuple, not `(A) -> (B)`).
    private static func isOneParenthesisedType(_ text: String) -> Bool {
        guard text.hasPrefix("("), text.hasSuffix(")") else { return false }
        var depth = 0
        for (offset, character) in text.enumerated() {
            switch character {
            case "(", "<", "[": depth += 1
            case ")", ">", "]": depth -= 1
            case ",", ":": if depth == 1 { return false }
            default: break
            }
            if depth == 0 && offset < text.count - 1 { return false }
        }
        return true
    }

    /// A type as written, as the runtime names it: through the typealiases the sources declare
    /// (an alias and the type it names are one metatype, one key).
    func named(_ written: String) -> String {
        var type = Self.normalized(written)
        var seen: Set<String> = [type]
        while let target = aliases[type], seen.insert(target).inserted { type = target }
        return type
    }

    /// `written` as a type nested where it is written (``qualified(_:in:)``), through aliases;
    /// nil when no nested type of that name is declared there.
    func nested(_ written: String, in enclosing: String?) -> String? {
        let plain = Self.normalized(written)
        let type = qualified(plain, in: enclosing)
        return type == plain ? nil : named(type)
    }

    /// `ViewModel` written inside `LoginView` (or an extension of it) names `LoginView.ViewModel`
    /// when the sources nest one there: Swift looks a name up from the innermost type out.
    func qualified(_ type: String, in enclosing: String?) -> String {
        guard var scope = enclosing, !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return type }
        while true {
            let candidate = scope + "." + type
            if byName[candidate]?.contains(where: { $0.name == candidate && $0.kind != .extension }) == true { return candidate }
            guard let dot = scope.lastIndex(of: ".") else { return type }
            scope = String(scope[..<dot])
        }
    }

    func declarations(of name: String) -> [DeclaredType] {
        byName[name] ?? byName[Self.lastComponent(name)] ?? []
    }

    /// Whether `name` is a `DependencyLayer` (keypath layer) type: of ``declarations(of:)``.
    func isLayer(_ name: String) -> Bool {
        byName[name] != nil ? layerNames.contains(name) : layerNames.contains(Self.lastComponent(name))
    }

    private static func isLayerDeclaration(_ type: DeclaredType) -> Bool {
        type.inherited.contains { $0 == "DependencyLayer" || $0.hasSuffix(".DependencyLayer") }
    }

    func isProtocol(_ name: String) -> Bool { protocols.contains(Self.lastComponent(name)) }

    /// What `type` conforms to or inherits from, as far as the sources declare it: the types its
    /// declarations and extensions name, then theirs, in the order met (generic arguments and
    /// `any` dropped; at most a few hundred, for a hostile hierarchy).
    func conformances(of type: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [Self.lastComponent(type)]
        var queue = [type]
        while !queue.isEmpty, found.count < 256 {
            let next = queue.removeFirst()
            for declaration in declarations(of: Self.withoutGenericArguments(next)) {
                for written in declaration.inherited {
                    let inherited = Self.withoutGenericArguments(Self.normalized(written))
                    guard seen.insert(Self.lastComponent(inherited)).inserted else { continue }
                    found.append(inherited)
                    queue.append(inherited)
                }
            }
        }
        return found
    }

    /// The name a constant stands for where the sources declare it: `.fred`, `Resolver.Name.fred`
    /// → `fred` from `extension Resolver.Name { static let fred = Self("fred") }` (or a `String`
    /// constant); nil for any other expression.
    func nameConstant(_ written: String) -> String? {
        guard let dot = written.lastIndex(of: "."), written[written.index(after: dot)...].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        let member = String(written[written.index(after: dot)...])
        let owner = String(written[..<dot])
        for type in owner.isEmpty ? ["Resolver.Name", "Name", "String"] : [owner] {
            for declaration in byName[type] ?? [] {
                if let value = declaration.properties.first(where: { $0.name == member && $0.isStatic })?.stringValue { return value }
            }
        }
        return nil
    }

    /// The type of the parameter a `resolve()` fills in `callee(label: resolve())`, from the
    /// initialisers the sources declare for `callee`: the overload whose labels match the call.
    func parameterType(of call: ContextualCall) -> String? {
        var callee = call.callee
        if callee.hasSuffix(".init") { callee.removeLast(".init".count) }
        // `ProfileView<ProfileViewModel>(viewModel: resolve())`: the arguments written for the
        // type's generic parameters.
        let arguments = Self.genericArgumentsWritten(in: callee)
        callee = Self.withoutGenericArguments(callee)
        let declared = declarations(of: callee)
        guard let written = writtenParameterType(of: call, in: declared) else { return nil }
        let generics = declared.first { !$0.genericParameters.isEmpty }?.genericParameters ?? []
        guard let position = generics.firstIndex(of: Self.normalized(written)) else { return named(written) }
        // A generic parameter: the argument written for it, if any. One written without its own
        // arguments (`AppViewModel` for `AppViewModel<N>`) is inferred by the compiler: unknown here.
        guard position < arguments.count else { return nil }
        let argument = arguments[position]
        if !argument.contains("<"), declarations(of: argument).contains(where: { !$0.genericParameters.isEmpty }) { return nil }
        return named(argument)
    }

    /// `ListView<LiveModel>` → `ListView`; a type without arguments unchanged.
    static func withoutGenericArguments(_ written: String) -> String {
        guard let open = written.firstIndex(of: "<"), written.hasSuffix(">") else { return written }
        return String(written[..<open])
    }

    /// `ListView<LiveModel, Clock>` → `["LiveModel", "Clock"]`; none written → `[]`.
    static func genericArgumentsWritten(in written: String) -> [String] {
        guard let open = written.firstIndex(of: "<"), written.hasSuffix(">") else { return [] }
        return genericArguments(String(written[written.index(after: open)..<written.index(before: written.endIndex)]))
    }

    /// `type` with each identifier that names a generic parameter replaced by its argument
    /// (`[Model]` with `Model` bound to `LiveModel` → `[LiveModel]`); nil when it names one of
    /// `unbound` that has no argument.
    static func substituting(_ bound: [String: String], in type: String, unbound: Set<String>) -> String? {
        guard !unbound.isEmpty else { return type }
        var result = ""
        var identifier = ""
        // `Outer.Model` names a member type, never the generic parameter.
        var isMember = false
        func flush() -> Bool {
            defer { identifier = "" }
            guard !isMember, unbound.contains(identifier) else { result += identifier; return true }
            guard let argument = bound[identifier] else { return false }
            result += argument
            return true
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                identifier.append(character)
                continue
            }
            guard flush() else { return nil }
            isMember = character == "."
            result.append(character)
        }
        guard flush() else { return nil }
        return result
    }

    /// `A, B<C, D>` → `["A", "B<C, D>"]`.
    static func genericArguments(_ list: String) -> [String] {
        var result: [String] = []
        var depth = 0
        var current = ""
        for character in list {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
            if character == ",", depth == 0 {
                result.append(current.trimmingCharacters(in: " "))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append(current.trimmingCharacters(in: " ")) }
        return result
    }

    /// The parameter's type as the initialiser (or a struct's memberwise one) writes it.
    private func writtenParameterType(of call: ContextualCall, in declared: [DeclaredType]) -> String? {
        let initializers = declared.flatMap(\.initializers)
        let labels = call.labels
        let matching = initializers.first { initializer in
            let required = initializer.parameters.filter { !$0.hasDefault }.map(\.label)
            let all = initializer.parameters.map(\.label)
            // Every argument's label in order, and every parameter without a default given.
            var index = 0
            for label in labels {
                while index < all.count, all[index] != label, initializer.parameters[index].hasDefault { index += 1 }
                guard index < all.count, all[index] == label else { return false }
                index += 1
            }
            return Set(required).isSubset(of: Set(labels)) || required.count <= labels.count
        } ?? (initializers.count == 1 ? initializers.first : nil)
        guard let initializer = matching else {
            // A struct with no initialiser written has the memberwise one: its stored properties.
            let properties = declared.flatMap(\.properties).filter { !$0.isStatic && !$0.isComputed }
            guard let label = call.label, let property = properties.first(where: { $0.name == label }) else { return nil }
            return property.type
        }
        if let label = call.label, let parameter = initializer.parameters.first(where: { $0.label == label }) {
            return parameter.type
        }
        // An unlabelled argument: its position among the call's arguments.
        guard call.index < initializer.parameters.count else { return nil }
        return initializer.parameters[call.index].type
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        guard first == character || last == character else { return self }
        return String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
