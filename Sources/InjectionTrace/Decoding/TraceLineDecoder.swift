import Injection

/// What one trace line holds once decoded.
enum DecodedTraceLine {
    case header(TraceHeader, format: String)
    case record(TraceRecord, sequence: UInt64?)
    /// A `kind` this reader does not know (a newer writer): ignored with a warning.
    case unknownKind(String)
}

/// Decodes one line of the trace format into a ``TraceRecord``, in one pass over its bytes.
///
/// Fields may come in any order (the writer's order is only the fast, common case); unknown
/// fields are skipped and reported through ``unknownFields``.
struct TraceLineDecoder {
    /// Unknown field names in the last line decoded (usually empty).
    private(set) var unknownFields: [String] = []
    private var identities: DecodedValueCache<ServiceIdentity>
    private var locations: DecodedValueCache<SourceLocation>
    /// What the decoded-value caches hold, in bytes.
    var cacheBytes: Int { identities.bytes + locations.bytes }
    /// Names (an identity's parts, a container's or the app's name) longer than this, in bytes,
    /// make their line an error: a live listener takes what a peer sends within a bound; a
    /// file's reader takes every name whole.
    let maximumNameLength: Int

    /// - Parameter cacheByteLimit: The most the caches may hold together (``cacheBytes``): four
    ///   fifths for identities, a fifth for locations.
    init(maximumNameLength: Int = .max, cacheByteLimit: Int = .max) {
        self.maximumNameLength = maximumNameLength
        identities = DecodedValueCache(size: 1024, byteLimit: cacheByteLimit == .max ? .max : cacheByteLimit / 5 * 4)
        locations = DecodedValueCache(size: 256, byteLimit: cacheByteLimit == .max ? .max : cacheByteLimit / 5)
    }

    mutating func decode(_ line: UnsafeBufferPointer<UInt8>) throws(TraceLineError) -> DecodedTraceLine {
        if !unknownFields.isEmpty { unknownFields.removeAll() }
        var scanner = JSONScanner(line)
        try scanner.expect(UInt8(ascii: "{"), "'{' at the start of the line")
        var fields = TraceFields()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            try read(key, into: &fields, &scanner)
        }
        try scanner.expectEnd()
        return try fields.decoded()
    }

    private mutating func read(
        _ key: UnsafeBufferPointer<UInt8>, into f: inout TraceFields, _ s: inout JSONScanner
    ) throws(TraceLineError) {
        // Most frequent first: the fields of a `resolved` line. One branch a field, alike on
        // purpose: this is the mirror of `TraceEncoder.writeEvent`'s field lists, matched from
        // raw bytes without building a dictionary (`TraceRoundTripTests` holds the two together).
        if key.equals("kind") {
            f.kind = try TraceKind(&s)
        } else if key.equals("seq") {
            f.seq = try s.unsigned("seq")
        } else if key.equals("t") {
            f.t = try s.unsigned("t")
        } else if key.equals("thread") {
            f.thread = try s.unsigned("thread")
        } else if key.equals("service") {
            f.service = try cachedIdentity(&s, "service")
        } else if key.equals("requester") {
            f.requester = try cachedIdentity(&s, "requester")
        } else if key.equals("scope") {
            f.scope = try Self.scope(&s, "scope")
        } else if key.equals("outcome") {
            // The common values matched in place; anything else goes the checked way.
            let start = s.index
            if let bytes = s.plainStringBytes(), let outcome = bytes.equals("created") ? Resolved.Outcome.created
                : bytes.equals("cached") ? .cached : nil {
                f.outcome = outcome
            } else {
                s.index = start
                f.outcome = try Self.enumeration(&s, "outcome", [Resolved.Outcome.created, .cached])
            }
        } else if key.equals("source") {
            let start = s.index
            if let bytes = s.plainStringBytes(), bytes.equals("factory") {
                f.source = .factory
            } else {
                s.index = start
                f.source = try Self.enumeration(&s, "source", [Resolved.Source.factory, .override, .mapping, .argument])
            }
        } else if key.equals("ns") {
            f.ns = try s.unsigned("ns")
        } else if key.equals("depth") {
            f.depth = try s.integer("depth")
        } else if key.equals("mappedFrom") {
            f.mappedFrom = try cachedIdentity(&s, "mappedFrom")
        } else if key.equals("property") {
            f.property = try s.boolean("property")
        } else if key.equals("holdsNothing") {
            f.holdsNothing = try s.boolean("holdsNothing")
        } else if key.equals("implements") {
            f.implements = try identities(&s, "implements")
        } else if key.equals("count") {
            f.count = try s.unsigned("count")
        } else if key.equals("from") {
            if s.peek() == UInt8(ascii: "{") { f.fromIdentity = try identity(&s, "from") } else { f.fromTime = try s.unsigned("from") }
        } else if key.equals("to") {
            if s.peek() == UInt8(ascii: "{") { f.toIdentity = try identity(&s, "to") } else { f.toTime = try s.unsigned("to") }
        } else if key.equals("container") {
            f.container = try nameValue(&s)
        } else if key.equals("parent") {
            f.parent = try nameValue(&s)
        } else if key.equals("addedTo") {
            f.addedTo = try nameValue(&s)
        } else if key.equals("at") {
            f.at = try cachedLocation(&s, "at")
        } else if key.equals("replaced") {
            try replaced(&s, into: &f)
        } else if key.equals("requested") {
            f.requested = try identity(&s, "requested")
        } else if key.equals("chain") {
            f.chain = try identities(&s, "chain")
        } else if key.equals("near") {
            f.near = try nearMisses(&s)
        } else if key.equals("fix") {
            f.fix = try s.string()
        } else if key.equals("path") {
            f.path = try identities(&s, "path")
        } else if key.equals("through") {
            f.through = try identities(&s, "through")
        } else if key.equals("requestedAs") {
            f.requestedAs = try identities(&s, "requestedAs")
        } else if key.equals("lazyRead") {
            f.lazyRead = try Self.location(&s, "lazyRead")
        } else if key.equals("capturedBy") {
            f.capturedBy = try s.string()
        } else if key.equals("decoratorAt") {
            f.decoratorAt = try Self.location(&s, "decoratorAt")
        } else if key.equals("holder") {
            f.holder = try identity(&s, "holder")
        } else if key.equals("holderScope") {
            f.holderScope = try Self.scope(&s, "holderScope")
        } else if key.equals("captive") {
            f.captive = try identity(&s, "captive")
        } else if key.equals("captiveScope") {
            f.captiveScope = try Self.scope(&s, "captiveScope")
        } else if key.equals("action") {
            f.action = try Self.enumeration(&s, "action", [MappingChange.Action.set, .reset, .resetAll])
        } else if key.equals("replacement") {
            f.replacement = try identity(&s, "replacement")
        } else if key.equals("discarded") {
            f.discarded = try s.integer("discarded")
        } else if key.equals("reason") {
            f.reason = try s.string()
        } else if key.equals("format") {
            f.format = try s.string()
        } else if key.equals("version") {
            f.version = try s.integer("version")
        } else if key.equals("app") {
            f.app = try nameValue(&s)
        } else if key.equals("pid") {
            let pid = try s.integer("pid")
            guard let narrow = Int32(exactly: pid) else { throw TraceLineError("\"pid\" is out of range") }
            f.pid = narrow
        } else if key.equals("start") {
            f.start = try s.string()
        } else if key.equals("library") {
            f.library = try s.string()
        } else {
            unknownFields.append(String(decoding: key, as: UTF8.self))
            try s.skipValue()
        }
    }

    // MARK: - Values

    /// An identity, from the cache when the same object bytes were decoded before.
    @inline(__always)
    private mutating func cachedIdentity(_ s: inout JSONScanner, _ field: StaticString) throws(TraceLineError) -> ServiceIdentity {
        guard let bytes = s.flatObjectBytes() else { return try identity(&s, field) }
        let hash = DecodedValueCache<ServiceIdentity>.hash(bytes)
        if let identity = identities.lookup(bytes, hash: hash) {
            s.index += bytes.count
            return identity
        }
        let identity = try self.identity(&s, field)
        identities.store(identity, bytes: bytes, hash: hash)
        return identity
    }

    /// A string that names something, at most ``maximumNameLength`` bytes long.
    private func nameValue(_ s: inout JSONScanner) throws(TraceLineError) -> String {
        let text = try s.string()
        guard text.utf8.count <= maximumNameLength else { throw .nameTooLong(text.utf8.count, maximum: maximumNameLength) }
        return text
    }

    /// A location, from the cache when the same string was decoded before: its file's string is
    /// shared, not built again for every registration of a child per request.
    @inline(__always)
    private mutating func cachedLocation(_ s: inout JSONScanner, _ field: StaticString) throws(TraceLineError) -> SourceLocation {
        let start = s.index
        guard let bytes = s.plainStringBytes() else { return try Self.location(&s, field) }
        let hash = DecodedValueCache<SourceLocation>.hash(bytes)
        if let location = locations.lookup(bytes, hash: hash) { return location }
        s.index = start
        let location = try Self.location(&s, field)
        locations.store(location, bytes: bytes, hash: hash)
        return location
    }

    func identity(_ s: inout JSONScanner, _ field: StaticString) throws(TraceLineError) -> ServiceIdentity {
        try s.expect(UInt8(ascii: "{"), "an object for \"\(field)\"")
        var type: String?, name: String?, container: String?, layer: String?, member: String?
        var first = true
        while let key = try s.nextKey(first: &first) {
            if key.equals("type") {
                type = try nameValue(&s)
            } else if key.equals("container") {
                container = try nameValue(&s)
            } else if key.equals("name") {
                name = try nameValue(&s)
            } else if key.equals("layer") {
                layer = try nameValue(&s)
            } else if key.equals("member") {
                member = try nameValue(&s)
            } else {
                try s.skipValue()
            }
        }
        guard let type else { throw TraceLineError("\"\(field)\" has no \"type\"") }
        guard let container else { throw TraceLineError("\"\(field)\" has no \"container\"") }
        return ServiceIdentity(type: type, name: name, container: container, layer: layer, member: member)
    }

    func identities(_ s: inout JSONScanner, _ field: StaticString) throws(TraceLineError) -> [ServiceIdentity] {
        try s.expect(UInt8(ascii: "["), "an array for \"\(field)\"")
        var result: [ServiceIdentity] = []
        var first = true
        while try s.nextElement(first: &first) { result.append(try identity(&s, field)) }
        return result
    }

    /// `"File.swift:12"`: split at the last colon, so a file ID may itself contain colons.
    static func location(_ s: inout JSONScanner, _ field: StaticString) throws(TraceLineError) -> SourceLocation {
        let text = try s.string()
        guard let colon = text.utf8.lastIndex(of: UInt8(ascii: ":")),
              let line = Int(text[text.index(after: colon)...])
        else { throw TraceLineError("\"\(field)\" must be \"File.swift:LINE\", found \"\(text)\"") }
        return SourceLocation(fileID: String(text[..<colon]), line: line)
    }

    static func scope(_ s: inout JSONScanner, _ field: StaticString) throws(TraceLineError) -> Scope {
        if let bytes = s.plainStringBytes() {
            if bytes.equals("unique") { return .unique }
            if bytes.equals("singleton") { return .singleton }
            if bytes.equals("cached") { return .cached }
            if bytes.equals("graph") { return .graph }
            if bytes.equals("shared") { return .shared }
            guard let scope = Scope(named: String(decoding: bytes, as: UTF8.self)) else {
                throw TraceLineError("\"\(field)\" is empty")
            }
            return scope
        }
        guard let scope = Scope(named: try s.string()) else { throw TraceLineError("\"\(field)\" is empty") }
        return scope
    }

    /// One of `allowed`, by raw value; the error lists them.
    static func enumeration<E: RawRepresentable>(
        _ s: inout JSONScanner, _ field: StaticString, _ allowed: [E]
    ) throws(TraceLineError) -> E where E.RawValue == String {
        let text = try s.string()
        guard let value = E(rawValue: text) else {
            let allowed = allowed.map(\.rawValue).joined(separator: ", ")
            throw TraceLineError("\"\(field)\" is \"\(text)\"; expected one of \(allowed)")
        }
        return value
    }

    /// `registered.replaced` is `{"service":…,"at":…}`; `staleOverride.replaced` is an identity.
    func replaced(_ s: inout JSONScanner, into f: inout TraceFields) throws(TraceLineError) {
        let start = s.index
        try s.expect(UInt8(ascii: "{"), "an object for \"replaced\"")
        var first = true
        var service: ServiceIdentity?
        var at: SourceLocation?
        var isIdentity = false
        while let key = try s.nextKey(first: &first) {
            if key.equals("service") {
                service = try identity(&s, "replaced.service")
            } else if key.equals("at") {
                at = try Self.location(&s, "replaced.at")
            } else {
                isIdentity = isIdentity || key.equals("type")
                try s.skipValue()
            }
        }
        if isIdentity {
            s.index = start
            f.replacedIdentity = try identity(&s, "replaced")
        } else {
            guard let service else { throw TraceLineError("\"replaced\" has no \"service\"") }
            guard let at else { throw TraceLineError("\"replaced\" has no \"at\"") }
            f.replacedRegistration = Registered.Replaced(service: service, location: at)
        }
    }

    func nearMisses(_ s: inout JSONScanner) throws(TraceLineError) -> [NearMiss] {
        try s.expect(UInt8(ascii: "["), "an array for \"near\"")
        var result: [NearMiss] = []
        var first = true
        while try s.nextElement(first: &first) {
            try s.expect(UInt8(ascii: "{"), "an object in \"near\"")
            var kind: NearMiss.Kind?, service: ServiceIdentity?, relation: String?
            var firstKey = true
            while let key = try s.nextKey(first: &firstKey) {
                if key.equals("kind") {
                    kind = try Self.enumeration(&s, "near.kind", [NearMiss.Kind.otherName, .otherContainer, .concreteType, .optional])
                } else if key.equals("service") {
                    service = try identity(&s, "near.service")
                } else if key.equals("relation") {
                    relation = try s.string()
                } else {
                    try s.skipValue()
                }
            }
            guard let kind else { throw TraceLineError("an entry of \"near\" has no \"kind\"") }
            guard let service else { throw TraceLineError("an entry of \"near\" has no \"service\"") }
            result.append(NearMiss(kind: kind, service: service, relation: relation))
        }
        return result
    }
}
