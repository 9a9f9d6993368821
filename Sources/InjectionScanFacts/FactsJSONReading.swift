/// Each fact type read from its JSON object by ``FactsJSONReader``: fields in any order, unknown
/// ones skipped, `null` an absent optional; a missing required field throws (and `JSONDecoder`
/// then reads the line and names it).
extension FileFacts {
    init(reading json: inout FactsJSONReader) throws {
        var kind: String?, path: String?, fileID: String?, module: String?, isTest: Bool?, skipped: SkipFact?
        var prefiltered: Bool?, syntaxErrors: [SyntaxErrorFact]?, imports: [String]?, types: [DeclaredType]?
        var variables: [PropertyFact]?, functions: [MethodFact]?, registrations: [RegistrationFact]?
        var requests: [RequestFact]?, containers: [ContainerFact]?, mappings: [MappingFact]?, notes: [NoteFact]?
        try json.object { json, key in
            switch key {
            case "kind": kind = try json.string()
            case "path": path = try json.string()
            case "fileID": fileID = try json.optional { try $0.string() }
            case "module": module = try json.optional { try $0.string() }
            case "isTest": isTest = try json.bool()
            case "skipped": skipped = try json.optional { try SkipFact(reading: &$0) }
            case "prefiltered": prefiltered = try json.optional { try $0.bool() }
            case "syntaxErrors": syntaxErrors = try json.array { try SyntaxErrorFact(reading: &$0) }
            case "imports": imports = try json.strings()
            case "types": types = try json.array { try DeclaredType(reading: &$0) }
            case "variables": variables = try json.array { try PropertyFact(reading: &$0) }
            case "functions": functions = try json.array { try MethodFact(reading: &$0) }
            case "registrations": registrations = try json.array { try RegistrationFact(reading: &$0) }
            case "requests": requests = try json.array { try RequestFact(reading: &$0) }
            case "containers": containers = try json.array { try ContainerFact(reading: &$0) }
            case "mappings": mappings = try json.array { try MappingFact(reading: &$0) }
            case "notes": notes = try json.array { try NoteFact(reading: &$0) }
            default: try json.skipValue()
            }
        }
        self.init(
            path: try required(path), fileID: fileID, module: module, isTest: try required(isTest), skipped: skipped,
            prefiltered: prefiltered, syntaxErrors: try required(syntaxErrors), imports: try required(imports),
            types: try required(types), variables: try required(variables), functions: try required(functions),
            registrations: try required(registrations), requests: try required(requests),
            containers: try required(containers), mappings: try required(mappings), notes: try required(notes))
        self.kind = try required(kind)
    }
}

extension SkipFact {
    init(reading json: inout FactsJSONReader) throws {
        var reason: SkipReason?, message: String?
        try json.object { json, key in
            switch key {
            case "reason": reason = try json.word()
            case "message": message = try json.string()
            default: try json.skipValue()
            }
        }
        self.init(reason: try required(reason), message: try required(message))
    }
}

extension SyntaxErrorFact {
    init(reading json: inout FactsJSONReader) throws {
        var line: Int?, column: Int?, message: String?
        try json.object { json, key in
            switch key {
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "message": message = try json.string()
            default: try json.skipValue()
            }
        }
        self.init(line: try required(line), column: try required(column), message: try required(message))
    }
}

extension DeclaredType {
    init(reading json: inout FactsJSONReader) throws {
        var name: String?, kind: DeclarationKind?, line: Int?, column: Int?, inherited: [String]?
        var genericParameters: [String]?, initializers: [InitializerFact]?, properties: [PropertyFact]?
        var methods: [MethodFact]?, aliasOf: String?, conditions: [String]?
        try json.object { json, key in
            switch key {
            case "name": name = try json.string()
            case "kind": kind = try json.word()
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "inherited": inherited = try json.strings()
            case "genericParameters": genericParameters = try json.strings()
            case "initializers": initializers = try json.array { try InitializerFact(reading: &$0) }
            case "properties": properties = try json.array { try PropertyFact(reading: &$0) }
            case "methods": methods = try json.array { try MethodFact(reading: &$0) }
            case "aliasOf": aliasOf = try json.optional { try $0.string() }
            case "conditions": conditions = try json.strings()
            default: try json.skipValue()
            }
        }
        self.init(
            name: try required(name), kind: try required(kind), line: try required(line), column: try required(column),
            inherited: try required(inherited), genericParameters: try required(genericParameters),
            initializers: try required(initializers), properties: try required(properties), methods: try required(methods),
            aliasOf: aliasOf, conditions: try required(conditions))
    }
}

extension InitializerFact {
    init(reading json: inout FactsJSONReader) throws {
        var line: Int?, parameters: [ParameterFact]?, isFailable: Bool?
        try json.object { json, key in
            switch key {
            case "line": line = try json.int()
            case "parameters": parameters = try json.array { try ParameterFact(reading: &$0) }
            case "isFailable": isFailable = try json.bool()
            default: try json.skipValue()
            }
        }
        self.init(line: try required(line), parameters: try required(parameters), isFailable: try required(isFailable))
    }
}

extension ParameterFact {
    init(reading json: inout FactsJSONReader) throws {
        var label: String?, type: String?, hasDefault: Bool?, isOptional = false
        try json.object { json, key in
            switch key {
            case "label": label = try json.string()
            case "type": type = try json.string()
            case "hasDefault": hasDefault = try json.bool()
            case "isOptional": isOptional = try json.bool()
            default: try json.skipValue()
            }
        }
        self.init(label: try required(label), type: try required(type), hasDefault: try required(hasDefault), isOptional: isOptional)
    }
}

extension PropertyFact {
    init(reading json: inout FactsJSONReader) throws {
        var name: String?, line: Int?, type: String?, initializerType: String?, isStatic: Bool?, isComputed: Bool?
        var wrapper: String?, stringValue: String?
        try json.object { json, key in
            switch key {
            case "name": name = try json.string()
            case "line": line = try json.int()
            case "type": type = try json.optional { try $0.string() }
            case "initializerType": initializerType = try json.optional { try $0.string() }
            case "isStatic": isStatic = try json.bool()
            case "isComputed": isComputed = try json.bool()
            case "wrapper": wrapper = try json.optional { try $0.string() }
            case "stringValue": stringValue = try json.optional { try $0.string() }
            default: try json.skipValue()
            }
        }
        self.init(
            name: try required(name), line: try required(line), type: type, initializerType: initializerType,
            isStatic: try required(isStatic), isComputed: try required(isComputed), wrapper: wrapper, stringValue: stringValue)
    }
}

extension MethodFact {
    init(reading json: inout FactsJSONReader) throws {
        var name: String?, line: Int?, parameters: [ParameterFact]?, returnType: String?, isStatic: Bool?
        var genericParameters: [String]?
        try json.object { json, key in
            switch key {
            case "name": name = try json.string()
            case "line": line = try json.int()
            case "parameters": parameters = try json.array { try ParameterFact(reading: &$0) }
            case "returnType": returnType = try json.optional { try $0.string() }
            case "isStatic": isStatic = try json.bool()
            case "genericParameters": genericParameters = try json.strings()
            default: try json.skipValue()
            }
        }
        self.init(
            name: try required(name), line: try required(line), parameters: try required(parameters), returnType: returnType,
            isStatic: try required(isStatic), genericParameters: try required(genericParameters))
    }
}

extension RegistrationFact {
    init(reading json: inout FactsJSONReader) throws {
        var id: Int?, line: Int?, column: Int?, style: FactStyle?, form: RegistrationForm?, container: ContainerReference?
        var service: String?, serviceSource: TypeSource?, implementation: String?, name: NameFact?, scope: ScopeFact?
        var implements: [String]?, modifiers: [String]?, member: String?, argumentTypes: [String]?, conditions: [String]?
        var enclosing: EnclosingFact?, certainty: Certainty?, note: String?
        try json.object { json, key in
            switch key {
            case "id": id = try json.int()
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "style": style = try json.word()
            case "form": form = try json.word()
            case "container": container = try json.optional { try ContainerReference(reading: &$0) }
            case "service": service = try json.optional { try $0.string() }
            case "serviceSource": serviceSource = try json.word()
            case "implementation": implementation = try json.optional { try $0.string() }
            case "name": name = try json.optional { try NameFact(reading: &$0) }
            case "scope": scope = try json.optional { try ScopeFact(reading: &$0) }
            case "implements": implements = try json.strings()
            case "modifiers": modifiers = try json.strings()
            case "member": member = try json.optional { try $0.string() }
            case "argumentTypes": argumentTypes = try json.strings()
            case "conditions": conditions = try json.strings()
            case "enclosing": enclosing = try EnclosingFact(reading: &json)
            case "certainty": certainty = try json.word()
            case "note": note = try json.optional { try $0.string() }
            default: try json.skipValue()
            }
        }
        self.init(
            id: try required(id), line: try required(line), column: try required(column), style: try required(style),
            form: try required(form), container: container, service: service, serviceSource: try required(serviceSource),
            implementation: implementation, name: name, scope: scope, implements: try required(implements),
            modifiers: try required(modifiers), member: member, argumentTypes: try required(argumentTypes),
            conditions: try required(conditions), enclosing: try required(enclosing), certainty: try required(certainty),
            note: note)
    }
}

extension RequestFact {
    init(reading json: inout FactsJSONReader) throws {
        var line: Int?, column: Int?, style: FactStyle?, form: RequestForm?, access: RequestAccess?, wrapper: String?
        var service: String?, typeSource: TypeSource?, contextualCall: ContextualCall?, name: NameFact?
        var keyPath: KeyPathFact?, container: ContainerReference?, scope: ScopeFact?, arguments: [String]?
        var inRegistration: Int?, phase: RegistrationPhase?, member: String?, conditions: [String]?
        var enclosing: EnclosingFact?, certainty: Certainty?, note: String?
        try json.object { json, key in
            switch key {
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "style": style = try json.word()
            case "form": form = try json.word()
            case "access": access = try json.word()
            case "wrapper": wrapper = try json.optional { try $0.string() }
            case "service": service = try json.optional { try $0.string() }
            case "typeSource": typeSource = try json.word()
            case "contextualCall": contextualCall = try json.optional { try ContextualCall(reading: &$0) }
            case "name": name = try json.optional { try NameFact(reading: &$0) }
            case "keyPath": keyPath = try json.optional { try KeyPathFact(reading: &$0) }
            case "container": container = try json.optional { try ContainerReference(reading: &$0) }
            case "scope": scope = try json.optional { try ScopeFact(reading: &$0) }
            case "arguments": arguments = try json.strings()
            case "inRegistration": inRegistration = try json.optional { try $0.int() }
            case "phase": phase = try json.optional { try $0.word() }
            case "member": member = try json.optional { try $0.string() }
            case "conditions": conditions = try json.strings()
            case "enclosing": enclosing = try EnclosingFact(reading: &json)
            case "certainty": certainty = try json.word()
            case "note": note = try json.optional { try $0.string() }
            default: try json.skipValue()
            }
        }
        self.init(
            line: try required(line), column: try required(column), style: try required(style), form: try required(form),
            access: try required(access), wrapper: wrapper, service: service, typeSource: try required(typeSource),
            contextualCall: contextualCall, name: name, keyPath: keyPath, container: container, scope: scope,
            arguments: try required(arguments), inRegistration: inRegistration, phase: phase, member: member,
            conditions: try required(conditions), enclosing: try required(enclosing), certainty: try required(certainty),
            note: note)
    }
}

extension ContainerReference {
    init(reading json: inout FactsJSONReader) throws {
        var expression: String?, type: String?
        try json.object { json, key in
            switch key {
            case "expression": expression = try json.string()
            case "type": type = try json.optional { try $0.string() }
            default: try json.skipValue()
            }
        }
        self.init(expression: try required(expression), type: type)
    }
}

extension NameFact {
    init(reading json: inout FactsJSONReader) throws {
        var value: String?, isLiteral: Bool?
        try json.object { json, key in
            switch key {
            case "value": value = try json.string()
            case "isLiteral": isLiteral = try json.bool()
            default: try json.skipValue()
            }
        }
        self.init(value: try required(value), isLiteral: try required(isLiteral))
    }
}

extension ScopeFact {
    init(reading json: inout FactsJSONReader) throws {
        var written: String?, normalized: String?
        try json.object { json, key in
            switch key {
            case "written": written = try json.string()
            case "normalized": normalized = try json.optional { try $0.string() }
            default: try json.skipValue()
            }
        }
        self.init(written: try required(written), normalized: normalized)
    }
}

extension KeyPathFact {
    init(reading json: inout FactsJSONReader) throws {
        var root: String?, components: [String]?
        try json.object { json, key in
            switch key {
            case "root": root = try json.optional { try $0.string() }
            case "components": components = try json.strings()
            default: try json.skipValue()
            }
        }
        self.init(root: root, components: try required(components))
    }
}

extension EnclosingFact {
    init(reading json: inout FactsJSONReader) throws {
        var type: String?, function: String?, isGeneric: Bool?, inLoop: Bool?, branches: [String]?
        try json.object { json, key in
            switch key {
            case "type": type = try json.optional { try $0.string() }
            case "function": function = try json.optional { try $0.string() }
            case "isGeneric": isGeneric = try json.bool()
            case "inLoop": inLoop = try json.bool()
            case "branches": branches = try json.optional { try $0.strings() }
            default: try json.skipValue()
            }
        }
        self.init(type: type, function: function, isGeneric: try required(isGeneric), inLoop: try required(inLoop), branches: branches)
    }
}

extension ContextualCall {
    init(reading json: inout FactsJSONReader) throws {
        var callee: String?, label: String?, index: Int?, labels: [String]?
        try json.object { json, key in
            switch key {
            case "callee": callee = try json.string()
            case "label": label = try json.optional { try $0.string() }
            case "index": index = try json.int()
            case "labels": labels = try json.strings()
            default: try json.skipValue()
            }
        }
        self.init(callee: try required(callee), label: label, index: try required(index), labels: try required(labels))
    }
}

extension ContainerFact {
    init(reading json: inout FactsJSONReader) throws {
        var line: Int?, column: Int?, style: FactStyle?, kind: ContainerKind?, binding: String?, type: String?
        var name: NameFact?, parent: String?, members: [String]?, scope: ScopeFact?, conditions: [String]?
        var enclosing: EnclosingFact?
        try json.object { json, key in
            switch key {
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "style": style = try json.word()
            case "kind": kind = try json.word()
            case "binding": binding = try json.optional { try $0.string() }
            case "type": type = try json.optional { try $0.string() }
            case "name": name = try json.optional { try NameFact(reading: &$0) }
            case "parent": parent = try json.optional { try $0.string() }
            case "members": members = try json.strings()
            case "scope": scope = try json.optional { try ScopeFact(reading: &$0) }
            case "conditions": conditions = try json.strings()
            case "enclosing": enclosing = try EnclosingFact(reading: &json)
            default: try json.skipValue()
            }
        }
        self.init(
            line: try required(line), column: try required(column), style: try required(style), kind: try required(kind),
            binding: binding, type: type, name: name, parent: parent, members: try required(members), scope: scope,
            conditions: try required(conditions), enclosing: try required(enclosing))
    }
}

extension MappingFact {
    init(reading json: inout FactsJSONReader) throws {
        var line: Int?, column: Int?, action: MappingAction?, from: KeyPathFact?, to: KeyPathFact?, conditions: [String]?
        var enclosing: EnclosingFact?
        try json.object { json, key in
            switch key {
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "action": action = try json.word()
            case "from": from = try json.optional { try KeyPathFact(reading: &$0) }
            case "to": to = try json.optional { try KeyPathFact(reading: &$0) }
            case "conditions": conditions = try json.strings()
            case "enclosing": enclosing = try EnclosingFact(reading: &json)
            default: try json.skipValue()
            }
        }
        self.init(
            line: try required(line), column: try required(column), action: try required(action), from: from, to: to,
            conditions: try required(conditions), enclosing: try required(enclosing))
    }
}

extension NoteFact {
    init(reading json: inout FactsJSONReader) throws {
        var line: Int?, column: Int?, kind: NoteKind?, message: String?, conditions: [String]?
        try json.object { json, key in
            switch key {
            case "line": line = try json.int()
            case "column": column = try json.int()
            case "kind": kind = try json.word()
            case "message": message = try json.string()
            case "conditions": conditions = try json.strings()
            default: try json.skipValue()
            }
        }
        self.init(
            line: try required(line), column: try required(column), kind: try required(kind), message: try required(message),
            conditions: try required(conditions))
    }
}
