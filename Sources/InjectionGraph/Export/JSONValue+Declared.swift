import Injection

extension JSONValue {
    /// `{"root":…,"tool":…,"defines":[…],"files":N,"unreadable":N}`
    static func scanSummary(_ summary: ScanSummary) -> JSONValue {
        .object([
            ("root", .string(summary.root)),
            ("tool", .string(summary.tool)),
            ("defines", .array(summary.defines.map(JSONValue.string))),
            ("files", .int(summary.files)),
            ("unreadable", .int(summary.unreadable)),
        ])
    }

    /// `{"path":…,"line":N,"column":N,"fileID":…}`
    static func declaredLocation(_ location: DeclaredLocation?) -> JSONValue? {
        location.map { location in
            .object([
                ("path", .string(location.path)), ("line", .int(location.line)), ("column", .int(location.column)),
                ("fileID", .string(location.fileID)),
            ])
        }
    }

    static func conditions(_ conditions: [String]) -> JSONValue? {
        conditions.isEmpty ? nil : .array(conditions.map(JSONValue.string))
    }

    static func registration(_ registration: DeclaredRegistration) -> JSONValue {
        .object([
            ("id", .int(registration.id)),
            ("service", .identity(registration.service)),
            ("key", .string(registration.service.key)),
            ("implementation", registration.implementation.map(JSONValue.string)),
            ("implements", registration.implements.isEmpty ? nil : .array(registration.implements.map(JSONValue.identity))),
            ("conformsTo", registration.conformsTo.isEmpty ? nil : .array(registration.conformsTo.map(JSONValue.string))),
            ("scope", registration.scope.map(JSONValue.string)),
            ("form", .string(registration.form)),
            ("style", .string(registration.style)),
            ("at", .declaredLocation(registration.location)),
            ("conditions", .conditions(registration.conditions)),
            ("overrides", registration.overrides.map(JSONValue.int)),
            ("certainty", .string(registration.certainty.rawValue)),
            ("note", registration.note.map(JSONValue.string)),
        ])
    }

    static func site(_ site: InjectionSite) -> JSONValue {
        .object([
            ("id", .int(site.id)),
            ("requested", .identity(site.requested)),
            ("key", .string(site.requested.key)),
            ("typeKnown", .bool(site.typeKnown)),
            ("kind", .string(site.kind.rawValue)),
            ("requester", site.requester.map(JSONValue.identity)),
            ("requesterType", site.requesterType.map(JSONValue.string)),
            ("member", site.member.map(JSONValue.string)),
            ("form", .string(site.form)),
            ("registration", site.registration.map(JSONValue.int)),
            ("at", .declaredLocation(site.location)),
            ("conditions", .conditions(site.conditions)),
            ("certainty", .string(site.certainty.rawValue)),
            ("note", site.note.map(JSONValue.string)),
            ("argumentsGiven", site.argumentsGiven.isEmpty ? nil : .array(site.argumentsGiven.map(JSONValue.string))),
        ])
    }

    static func declaredContainer(_ container: DeclaredContainer) -> JSONValue {
        .object([
            ("name", .string(container.name)),
            ("kind", .string(container.kind)),
            ("parent", container.parent.map(JSONValue.string)),
            ("at", .declaredLocation(container.location)),
            ("conditions", .conditions(container.conditions)),
        ])
    }

    static func scanNote(_ note: ScanNote) -> JSONValue {
        .object([("kind", .string(note.kind)), ("message", .string(note.message)), ("at", .declaredLocation(note.location))])
    }
}
