import InjectionScanFacts
import SwiftSyntax

/// Injection sites and resolves: property wrappers (also on locals), resolve calls of every
/// style, keypath subscripts, Factory member calls, default arguments. A request inside a
/// registration's closure is an edge from it (`inRegistration`); outside, a site.
final class RequestVisitor: SyntaxVisitor {
    private let context: FileContext
    private let receivers: Receivers
    private let owners: [SyntaxIdentifier: RegistrationVisitor.Owner]
    private let factoryMembers: Set<String>
    private(set) var requests: [RequestFact] = []
    private(set) var notes: [NoteFact] = []

    static let wrappers: [String: RequestAccess] = [
        "Injected": .eager, "LazyInjected": .lazy, "WeakLazyInjected": .weakLazy, "OptionalInjected": .optional,
        "InjectedObject": .eager, "InjectedObservable": .eager, "Inject": .eager, "Service": .eager, "InjectedType": .eager,
        // Factory's `@DynamicInjected(\.x)` resolves on every read, never while its holder is built.
        "DynamicInjected": .lazy,
    ]
    static let resolveNames: Set<String> = ["resolve", "optional", "tryResolve"]

    init(context: FileContext, receivers: Receivers, registrations: RegistrationVisitor) {
        self.context = context
        self.receivers = receivers
        self.owners = registrations.owners
        self.factoryMembers = Set(registrations.registrations.filter { $0.form == .factoryMember || $0.form == .parameterFactory }.compactMap(\.member))
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Property wrappers

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let wrapperName = TypeText.normalize(attribute.attributeName)
            let simpleName = String(wrapperName.split(separator: ".").last ?? "")
            let configured = context.configuration.wrappers[wrapperName].map { RequestAccess(rawValue: $0) }
            guard let access = configured ?? Self.wrappers[simpleName], let conditions = context.conditions.of(node) else { continue }
            let binding = node.bindings.first
            var fact = RequestFact(
                line: 0, column: 0, style: configured != nil ? .custom : context.importedStyle, form: configured != nil ? .customHelper : .propertyWrapper,
                access: access, wrapper: wrapperName, member: binding?.pattern.writtenText, conditions: conditions,
                enclosing: context.enclosing(of: node))
            if fact.style == .swinject { fact.style = .injection }
            if let annotation = binding?.typeAnnotation?.type {
                fact.service = TypeText.normalize(annotation)
                fact.typeSource = .annotation
            }
            if case .argumentList(let arguments) = attribute.arguments {
                for argument in arguments {
                    let value = argument.expression
                    switch argument.label?.text {
                    case nil:
                        if let keyPath = value.as(KeyPathExprSyntax.self) {
                            fact.keyPath = Self.keyPath(keyPath)
                            if fact.service == nil { fact.typeSource = .keyPath }
                        } else if let type = TypeText.metatype(value) {
                            fact.service = type
                            fact.typeSource = .explicit
                        } else if simpleName == "Service" || value.is(MemberAccessExprSyntax.self) {
                            fact.scope = TypeText.scope(value)
                        }
                    case "name": fact.name = RegistrationVisitor.name(value)
                    case "container":
                        if let member = value.as(MemberAccessExprSyntax.self), member.base == nil {
                            fact.container = ContainerReference(expression: TypeText.collapse(value.writtenText), type: context.importedStyle == .resolver ? "Resolver" : "Container")
                        } else {
                            fact.container = receivers.classify(value, at: node).reference
                        }
                    case "lifetime", "scope": fact.scope = TypeText.scope(value)
                    default: break
                    }
                }
            }
            if fact.keyPath != nil, context.importedStyle == .factory { fact.style = .factory }
            if fact.service == nil, fact.keyPath == nil {
                fact.certainty = .unresolved
                fact.note = "@\(wrapperName) without a written type"
            }
            (fact.line, fact.column) = context.position(of: attribute)
            requests.append(fact)
        }
        return .visitChildren
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (name, base, token) = SyntaxShapes.callee(node) else { return .visitChildren }
        if Self.resolveNames.contains(name) {
            resolveCall(node, name: name, base: base, token: token)
        } else if context.configuration.resolveHelpers.contains(name) {
            helperCall(node, name: name, base: base, token: token)
        } else if name.first?.isLowercase == true {
            factoryCall(node, name: name, base: base, token: token)
        }
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let first = node.arguments.first, first.label == nil, let keyPath = first.expression.as(KeyPathExprSyntax.self),
            let conditions = context.conditions.of(node)
        else { return .visitChildren }
        let receiver = receivers.classify(node.calledExpression, at: node)
        if TypeText.collapse(node.calledExpression.writtenText) == "InjectionMapper" { return .visitChildren }
        guard receiver.verdict == .container else { return .visitChildren }
        var fact = RequestFact(
            line: 0, column: 0, style: .injection, form: .keyPathSubscript, access: .eager, typeSource: .keyPath,
            keyPath: Self.keyPath(keyPath), container: receiver.reference, conditions: conditions, enclosing: context.enclosing(of: node))
        typeFromContext(ExprSyntax(node), into: &fact)
        link(node, into: &fact)
        (fact.line, fact.column) = context.position(of: node)
        requests.append(fact)
        return .visitChildren
    }

    // MARK: SwinjectAutoregistration's `~>`

    /// `r ~> P.self`, `r ~> (P.self, name: "n")`, `r ~> (P.self, argument: a)`: a forced resolve.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() where index > 0 && index + 1 < elements.count {
            guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "~>" else { continue }
            let operand = elements[index + 1]
            let tuple = operand.as(TupleExprSyntax.self)
            let first: ExprSyntax = tuple?.elements.first?.expression ?? operand
            let receiver = elements[index - 1]
            guard let type = TypeText.metatype(first), var fact = operatorResolve(receiver, receiver: receiver) else { continue }
            fact.service = type
            fact.typeSource = .explicit
            if let tuple {
                for argument in tuple.elements.dropFirst() {
                    switch argument.label?.text {
                    case "name": fact.name = RegistrationVisitor.name(argument.expression)
                    case "argument", "arguments", nil: fact.arguments.append(TypeText.collapse(argument.expression.writtenText))
                    default: break
                    }
                }
            }
            requests.append(fact)
        }
        return .visitChildren
    }

    /// `r~>`: a forced resolve of the type its place asks for (`X(a: r~>)`, `let a: A = r~>`).
    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.operator.text == "~>", var fact = operatorResolve(node, receiver: node.expression) else { return .visitChildren }
        typeFromContext(ExprSyntax(node), into: &fact)
        requests.append(fact)
        return .visitChildren
    }

    /// A `~>` resolve on `receiver`: eager (it force-unwraps), an edge inside a registration.
    private func operatorResolve(_ node: some SyntaxProtocol, receiver expression: ExprSyntax) -> RequestFact? {
        guard let conditions = context.conditions.of(node) else { return nil }
        var receiver = receivers.classify(expression, at: node)
        if let parameter = receiver.closureParameter, owners[parameter.closure.id] != nil {
            receiver.verdict = .container
            receiver.reference.type = receiver.reference.type ?? "Resolver"
        }
        var fact = RequestFact(
            line: 0, column: 0, style: .swinject, form: .resolveCall, access: .eager, container: receiver.reference,
            conditions: conditions, enclosing: context.enclosing(of: node),
            certainty: receiver.verdict == .container ? .exact : .guessed,
            note: receiver.verdict == .container ? nil : "receiver `\(receiver.reference.expression)` is not declared in this file as a container")
        link(node, into: &fact)
        (fact.line, fact.column) = context.position(of: node)
        return fact
    }

    private func resolveCall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, token: TokenSyntax) {
        guard let conditions = context.conditions.of(call) else { return }
        let labels = Set(call.arguments.compactMap { $0.label?.text })
        // `resolve(arguments: a, b)`: what follows `arguments:` are its values, not the key.
        let unlabelled = call.arguments.prefix { $0.label?.text != "arguments" }.compactMap { $0.label == nil ? $0.expression : nil }
        let diLabels: Set<String> = ["name", "args", "argument", "arguments", "lifetime", "type", "container"]
        let explicitType = unlabelled.first.flatMap(TypeText.metatype)
        let keyPath = unlabelled.first?.as(KeyPathExprSyntax.self)
        // No container's resolve takes a closure: `image.resolve { … }` is an asset's or a
        // promise's, not a request.
        let shaped = call.trailingClosure == nil && labels.isSubset(of: diLabels)
            && (unlabelled.isEmpty || explicitType != nil || keyPath != nil || (unlabelled.count == 2 && unlabelled.last.flatMap(TypeText.metatype) != nil))
        var receiver = receivers.classify(base, at: call)
        guard shaped else {
            // `resolver.resolve(type)!` inside an app's generic helper: a resolve whose key only
            // the caller knows. Said, never dropped.
            if receiver.verdict == .container || receiver.closureParameter.flatMap({ owners[$0.closure.id] }) != nil {
                addNote(call, .unresolved, "\(name)(\(TypeText.collapse(call.arguments.writtenText))) on \(receiver.reference.expression.isEmpty ? "self" : receiver.reference.expression): the key is a value known only at run time (a generic helper?)", conditions)
            }
            return
        }
        var certainty = Certainty.exact
        var note: String?
        if let parameter = receiver.closureParameter, let owner = owners[parameter.closure.id] {
            // `{ c in c.resolve() }`, `{ r in r.resolve(P.self)! }`: the factory's resolver.
            receiver.verdict = parameter.index == 0 || owner.phase != .factory ? .container : receiver.verdict
            if receiver.reference.type == nil { receiver.reference.type = owner.registration.style == .swinject ? "Resolver" : owner.registration.container?.type }
        }
        // `Container.shared.api.resolve()` (Factory) is the member's call; so is `factory.api.resolve()`
        // in a Factory file, on a container injected under another name.
        if receiver.verdict != .container, unlabelled.isEmpty, labels.isEmpty, let member = base?.as(MemberAccessExprSyntax.self),
            receivers.classify(member.base, at: call).verdict == .container || context.importedStyle == .factory
        {
            factoryCall(call, name: member.declName.baseName.text, base: member.base, token: member.declName.baseName, viaResolve: true)
            return
        }
        switch receiver.verdict {
        case .container: break
        case .other(let type):
            // `provider.resolve(API.self)` on a type the sources declare: the shape of a resolve,
            // so most likely an app's wrapper around a container.
            certainty = .guessed
            note = "receiver `\(receiver.reference.expression)` is \(TypeText.withArticle(type)), not a known container; taken as a wrapper around one (name \(type) in di-inspect.json's containers to confirm)"
        case .unknown:
            certainty = .guessed
            note = base == nil
                ? "\(name)() outside a container type: taken as the default container's"
                : "receiver `\(receiver.reference.expression)` is not declared in this file as a container"
        }
        let style: FactStyle = receiver.reference.type == "Resolver" && context.imports.contains("Resolver") ? .resolver : context.importedStyle
        var access: RequestAccess = name == "optional" ? .optional : .eager
        if style == .swinject, name == "resolve", !Self.isForceUnwrapped(call) { access = .optional }
        var fact = RequestFact(
            line: 0, column: 0, style: style, form: .resolveCall, access: access, container: base == nil && receiver.verdict != .container ? nil : receiver.reference,
            conditions: conditions, enclosing: context.enclosing(of: call), certainty: certainty, note: note)
        if let explicitType {
            fact.service = explicitType
            fact.typeSource = .explicit
        } else if let keyPath {
            fact.keyPath = Self.keyPath(keyPath)
            fact.typeSource = .keyPath
            fact.form = .keyPathSubscript
        } else if unlabelled.count == 2, let type = unlabelled.last.flatMap(TypeText.metatype) {
            fact.service = type  // `Container.resolve(.singleton, X.self)` (the @Service article)
            fact.typeSource = .explicit
            fact.scope = TypeText.scope(unlabelled[0])
        } else if let type = SyntaxShapes.argument(call, label: "type").flatMap(TypeText.metatype) {
            fact.service = type
            fact.typeSource = .explicit
        }
        if let nameArgument = SyntaxShapes.argument(call, label: "name") { fact.name = RegistrationVisitor.name(nameArgument) }
        for label in ["args", "argument", "arguments"] {
            for argument in call.arguments where argument.label?.text == label {
                fact.arguments.append(TypeText.collapse(argument.expression.writtenText))
            }
        }
        if let lifetime = SyntaxShapes.argument(call, label: "lifetime") { fact.scope = TypeText.scope(lifetime) }
        if fact.typeSource == .unknown { typeFromContext(ExprSyntax(call), into: &fact) }
        storedProperty(call, into: &fact)
        link(call, into: &fact)
        if fact.enclosing.isGeneric, fact.service != nil, FileContext.mentionsGeneric(fact.service, at: call) {
            // `resolve(Service.self)` in `func make<Service>()`: each caller picks the key.
            fact.certainty = .unresolved
            fact.note = "\(name)(\(fact.service ?? "")) inside a generic \(fact.enclosing.function ?? "type"): the key depends on the caller"
        }
        if fact.service == nil, fact.keyPath == nil, fact.contextualCall == nil, fact.certainty == .exact {
            fact.certainty = .unresolved
            fact.note = "\(name)() whose type this file does not say"
        }
        (fact.line, fact.column) = context.position(of: token)
        requests.append(fact)
    }

    /// `Container.shared.api()`, `MyContainer.shared.vm(42)`, `container.login.useCase()`, and
    /// inside a Factory member `self.api()` / `api()`.
    private func factoryCall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, token: TokenSyntax, viaResolve: Bool = false) {
        var components = [name]
        var head = base
        while let member = head?.as(MemberAccessExprSyntax.self), let inner = member.base,
            receivers.classify(head, at: call).verdict != .container, otherFilesSharedContainer(head, at: call) == nil
        {
            components.insert(member.declName.baseName.text, at: 0)
            head = inner
        }
        var receiver: Receivers.Receiver
        var certainty = Certainty.exact
        var note: String?
        if let head {
            receiver = receivers.classify(head, at: call)
            // `provide { c in … c.network.api() }`, `register { c in X(a: c.login.useCase()) }`: a
            // member path on the factory's own container parameter.
            if receiver.verdict != .container, components.count > 1, let parameter = receiver.closureParameter,
                let owner = owners[parameter.closure.id], parameter.index == 0, owner.phase == .factory,
                owner.registration.style == .injection
            {
                receiver.verdict = .container
                receiver.reference.type = receiver.reference.type ?? "Container"
            }
            if receiver.verdict != .container, let type = otherFilesSharedContainer(head, at: call) {
                receiver = Receivers.Receiver(reference: ContainerReference(expression: type + ".shared", type: type), verdict: .container)
                certainty = .guessed
                note = "`\(type).shared` taken as a Factory container declared in another file"
            } else if receiver.verdict != .container, viaResolve, context.importedStyle == .factory {
                certainty = .guessed
                note = "`\(receiver.reference.expression)` taken as a Factory container (a member's resolve())"
            } else {
                guard receiver.verdict == .container else { return }
            }
            if head.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                guard innermostOwner(of: call) != nil || factoryMembers.contains(name) else { return }
            } else if !(head.is(MemberAccessExprSyntax.self) || receiver.reference.type != nil || certainty == .guessed) {
                return
            }
        } else {
            // A bare `api()`: only inside a Factory registration, for a member this container has.
            guard let owner = innermostOwner(of: call), owner.registration.style == .factory, call.arguments.isEmpty || factoryMembers.contains(name),
                receivers.classify(nil, at: call).verdict == .container
            else { return }
            receiver = receivers.classify(nil, at: call)
            if !factoryMembers.contains(name) {
                certainty = .guessed
                note = "\(name)() inside a Factory registration taken as a member of \(receiver.reference.type ?? "its container")"
            }
        }
        // `resolve`/`register` and the container's own API are not members.
        let api: Set<String> = ["register", "reset", "decorate", "makeChild", "add", "use", "map", "removeAll", "validate", "isRegistered", "manager", "with", "callAsFunction", "assembly", "resetMapping", "resetAllMappings", "autoRegister", "push", "pop"]
        guard !api.contains(name), let conditions = context.conditions.of(call) else { return }
        // Other methods of a container are the container's own API unless the file is Factory's
        // (members are called) or the path goes through a keypath container (`login.useCase()`).
        guard context.importedStyle == .factory || components.count > 1 || factoryMembers.contains(name) || innermostOwner(of: call)?.registration.style == .factory
        else { return }
        let style: FactStyle = context.importedStyle == .factory || owners.values.contains(where: { $0.registration.style == .factory }) ? .factory : .injection
        var fact = RequestFact(
            line: 0, column: 0, style: style, form: .factoryCall, access: .eager, typeSource: .keyPath,
            keyPath: KeyPathFact(root: receiver.reference.type, components: components), container: receiver.reference,
            arguments: call.arguments.map { TypeText.collapse($0.expression.writtenText) }, conditions: conditions,
            enclosing: context.enclosing(of: call), certainty: certainty, note: note)
        if viaResolve { fact.arguments = [] }
        // The key is the member path; where the value goes says nothing about it.
        storedProperty(call, into: &fact)
        link(call, into: &fact)
        (fact.line, fact.column) = context.position(of: token)
        requests.append(fact)
    }

    /// `ToolsContainer` for `ToolsContainer.shared` in a Factory file that does not declare it:
    /// the shape of another file's `SharedContainer` (or of any singleton: the linker keeps the
    /// call only where the sources declare that container).
    private func otherFilesSharedContainer(_ expression: ExprSyntax?, at call: FunctionCallExprSyntax) -> String? {
        guard context.importedStyle == .factory, let access = expression?.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "shared", let owner = access.base?.as(DeclReferenceExprSyntax.self),
            owner.baseName.text.first?.isUppercase == true, receivers.classify(expression, at: call).verdict == .unknown
        else { return nil }
        return owner.baseName.text
    }

    private func helperCall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, token: TokenSyntax) {
        guard let conditions = context.conditions.of(call) else { return }
        var fact = RequestFact(
            line: 0, column: 0, style: .custom, form: .customHelper, access: .eager,
            container: base.map { receivers.classify($0, at: call).reference }, conditions: conditions,
            enclosing: context.enclosing(of: call), note: "\(name) is a resolve helper named in di-inspect.json")
        if let type = SyntaxShapes.unlabelled(call).first.flatMap(TypeText.metatype) {
            fact.service = type
            fact.typeSource = .explicit
        } else {
            typeFromContext(ExprSyntax(call), into: &fact)
        }
        if let nameArgument = SyntaxShapes.argument(call, label: "name") { fact.name = RegistrationVisitor.name(nameArgument) }
        link(call, into: &fact)
        (fact.line, fact.column) = context.position(of: token)
        requests.append(fact)
    }

    /// The property a resolve's value initialises, through `try`, `await`, `!` and `as`:
    /// `let formatter = Resolver.resolve(F.self)` fills `formatter` (the linker makes it an edge
    /// of a registration that builds the type); a `lazy` one resolves at first read instead.
    private func storedProperty(_ call: FunctionCallExprSyntax, into fact: inout RequestFact) {
        var current = Syntax(call)
        while let parent = current.parent,
            parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
                || parent.is(OptionalChainingExprSyntax.self) || parent.is(AsExprSyntax.self)
                || (parent.is(ExprListSyntax.self) && parent.parent?.is(SequenceExprSyntax.self) == true && parent.children(viewMode: .sourceAccurate).first?.id == current.id)
                || parent.is(SequenceExprSyntax.self)
        {
            current = parent
        }
        guard let binding = current.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) else { return }
        if fact.member == nil { fact.member = binding.pattern.writtenText }
        if fact.access == .eager, let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
            variable.modifiers.contains(where: { $0.name.text == "lazy" })
        {
            fact.access = .lazy
        }
    }

    // MARK: Typing from the context

    /// Where the value goes tells its type: `as P`, `let x: P =`, `X(a: …)`, a return, a default
    /// argument, an assignment to a declared property.
    private func typeFromContext(_ expression: ExprSyntax, into fact: inout RequestFact) {
        var current = Syntax(expression)
        while let parent = current.parent,
            parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
                || parent.is(OptionalChainingExprSyntax.self)
                || (parent.as(TupleExprSyntax.self)?.elements.count == 1 && parent.as(TupleExprSyntax.self)?.elements.first?.label == nil)
                || (parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true)
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
        {
            current = parent
        }
        guard let parent = current.parent else { return }
        if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self),
            let (inner, type) = SyntaxShapes.unfoldedCast(ExprSyntax(sequence)), inner.id == current.id
        {
            fact.service = TypeText.normalize(type)
            fact.typeSource = .explicit
            return
        }
        if let cast = parent.as(AsExprSyntax.self) {
            fact.service = TypeText.normalize(cast.type)
            fact.typeSource = .explicit
            return
        }
        if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self)
        {
            let index = list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
            let callee = TypeText.constructedType(call) ?? Self.implicitInitType(call) ?? TypeText.collapse(call.calledExpression.writtenText)
            fact.contextualCall = ContextualCall(
                callee: callee, label: argument.label?.text, index: index, labels: list.map { $0.label?.text ?? "_" })
            fact.typeSource = .initializerParameter
            return
        }
        if let initializer = parent.as(InitializerClauseSyntax.self) {
            if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
                if let type = binding.typeAnnotation?.type {
                    fact.service = TypeText.normalize(type)
                    fact.typeSource = .annotation
                }
                fact.member = binding.pattern.writtenText
                return
            }
            if let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
                fact.service = TypeText.normalize(parameter.type)
                fact.typeSource = .annotation
                fact.form = .defaultArgument
                fact.member = (parameter.secondName ?? parameter.firstName).text
                return
            }
        }
        if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true, sequence.elements.last?.id == current.id,
            let target = sequence.elements.first
        {
            assignmentType(target, into: &fact)
            return
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self), infix.rightOperand.id == current.id {
            assignmentType(infix.leftOperand, into: &fact)
            return
        }
        // The value a closure, getter or function returns.
        if let returned = returnContext(current) {
            if let type = returned.type {
                fact.service = type
                fact.typeSource = returned.source
            }
        }
    }

    /// `let tab: HomeTab = .init(view: r~>)`: the type `.init` builds is the annotation's.
    static func implicitInitType(_ call: FunctionCallExprSyntax) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init", let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let type = binding.typeAnnotation?.type
        else { return nil }
        return TypeText.normalize(type)
    }

    private func assignmentType(_ target: ExprSyntax, into fact: inout RequestFact) {
        let name: String
        var ownerType: String?
        if let member = target.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text != "self",
                let parameter = receivers.classify(ExprSyntax(base), at: target).closureParameter, let owner = owners[parameter.closure.id]
            {
                ownerType = owner.registration.service  // `.resolveProperties { r, s in s.x = … }`
            }
        } else if let reference = target.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return
        }
        fact.member = name
        let typeName = ownerType ?? context.enclosingTypeName(of: target)
        if let typeName, let property = receivers.types[typeName]?.lazy.compactMap({ $0.properties.first { $0.name == name } }).first,
            let type = property.type
        {
            fact.service = type
            fact.typeSource = .annotation
        }
    }

    private func returnContext(_ node: Syntax) -> (type: String?, source: TypeSource)? {
        var current = node
        if current.parent?.is(ReturnStmtSyntax.self) == true { current = current.parent! }
        guard let item = current.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        let returns = current.is(ReturnStmtSyntax.self) || list.count == 1
        guard returns, let holder = list.parent else { return nil }
        if let closure = holder.as(ClosureExprSyntax.self) {
            if let type = closure.signature?.returnClause?.type { return (TypeText.normalize(type), .explicit) }
            if let owner = owners[closure.id], owner.phase == .factory { return (owner.registration.service, .returnType) }
            return nil
        }
        var body = Syntax(holder)
        if body.is(CodeBlockSyntax.self), let parent = body.parent { body = parent }
        if let accessor = body.as(AccessorDeclSyntax.self) { body = accessor.parent?.parent ?? body }
        if let block = body.as(AccessorBlockSyntax.self), let binding = block.parent?.as(PatternBindingSyntax.self),
            let type = binding.typeAnnotation?.type
        {
            return (TypeText.normalize(type), .returnType)
        }
        if let function = body.as(FunctionDeclSyntax.self), let type = function.signature.returnClause?.type {
            return (TypeText.normalize(type), .returnType)
        }
        return nil
    }

    // MARK: Linking to registrations

    private func innermostOwner(of node: some SyntaxProtocol) -> RegistrationVisitor.Owner? {
        var current = Syntax(node).parent
        while let syntax = current {
            if let owner = owners[syntax.id] { return owner }
            current = syntax.parent
        }
        return nil
    }

    private func link(_ node: some SyntaxProtocol, into fact: inout RequestFact) {
        guard let owner = innermostOwner(of: node) else { return }
        fact.inRegistration = owner.id
        fact.phase = owner.phase
    }

    static func isForceUnwrapped(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call)
        while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            current = parent
        }
        return current.parent?.is(ForceUnwrapExprSyntax.self) == true
    }

    static func keyPath(_ expression: KeyPathExprSyntax) -> KeyPathFact {
        var components: [String] = []
        for component in expression.components {
            if case .property(let property) = component.component { components.append(property.declName.baseName.text) }
        }
        return KeyPathFact(root: expression.root.map(TypeText.normalize), components: components)
    }

    private func addNote(_ node: some SyntaxProtocol, _ kind: NoteKind, _ message: String, _ conditions: [String]) {
        let (line, column) = context.position(of: node)
        notes.append(NoteFact(line: line, column: column, kind: kind, message: message, conditions: conditions))
    }
}
