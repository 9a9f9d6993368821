import Injection

extension DiagnosticsReport {
    /// The report as JSON (schema in `docs/CHECK_JSON.md`): one problem per line.
    ///
    /// ```
    /// $ di-inspect check trace.ndjson --json
    /// {
    ///   "format": "di-check",
    ///   "version": 1,
    ///   …
    /// ```
    public var json: String { jsonValue.lineOriented }

    /// The report as a JSON value.
    public var jsonValue: JSONValue {
        .object([
            ("format", .string("di-check")),
            ("version", .int(1)),
            ("session", .session(session)),
            ("summary", .object([
                ("services", .int(serviceCount)),
                ("edges", .int(edgeCount)),
                ("problems", .int(problems.count)),
                ("warnings", warnings.isEmpty ? nil : .int(warnings.count)),
                ("notes", .int(notes.count)),
            ])),
            ("scan", scan.map(JSONValue.scanSummary)),
            ("problems", .array(problems.map(\.jsonValue))),
            ("warnings", warnings.isEmpty && scan == nil ? nil : .array(warnings.map(\.jsonValue))),
            ("notes", .array(notes.map(\.jsonValue))),
        ])
    }
}

extension GraphProblem {
    /// One problem: `kind`, `message`, and the structured fields of its kind.
    public var jsonValue: JSONValue {
        var fields: [(String, JSONValue?)] = [("kind", .string(kind)), ("message", .string(message))]
        switch self {
        case .missing(let missing), .resolvedToNil(let missing):
            fields += [
                ("count", .int(missing.count)),
                ("requested", .identity(missing.requested)),
                ("chain", .array(missing.chain.map(JSONValue.identity))),
                ("near", .array(missing.nearMisses.map { near in
                    .object([
                        ("kind", .string(near.kind.rawValue)),
                        ("service", .identity(near.service)),
                        ("relation", near.relation.map(JSONValue.string)),
                    ])
                })),
                ("fix", .string(missing.fix)),
                ("at", .location(missing.location)),
                ("lazyRead", .location(missing.lazyRead)),
            ]
        case .cycle(let cycle):
            fields += [
                ("count", .int(cycle.count)),
                ("path", .array(cycle.cycle.path.map(JSONValue.identity))),
                ("through", .array(cycle.cycle.enteredThrough.map(JSONValue.identity))),
                ("at", .location(cycle.cycle.closedAt)),
                ("requestedAs", cycle.cycle.requestedAs.isEmpty ? nil : .array(cycle.cycle.requestedAs.map(JSONValue.identity))),
                ("lazyRead", .location(cycle.cycle.lazyRead)),
                ("decoratorAt", .location(cycle.cycle.decoratorAt)),
            ]
        case .dependencyLoop(let loop), .lazyLoop(let loop):
            fields += [
                ("path", .array(loop.path.map(JSONValue.identity))),
                ("lazy", .array(loop.lazySteps.map(JSONValue.bool))),
                ("size", .int(loop.nodes.count)),
            ]
        case .scopeMismatch(let record):
            fields += [
                ("count", .int(record.count)),
                ("holder", .identity(record.mismatch.holder)),
                ("holderScope", .string(record.mismatch.holderScope.name)),
                ("captive", .identity(record.mismatch.captive)),
                ("captiveScope", .string(record.mismatch.captiveScope.name)),
                ("capturedBy", record.mismatch.capturedBy.map { route in
                    switch route {
                    case .decorator: .string("decorator")
                    case .argument: .string("argument")
                    }
                }),
                ("decoratorAt", { if case .decorator(let at) = record.mismatch.capturedBy { .location(at) } else { nil } }()),
            ]
        case .staleOverride(let record):
            fields.append(("override", .override(record)))
            fields.append(("holders", .array(record.holders.map { holder in
                .object([("service", .identity(holder.service)), ("scope", .string(holder.scope.name))])
            })))
        case .layerBreach(let breach):
            fields.append(("loop", .array(breach.loop.map { .string($0.description) })))
            fields.append(("against", .array(breach.against.map { crossing in
                .object([
                    ("from", .string(crossing.from.description)),
                    ("to", .string(crossing.to.description)),
                    ("edges", .array(crossing.steps.map { step in
                        .object([
                            ("requester", .identity(step.requester)), ("service", .identity(step.service)),
                            ("count", .uint(step.count)), ("at", .location(step.registeredAt)),
                        ])
                    })),
                ])
            })))
        case .shadowed(let shadow):
            func candidate(_ candidate: ShadowedRegistration.Candidate) -> JSONValue {
                .object([
                    ("service", .identity(candidate.service)), ("at", .location(candidate.registeredAt)),
                    ("distance", .int(candidate.distance)),
                ])
            }
            fields += [
                ("searchedFrom", .string(shadow.searchedFrom)),
                ("answering", candidate(shadow.answering)),
                ("passedOver", .array(shadow.passedOver.map(candidate))),
                ("count", .uint(shadow.resolves)),
                ("resolvedBy", .array(shadow.users.map { user in
                    .object([("service", .identity(user.service)), ("at", .location(user.registeredAt))])
                })),
            ]
        case .overridden(let override):
            fields += [
                ("service", .identity(override.winner.service)),
                ("at", .location(override.winner.location.sourceLocation)),
                ("replacedAt", .location(override.replaced.location.sourceLocation)),
            ]
        case .scanNote(let note):
            fields += [("at", .location(note.location.sourceLocation)), ("path", .string(note.location.path))]
        case .replacedInstance(let replaced):
            fields += [
                ("service", .identity(replaced.service)),
                ("scope", .string(replaced.scope.name)),
                ("cause", .string({ if case .newSingleton = replaced.cause { "newSingleton" } else { "reset" } }())),
                ("at", .location(replaced.cause.location)),
                ("instance", .uint(replaced.instance)),
                ("count", .int(replaced.count)),
                ("holders", .array(replaced.holders.map { holder in
                    .object([
                        ("service", .identity(holder.service)), ("scope", .string(holder.scope.name)),
                        ("staleUses", .uint(holder.staleUses)), ("rebuilt", .bool(holder.isRebuilt)),
                    ])
                })),
            ]
        case .unkeptScope(let unkept):
            fields += [
                ("service", .identity(unkept.service)),
                ("scope", .string(unkept.scope.name)),
                ("at", .location(unkept.registeredAt)),
                ("builds", .uint(unkept.builds)),
                ("hits", .uint(unkept.hits)),
                ("hitRate", .int(unkept.hitRate)),
                ("released", .uint(unkept.released)),
                ("resets", .uint(unkept.resets)),
                ("resetAt", .location(unkept.resetAt)),
                ("requesters", .array(unkept.requesters.map { .identity($0.service) })),
            ]
        case .crossContainer(let reach):
            fields += [
                ("requester", .identity(reach.requester)),
                ("at", .location(reach.requesterRegisteredAt)),
                ("service", .identity(reach.service)),
                ("expected", .identity(reach.expected)),
                ("expectedAt", .location(reach.expectedRegisteredAt)),
                ("count", .uint(reach.count)),
            ]
        case .activeMapping(let record):
            fields.append(("override", .override(record)))
            fields.append(("resolvedBy", .array(record.uses.map { use in
                .object([("requester", use.requester.map(JSONValue.identity)), ("count", .uint(use.count))])
            })))
        }
        return .object(fields)
    }
}
