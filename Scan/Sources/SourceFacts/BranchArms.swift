import SwiftSyntax

/// The arms of the branches a statement lies on (``InjectionScanFacts/EnclosingFact/branches``):
/// `if testing { register(mock) } else { register(live) }` registers one of the two, never both,
/// so the second is no override of the first. An arm is `line:column#arm` of its branch
/// statement. What follows a `guard`, or an `if` without `else` whose body always leaves, is an
/// arm too: the statements that leave a block early are listed once per block, so a block of N
/// registrations costs N lookups, not N².
final class BranchArms {
    /// A statement of a block that splits the rest of the block off: the arm that follows it.
    private struct Split {
        let end: AbsolutePosition
        let arm: String
    }

    private var splitsByBlock: [SyntaxIdentifier: [Split]] = [:]

    func arms(of node: some SyntaxProtocol, in context: FileContext) -> [String]? {
        var arms: [String] = []
        var child = Syntax(node)
        while let syntax = child.parent {
            if let branch = syntax.as(IfExprSyntax.self) {
                if child.id == branch.body.id {
                    arms.append(Self.arm(of: branch, "then", in: context))
                } else if let elseBody = branch.elseBody, child.id == elseBody.id {
                    arms.append(Self.arm(of: branch, "else", in: context))
                }
            } else if let guardStatement = syntax.as(GuardStmtSyntax.self), child.id == guardStatement.body.id {
                arms.append(Self.arm(of: guardStatement, "else", in: context))
            } else if let switchCase = syntax.as(SwitchCaseSyntax.self),
                      let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self) {
                let (line, column) = context.position(of: switchCase)
                arms.append(Self.arm(of: switchExpression, "\(line):\(column)", in: context))
            } else if let items = syntax.as(CodeBlockItemListSyntax.self) {
                for split in splits(in: items, context: context) where split.end <= child.position {
                    arms.append(split.arm)
                }
            }
            child = syntax
        }
        return arms.isEmpty ? nil : arms.reversed()
    }

    private static func arm(of branch: some SyntaxProtocol, _ arm: String, in context: FileContext) -> String {
        let (line, column) = context.position(of: branch)
        return "\(line):\(column)#\(arm)"
    }

    /// The guards of `items`, and its `if`s without `else` whose body always leaves.
    private func splits(in items: CodeBlockItemListSyntax, context: FileContext) -> [Split] {
        if let known = splitsByBlock[items.id] { return known }
        var splits: [Split] = []
        for item in items {
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                splits.append(Split(end: item.endPosition, arm: Self.arm(of: guardStatement, "then", in: context)))
            } else if let branch = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self),
                      branch.elseBody == nil, Self.alwaysLeaves(branch.body.statements) {
                splits.append(Split(end: item.endPosition, arm: Self.arm(of: branch, "else", in: context)))
            }
        }
        splitsByBlock[items.id] = splits
        return splits
    }

    /// Whether a block's last statement leaves it: `return`, `throw`, or a call that never returns.
    private static func alwaysLeaves(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard let last = statements.last?.item else { return false }
        if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) { return true }
        let expression = last.as(ExpressionStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self)
        guard let call = expression?.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return ["fatalError", "preconditionFailure"].contains(name)
    }
}
