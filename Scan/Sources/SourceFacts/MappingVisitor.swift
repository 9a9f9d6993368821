import InjectionScanFacts
import SwiftSyntax

/// Mappings set in code: `InjectionMapper[\.a] = \.b` (or `= nil`), `map(\.b, to: \.a)`,
/// `reset(\.a)`, `resetAll()`, on the mapper or a container. `from` is always the keypath whose
/// requests are redirected (`\.a`), `to` the one that answers them (`\.b`).
final class MappingVisitor: SyntaxVisitor {
    private let context: FileContext
    private(set) var mappings: [MappingFact] = []

    init(context: FileContext) {
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) { subscriptAssignment(elements[0], elements[2], at: node) }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) { subscriptAssignment(node.leftOperand, node.rightOperand, at: node) }
        return .visitChildren
    }

    private func subscriptAssignment(_ target: ExprSyntax, _ value: ExprSyntax, at node: some SyntaxProtocol) {
        guard let subscriptCall = target.as(SubscriptCallExprSyntax.self),
            TypeText.collapse(subscriptCall.calledExpression.writtenText).hasSuffix("InjectionMapper"),
            let from = subscriptCall.arguments.first?.expression.as(KeyPathExprSyntax.self), let conditions = context.conditions.of(node)
        else { return }
        if value.is(NilLiteralExprSyntax.self) {
            add(node, .reset, from: RequestVisitor.keyPath(from), to: nil, conditions: conditions)
        } else if let to = value.as(KeyPathExprSyntax.self) {
            add(node, .set, from: RequestVisitor.keyPath(from), to: RequestVisitor.keyPath(to), conditions: conditions)
        }
    }

    static let mappingCalls: Set<String> = ["map", "reset", "resetMapping", "resetAll", "resetAllMappings"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // A call named otherwise is no mapping: its receiver and `#if` clauses are not read.
        guard let (name, base, _) = SyntaxShapes.callee(node), Self.mappingCalls.contains(name), let base,
            let conditions = context.conditions.of(node)
        else { return .visitChildren }
        let receiver = TypeText.collapse(base.writtenText)
        let isMapper = receiver.hasSuffix("InjectionMapper")
        let keyPaths = node.arguments.compactMap { $0.expression.as(KeyPathExprSyntax.self) }.map(RequestVisitor.keyPath)
        switch name {
        case "map" where keyPaths.count == 2:
            // `map(replacement, to: original)`: requests for the second are answered by the first.
            add(node, .set, from: keyPaths[1], to: keyPaths[0], conditions: conditions)
        case "reset" where isMapper && keyPaths.count == 1, "resetMapping" where keyPaths.count == 1:
            add(node, .reset, from: keyPaths[0], to: nil, conditions: conditions)
        case "resetAll" where isMapper, "resetAllMappings":
            add(node, .resetAll, from: nil, to: nil, conditions: conditions)
        default: break
        }
        return .visitChildren
    }

    private func add(_ node: some SyntaxProtocol, _ action: MappingAction, from: KeyPathFact?, to: KeyPathFact?, conditions: [String]) {
        var fact = MappingFact(line: 0, column: 0, action: action, from: from, to: to, conditions: conditions, enclosing: context.enclosing(of: node))
        (fact.line, fact.column) = context.position(of: node)
        mappings.append(fact)
    }
}
