import InjectionScanFacts
import SwiftSyntax

/// What a call's receiver is, from what this file declares: a DI container (and which), something
/// else (`tableView`), or not known here. Decides whether `x.register(…)` is a registration.
struct Receivers {
    let context: FileContext
    /// The file's declared types (by name, extensions merged) and top-level variables.
    let types: [String: [DeclaredType]]
    let variables: [PropertyFact]
    let containerTypes: Set<String>
    /// Each code block's local variables by name, made on first use: looking a name up walks its
    /// declarations, not every statement before the use (a block of thousands of registrations).
    private let locals = LocalVariableIndex()

    /// Names that are DI containers in the styles read (this library, Resolver, Swinject, Factory).
    static let knownContainerTypes: Set<String> = [
        "Container", "Resolver", "Resolving", "Assembler", "SharedContainer", "ManagedContainer",
        "Swinject.Container", "Swinject.Resolver", "Swinject.Assembler", "Injection.Container", "Factory.Container",
        "FactoryKit.Container", "Resolver.Resolver",
    ]
    static let containerModules: Set<String> = ["Swinject", "Injection", "Factory", "FactoryKit", "Resolver"]
    /// Static members that name a container of a container type (`Container.shared`, `Resolver.main`).
    static let containerAccessors: Set<String> = ["shared", "main", "root", "mock", "current", "default", "standard", "test"]

    enum Verdict: Equatable {
        case container
        case other(String)
        case unknown
    }

    struct Receiver {
        var reference: ContainerReference
        var verdict: Verdict
        /// The receiver is a closure's parameter: `{ c in c.resolve() }` (index among parameters).
        var closureParameter: (closure: ClosureExprSyntax, index: Int)?
    }

    init(context: FileContext, types: [DeclaredType], variables: [PropertyFact]) {
        self.context = context
        var byName: [String: [DeclaredType]] = [:]
        for type in types { byName[type.name, default: []].append(type) }
        self.types = byName
        self.variables = variables
        var containers = Self.knownContainerTypes.union(context.configuration.containers)
        // Typealiases and subclasses/conformers declared here (`typealias Resolver = Container`,
        // `final class AppContainer: SharedContainer`), to a fixed point.
        var changed = true
        while changed {
            changed = false
            for type in types where !containers.contains(type.name) {
                let targets = type.kind == .typealias ? [type.aliasOf ?? ""] : (type.kind == .extension ? [] : type.inherited)
                if targets.contains(where: { containers.contains($0) }) {
                    containers.insert(type.name)
                    changed = true
                }
            }
        }
        self.containerTypes = containers
    }

    func isContainerType(_ name: String?) -> Bool {
        guard let name else { return false }
        if containerTypes.contains(name) { return true }
        // A module-qualified name (`Swinject.Container`) of a known container.
        let parts = name.split(separator: ".")
        return parts.count == 2 && Self.containerModules.contains(String(parts[0])) && containerTypes.contains(String(parts[1]))
    }

    /// The receiver of a call; nil `expression` means a bare call (`register { }`).
    func classify(_ expression: ExprSyntax?, at node: some SyntaxProtocol) -> Receiver {
        guard let expression else {
            // A bare call reaches the enclosing types' members (and statics of outer types).
            for type in context.enclosingTypes(of: node).reversed() {
                guard let name = FileContext.typeName(of: type) else { continue }
                if isContainerType(name) || declaredInherits(name) {
                    return Receiver(reference: ContainerReference(expression: "self", type: name), verdict: .container)
                }
            }
            return Receiver(reference: ContainerReference(expression: ""), verdict: .unknown)
        }
        let written = TypeText.collapse(expression.writtenText)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "self" || name == "Self" {
                let type = context.enclosingTypeName(of: node)
                let verdict: Verdict = (isContainerType(type) || declaredInherits(type)) ? .container : (type == nil ? .unknown : .other(type!))
                return Receiver(reference: ContainerReference(expression: "self", type: type), verdict: verdict)
            }
            if name.first?.isUppercase == true {
                if isContainerType(name) { return Receiver(reference: ContainerReference(expression: name, type: name), verdict: .container) }
                return Receiver(reference: ContainerReference(expression: name, type: name), verdict: types[name] != nil ? .other(name) : .unknown)
            }
            return variable(name, written: written, at: node)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let memberName = member.declName.baseName.text
            if ["resolver", "container"].contains(memberName), classify(base, at: node).verdict == .container {
                return Receiver(reference: ContainerReference(expression: written, type: memberName == "resolver" ? "Resolver" : "Container"), verdict: .container)
            }
            if let baseReference = base.as(DeclReferenceExprSyntax.self) {
                let baseName = baseReference.baseName.text
                if baseName == "self" { return variable(memberName, written: written, at: node, membersOnly: true) }
                if isContainerType(baseName), Self.containerAccessors.contains(memberName) || memberName == "shared" {
                    return Receiver(reference: ContainerReference(expression: written, type: baseName), verdict: .container)
                }
                if baseName.first?.isUppercase == true, let property = property(memberName, of: baseName, staticOnly: true) {
                    return fromProperty(property, written: written)
                }
            }
            if TypeText.isTypeName(base), isContainerType(TypeText.collapse(base.writtenText)),
                Self.containerAccessors.contains(memberName)
            {
                return Receiver(reference: ContainerReference(expression: written, type: TypeText.collapse(base.writtenText)), verdict: .container)
            }
            return Receiver(reference: ContainerReference(expression: written), verdict: .unknown)
        }
        // Swinject's `container.synchronize()`: a thread-safe resolver over the same container.
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "synchronize",
            let base = member.base
        {
            let synchronized = classify(base, at: node)
            if synchronized.verdict == .container { return synchronized }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let type = TypeText.constructedType(call) {
            return Receiver(reference: ContainerReference(expression: written, type: type), verdict: isContainerType(type) ? .container : .other(type))
        }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return classify(forced.expression, at: node) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return classify(optional.expression, at: node) }
        return Receiver(reference: ContainerReference(expression: written), verdict: .unknown)
    }

    /// A declared type in this file that inherits a container type (or extends one).
    private func declaredInherits(_ name: String?) -> Bool {
        guard let name, let declarations = types[name] else { return false }
        return declarations.contains { $0.inherited.contains(where: isContainerType) }
    }

    private func fromProperty(_ property: PropertyFact, written: String, canonical: String? = nil) -> Receiver {
        let type = property.type ?? property.initializerType
        let reference = ContainerReference(expression: canonical ?? written, type: type)
        guard let type else { return Receiver(reference: reference, verdict: .unknown) }
        if isContainerType(type) || declaredInherits(type) { return Receiver(reference: reference, verdict: .container) }
        return Receiver(reference: reference, verdict: .other(type))
    }

    private func property(_ name: String, of typeName: String, staticOnly: Bool = false) -> PropertyFact? {
        for declaration in types[typeName] ?? [] {
            if let property = declaration.properties.first(where: { $0.name == name && (!staticOnly || $0.isStatic) }) { return property }
        }
        return nil
    }

    /// An identifier: a closure or function parameter, a local before the use, a member of an
    /// enclosing type, a top-level variable of the file.
    private func variable(_ name: String, written: String, at node: some SyntaxProtocol, membersOnly: Bool = false) -> Receiver {
        if !membersOnly {
            var current = Syntax(node)
            while let parent = current.parent {
                if let closure = parent.as(ClosureExprSyntax.self), let found = closureParameter(name, closure) {
                    return found
                }
                if let function = parent.as(FunctionDeclSyntax.self), let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return typed(TypeText.normalize(parameter.type), written: written)
                }
                if let initializer = parent.as(InitializerDeclSyntax.self), let parameter = initializer.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return typed(TypeText.normalize(parameter.type), written: written)
                }
                if let items = parent.as(CodeBlockItemListSyntax.self) {
                    for binding in locals.bindings(named: name, in: items) {
                        if binding.position >= current.position { break }
                        if let annotation = binding.typeAnnotation { return typed(TypeText.normalize(annotation.type), written: written) }
                        if let value = binding.initializer?.value {
                            if let type = DeclarationVisitor.inferredType(value) { return typed(type, written: written) }
                            return classify(value, at: value)
                        }
                    }
                }
                current = parent
            }
        }
        for type in context.enclosingTypes(of: node).reversed() {
            guard let typeName = FileContext.typeName(of: type) else { continue }
            let qualified = context.enclosingTypeName(of: type.memberBlockChild ?? Syntax(type)) ?? typeName
            if let property = property(name, of: qualified) ?? property(name, of: typeName) {
                return fromProperty(property, written: written, canonical: property.isStatic ? "\(typeName).\(name)" : nil)
            }
        }
        if let top = variables.first(where: { $0.name == name }) { return fromProperty(top, written: written) }
        return Receiver(reference: ContainerReference(expression: written), verdict: .unknown)
    }

    private func typed(_ type: String, written: String) -> Receiver {
        let verdict: Verdict = isContainerType(type) || declaredInherits(type) ? .container : .other(type)
        return Receiver(reference: ContainerReference(expression: written, type: type), verdict: verdict)
    }

    private func closureParameter(_ name: String, _ closure: ClosureExprSyntax) -> Receiver? {
        guard let signature = closure.signature?.parameterClause else {
            if name.hasPrefix("$"), let index = Int(name.dropFirst()) {
                return Receiver(reference: ContainerReference(expression: name), verdict: .unknown, closureParameter: (closure, index))
            }
            return nil
        }
        switch signature {
        case .simpleInput(let list):
            for (index, parameter) in list.enumerated() where parameter.name.text == name {
                return Receiver(reference: ContainerReference(expression: name), verdict: .unknown, closureParameter: (closure, index))
            }
        case .parameterClause(let clause):
            for (index, parameter) in clause.parameters.enumerated() where (parameter.secondName ?? parameter.firstName).text == name {
                if let type = parameter.type {
                    var receiver = typed(TypeText.normalize(type), written: name)
                    receiver.closureParameter = (closure, index)
                    return receiver
                }
                return Receiver(reference: ContainerReference(expression: name), verdict: .unknown, closureParameter: (closure, index))
            }
        }
        return nil
    }
}

extension DeclSyntax {
    /// The member block of a type declaration, as a position inside the type for naming.
    var memberBlockChild: Syntax? {
        if let decl = self.as(ClassDeclSyntax.self) { return Syntax(decl.memberBlock) }
        if let decl = self.as(StructDeclSyntax.self) { return Syntax(decl.memberBlock) }
        if let decl = self.as(EnumDeclSyntax.self) { return Syntax(decl.memberBlock) }
        if let decl = self.as(ActorDeclSyntax.self) { return Syntax(decl.memberBlock) }
        if let decl = self.as(ExtensionDeclSyntax.self) { return Syntax(decl.memberBlock) }
        if let decl = self.as(ProtocolDeclSyntax.self) { return Syntax(decl.memberBlock) }
        return nil
    }
}
