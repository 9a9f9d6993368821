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
            out.field("app", header.app)
            out.field("pid", Int(header.pid))
            out.field("start", header.startTime)
            out.field("library", header.libraryVersion)
        case .event(let event):
            writeEvent(event, to: &out)
        case .aggregate(let aggregate):
            out.raw(#"{"kind":"aggregate""#)
            resolutionKey(aggregate.service, aggregate.requester, aggregate.scope, aggregate.outcome, aggregate.source, &out)
            out.field("count", aggregate.count)
            out.field("ns", aggregate.totalNanoseconds)
            out.field("from", aggregate.firstTime)
            out.field("to", aggregate.lastTime)
        case .dropped(let count, let time):
            out.raw(#"{"kind":"dropped","count":"#)
            out.number(count)
            out.field("t", time)
        case .end(let time, let reason):
            out.raw(#"{"kind":"end","t":"#)
            out.number(time)
            out.field("reason", reason)
        }
        out.byte(UInt8(ascii: "}"))
        out.byte(UInt8(ascii: "\n"))
    }

    /// Each case writes its kind's fields in the format's order (docs/TRACE_FORMAT.md);
    /// `TraceLineDecoder.read` in InjectionTrace reads them back (`TraceRoundTripTests`).
    private static func writeEvent(_ event: ResolutionEvent, to out: inout JSONOutput) {
        out.raw(#"{"kind":""#)
        out.raw(event.kind.name)
        out.byte(UInt8(ascii: "\""))
        out.field("seq", event.sequence)
        out.field("t", event.time)
        out.field("thread", event.thread)

        switch event.kind {
        case .containerCreated(let created):
            out.field("container", created.container)
            out.field("parent", created.parent)
            out.field("addedTo", created.addedTo)
            field("at", created.location, &out)
        case .registered(let registered):
            field("service", registered.service, &out)
            out.field("scope", registered.scope.name)
            field("at", registered.location, &out)
            if let replaced = registered.replaced {
                out.key("replaced")
                out.raw(#"{"service":"#)
                identity(replaced.service, &out)
                field("at", replaced.location, &out)
                out.byte(UInt8(ascii: "}"))
            }
            if !registered.implements.isEmpty { field("implements", registered.implements, &out) }
        case .resolved(let resolved):
            resolutionKey(resolved.service, resolved.requester, resolved.scope, resolved.outcome, resolved.source, &out)
            out.field("ns", resolved.durationNanoseconds)
            out.field("depth", resolved.depth)
            field("mappedFrom", resolved.mappedFrom, &out)
            if resolved.isPropertyInjection { out.flag("property") }
        case .missing(let missing), .resolvedToNil(let missing):
            field("requested", missing.requested, &out)
            field("chain", missing.requesterChain, &out)
            out.key("near")
            out.byte(UInt8(ascii: "["))
            for (index, near) in missing.nearMisses.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                out.raw(#"{"kind":"#)
                out.string(near.kind.rawValue)
                field("service", near.service, &out)
                out.field("relation", near.relation)
                out.byte(UInt8(ascii: "}"))
            }
            out.byte(UInt8(ascii: "]"))
            out.field("fix", missing.fix)
            field("at", missing.location, &out)
            field("lazyRead", missing.lazyRead, &out)
        case .cycle(let cycle):
            field("path", cycle.path, &out)
            field("through", cycle.enteredThrough, &out)
            field("at", cycle.closedAt, &out)
            if !cycle.requestedAs.isEmpty { field("requestedAs", cycle.requestedAs, &out) }
            field("lazyRead", cycle.lazyRead, &out)
            field("decoratorAt", cycle.decoratorAt, &out)
        case .scopeMismatch(let mismatch):
            field("holder", mismatch.holder, &out)
            out.field("holderScope", mismatch.holderScope.name)
            field("captive", mismatch.captive, &out)
            out.field("captiveScope", mismatch.captiveScope.name)
            switch mismatch.capturedBy {
            case .decorator(let installedAt):
                out.field("capturedBy", "decorator")
                field("decoratorAt", installedAt, &out)
            case .argument:
                out.field("capturedBy", "argument")
            case nil: break
            }
            if mismatch.captiveHoldsNothing { out.flag("holdsNothing") }
        case .mappingChanged(let change):
            out.field("action", change.action.rawValue)
            out.field("container", change.container)
            field("from", change.from, &out)
            field("to", change.to, &out)
            field("at", change.location, &out)
        case .staleOverride(let stale):
            field("replaced", stale.replaced, &out)
            field("replacement", stale.replacement, &out)
            out.field("scope", stale.scope.name)
            field("at", stale.location, &out)
        case .scopeReset(let reset):
            out.field("container", reset.container)
            out.field("scope", reset.scope.name)
            out.field("discarded", reset.discarded)
            field("at", reset.location, &out)
        case .instanceEnded(let ended):
            field("service", ended.service, &out)
            out.field("scope", ended.scope.name)
            out.field("reason", ended.reason.rawValue)
            field("at", ended.location, &out)
        case .lazyResolved(let lazy):
            field("service", lazy.service, &out)
            field("requester", lazy.owner, &out)
            field("at", lazy.location, &out)
        case .containerReleased(let released):
            out.field("container", released.container)
        }
    }

    /// The fields of a `resolved` event that its `aggregate` shares (the fold key).
    private static func resolutionKey(
        _ service: ServiceIdentity, _ requester: ServiceIdentity?, _ scope: Scope,
        _ outcome: Resolved.Outcome, _ source: Resolved.Source, _ out: inout JSONOutput
    ) {
        field("service", service, &out)
        field("requester", requester, &out)
        out.field("scope", scope.name)
        out.field("outcome", outcome.rawValue)
        out.field("source", source.rawValue)
    }

    /// `,"key":{…}`; nothing when `id` is nil (absent fields are left out).
    private static func field(_ key: StaticString, _ id: ServiceIdentity?, _ out: inout JSONOutput) {
        guard let id else { return }
        out.key(key)
        identity(id, &out)
    }

    private static func field(_ key: StaticString, _ ids: [ServiceIdentity], _ out: inout JSONOutput) {
        out.key(key)
        out.byte(UInt8(ascii: "["))
        for (index, id) in ids.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            identity(id, &out)
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// `,"key":"FileID.swift:12"` (the reader splits at the last colon); nothing when nil.
    private static func field(_ key: StaticString, _ location: SourceLocation?, _ out: inout JSONOutput) {
        guard let location else { return }
        out.key(key)
        out.byte(UInt8(ascii: "\""))
        out.stringContents(location.fileID)
        out.byte(UInt8(ascii: ":"))
        out.number(location.line)
        out.byte(UInt8(ascii: "\""))
    }

    private static func identity(_ id: ServiceIdentity, _ out: inout JSONOutput) {
        out.raw(#"{"type":"#)
        out.string(id.type)
        out.field("name", id.name)
        out.field("container", id.container)
        out.field("layer", id.layer)
        out.field("member", id.member)
        out.byte(UInt8(ascii: "}"))
    }
}
#endif
