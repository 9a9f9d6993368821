import InjectionScanFacts
import SwiftSyntax

/// What every visitor of one file shares: the tree, positions as lines, the `#if` decisions, the
/// file's style and the configuration. Lives only while its file is being read (one job).
final class FileContext {
    let tree: SourceFileSyntax
    let path: String
    let configuration: ScanConfiguration
    let conditions: Conditions
    /// Modules the file imports.
    let imports: [String]
    /// The branch arms statements lie on, found once per block.
    let branchArms = BranchArms()
    /// The bytes the tree was parsed from (the same bytes: the parser keeps every byte).
    private let source: [UInt8]
    /// Where each line starts (UTF-8 offsets), made on the first fact: files with none never pay
    /// for it.
    private var lineStarts: [Int]?

    init(tree: SourceFileSyntax, source: [UInt8], path: String, configuration: ScanConfiguration, defines: Set<String>) {
        self.tree = tree
        self.source = source
        self.path = path
        self.configuration = configuration
        self.conditions = Conditions(defines: defines)
        var imports: [String] = []
        for item in tree.statements {
            if let decl = item.item.as(ImportDeclSyntax.self) {
                imports.append(decl.path.map(\.name.text).joined(separator: "."))
            }
        }
        self.imports = imports
    }

    /// Line and column (UTF-8 bytes, from 1) of a node's first token, trivia excluded: what
    /// `SourceLocationConverter` says (physical lines), from a table of the source's line starts
    /// instead of a walk of every token of the tree.
    func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        if lineStarts == nil { lineStarts = Self.lineStarts(of: source) }
        let starts = lineStarts!
        let offset = min(max(0, node.positionAfterSkippingLeadingTrivia.utf8Offset), source.count)
        // The last line start at or before the offset.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// Line breaks as Swift counts them (and `SourceLocationConverter`): `\n`, `\r`, `\r\n`.
    static func lineStarts(of source: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < source.count {
            let byte = source[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < source.count, source[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    /// The style the file's imports say, for forms several libraries share.
    var importedStyle: FactStyle {
        if imports.contains(where: { $0 == "Swinject" || $0.hasPrefix("Swinject") }) { return .swinject }
        if imports.contains("Factory") || imports.contains("FactoryKit") { return .factory }
        if imports.contains("Resolver") { return .resolver }
        return .injection
    }

    // MARK: Where a node sits

    /// The enclosing types (outermost first) with their declarations.
    func enclosingTypes(of node: some SyntaxProtocol) -> [DeclSyntax] {
        var types: [DeclSyntax] = []
        var current = Syntax(node).parent
        while let syntax = current {
            if let decl = syntax.as(DeclSyntax.self), Self.typeName(of: decl) != nil { types.append(decl) }
            current = syntax.parent
        }
        return types.reversed()
    }

    /// `Outer.Inner` for the types around a node (an extension counts as its extended type).
    func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        let names = enclosingTypes(of: node).compactMap(Self.typeName(of:))
        guard !names.isEmpty else { return nil }
        // An extension's name is already qualified; start from the innermost extension.
        if let lastExtension = names.lastIndex(where: { $0.contains(".") }) {
            return names[lastExtension...].joined(separator: ".")
        }
        return names.joined(separator: ".")
    }

    static func typeName(of decl: DeclSyntax) -> String? {
        if let decl = decl.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(ProtocolDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(ExtensionDeclSyntax.self) { return TypeText.normalize(decl.extendedType) }
        return nil
    }

    func enclosing(of node: some SyntaxProtocol) -> EnclosingFact {
        var fact = EnclosingFact(type: enclosingTypeName(of: node))
        var current = Syntax(node).parent
        var inFunctionBody = false
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                if fact.function == nil { fact.function = function.name.text + "(" + function.signature.parameterClause.parameters.map { ($0.firstName.text) + ":" }.joined() + ")" }
                if function.genericParameterClause != nil { fact.isGeneric = true }
                inFunctionBody = true
            } else if syntax.is(InitializerDeclSyntax.self) {
                if fact.function == nil { fact.function = "init" }
                if syntax.as(InitializerDeclSyntax.self)?.genericParameterClause != nil { fact.isGeneric = true }
                inFunctionBody = true
            } else if let binding = syntax.as(PatternBindingSyntax.self), binding.accessorBlock != nil, fact.function == nil {
                fact.function = "var " + binding.pattern.writtenText
            } else if !inFunctionBody, syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self) {
                fact.inLoop = true
            } else if !inFunctionBody, let closure = syntax.as(ClosureExprSyntax.self), Self.isLoopClosure(closure) {
                fact.inLoop = true
            } else if let decl = syntax.as(DeclSyntax.self), Self.typeName(of: decl) != nil {
                if Self.genericParameters(of: decl)?.isEmpty == false { fact.isGeneric = true }
                inFunctionBody = true
            }
            current = syntax.parent
        }
        fact.branches = branchArms.arms(of: node, in: self)
        return fact
    }

    private static func isLoopClosure(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        return ["forEach", "map", "compactMap", "flatMap", "reduce", "filter"].contains(member.declName.baseName.text)
    }

    /// Whether `type` names a generic parameter of a function or type around `node`: then the
    /// key is whatever each caller picks, not a type of the sources.
    static func mentionsGeneric(_ type: String?, at node: some SyntaxProtocol) -> Bool {
        var generics: Set<String> = []
        var current = Syntax(node).parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) { generics.formUnion(function.genericParameterClause?.parameters.map(\.name.text) ?? []) }
            if let decl = syntax.as(DeclSyntax.self), let names = genericParameters(of: decl) { generics.formUnion(names) }
            current = syntax.parent
        }
        guard let type else { return true }
        return type.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains { generics.contains(String($0)) }
    }

    static func genericParameters(of decl: DeclSyntax) -> [String]? {
        if let decl = decl.as(ClassDeclSyntax.self) { return decl.genericParameterClause?.parameters.map(\.name.text) }
        if let decl = decl.as(StructDeclSyntax.self) { return decl.genericParameterClause?.parameters.map(\.name.text) }
        if let decl = decl.as(EnumDeclSyntax.self) { return decl.genericParameterClause?.parameters.map(\.name.text) }
        if let decl = decl.as(ActorDeclSyntax.self) { return decl.genericParameterClause?.parameters.map(\.name.text) }
        return nil
    }
}
