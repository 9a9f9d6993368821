import Injection

/// A service identity as the scan-graph file writes it: `{"type":…,"name":…,"container":…,
/// "layer":…,"member":…}`, absent fields left out.
struct IdentityCoding: Codable, Hashable {
    var type: String
    var name: String?
    var container: String
    var layer: String?
    var member: String?

    init(_ identity: ServiceIdentity) {
        type = identity.type
        name = identity.name
        container = identity.container
        layer = identity.layer
        member = identity.member
    }

    var identity: ServiceIdentity {
        ServiceIdentity(type: type, name: name, container: container, layer: layer, member: member)
    }
}

extension DeclaredRegistration: Codable {
    enum CodingKeys: String, CodingKey {
        case id, service, implementation, implements, conformsTo, scope, form, style, location, conditions, overrides, certainty, note
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try values.decode(Int.self, forKey: .id),
            service: try values.decode(IdentityCoding.self, forKey: .service).identity,
            implementation: try values.decodeIfPresent(String.self, forKey: .implementation),
            implements: (try values.decodeIfPresent([IdentityCoding].self, forKey: .implements) ?? []).map(\.identity),
            conformsTo: try values.decodeIfPresent([String].self, forKey: .conformsTo) ?? [],
            scope: try values.decodeIfPresent(String.self, forKey: .scope),
            form: try values.decode(String.self, forKey: .form),
            style: try values.decode(String.self, forKey: .style),
            location: try values.decode(DeclaredLocation.self, forKey: .location),
            conditions: try values.decodeIfPresent([String].self, forKey: .conditions) ?? [],
            overrides: try values.decodeIfPresent(Int.self, forKey: .overrides),
            certainty: try values.decodeIfPresent(Certainty.self, forKey: .certainty) ?? .exact,
            note: try values.decodeIfPresent(String.self, forKey: .note))
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encode(IdentityCoding(service), forKey: .service)
        try values.encodeIfPresent(implementation, forKey: .implementation)
        if !implements.isEmpty { try values.encode(implements.map(IdentityCoding.init), forKey: .implements) }
        if !conformsTo.isEmpty { try values.encode(conformsTo, forKey: .conformsTo) }
        try values.encodeIfPresent(scope, forKey: .scope)
        try values.encode(form, forKey: .form)
        try values.encode(style, forKey: .style)
        try values.encode(location, forKey: .location)
        if !conditions.isEmpty { try values.encode(conditions, forKey: .conditions) }
        try values.encodeIfPresent(overrides, forKey: .overrides)
        try values.encode(certainty, forKey: .certainty)
        try values.encodeIfPresent(note, forKey: .note)
    }
}

extension InjectionSite: Codable {
    enum CodingKeys: String, CodingKey {
        case id, requested, typeKnown, kind, requester, requesterType, member, form, registration, location, conditions,
             certainty, note, argumentsGiven
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try values.decode(Int.self, forKey: .id),
            requested: try values.decode(IdentityCoding.self, forKey: .requested).identity,
            typeKnown: try values.decodeIfPresent(Bool.self, forKey: .typeKnown) ?? true,
            kind: try values.decode(Kind.self, forKey: .kind),
            requester: try values.decodeIfPresent(IdentityCoding.self, forKey: .requester)?.identity,
            requesterType: try values.decodeIfPresent(String.self, forKey: .requesterType),
            member: try values.decodeIfPresent(String.self, forKey: .member),
            form: try values.decode(String.self, forKey: .form),
            registration: try values.decodeIfPresent(Int.self, forKey: .registration),
            location: try values.decode(DeclaredLocation.self, forKey: .location),
            conditions: try values.decodeIfPresent([String].self, forKey: .conditions) ?? [],
            certainty: try values.decodeIfPresent(Certainty.self, forKey: .certainty) ?? .exact,
            note: try values.decodeIfPresent(String.self, forKey: .note),
            argumentsGiven: try values.decodeIfPresent([String].self, forKey: .argumentsGiven) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encode(IdentityCoding(requested), forKey: .requested)
        if !typeKnown { try values.encode(false, forKey: .typeKnown) }
        try values.encode(kind, forKey: .kind)
        try values.encodeIfPresent(requester.map(IdentityCoding.init), forKey: .requester)
        try values.encodeIfPresent(requesterType, forKey: .requesterType)
        try values.encodeIfPresent(member, forKey: .member)
        try values.encode(form, forKey: .form)
        try values.encodeIfPresent(registration, forKey: .registration)
        try values.encode(location, forKey: .location)
        if !conditions.isEmpty { try values.encode(conditions, forKey: .conditions) }
        try values.encode(certainty, forKey: .certainty)
        try values.encodeIfPresent(note, forKey: .note)
        if !argumentsGiven.isEmpty { try values.encode(argumentsGiven, forKey: .argumentsGiven) }
    }
}
