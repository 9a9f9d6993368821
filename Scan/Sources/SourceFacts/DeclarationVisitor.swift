import InjectionScanFacts
import SwiftSyntax

/// Types, extensions, typealiases, their initialisers, properties and methods, and the file's
/// top-level variables and functions: what the linker needs to type calls and follow keypaths.
final class DeclarationVisitor: SyntaxVisitor {
    private let context: FileContext
    private(set) var types: [DeclaredType] = []
    private(set) var variables: [PropertyFact] = []
    private(set) var functions: [MethodFact] = []
    /// Open type declarations, innermost last (their members are added as the walk meets them).
    private var open: [Int] = []

    init(context: FileContext) {
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        begin(node, name: node.name.text, kind: .class, inherited: node.inheritanceClause, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: ClassDeclSyntax) { end(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        begin(node, name: node.name.text, kind: .struct, inherited: node.inheritanceClause, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: StructDeclSyntax) { end(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        begin(node, name: node.name.text, kind: .enum, inherited: node.inheritanceClause, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: EnumDeclSyntax) { end(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        begin(node, name: node.name.text, kind: .actor, inherited: node.inheritanceClause, generics: node.genericParameterClause)
    }
    override func visitPost(_ node: ActorDeclSyntax) { end(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        begin(node, name: node.name.text, kind: .protocol, inherited: node.inheritanceClause, generics: nil)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { end(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        begin(node, name: TypeText.normalize(node.extendedType), kind: .extension, inherited: node.inheritanceClause, generics: nil)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { end(node) }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let conditions = context.conditions.of(node) else { return .skipChildren }
        let (line, column) = context.position(of: node.name)
        types.append(
            DeclaredType(
                name: qualified(node.name.text), kind: .typealias, line: line, column: column,
                aliasOf: TypeText.normalize(node.initializer.value), conditions: conditions))
        return .skipChildren
    }

    private func begin(
        _ node: some DeclSyntaxProtocol, name: String, kind: DeclarationKind, inherited: InheritanceClauseSyntax?,
        generics: GenericParameterClauseSyntax?
    ) -> SyntaxVisitorContinueKind {
        guard let conditions = context.conditions.of(node) else { return .skipChildren }
        let (line, column) = context.position(of: node)
        let fullName = kind == .extension ? name : qualified(name)
        types.append(
            DeclaredType(
                name: fullName, kind: kind, line: line, column: column,
                inherited: inherited?.inheritedTypes.map { TypeText.normalize($0.type) } ?? [],
                genericParameters: generics?.parameters.map(\.name.text) ?? [], conditions: conditions))
        open.append(types.count - 1)
        return .visitChildren
    }

    private func end(_ node: some DeclSyntaxProtocol) {
        guard context.conditions.of(node) != nil else { return }
        _ = open.popLast()
    }

    private func qualified(_ name: String) -> String {
        guard let outer = open.last else { return name }
        return types[outer].name + "." + name
    }

    // MARK: Members

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = open.last, isMember(node), context.conditions.of(node) != nil else { return .skipChildren }
        let (line, _) = context.position(of: node)
        types[owner].initializers.append(
            InitializerFact(
                line: line, parameters: parameters(node.signature.parameterClause),
                isFailable: node.optionalMark != nil))
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard context.conditions.of(node) != nil else { return .skipChildren }
        let (line, _) = context.position(of: node)
        let method = MethodFact(
            name: node.name.text, line: line, parameters: parameters(node.signature.parameterClause),
            returnType: node.signature.returnClause.map { TypeText.normalize($0.type) },
            isStatic: node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" },
            genericParameters: node.genericParameterClause?.parameters.map(\.name.text) ?? [])
        if let owner = open.last, isMember(node) {
            types[owner].methods.append(method)
        } else if isTopLevel(node) {
            functions.append(method)
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let member = open.last != nil && isMember(node)
        guard member || isTopLevel(node), context.conditions.of(node) != nil else { return .skipChildren }
        let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let wrapper = node.attributes.compactMap { $0.as(AttributeSyntax.self) }.first.map { TypeText.normalize($0.attributeName) }
        // `let a, b: Int` writes the type once, on the last binding.
        var sharedType: String?
        var facts: [PropertyFact] = []
        for binding in node.bindings.reversed() {
            if let annotation = binding.typeAnnotation { sharedType = TypeText.normalize(annotation.type) }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let (line, _) = context.position(of: binding)
            var initializerType: String?
            if binding.typeAnnotation == nil, let value = binding.initializer?.value {
                initializerType = Self.inferredType(value)
            }
            let fact = PropertyFact(
                name: name, line: line, type: binding.typeAnnotation == nil ? (binding.initializer == nil ? sharedType : nil) : sharedType,
                initializerType: initializerType, isStatic: isStatic,
                isComputed: binding.accessorBlock.map(Self.isComputed) ?? false, wrapper: wrapper,
                stringValue: isStatic ? binding.initializer.flatMap { TypeText.builtFromLiteral($0.value) } : nil)
            facts.append(fact)
        }
        if member, let owner = open.last {
            types[owner].properties += facts.reversed()
        } else {
            variables += facts.reversed()
        }
        return .skipChildren
    }

    /// `X(…)`, `X.shared`, `X.init(…)`, `Module.X(…)`: the type a reader would infer.
    static func inferredType(_ value: ExprSyntax) -> String? {
        if let call = value.as(FunctionCallExprSyntax.self) { return TypeText.constructedType(call) }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base, TypeText.isTypeName(base),
            member.declName.baseName.text.first?.isLowercase == true
        {
            return TypeText.collapse(base.writtenText)
        }
        return nil
    }

    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
                && !list.contains { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    private func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
        clause.parameters.map {
            ParameterFact(
                label: $0.firstName.text, type: TypeText.normalize($0.type), hasDefault: $0.defaultValue != nil,
                isOptional: TypeText.isOptional($0.type))
        }
    }

    /// Directly inside the innermost open type (not in a function body or closure).
    private func isMember(_ node: some SyntaxProtocol) -> Bool {
        node.parent?.is(MemberBlockItemSyntax.self) == true
            || (node.parent?.is(CodeBlockItemSyntax.self) == false && Self.memberThroughIfConfig(Syntax(node)))
    }

    private static func memberThroughIfConfig(_ node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(MemberBlockItemSyntax.self) { return true }
            if !(syntax.is(IfConfigClauseSyntax.self) || syntax.is(IfConfigClauseListSyntax.self) || syntax.is(IfConfigDeclSyntax.self)
                || syntax.is(MemberBlockItemListSyntax.self))
            {
                return false
            }
            current = syntax.parent
        }
        return false
    }

    private func isTopLevel(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(SourceFileSyntax.self) { return true }
            if !(syntax.is(CodeBlockItemSyntax.self) || syntax.is(CodeBlockItemListSyntax.self) || syntax.is(IfConfigClauseSyntax.self)
                || syntax.is(IfConfigClauseListSyntax.self) || syntax.is(IfConfigDeclSyntax.self))
            {
                return false
            }
            current = syntax.parent
        }
        return false
    }
}
