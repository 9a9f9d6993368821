import Injection

/// One line of the Events screen: an event (or aggregate, drop, end) worded for reading.
///
/// Events and aggregates are worded when their ``text`` is read (a row drawn or selected, a
/// filter matched), not when they are logged: the log keeps thousands of lines, the screen shows
/// a few dozen, and wording each one as it arrived was a fifth of the UI thread's time under a
/// flood, and escaping every new name in full (a peer sending long names) kept the screen
/// taking them in long after they were sent.
///
/// ```swift
/// let line = LoggedEvent(record: .event(event), number: 1)
/// line?.text  // "resolved LoginViewModel ← app code (created, 1.2 ms)"
/// ```
struct LoggedEvent: Sendable {
    /// Position in the whole log, from 1: the line's stable id.
    var number: UInt64
    /// The event's `t` (nanoseconds since the app's first event).
    var time: UInt64
    /// The record's kind, as in the trace (`resolved`, `missing`, …).
    var kind: String
    /// The line as read.
    var text: String { wording.text }
    private var wording: Wording
    /// `.normal`, `.warning` or `.error`.
    var severity: Role
    /// The service the line is about, for filtering and jumping to it.
    var service: ServiceIdentity?
    var scope: Scope?

    init(number: UInt64, time: UInt64, kind: String, text: String, severity: Role = .normal,
                service: ServiceIdentity? = nil, scope: Scope? = nil) {
        self.number = number
        self.time = time
        self.kind = kind
        self.wording = .written(text)
        self.severity = severity
        self.service = service
        self.scope = scope
    }

    /// The line for a record; nil for the header.
    init?(record: TraceRecord, number: UInt64) {
        switch record {
        case .header:
            return nil
        case .event(let event):
            self = Self.describe(event.kind, time: event.time, number: number)
        case .aggregate(let aggregate):
            self.init(number: number, time: aggregate.lastTime, kind: "aggregate", text: "", service: aggregate.service,
                      scope: aggregate.scope)
            wording = .aggregate(aggregate)
        case .dropped(let count, let time):
            self.init(number: number, time: time, kind: "dropped", text: "dropped \(count) events (recorder buffer full)", severity: .warning)
        case .end(let time, let reason):
            self.init(number: number, time: time, kind: "end", text: "app ended: \(reason)", severity: reason == "exit" ? .normal : .error)
        }
    }

    private static func describe(_ kind: ResolutionEvent.Kind, time: UInt64, number: UInt64) -> LoggedEvent {
        var line = LoggedEvent(number: number, time: time, kind: "\(kind.name)", text: "")
        line.wording = .event(kind)
        switch kind {
        case .containerCreated, .containerReleased, .scopeReset:
            break
        case .registered(let registered):
            line.severity = registered.replaced == nil ? .normal : .warning
            (line.service, line.scope) = (registered.service, registered.scope)
        case .resolved(let resolved):
            (line.service, line.scope) = (resolved.service, resolved.scope)
        case .missing(let missing):
            line.severity = .error
            line.service = missing.requesterChain.last ?? missing.requested
        case .cycle(let cycle):
            line.severity = .error
            line.service = cycle.path.first
        case .scopeMismatch(let mismatch):
            line.severity = .warning
            (line.service, line.scope) = (mismatch.holder, mismatch.holderScope)
        case .mappingChanged(let change):
            line.service = change.from
        case .staleOverride(let stale):
            line.severity = .warning
            (line.service, line.scope) = (stale.replaced, stale.scope)
        case .instanceEnded(let ended):
            (line.service, line.scope) = (ended.service, ended.scope)
        case .resolvedToNil(let missing):
            line.service = missing.requesterChain.last
        case .lazyResolved(let lazy):
            line.service = lazy.service
        }
        return line
    }

    /// The words of an event's line.
    fileprivate static func text(of kind: ResolutionEvent.Kind) -> String {
        switch kind {
        case .containerCreated(let created):
            let parent = created.parent.map { " (child of '\($0)')" } ?? ""
            return "container '\(created.container)' created\(parent) at \(created.location)"
        case .containerReleased(let released):
            return "container '\(released.container)' released"
        case .registered(let registered):
            let verb = registered.replaced == nil ? "registered" : "overridden"
            return "\(verb) \(registered.service) [\(registered.scope)] at \(registered.location)"
        case .resolved(let resolved):
            let from = resolved.requester.map(\.description) ?? "app code"
            let source = resolved.source == .factory ? "" : ", \(resolved.source.rawValue)"
            return "resolved \(resolved.service) ← \(from) (\(resolved.outcome.rawValue)\(source), \(Format.duration(resolved.durationNanoseconds)))"
        case .missing(let missing):
            let from = missing.requesterChain.last.map(\.description) ?? "app code"
            return "MISSING \(missing.requested.qualifiedDescription) ← \(from)"
        case .cycle(let cycle):
            return "CYCLE \(cycle.pathDescription)"
        case .scopeMismatch(let mismatch):
            return "CAPTIVE \(mismatch.holder) (\(mismatch.holderScope)) kept \(mismatch.captive) (\(mismatch.captiveScope))"
        case .mappingChanged(let change):
            switch change.action {
            case .set: return "mapping set \(change.from?.description ?? "?") → \(change.to?.description ?? "?") at \(change.location)"
            case .reset: return "mapping reset \(change.from?.description ?? "?") at \(change.location)"
            case .resetAll: return "all mappings reset in '\(change.container)' at \(change.location)"
            }
        case .staleOverride(let stale):
            return "STALE override \(stale.replaced) → \(stale.replacement) at \(stale.location)"
        case .scopeReset(let reset):
            return "scope \(reset.scope) reset in '\(reset.container)' (\(reset.discarded) discarded)"
                + (reset.location.map { " at \($0)" } ?? "")
        case .instanceEnded(let ended):
            let how = switch ended.reason {
            case .replaced: "replaced by a newSingleton" + (ended.location.map { " at \($0)" } ?? "")
            case .released: "released (nothing held it)"
            }
            return "instance of \(ended.service) (\(ended.scope)) \(how)"
        case .resolvedToNil(let missing):
            return "nil \(missing.requested.qualifiedDescription) (optional, nothing registered)"
        case .lazyResolved(let lazy):
            return "lazy \(lazy.owner?.description ?? "app code") ⇢ \(lazy.service) at \(lazy.location)"
        }
    }
}

extension LoggedEvent {
    /// A line's words: written when logged, or kept as the event they describe until read.
    private enum Wording: Sendable {
        case written(String)
        case event(ResolutionEvent.Kind)
        case aggregate(ResolutionAggregate)

        var text: String {
            switch self {
            case .written(let text):
                return text
            case .event(let kind):
                return LoggedEvent.text(of: kind)
            case .aggregate(let aggregate):
                let from = aggregate.requester.map(\.description) ?? "app code"
                return "resolved \(aggregate.service) ← \(from) ×\(aggregate.count) (\(aggregate.outcome.rawValue), \(Format.duration(aggregate.totalNanoseconds)) total)"
            }
        }
    }
}
