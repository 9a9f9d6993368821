import InjectionScanFacts
import SwiftSyntax

/// Containers declared and related: created, made children, added, assembled, swapped for mocks,
/// Factory `SharedContainer`s and default scopes, assemblies by conformance.
final class ContainerVisitor: SyntaxVisitor {
    private let context: FileContext
    private let receivers: Receivers
    private(set) var containers: [ContainerFact] = []

    static let assemblyProtocols: Set<String> = ["Assembly", "Swinject.Assembly", "DependencyLayer", "ResolverRegistering"]

    init(context: FileContext, receivers: Receivers) {
        self.context = context
        self.receivers = receivers
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types that are containers or assemblies

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node, name: node.name, inherited: node.inheritanceClause) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node, name: node.name, inherited: node.inheritanceClause) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { typeDeclaration(node, name: node.name, inherited: node.inheritanceClause) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let inherited = node.inheritanceClause, let conditions = context.conditions.of(node) else { return .visitChildren }
        let names = inherited.inheritedTypes.map { TypeText.normalize($0.type) }
        if names.contains("ResolverRegistering") || names.contains("AutoRegistering") {
            add(node, kind: .assembly, style: names.contains("AutoRegistering") ? .factory : .resolver, binding: TypeText.normalize(node.extendedType),
                type: TypeText.normalize(node.extendedType), members: names, conditions: conditions)
        }
        return .visitChildren
    }

    private func typeDeclaration(_ node: some DeclSyntaxProtocol, name: TokenSyntax, inherited: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
        guard let inherited, let conditions = context.conditions.of(node) else { return .visitChildren }
        let names = inherited.inheritedTypes.map { TypeText.normalize($0.type) }
        let qualified = context.enclosingTypeName(of: name).map { $0 + "." + name.text } ?? name.text
        if names.contains("SharedContainer") || names.contains("ManagedContainer") {
            add(name, kind: .sharedContainer, style: .factory, binding: qualified, type: qualified, members: names, conditions: conditions)
        } else if let assembly = names.first(where: { Self.assemblyProtocols.contains($0) }) ?? names.first(where: { $0.hasSuffix("Assembly") || $0.hasSuffix("Layers") }) {
            let style: FactStyle = context.importedStyle == .swinject ? .swinject : (assembly == "ResolverRegistering" ? .resolver : .injection)
            add(name, kind: .assembly, style: style, binding: qualified, type: qualified, members: names, conditions: conditions)
        }
        return .visitChildren
    }

    // MARK: Calls

    /// The calls on a container that relate containers; a call named otherwise is not classified.
    static let relatingCalls: Set<String> = ["makeChild", "add", "use", "apply"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // Most calls are neither: their `#if` clauses and receivers are not looked for.
        if let type = TypeText.constructedType(node), receivers.isContainerType(type) || type == "Assembler" || type == "Swinject.Assembler" {
            guard let conditions = context.conditions.of(node) else { return .visitChildren }
            construction(node, type: type, conditions: conditions)
        } else if let (name, base, _) = SyntaxShapes.callee(node), Self.relatingCalls.contains(name) {
            guard let conditions = context.conditions.of(node) else { return .visitChildren }
            let receiver = receivers.classify(base, at: node)
            guard receiver.verdict == .container else { return .visitChildren }
            let parent = receiver.reference.expression.isEmpty ? "self" : receiver.reference.expression
            switch name {
            case "makeChild":
                add(node, kind: .child, style: .injection, binding: bindingName(of: node), type: receiver.reference.type, parent: parent, conditions: conditions)
            case "add":
                if let child = SyntaxShapes.argument(node, label: "child") {
                    add(node, kind: .addChild, style: context.importedStyle == .resolver ? .resolver : .injection, type: receiver.reference.type, parent: parent,
                        members: [TypeText.collapse(child.writtenText)], conditions: conditions)
                }
            case "use", "apply":
                let members = node.arguments.flatMap { argument -> [String] in
                    if let array = argument.expression.as(ArrayExprSyntax.self) {
                        return array.elements.map { Self.assemblyName($0.expression) }
                    }
                    return [Self.assemblyName(argument.expression)]
                }
                add(node, kind: .useAssembly, style: name == "apply" ? .swinject : .injection, type: receiver.reference.type, parent: parent, members: members, conditions: conditions)
            default: break
            }
        }
        return .visitChildren
    }

    /// `Container()`, `Container(name:)`, `Container(parent:)`, `Resolver(child:)`, `Assembler([…])`.
    private func construction(_ call: FunctionCallExprSyntax, type: String, conditions: [String]) {
        var kind = ContainerKind.container
        var parent: String?
        var members: [String] = []
        var scope: ScopeFact?
        var name: NameFact?
        for argument in call.arguments {
            let value = argument.expression
            switch argument.label?.text {
            case "parent", "child":
                kind = .child
                parent = TypeText.collapse(value.writtenText)
            case "name": name = RegistrationVisitor.name(value)
            case "defaultObjectScope", "defaultScope": scope = TypeText.scope(value)
            case "container": parent = TypeText.collapse(value.writtenText)
            case nil, "assemblies":
                if let array = value.as(ArrayExprSyntax.self) { members = array.elements.map { Self.assemblyName($0.expression) } }
            default: break
            }
        }
        if type.hasSuffix("Assembler") { kind = .useAssembly }
        let style: FactStyle = type.hasSuffix("Assembler") || context.importedStyle == .swinject ? .swinject : (type == "Resolver" && context.imports.contains("Resolver") ? .resolver : context.importedStyle)
        var fact = ContainerFact(
            line: 0, column: 0, style: style, kind: kind, binding: bindingName(of: call), type: type, name: name, parent: parent,
            members: members, scope: scope, conditions: conditions, enclosing: context.enclosing(of: call))
        (fact.line, fact.column) = context.position(of: call)
        containers.append(fact)
    }

    // MARK: Assignments: `Resolver.root = Resolver.mock`, `manager.defaultScope = .cached`

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
        assignment(target: node.leftOperand, value: node.rightOperand, at: node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
            assignment(target: elements[0], value: elements[2], at: node)
        }
        return .visitChildren
    }

    private func assignment(target: ExprSyntax, value: ExprSyntax, at node: some SyntaxProtocol) {
        guard let conditions = context.conditions.of(node) else { return }
        if processWideDefaultScope(target: target, value: value, at: node, conditions: conditions) { return }
        if let reference = target.as(DeclReferenceExprSyntax.self), ["root", "main", "shared"].contains(reference.baseName.text),
            receivers.classify(nil, at: node).verdict == .container, let type = receivers.classify(nil, at: node).reference.type
        {
            // `root = mock` inside `extension Resolver`.
            add(node, kind: .rootAssignment, style: context.importedStyle == .resolver ? .resolver : .injection,
                binding: type + "." + reference.baseName.text, type: type, members: [TypeText.collapse(value.writtenText)], conditions: conditions)
            return
        }
        guard let member = target.as(MemberAccessExprSyntax.self) else { return }
        let name = member.declName.baseName.text
        let written = TypeText.collapse(target.writtenText)
        if name == "defaultScope", written.hasSuffix("manager.defaultScope") {
            let owner = written == "manager.defaultScope" ? "self" : String(written.dropLast(".manager.defaultScope".count))
            add(node, kind: .defaultScope, style: .factory, type: context.enclosingTypeName(of: node), parent: owner,
                scope: TypeText.scope(value), conditions: conditions)
        } else if ["root", "main", "shared"].contains(name), let base = member.base, receivers.isContainerType(TypeText.collapse(base.writtenText)) {
            add(node, kind: .rootAssignment, style: context.importedStyle == .resolver ? .resolver : .injection, binding: written,
                type: TypeText.collapse(base.writtenText), members: [TypeText.collapse(value.writtenText)], conditions: conditions)
        }
    }

    /// Resolver's `Resolver.defaultScope = .application` (or a bare `defaultScope = …` in
    /// `extension Resolver`), and this library's `Container.defaultScope = .singleton` (also spelt
    /// `Resolver.` through `typealias Resolver = Container`): one default for the whole process.
    /// Factory's and Swinject's defaults are per container (`manager.defaultScope`, the construction).
    private func processWideDefaultScope(target: ExprSyntax, value: ExprSyntax, at node: some SyntaxProtocol, conditions: [String]) -> Bool {
        let type: String
        let owner: String
        if let reference = target.as(DeclReferenceExprSyntax.self), reference.baseName.text == "defaultScope" {
            let implicit = receivers.classify(nil, at: node)
            guard implicit.verdict == .container, let enclosing = implicit.reference.type else { return false }
            (type, owner) = (enclosing, "self")
        } else if let member = target.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "defaultScope", let base = member.base {
            let written = TypeText.collapse(base.writtenText)
            if written == "self" || written == "Self" {
                let implicit = receivers.classify(nil, at: node)
                guard implicit.verdict == .container, let enclosing = implicit.reference.type else { return false }
                (type, owner) = (enclosing, written)
            } else {
                guard receivers.isContainerType(written) else { return false }
                (type, owner) = (written, written)
            }
        } else {
            return false
        }
        let style: FactStyle
        if context.imports.contains("Resolver"), ["Resolver", "Resolver.Resolver"].contains(type) {
            style = .resolver
        } else if context.importedStyle == .injection {
            style = .injection
        } else {
            // Factory's `Container` and Swinject's have no such static: not a default scope.
            return false
        }
        add(node, kind: .defaultScope, style: style, type: type, parent: owner, scope: TypeText.scope(value), conditions: conditions)
        return true
    }

    // MARK: Helpers

    private static func assemblyName(_ expression: ExprSyntax) -> String {
        if let call = expression.as(FunctionCallExprSyntax.self), let type = TypeText.constructedType(call) { return type }
        return TypeText.collapse(expression.writtenText)
    }

    /// `let app = Container()` → `app`; `static let mock = Resolver()` in `extension Resolver` →
    /// `Resolver.mock`.
    private func bindingName(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node)
        while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            current = parent
        }
        guard let binding = current.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        if let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
            declaration.modifiers.contains(where: { $0.name.text == "static" }), let type = context.enclosingTypeName(of: declaration)
        {
            return type + "." + name
        }
        return name
    }

    private func add(
        _ node: some SyntaxProtocol, kind: ContainerKind, style: FactStyle, binding: String? = nil, type: String? = nil,
        parent: String? = nil, members: [String] = [], scope: ScopeFact? = nil, conditions: [String]
    ) {
        var fact = ContainerFact(
            line: 0, column: 0, style: style, kind: kind, binding: binding, type: type, parent: parent, members: members, scope: scope,
            conditions: conditions, enclosing: context.enclosing(of: node))
        (fact.line, fact.column) = context.position(of: node)
        containers.append(fact)
    }
}
