import SwiftSyntax

/// Small readings of call shapes shared by the visitors.
enum SyntaxShapes {
    /// `name` and receiver of a call: `register` and `app` for `app.register(…)`; receiver nil for
    /// a bare `register(…)`; nil for `.register(…)` (implicit member) and anything else.
    static func callee(_ call: FunctionCallExprSyntax) -> (name: String, base: ExprSyntax?, nameToken: TokenSyntax)? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return (reference.baseName.text, nil, reference.baseName)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            return (member.declName.baseName.text, base, member.declName.baseName)
        }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
            if let reference = generic.expression.as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, nil, reference.baseName) }
            if let member = generic.expression.as(MemberAccessExprSyntax.self), let base = member.base {
                return (member.declName.baseName.text, base, member.declName.baseName)
            }
        }
        return nil
    }

    /// The closures a call passes: labelled or not, then trailing ones.
    static func closures(of call: FunctionCallExprSyntax) -> [(label: String?, closure: ClosureExprSyntax)] {
        var result: [(String?, ClosureExprSyntax)] = []
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { result.append((argument.label?.text, closure)) }
        }
        if let trailing = call.trailingClosure { result.append((nil, trailing)) }
        for additional in call.additionalTrailingClosures { result.append((additional.label.text, additional.closure)) }
        return result
    }

    static func argument(_ call: FunctionCallExprSyntax, label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    static func unlabelled(_ call: FunctionCallExprSyntax) -> [ExprSyntax] {
        // Never `filter` a syntax collection: its `filter` makes a new tree, every node up to
        // the file's root rebuilt, which made a block of many registrations quadratic.
        call.arguments.compactMap { $0.label == nil ? $0.expression : nil }
    }

    /// The value a closure returns when it is one expression, or its first `return`.
    static func returnedValue(_ closure: ClosureExprSyntax) -> ExprSyntax? {
        returnedValue(closure.statements)
    }

    static func returnedValue(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        if statements.count == 1, let only = statements.first {
            if let expression = only.item.as(ExprSyntax.self) { return expression }
            if let returned = only.item.as(ReturnStmtSyntax.self) { return returned.expression }
        }
        for item in statements {
            if let returned = item.item.as(ReturnStmtSyntax.self) { return returned.expression }
        }
        return nil
    }

    /// Strips `try`, `await`, parentheses and a force unwrap.
    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let tried = expression.as(TryExprSyntax.self) { return unwrapped(tried.expression) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return unwrapped(awaited.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return unwrapped(only.expression)
        }
        return expression
    }

    /// The chained calls and members after an expression: `.scope(.x).implements(P.self)` or
    /// Factory's `.singleton`; each with its call when it is one.
    static func chain(after expression: ExprSyntax) -> [(name: String, call: FunctionCallExprSyntax?)] {
        var links: [(String, FunctionCallExprSyntax?)] = []
        var current = Syntax(expression)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
            if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                links.append((member.declName.baseName.text, call))
                current = Syntax(call)
            } else {
                links.append((member.declName.baseName.text, nil))
                current = Syntax(member)
            }
        }
        return links
    }

    /// The type a value builds and the key it is registered as: `X() as P` is (P, X), `X()` (X, X).
    static func builtType(_ value: ExprSyntax) -> (service: String?, explicit: Bool, implementation: String?) {
        let value = unwrapped(value)
        if let (inner, type) = unfoldedCast(value) {
            let implementation = unwrapped(inner).as(FunctionCallExprSyntax.self).flatMap(TypeText.constructedType)
            return (TypeText.normalize(type), true, implementation)
        }
        if let cast = value.as(AsExprSyntax.self) {
            let inner = unwrapped(cast.expression)
            let implementation = inner.as(FunctionCallExprSyntax.self).flatMap(TypeText.constructedType)
            return (TypeText.normalize(cast.type), true, implementation)
        }
        if let call = value.as(FunctionCallExprSyntax.self), let type = TypeText.constructedType(call) {
            return (TypeText.normalize(type), false, TypeText.normalize(type))
        }
        if let type = DeclarationVisitor.inferredType(value) { return (type, false, nil) }
        // A factory returning `DispatchQueue.global()`: a type's static factory, as `X.shared` is
        // one (not a resolve through a type: `Assembler.resolve(…)` returns what it is asked for).
        if let call = value.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            !RequestVisitor.resolveNames.contains(member.declName.baseName.text),
            let type = DeclarationVisitor.inferredType(ExprSyntax(member))
        {
            return (type, false, nil)
        }
        return (nil, false, nil)
    }

    /// `x as P` as the parser leaves it (operators unfolded): `[x, as, P]`.
    static func unfoldedCast(_ expression: ExprSyntax) -> (ExprSyntax, TypeSyntax)? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self) else { return nil }
        return (elements[0], type.type)
    }

    /// The closure's parameters: names and written types.
    static func parameters(of closure: ClosureExprSyntax) -> [(name: String, type: String?)] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let list): return list.map { ($0.name.text, nil) }
        case .parameterClause(let clause):
            return clause.parameters.map { (($0.secondName ?? $0.firstName).text, $0.type.map(TypeText.normalize)) }
        }
    }
}
