import SwiftSyntax

/// The `#if` clauses around a node, decided by `--define` where they can be.
struct Conditions {
    /// Flags set with `--define`; when any is given, every other bare flag is unset.
    let defines: Set<String>

    enum Truth { case yes, no, unknown }

    /// The undecided clause conditions around `node`, outermost first; nil when a clause around
    /// it is decided false (the code is not compiled).
    func of(_ node: some SyntaxProtocol) -> [String]? {
        var result: [String] = []
        var current = Syntax(node)
        while let parent = current.parent {
            if let clause = parent.as(IfConfigClauseSyntax.self), let list = clause.parent?.as(IfConfigClauseListSyntax.self) {
                guard let text = clauseCondition(clause, in: list) else { return nil }
                if !text.isEmpty { result.append(text) }
            }
            current = parent
        }
        return result.reversed()
    }

    /// `""` when decided true, nil when decided false, else the terms left joined by ` && `.
    private func clauseCondition(_ clause: IfConfigClauseSyntax, in list: IfConfigClauseListSyntax) -> String? {
        var terms: [String] = []
        for earlier in list {
            if earlier.id == clause.id { break }
            guard let condition = earlier.condition else { continue }
            switch evaluate(condition) {
            case .yes: return nil  // an earlier clause is taken
            case .no: continue
            case .unknown: terms.append("!(\(TypeText.collapse(condition.writtenText)))")
            }
        }
        if let condition = clause.condition {
            switch evaluate(condition) {
            case .yes: break
            case .no: return nil
            case .unknown: terms.append(Self.parenthesized(condition))
            }
        }
        return terms.joined(separator: " && ")
    }

    private static func parenthesized(_ condition: ExprSyntax) -> String {
        let text = TypeText.collapse(condition.writtenText)
        let simple = condition.is(DeclReferenceExprSyntax.self) || condition.is(FunctionCallExprSyntax.self)
            || condition.is(TupleExprSyntax.self) || condition.is(PrefixOperatorExprSyntax.self)
        return simple ? text : "(\(text))"
    }

    func evaluate(_ expression: ExprSyntax) -> Truth {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard !defines.isEmpty else { return .unknown }
            return defines.contains(reference.baseName.text) ? .yes : .no
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true) ? .yes : .no
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch evaluate(prefix.expression) {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements))
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return combine(evaluate(infix.leftOperand), op.operator.text, evaluate(infix.rightOperand))
        }
        return .unknown  // os(…), canImport(…), swift(…), targetEnvironment(…): not decidable here
    }

    /// An unfolded `a && b || c`: `||` binds looser than `&&`.
    private func evaluate(sequence elements: [ExprSyntax]) -> Truth {
        var disjuncts: [Truth] = []
        var conjunct: Truth = .yes
        for element in elements {
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                if op.operator.text == "||" {
                    disjuncts.append(conjunct)
                    conjunct = .yes
                } else if op.operator.text != "&&" {
                    return .unknown
                }
                continue
            }
            conjunct = combine(conjunct, "&&", evaluate(element))
        }
        disjuncts.append(conjunct)
        return disjuncts.dropFirst().reduce(disjuncts[0]) { combine($0, "||", $1) }
    }

    private func combine(_ left: Truth, _ op: String, _ right: Truth) -> Truth {
        switch op {
        case "&&":
            if left == .no || right == .no { return .no }
            return left == .yes && right == .yes ? .yes : .unknown
        case "||":
            if left == .yes || right == .yes { return .yes }
            return left == .no && right == .no ? .no : .unknown
        default: return .unknown
        }
    }
}
