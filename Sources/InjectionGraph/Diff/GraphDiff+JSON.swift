import Injection

extension GraphDiff {
    /// The diff as JSON (`"format": "di-diff"`), one change per line; problems as `check --json`
    /// writes them.
    ///
    /// ```
    /// $ di-inspect diff base.ndjson head.ndjson --json
    /// {
    ///   "format": "di-diff",
    ///   "version": 1,
    ///   "hasNewProblems": true,
    ///   …
    /// ```
    public var json: String { jsonValue.lineOriented }

    public var jsonValue: JSONValue {
        .object([
            ("format", .string("di-diff")),
            ("version", .int(1)),
            ("hasNewProblems", .bool(hasNewProblems)),
            ("base", .session(base)),
            ("head", .session(head)),
            ("services", .array(services.map { service in
                .object([
                    ("change", .string(service.change.rawValue)),
                    ("service", .identity(service.identity)),
                    ("details", .array(service.details.map(JSONValue.string))),
                ])
            })),
            ("edges", .array(edges.map { edge in
                .object([
                    ("change", .string(edge.change.rawValue)),
                    ("from", .identity(edge.from)),
                    ("to", .identity(edge.to)),
                    ("details", .array(edge.details.map(JSONValue.string))),
                ])
            })),
            ("scopes", .array(scopes.map { scope in
                .object([
                    ("change", .string(scope.change.rawValue)),
                    ("scope", .string(scope.scope)),
                    ("baseServices", .int(scope.baseServices)),
                    ("headServices", .int(scope.headServices)),
                ])
            })),
            ("layers", .array(layers.map { layer in
                .object([
                    ("change", .string(layer.change.rawValue)),
                    ("name", .string(layer.name)),
                    ("details", .array(layer.details.map(JSONValue.string))),
                    ("newBreach", .bool(layer.isNewBreach)),
                ])
            })),
            ("problems", .object([
                ("new", .array(newProblems.map(\.jsonValue))),
                ("fixed", .array(fixedProblems.map(\.jsonValue))),
                ("stillThere", .array(remainingProblems.map(\.jsonValue))),
            ])),
        ])
    }
}
