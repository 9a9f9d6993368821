// Compiled only with the `Tracing` package trait (on by default): part of the writer an app
// streams its trace with. See DECISIONS.md.
#if Tracing
/// Turns a ``TraceRecord`` into one NDJSON line of the trace format (`docs/TRACE_FORMAT.md`).
///
/// The recorder encodes on its background thread; tests and tools can encode directly:
///
/// ```swift
/// let line = TraceEncoder.line(.end(time: 42, reason: "exit"))
/// // {"kind":"end","t":42,"reason":"exit"}\n
/// ```
///
/// Field order is fixed (`kind` first, then `seq`, `t`, `thread` for events), optional fields
/// are omitted when absent, and every line ends with `\n`.
public enum TraceEncoder {
    /// The record as one line of UTF-8, `\n` included.
    public static func encode(_ record: TraceRecord) -> [UInt8] {
        var output = JSONOutput()
        write(record, to: &output)
        return output.bytes
    }

    /// Appends the record's line (with its `\n`) to `buffer`: batches many lines into one write.
    public static func encode(_ record: TraceRecord, into buffer: inout [UInt8]) {
        var output = JSONOutput(capacity: 0)
        swap(&output.bytes, &buffer)
        write(record, to: &output)
        swap(&output.bytes, &buffer)
    }

    /// The record as one line of text, `\n` included.
    public static func line(_ record: TraceRecord) -> String {
        String(decoding: encode(record), as: UTF8.self)
    }

    static func write(_ record: TraceRecord, to out: inout JSONOutput) {
        switch record {
        case .header(let header):
            out.raw(#"{"format":"di-trace","version":"#)
            out.number(header.version)
            out.key("app")
            out.string(header.app)
            out.key("pid")
            out.number(Int(header.pid))
            out.key("start")
            out.string(header.startTime)
            out.optionalString("library", header.libraryVersion)
        case .event(let event):
            writeEvent(event, to: &out)
        case .aggregate(let aggregate):
            out.raw(#"{"kind":"aggregate""#)
            resolutionKey(aggregate.service, aggregate.requester, aggregate.scope, aggregate.outcome, aggregate.source, &out)
            out.key("count")
            out.number(aggregate.count)
            out.key("ns")
            out.number(aggregate.totalNanoseconds)
            out.key("from")
            out.number(aggregate.firstTime)
            out.key("to")
            out.number(aggregate.lastTime)
        case .dropped(let count, let time):
            out.raw(#"{"kind":"dropped","count":"#)
            out.number(count)
            out.key("t")
            out.number(time)
        case .end(let time, let reason):
            out.raw(#"{"kind":"end","t":"#)
            out.number(time)
            out.key("reason")
            out.string(reason)
        }
        out.byte(UInt8(ascii: "}"))
        out.byte(UInt8(ascii: "\n"))
    }

    /// Each case writes its kind's fields in order, key then value: the cases look alike because
    /// they are the format's field lists (docs/TRACE_FORMAT.md), written out by hand on purpose
    /// (no `JSONEncoder`: see ``JSONOutput``). `TraceLineDecoder.read` in
    /// InjectionTrace is the mirror that reads them back; `TraceRoundTripTests` holds the two together.
    private static func writeEvent(_ event: ResolutionEvent, to out: inout JSONOutput) {
        out.raw(#"{"kind":""#)
        out.raw(event.kind.name)
        out.byte(UInt8(ascii: "\""))
        out.key("seq")
        out.number(event.sequence)
        out.key("t")
        out.number(event.time)
        out.key("thread")
        out.number(event.thread)

        switch event.kind {
        case .containerCreated(let created):
            out.key("container")
            out.string(created.container)
            out.optionalString("parent", created.parent)
            out.optionalString("addedTo", created.addedTo)
            out.key("at")
            location(created.location, &out)
        case .registered(let registered):
            out.key("service")
            identity(registered.service, &out)
            out.key("scope")
            out.string(registered.scope.name)
            out.key("at")
            location(registered.location, &out)
            if let replaced = registered.replaced {
                out.key("replaced")
                out.raw(#"{"service":"#)
                identity(replaced.service, &out)
                out.key("at")
                location(replaced.location, &out)
                out.byte(UInt8(ascii: "}"))
            }
            if !registered.implements.isEmpty {
                out.key("implements")
                identities(registered.implements, &out)
            }
        case .resolved(let resolved):
            resolutionKey(resolved.service, resolved.requester, resolved.scope, resolved.outcome, resolved.source, &out)
            out.key("ns")
            out.number(resolved.durationNanoseconds)
            out.key("depth")
            out.number(resolved.depth)
            optionalIdentity("mappedFrom", resolved.mappedFrom, &out)
            if resolved.isPropertyInjection {
                out.key("property")
                out.raw("true")
            }
        case .missing(let missing), .resolvedToNil(let missing):
            out.key("requested")
            identity(missing.requested, &out)
            out.key("chain")
            identities(missing.requesterChain, &out)
            out.key("near")
            out.byte(UInt8(ascii: "["))
            for (index, near) in missing.nearMisses.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                out.raw(#"{"kind":"#)
                out.string(near.kind.rawValue)
                out.key("service")
                identity(near.service, &out)
                out.optionalString("relation", near.relation)
                out.byte(UInt8(ascii: "}"))
            }
            out.byte(UInt8(ascii: "]"))
            out.key("fix")
            out.string(missing.fix)
            optionalLocation("at", missing.location, &out)
            optionalLocation("lazyRead", missing.lazyRead, &out)
        case .cycle(let cycle):
            out.key("path")
            identities(cycle.path, &out)
            out.key("through")
            identities(cycle.enteredThrough, &out)
            optionalLocation("at", cycle.closedAt, &out)
            if !cycle.requestedAs.isEmpty {
                out.key("requestedAs")
                identities(cycle.requestedAs, &out)
            }
            optionalLocation("lazyRead", cycle.lazyRead, &out)
            optionalLocation("decoratorAt", cycle.decoratorAt, &out)
        case .scopeMismatch(let mismatch):
            out.key("holder")
            identity(mismatch.holder, &out)
            out.key("holderScope")
            out.string(mismatch.holderScope.name)
            out.key("captive")
            identity(mismatch.captive, &out)
            out.key("captiveScope")
            out.string(mismatch.captiveScope.name)
            switch mismatch.capturedBy {
            case .decorator(let installedAt):
                out.key("capturedBy")
                out.string("decorator")
                out.key("decoratorAt")
                location(installedAt, &out)
            case .argument:
                out.key("capturedBy")
                out.string("argument")
            case nil: break
            }
            if mismatch.captiveHoldsNothing {
                out.key("holdsNothing")
                out.raw("true")
            }
        case .mappingChanged(let change):
            out.key("action")
            out.string(change.action.rawValue)
            out.key("container")
            out.string(change.container)
            optionalIdentity("from", change.from, &out)
            optionalIdentity("to", change.to, &out)
            out.key("at")
            location(change.location, &out)
        case .staleOverride(let stale):
            out.key("replaced")
            identity(stale.replaced, &out)
            out.key("replacement")
            identity(stale.replacement, &out)
            out.key("scope")
            out.string(stale.scope.name)
            out.key("at")
            location(stale.location, &out)
        case .scopeReset(let reset):
            out.key("container")
            out.string(reset.container)
            out.key("scope")
            out.string(reset.scope.name)
            out.key("discarded")
            out.number(reset.discarded)
            if let at = reset.location {
                out.key("at")
                location(at, &out)
            }
        case .instanceEnded(let ended):
            out.key("service")
            identity(ended.service, &out)
            out.key("scope")
            out.string(ended.scope.name)
            out.key("reason")
            out.string(ended.reason.rawValue)
            if let at = ended.location {
                out.key("at")
                location(at, &out)
            }
        case .lazyResolved(let lazy):
            out.key("service")
            identity(lazy.service, &out)
            optionalIdentity("requester", lazy.owner, &out)
            out.key("at")
            location(lazy.location, &out)
        case .containerReleased(let released):
            out.key("container")
            out.string(released.container)
        }
    }

    /// The fields that say which resolution it was, shared by a `resolved` event and the
    /// `aggregate` that folds its repeats (the same fold key, so the same fields).
    private static func resolutionKey(
        _ service: ServiceIdentity, _ requester: ServiceIdentity?, _ scope: Scope,
        _ outcome: Resolved.Outcome, _ source: Resolved.Source, _ out: inout JSONOutput
    ) {
        out.key("service")
        identity(service, &out)
        if let requester {
            out.key("requester")
            identity(requester, &out)
        }
        out.key("scope")
        out.string(scope.name)
        out.key("outcome")
        out.string(outcome.rawValue)
        out.key("source")
        out.string(source.rawValue)
    }

    /// `,"key":{…}` when `id` is there; an absent field is left out, as the format says.
    @inline(__always)
    private static func optionalIdentity(_ key: StaticString, _ id: ServiceIdentity?, _ out: inout JSONOutput) {
        guard let id else { return }
        out.key(key)
        identity(id, &out)
    }

    /// `,"key":{…}` when `location` is there; an absent field is left out.
    @inline(__always)
    private static func optionalLocation(_ key: StaticString, _ location: SourceLocation?, _ out: inout JSONOutput) {
        guard let location else { return }
        out.key(key)
        Self.location(location, &out)
    }

    private static func identity(_ id: ServiceIdentity, _ out: inout JSONOutput) {
        out.raw(#"{"type":"#)
        out.string(id.type)
        out.optionalString("name", id.name)
        out.key("container")
        out.string(id.container)
        out.optionalString("layer", id.layer)
        out.optionalString("member", id.member)
        out.byte(UInt8(ascii: "}"))
    }

    private static func identities(_ ids: [ServiceIdentity], _ out: inout JSONOutput) {
        out.byte(UInt8(ascii: "["))
        for (index, id) in ids.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            identity(id, &out)
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// `"FileID.swift:12"`: the reader splits at the last colon.
    private static func location(_ location: SourceLocation, _ out: inout JSONOutput) {
        out.byte(UInt8(ascii: "\""))
        out.stringContents(location.fileID)
        out.byte(UInt8(ascii: ":"))
        out.number(location.line)
        out.byte(UInt8(ascii: "\""))
    }
}
#endif
