/// The facts format's bytes, written by hand: what `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` writes for the fact types (keys in bytewise order, optional fields
/// left out when absent, lists always written, control characters escaped as it escapes them),
/// without the boxing of every value that made `JSONEncoder` a large share of a scan
/// (BENCHMARKS.md, "Reading sources"). `ScanFactsCodingTests` holds it to `JSONEncoder`'s bytes.
struct FactsJSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written has a field already (the next one needs a comma).
    private var hasField = false

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// One object; `body` writes its fields in bytewise key order.
    mutating func object(_ body: (inout FactsJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        let outer = hasField
        hasField = false
        body(&self)
        hasField = outer
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func newline() { bytes.append(0x0A) }

    /// Bytes written by another writer (a whole line).
    mutating func append(_ written: [UInt8]) { bytes.append(contentsOf: written) }

    // MARK: Fields

    mutating func field(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    mutating func field(_ key: String, _ value: String?) {
        if let value { field(key, value) }
    }

    mutating func field(_ key: String, _ value: Int) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func field(_ key: String, _ value: Int?) {
        if let value { field(key, value) }
    }

    mutating func field(_ key: String, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func field(_ key: String, _ value: Bool?) {
        if let value { field(key, value) }
    }

    mutating func field(_ key: String, _ value: some FactVocabulary) {
        field(key, value.rawValue)
    }

    mutating func field(_ key: String, _ value: (some FactVocabulary)?) {
        if let value { field(key, value.rawValue) }
    }

    mutating func field(_ key: String, _ values: [String]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func field(_ key: String, _ values: [String]?) {
        if let values { field(key, values) }
    }

    mutating func field(_ key: String, _ value: some FactsJSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    mutating func field(_ key: String, _ value: (some FactsJSONWritable)?) {
        if let value { field(key, value) }
    }

    mutating func field(_ key: String, _ values: [some FactsJSONWritable]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            value.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func key(_ key: String) {
        if hasField { bytes.append(UInt8(ascii: ",")) }
        hasField = true
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    // MARK: Strings

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, `\b \t \n \f \r` by name,
    /// other control characters as `\u00xx`; everything else (`/`, DEL, any other scalar) as is.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Checked over the string's own buffer, not byte by byte through its view.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true {
            for byte in text.utf8 { escape(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        let backslash = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), backslash: bytes += [backslash, byte]
        case 0x08: bytes += [backslash, UInt8(ascii: "b")]
        case 0x09: bytes += [backslash, UInt8(ascii: "t")]
        case 0x0A: bytes += [backslash, UInt8(ascii: "n")]
        case 0x0C: bytes += [backslash, UInt8(ascii: "f")]
        case 0x0D: bytes += [backslash, UInt8(ascii: "r")]
        case ..<0x20:
            bytes += [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                      Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
        default: bytes.append(byte)
        }
    }
}

/// A fact type the hand-written writer writes: one JSON object, fields in bytewise key order.
protocol FactsJSONWritable {
    func write(to json: inout FactsJSONWriter)
}

extension ScanFactsHeader: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("config", config)
            json.field("defines", defines)
            json.field("files", files)
            json.field("format", format)
            json.field("includeTests", includeTests)
            json.field("root", root)
            json.field("tool", tool)
            json.field("version", version)
        }
    }
}

extension FileFacts: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("containers", containers)
            json.field("fileID", fileID)
            json.field("functions", functions)
            json.field("imports", imports)
            json.field("isTest", isTest)
            json.field("kind", kind)
            json.field("mappings", mappings)
            json.field("module", module)
            json.field("notes", notes)
            json.field("path", path)
            json.field("prefiltered", prefiltered)
            json.field("registrations", registrations)
            json.field("requests", requests)
            json.field("skipped", skipped)
            json.field("syntaxErrors", syntaxErrors)
            json.field("types", types)
            json.field("variables", variables)
        }
    }
}

extension SkipFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("message", message)
            json.field("reason", reason)
        }
    }
}

extension SyntaxErrorFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("column", column)
            json.field("line", line)
            json.field("message", message)
        }
    }
}

extension DeclaredType: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("aliasOf", aliasOf)
            json.field("column", column)
            json.field("conditions", conditions)
            json.field("genericParameters", genericParameters)
            json.field("inherited", inherited)
            json.field("initializers", initializers)
            json.field("kind", kind)
            json.field("line", line)
            json.field("methods", methods)
            json.field("name", name)
            json.field("properties", properties)
        }
    }
}

extension InitializerFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("isFailable", isFailable)
            json.field("line", line)
            json.field("parameters", parameters)
        }
    }
}

extension ParameterFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("hasDefault", hasDefault)
            json.field("isOptional", isOptional)
            json.field("label", label)
            json.field("type", type)
        }
    }
}

extension PropertyFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("initializerType", initializerType)
            json.field("isComputed", isComputed)
            json.field("isStatic", isStatic)
            json.field("line", line)
            json.field("name", name)
            json.field("stringValue", stringValue)
            json.field("type", type)
            json.field("wrapper", wrapper)
        }
    }
}

extension MethodFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("genericParameters", genericParameters)
            json.field("isStatic", isStatic)
            json.field("line", line)
            json.field("name", name)
            json.field("parameters", parameters)
            json.field("returnType", returnType)
        }
    }
}

extension RegistrationFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("argumentTypes", argumentTypes)
            json.field("certainty", certainty)
            json.field("column", column)
            json.field("conditions", conditions)
            json.field("container", container)
            json.field("enclosing", enclosing)
            json.field("form", form)
            json.field("id", id)
            json.field("implementation", implementation)
            json.field("implements", implements)
            json.field("line", line)
            json.field("member", member)
            json.field("modifiers", modifiers)
            json.field("name", name)
            json.field("note", note)
            json.field("scope", scope)
            json.field("service", service)
            json.field("serviceSource", serviceSource)
            json.field("style", style)
        }
    }
}

extension RequestFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("access", access)
            json.field("arguments", arguments)
            json.field("certainty", certainty)
            json.field("column", column)
            json.field("conditions", conditions)
            json.field("container", container)
            json.field("contextualCall", contextualCall)
            json.field("enclosing", enclosing)
            json.field("form", form)
            json.field("inRegistration", inRegistration)
            json.field("keyPath", keyPath)
            json.field("line", line)
            json.field("member", member)
            json.field("name", name)
            json.field("note", note)
            json.field("phase", phase)
            json.field("scope", scope)
            json.field("service", service)
            json.field("style", style)
            json.field("typeSource", typeSource)
            json.field("wrapper", wrapper)
        }
    }
}

extension ContainerReference: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("expression", expression)
            json.field("type", type)
        }
    }
}

extension NameFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("isLiteral", isLiteral)
            json.field("value", value)
        }
    }
}

extension ScopeFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("normalized", normalized)
            json.field("written", written)
        }
    }
}

extension KeyPathFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("components", components)
            json.field("root", root)
        }
    }
}

extension EnclosingFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("branches", branches)
            json.field("function", function)
            json.field("inLoop", inLoop)
            json.field("isGeneric", isGeneric)
            json.field("type", type)
        }
    }
}

extension ContextualCall: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("callee", callee)
            json.field("index", index)
            json.field("label", label)
            json.field("labels", labels)
        }
    }
}

extension ContainerFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("binding", binding)
            json.field("column", column)
            json.field("conditions", conditions)
            json.field("enclosing", enclosing)
            json.field("kind", kind)
            json.field("line", line)
            json.field("members", members)
            json.field("name", name)
            json.field("parent", parent)
            json.field("scope", scope)
            json.field("style", style)
            json.field("type", type)
        }
    }
}

extension MappingFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("action", action)
            json.field("column", column)
            json.field("conditions", conditions)
            json.field("enclosing", enclosing)
            json.field("from", from)
            json.field("line", line)
            json.field("to", to)
        }
    }
}

extension NoteFact: FactsJSONWritable {
    func write(to json: inout FactsJSONWriter) {
        json.object { json in
            json.field("column", column)
            json.field("conditions", conditions)
            json.field("kind", kind)
            json.field("line", line)
            json.field("message", message)
        }
    }
}
