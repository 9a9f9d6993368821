import InjectionScanFacts
import SwiftSyntax

/// Registrations: `register`/`decorate` calls in every style, Factory and Provider members,
/// keypath containers' computed members, Factory overrides. Also records which closures belong
/// to which registration, so the request visitor can tell edges from service-locator sites.
final class RegistrationVisitor: SyntaxVisitor {
    struct Owner {
        var id: Int
        var phase: RegistrationPhase
        var registration: RegistrationFact
    }

    private let context: FileContext
    private let receivers: Receivers
    private(set) var registrations: [RegistrationFact] = []
    private(set) var notes: [NoteFact] = []
    /// Closures and accessor bodies that belong to a registration.
    private(set) var owners: [SyntaxIdentifier: Owner] = [:]

    init(context: FileContext, receivers: Receivers) {
        self.context = context
        self.receivers = receivers
        super.init(viewMode: .sourceAccurate)
    }

    static let contextOverrides: Set<String> = ["onTest", "onPreview", "onDebug", "onSimulator", "onDevice", "onArg", "onArgs", "context"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (name, base, token) = SyntaxShapes.callee(node) else { return .visitChildren }
        switch name {
        case "register", "autoregister": registerCall(node, name: name, base: base, token: token)
        case "decorate": decorateCall(node, base: base, token: token)
        case _ where Self.contextOverrides.contains(name): contextOverride(node, base: base, token: token)
        case _ where context.configuration.registrationHelpers.contains(name): helperCall(node, name: name, base: base, token: token)
        default: break
        }
        return .visitChildren
    }

    // MARK: Calls

    private func registerCall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, token: TokenSyntax) {
        guard let conditions = context.conditions.of(call) else { return }
        let closures = SyntaxShapes.closures(of: call)
        let factory = closures.first { $0.label == nil || $0.label == "factory" }?.closure
        let receiver = receivers.classify(base, at: call)
        let style = context.importedStyle

        // `Container.shared.api.register { }` (Factory), `container.login.useCase.register { }`
        // (a keypath provider), `api.register { }` inside a Factory container: a member's factory
        // replaced, not a registration in the receiver.
        if receiver.verdict != .container, let (owner, path) = memberPath(base, receiverType: receiver.reference.type, at: call) {
            let isFactory = style == .factory || receiver.reference.type.map(Self.isFactoryType) == true
            addOverride(call, token: token, container: owner, member: path.joined(separator: "."), closure: factory, conditions: conditions,
                        form: isFactory ? .factoryOverride : .provider, style: isFactory ? .factory : .injection)
            return
        }

        let unlabelled = SyntaxShapes.unlabelled(call)
        let explicitType = unlabelled.first.flatMap(TypeText.metatype) ?? SyntaxShapes.argument(call, label: "type").flatMap(TypeText.metatype)
        let instanceValue = unlabelled.first(where: { TypeText.metatype($0) == nil && !$0.is(ClosureExprSyntax.self) })
        var certainty = Certainty.exact
        var note: String?
        // SwinjectAutoregistration's `autoregister(P.self, initializer: X.init)` has no closure; no
        // type but a container has an `autoregister`.
        let autoregisters = name == "autoregister" && (factory != nil || SyntaxShapes.argument(call, label: "initializer") != nil)
        let autoregisterLabels: Set<String> = ["name", "argument", "arguments", "initializer"]
        switch receiver.verdict {
        case .container: break
        case .other(let type):
            let labels = Set(call.arguments.compactMap { $0.label?.text })
            guard factory != nil && labels.isSubset(of: ["name", "scope", "type", "factory"])
                || autoregisters && labels.isSubset(of: autoregisterLabels) else {
                addNote(call, .notInjection, "\(name)(…) on \(receiver.reference.expression.isEmpty ? "self" : receiver.reference.expression), \(TypeText.withArticle(type)): not a DI container, not a registration", conditions)
                return
            }
            certainty = .guessed
            note = "receiver `\(receiver.reference.expression)` is \(TypeText.withArticle(type)), not a known container; taken as "
                + (autoregisters ? "one for its autoregister" : "a wrapper around one for its factory closure")
        case .unknown:
            let labels = Set(call.arguments.compactMap { $0.label?.text })
            let diLabels: Set<String> = ["name", "scope", "type", "factory", "argument", "arguments"]
            // `BGTaskScheduler.shared.register(forTaskWithIdentifier:using:) { }`: labels no container takes.
            guard factory != nil || explicitType != nil, labels.isSubset(of: diLabels) || autoregisters && labels.isSubset(of: autoregisterLabels) else {
                addNote(call, .notInjection, "\(name)(…) on \(describe(receiver)): no factory closure and the receiver is not declared as a container; not taken as a registration", conditions)
                return
            }
            certainty = .guessed
            note = "receiver \(describe(receiver)) is not declared in this file as a container; taken as one for its factory closure"
        }

        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: style, form: .register,
            container: receiver.reference.expression.isEmpty && receiver.verdict == .unknown ? nil : receiver.reference,
            conditions: conditions, enclosing: context.enclosing(of: call), certainty: certainty, note: note)
        if receiver.reference.type.map({ ["Resolver", "Resolver.Resolver"].contains($0) }) == true, context.imports.contains("Resolver") {
            fact.style = .resolver
        }
        if style == .swinject { fact.form = .swinjectRegister }
        if name == "autoregister" { fact.form = .swinjectRegister; fact.modifiers.append("autoregister") }
        if let nameArgument = SyntaxShapes.argument(call, label: "name") { fact.name = Self.name(nameArgument) }
        if let scope = SyntaxShapes.argument(call, label: "scope") { fact.scope = TypeText.scope(scope) }

        if let explicitType {
            fact.service = explicitType
            fact.serviceSource = .explicit
            if SyntaxShapes.argument(call, label: "type") != nil, style != .swinject { fact.form = .registerType }
        }
        if let factory {
            let parameters = SyntaxShapes.parameters(of: factory)
            if let returnType = factory.signature?.returnClause?.type, fact.service == nil {
                fact.service = TypeText.normalize(returnType)
                fact.serviceSource = .explicit
            }
            if let value = SyntaxShapes.returnedValue(factory) {
                let built = SyntaxShapes.builtType(value)
                fact.implementation = built.implementation
                if fact.service == nil, let service = built.service {
                    fact.service = service
                    fact.serviceSource = built.explicit ? .explicit : .returnType
                }
            }
            if parameters.count > 1 {
                fact.argumentTypes = parameters.dropFirst().map { $0.type ?? (style == .swinject ? "_" : "Arguments") }
            }
        } else if let instanceValue {
            // `register(P.self, X())` takes `X()` as an autoclosure, built on each resolve as a
            // factory's body is (scope: the default); only `register(x)` hands out one instance.
            if fact.form != .registerType, unlabelled.first.flatMap(TypeText.metatype) == nil { fact.form = .instance }
            let built = SyntaxShapes.builtType(instanceValue)
            fact.implementation = built.implementation
            if fact.service == nil {
                if let service = built.service {
                    fact.service = service
                    fact.serviceSource = built.explicit ? .explicit : .returnType
                } else if let reference = instanceValue.as(DeclReferenceExprSyntax.self) {
                    let typed = receivers.classify(ExprSyntax(reference), at: call)
                    if let type = typed.reference.type {
                        fact.service = type
                        fact.serviceSource = .returnType
                    }
                }
            }
        } else if name == "autoregister", let initializer = SyntaxShapes.argument(call, label: "initializer") {
            // `X.init` or `X.init(a:b:)`: the type, and the initialiser's labels when written
            // (the linker resolves each of its parameters, as SwinjectAutoregistration does).
            let written = TypeText.collapse(initializer.writtenText)
            if let range = written.range(of: ".init", options: .backwards) {
                fact.implementation = String(written[..<range.lowerBound])
                let labels = written[range.upperBound...]
                fact.modifiers.append(labels.hasPrefix("(") && labels.hasSuffix(")") ? "initializer\(labels)" : "initializer")
            } else {
                fact.implementation = written
            }
            if fact.service == nil { fact.service = fact.implementation; fact.serviceSource = .returnType }
            // `argument: A.self`, `arguments: A.self, B.self`: given at resolve time, not resolved.
            var givenTypes: [String] = []
            var inArguments = false
            for argument in call.arguments {
                if let label = argument.label?.text { inArguments = label == "argument" || label == "arguments" }
                guard inArguments else { continue }
                let text = TypeText.collapse(argument.expression.writtenText)
                givenTypes.append(text.hasSuffix(".self") ? String(text.dropLast(5)) : text)
            }
            fact.argumentTypes = givenTypes
        }
        applyChain(after: ExprSyntax(call), to: &fact)
        finish(&fact, token: token, closures: factory.map { [($0, RegistrationPhase.factory)] } ?? [])
    }

    private func decorateCall(_ call: FunctionCallExprSyntax, base: ExprSyntax?, token: TokenSyntax) {
        guard let conditions = context.conditions.of(call) else { return }
        let receiver = receivers.classify(base, at: call)
        guard receiver.verdict == .container, let closure = SyntaxShapes.closures(of: call).first?.closure else {
            if receiver.verdict == .unknown, SyntaxShapes.closures(of: call).first != nil,
                let type = SyntaxShapes.unlabelled(call).first.flatMap(TypeText.metatype)
            {
                var fact = RegistrationFact(
                    id: registrations.count + 1, line: 0, column: 0, style: .injection, form: .decorate, container: receiver.reference,
                    service: type, serviceSource: .explicit, conditions: conditions, enclosing: context.enclosing(of: call),
                    certainty: .guessed, note: "receiver \(describe(receiver)) is not declared in this file as a container")
                finish(&fact, token: token, closures: SyntaxShapes.closures(of: call).map { ($0.closure, RegistrationPhase.decorator) })
            }
            return
        }
        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: .injection, form: .decorate, container: receiver.reference,
            conditions: conditions, enclosing: context.enclosing(of: call))
        if let type = SyntaxShapes.unlabelled(call).first.flatMap(TypeText.metatype) {
            fact.service = type
            fact.serviceSource = .explicit
        } else if let type = SyntaxShapes.parameters(of: closure).last?.type {
            fact.service = type
            fact.serviceSource = .explicit
        }
        if let nameArgument = SyntaxShapes.argument(call, label: "name") { fact.name = Self.name(nameArgument) }
        finish(&fact, token: token, closures: [(closure, .decorator)])
    }

    /// Factory's `.onTest { }` / `.onPreview { }` on a member (`Container.shared.api.onTest { }`)
    /// or in a member's own chain (`self { X() }.onTest { Mock() }`).
    private func contextOverride(_ call: FunctionCallExprSyntax, base: ExprSyntax?, token: TokenSyntax) {
        guard let conditions = context.conditions.of(call), let closure = SyntaxShapes.closures(of: call).last?.closure,
            let base
        else { return }
        var member: String?
        var container: ContainerReference?
        if let declaration = Self.enclosingFactoryMember(of: call) {
            member = declaration.name
            container = ContainerReference(expression: "self", type: context.enclosingTypeName(of: call))
        } else if let access = base.as(MemberAccessExprSyntax.self), receivers.classify(access.base, at: call).verdict == .container {
            member = access.declName.baseName.text
            container = receivers.classify(access.base, at: call).reference
        } else if let reference = base.as(DeclReferenceExprSyntax.self), receivers.classify(nil, at: call).verdict == .container {
            member = reference.baseName.text
            container = receivers.classify(nil, at: call).reference
        }
        guard let member else { return }
        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: .factory, form: .contextOverride, container: container,
            member: member, conditions: conditions, enclosing: context.enclosing(of: call))
        fact.modifiers = [token.text]
        if let value = SyntaxShapes.returnedValue(closure) {
            let built = SyntaxShapes.builtType(value)
            fact.implementation = built.implementation
        }
        finish(&fact, token: token, closures: [(closure, .factory)])
    }

    private func helperCall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, token: TokenSyntax) {
        guard let conditions = context.conditions.of(call) else { return }
        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: .custom, form: .customHelper,
            container: base.map { receivers.classify($0, at: call).reference }, conditions: conditions,
            enclosing: context.enclosing(of: call), note: "\(name) is a registration helper named in di-inspect.json")
        let factory = SyntaxShapes.closures(of: call).first?.closure
        if let explicit = SyntaxShapes.unlabelled(call).first.flatMap(TypeText.metatype) {
            fact.service = explicit
            fact.serviceSource = .explicit
        }
        if let factory, let value = SyntaxShapes.returnedValue(factory) {
            let built = SyntaxShapes.builtType(value)
            fact.implementation = built.implementation
            if fact.service == nil, let service = built.service { fact.service = service; fact.serviceSource = built.explicit ? .explicit : .returnType }
        }
        if let nameArgument = SyntaxShapes.argument(call, label: "name") { fact.name = Self.name(nameArgument) }
        applyChain(after: ExprSyntax(call), to: &fact)
        finish(&fact, token: token, closures: factory.map { [($0, RegistrationPhase.factory)] } ?? [])
    }

    private func addOverride(
        _ call: FunctionCallExprSyntax, token: TokenSyntax, container: ContainerReference, member: String, closure: ClosureExprSyntax?,
        conditions: [String], form: RegistrationForm, style: FactStyle
    ) {
        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: style, form: form, container: container, member: member,
            conditions: conditions, enclosing: context.enclosing(of: call))
        if let scope = SyntaxShapes.argument(call, label: "scope") { fact.scope = TypeText.scope(scope) }
        if let closure, let value = SyntaxShapes.returnedValue(closure) {
            fact.implementation = SyntaxShapes.builtType(value).implementation
        }
        applyChain(after: ExprSyntax(call), to: &fact)
        finish(&fact, token: token, closures: closure.map { [($0, RegistrationPhase.factory)] } ?? [])
    }

    // MARK: Members: Factory, Provider, keypath containers

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let conditions = context.conditions.of(node), !isInProtocol(node) else { return .visitChildren }
        let isStatic = node.modifiers.contains { $0.name.text == "static" }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let typeSyntax = binding.typeAnnotation?.type
            let body = Self.body(of: binding)
            if let typeSyntax, let generic = typeSyntax.as(IdentifierTypeSyntax.self), let arguments = generic.genericArgumentClause?.arguments,
                ["Factory", "ParameterFactory", "Provider"].contains(generic.name.text), let value = body
            {
                let types = arguments.map { TypeText.collapse($0.argument.writtenText) }.map(TypeText.normalize)
                memberRegistration(binding: binding, name: name, wrapperType: generic.name.text, types: types, value: value, isStatic: isStatic, conditions: conditions)
                continue
            }
            // Factory 1: `static let api = Factory<API> { API() }`, or without a type annotation.
            if let value = body.map(SyntaxShapes.unwrapped), let call = value.as(FunctionCallExprSyntax.self),
                let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                let baseName = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                ["Factory", "ParameterFactory"].contains(baseName)
            {
                let types = generic.genericArgumentClause.arguments.map { TypeText.normalize(TypeText.collapse($0.argument.writtenText)) }
                memberRegistration(binding: binding, name: name, wrapperType: baseName, types: types, value: value, isStatic: isStatic, conditions: conditions)
                continue
            }
            keyPathMember(binding: binding, name: name, type: typeSyntax, body: body, conditions: conditions, node: node)
        }
        return .visitChildren
    }

    private func memberRegistration(
        binding: PatternBindingSyntax, name: TokenSyntax, wrapperType: String, types: [String], value: ExprSyntax, isStatic: Bool,
        conditions: [String]
    ) {
        // The registration is the `self { }` / `Factory(self) { }` / `provide { }` call at the
        // head of the chain the body returns.
        var head = SyntaxShapes.unwrapped(value)
        while true {
            if let call = head.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base
            {
                head = base
            } else if let member = head.as(MemberAccessExprSyntax.self), let base = member.base {
                head = base
            } else {
                break
            }
        }
        guard let call = head.as(FunctionCallExprSyntax.self) else { return }
        let closure = SyntaxShapes.closures(of: call).last?.closure
        let isProvider = wrapperType == "Provider"
        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: isProvider ? .injection : .factory,
            form: isProvider ? .keyPathMember : (wrapperType == "ParameterFactory" ? .parameterFactory : .factoryMember),
            container: ContainerReference(expression: isStatic ? (context.enclosingTypeName(of: binding) ?? "") : "self", type: context.enclosingTypeName(of: binding)),
            service: types.last, serviceSource: .explicit, member: name.text, conditions: conditions, enclosing: context.enclosing(of: binding))
        if wrapperType == "ParameterFactory" { fact.argumentTypes = Array(types.dropLast()) }
        if isProvider, let scope = SyntaxShapes.unlabelled(call).first { fact.scope = TypeText.scope(scope) }
        if let scope = SyntaxShapes.argument(call, label: "scope") { fact.scope = TypeText.scope(scope) }
        if let closure, let built = SyntaxShapes.returnedValue(closure).map(SyntaxShapes.builtType) {
            fact.implementation = built.implementation
        }
        applyChain(after: ExprSyntax(call), to: &fact)
        // A provider's line is its `provide(…)` call's, as the runtime records it (`#line` by default).
        let token = isProvider ? call.calledExpression.firstToken(viewMode: .sourceAccurate) ?? name : name
        finish(&fact, token: token, closures: closure.map { [($0, RegistrationPhase.factory)] } ?? [])
    }

    /// A computed member of a keypath container (`var viewModel: LoginViewModel { DefaultLoginViewModel() }`):
    /// in an extension of a container type, exact; in a type named `…Container`/`…Layer` or holding
    /// a container, guessed.
    private func keyPathMember(binding: PatternBindingSyntax, name: TokenSyntax, type: TypeSyntax?, body: ExprSyntax?, conditions: [String], node: VariableDeclSyntax) {
        guard binding.accessorBlock != nil, let type, let body, let typeName = context.enclosingTypeName(of: node) else { return }
        let value = SyntaxShapes.unwrapped(body)
        let built = SyntaxShapes.builtType(value)
        guard let implementation = built.implementation else { return }
        // A hop to a sub-container (`var login: LoginContainer { LoginContainer() }`) is a path, not a service.
        if implementation.hasSuffix("Container") || implementation.hasSuffix("Layer") { return }
        let inContainerExtension = receivers.isContainerType(typeName)
        let looksLikeContainer = typeName.hasSuffix("Container") || typeName.hasSuffix("Layer") || typeName.hasSuffix("Components")
            || holdsContainer(typeName)
        guard inContainerExtension || looksLikeContainer else { return }
        var fact = RegistrationFact(
            id: registrations.count + 1, line: 0, column: 0, style: .injection, form: .keyPathMember,
            container: ContainerReference(expression: "self", type: typeName), service: TypeText.normalize(type), serviceSource: .explicit,
            implementation: implementation, member: name.text, conditions: conditions, enclosing: context.enclosing(of: binding),
            certainty: inContainerExtension ? .exact : .guessed,
            note: inContainerExtension ? nil : "\(typeName) taken as a keypath container by its name or its container property")
        finish(&fact, token: name, closures: [])
        if let accessor = binding.accessorBlock { owners[accessor.id] = Owner(id: fact.id, phase: .factory, registration: fact) }
    }

    private func holdsContainer(_ typeName: String) -> Bool {
        receivers.types[typeName]?.contains { $0.properties.contains { !$0.isComputed && receivers.isContainerType($0.type ?? $0.initializerType) } } ?? false
    }

    /// The single value a computed property or initialised `let` gives.
    static func body(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let value = binding.initializer?.value { return value }
        switch binding.accessorBlock?.accessors {
        case .getter(let statements): return SyntaxShapes.returnedValue(statements)
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = getter.body else { return nil }
            return SyntaxShapes.returnedValue(body.statements)
        case nil: return nil
        }
    }

    private static func enclosingFactoryMember(of node: some SyntaxProtocol) -> (name: String, binding: PatternBindingSyntax)? {
        var current = Syntax(node).parent
        while let syntax = current {
            if let binding = syntax.as(PatternBindingSyntax.self) {
                guard let type = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self), ["Factory", "ParameterFactory"].contains(type.name.text),
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                else { return nil }
                return (name, binding)
            }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    private func isInProtocol(_ node: some SyntaxProtocol) -> Bool {
        context.enclosingTypes(of: node).last?.is(ProtocolDeclSyntax.self) == true
    }

    static func isFactoryType(_ type: String) -> Bool {
        type.hasPrefix("Factory<") || type.hasPrefix("ParameterFactory<") || type.hasPrefix("Provider<")
    }

    /// The container and member path of a receiver that is a container's member:
    /// `Container.shared.api` → (`Container.shared`, [api]); `self.api` or a bare `api` in a
    /// container type (when its type is a factory, or the file is Factory's) → (self, [api]).
    private func memberPath(_ expression: ExprSyntax?, receiverType: String?, at node: some SyntaxProtocol) -> (ContainerReference, [String])? {
        guard let expression else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            guard name.first?.isLowercase == true else { return nil }
            let owner = receivers.classify(base, at: node)
            if owner.verdict == .container { return (owner.reference, [name]) }
            guard let (container, path) = memberPath(base, receiverType: nil, at: node) else { return nil }
            return (container, path + [name])
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isLowercase == true,
            reference.baseName.text != "self"
        {
            let implicit = receivers.classify(nil, at: node)
            guard implicit.verdict == .container,
                receiverType.map(Self.isFactoryType) == true || (receiverType == nil && context.importedStyle == .factory)
            else { return nil }
            return (implicit.reference, [reference.baseName.text])
        }
        return nil
    }

    // MARK: Chains, names, finishing

    private func applyChain(after expression: ExprSyntax, to fact: inout RegistrationFact) {
        var extra: [(ClosureExprSyntax, RegistrationPhase)] = []
        for (name, call) in SyntaxShapes.chain(after: expression) {
            fact.modifiers.append(name)
            switch name {
            case "scope", "inObjectScope":
                if let argument = call?.arguments.first?.expression { fact.scope = TypeText.scope(argument) }
            case "singleton", "cached", "shared", "graph", "unique":
                if call == nil { fact.scope = ScopeFact(written: "." + name, normalized: name) }
            case "implements":
                if let type = call?.arguments.first.flatMap({ TypeText.metatype($0.expression) }) { fact.implements.append(type) }
            case "name":
                if let argument = call?.arguments.first?.expression { fact.name = Self.name(argument) }
            case "resolveProperties", "initCompleted":
                if let call, let closure = SyntaxShapes.closures(of: call).last?.closure { extra.append((closure, .properties)) }
            default: break
            }
        }
        pendingClosures = extra
    }

    private var pendingClosures: [(ClosureExprSyntax, RegistrationPhase)] = []

    private func finish(_ fact: inout RegistrationFact, token: TokenSyntax, closures: [(ClosureExprSyntax, RegistrationPhase)]) {
        (fact.line, fact.column) = context.position(of: token)
        if fact.enclosing.isGeneric, FileContext.mentionsGeneric(fact.service, at: token) {
            fact.certainty = .unresolved
            fact.note = "registered inside a generic \(fact.enclosing.function ?? "type"): the key depends on the caller"
        } else if fact.enclosing.inLoop, fact.name.map({ !$0.isLiteral }) ?? false || fact.service == nil {
            fact.certainty = .unresolved
            fact.note = "registered in a loop with a key known only at run time"
        } else if fact.service == nil, fact.member == nil, fact.form != .decorate, fact.certainty == .exact {
            fact.certainty = .unresolved
            fact.note = "the registered type is not written here (a factory that returns a value the file does not type)"
        }
        registrations.append(fact)
        for (closure, phase) in closures + pendingClosures {
            owners[closure.id] = Owner(id: fact.id, phase: phase, registration: fact)
        }
        pendingClosures = []
    }

    static func name(_ expression: ExprSyntax) -> NameFact {
        // `"fred"`, and Resolver's `.name(fromString: "fred")` / `Resolver.Name("fred")`; a
        // constant (`.fred`) is written as is, for the linker to find where the sources declare it.
        if let literal = TypeText.builtFromLiteral(expression) { return NameFact(value: literal, isLiteral: true) }
        return NameFact(value: TypeText.collapse(expression.writtenText), isLiteral: false)
    }

    private func describe(_ receiver: Receivers.Receiver) -> String {
        receiver.reference.expression.isEmpty ? "(none)" : "`\(receiver.reference.expression)`"
    }

    private func addNote(_ node: some SyntaxProtocol, _ kind: NoteKind, _ message: String, _ conditions: [String]) {
        let (line, column) = context.position(of: node)
        notes.append(NoteFact(line: line, column: column, kind: kind, message: message, conditions: conditions))
    }
}
