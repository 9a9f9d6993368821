import Injection

/// One line of the Events screen: an event (or aggregate, drop, end) worded for reading.
///
/// Resolves and aggregates, nearly every line at full rate, are worded when their ``text`` is
/// read (a row drawn or selected, a filter matched), not when they are logged: the log keeps
/// thousands of lines, the screen shows a few dozen, and wording each one as it arrived was a
/// fifth of the UI thread's time under a flood.
///
/// ```swift
/// let line = LoggedEvent(record: .event(event), number: 1)
/// line?.text  // "resolved LoginViewModel ← app code (created, 1.2 ms)"
/// ```
struct LoggedEvent: Sendable, Hashable {
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
        switch kind {
        case .containerCreated(let created):
            let parent = created.parent.map { " (child of '\($0)')" } ?? ""
            return LoggedEvent(number: number, time: time, kind: "containerCreated", text: "container '\(created.container)' created\(parent) at \(created.location)")
        case .containerReleased(let released):
            return LoggedEvent(number: number, time: time, kind: "containerReleased", text: "container '\(released.container)' released")
        case .registered(let registered):
            let verb = registered.replaced == nil ? "registered" : "overridden"
            return LoggedEvent(number: number, time: time, kind: "registered",
                               text: "\(verb) \(registered.service) [\(registered.scope)] at \(registered.location)",
                               severity: registered.replaced == nil ? .normal : .warning,
                               service: registered.service, scope: registered.scope)
        case .resolved(let resolved):
            var line = LoggedEvent(number: number, time: time, kind: "resolved", text: "", service: resolved.service,
                                   scope: resolved.scope)
            line.wording = .resolved(resolved)
            return line
        case .missing(let missing):
            let from = missing.requesterChain.last.map(\.description) ?? "app code"
            return LoggedEvent(number: number, time: time, kind: "missing",
                               text: "MISSING \(missing.requested.qualifiedDescription) ← \(from)", severity: .error,
                               service: missing.requesterChain.last ?? missing.requested)
        case .cycle(let cycle):
            return LoggedEvent(number: number, time: time, kind: "cycle", text: "CYCLE \(cycle.pathDescription)",
                               severity: .error, service: cycle.path.first)
        case .scopeMismatch(let mismatch):
            return LoggedEvent(number: number, time: time, kind: "scopeMismatch",
                               text: "CAPTIVE \(mismatch.holder) (\(mismatch.holderScope)) kept \(mismatch.captive) (\(mismatch.captiveScope))",
                               severity: .warning, service: mismatch.holder, scope: mismatch.holderScope)
        case .mappingChanged(let change):
            let text: String
            switch change.action {
            case .set: text = "mapping set \(change.from?.description ?? "?") → \(change.to?.description ?? "?") at \(change.location)"
            case .reset: text = "mapping reset \(change.from?.description ?? "?") at \(change.location)"
            case .resetAll: text = "all mappings reset in '\(change.container)' at \(change.location)"
            }
            return LoggedEvent(number: number, time: time, kind: "mappingChanged", text: text, service: change.from)
        case .staleOverride(let stale):
            return LoggedEvent(number: number, time: time, kind: "staleOverride",
                               text: "STALE override \(stale.replaced) → \(stale.replacement) at \(stale.location)",
                               severity: .warning, service: stale.replaced, scope: stale.scope)
        case .scopeReset(let reset):
            return LoggedEvent(number: number, time: time, kind: "scopeReset",
                               text: "scope \(reset.scope) reset in '\(reset.container)' (\(reset.discarded) discarded)"
                                   + (reset.location.map { " at \($0)" } ?? ""))
        case .instanceEnded(let ended):
            let how = switch ended.reason {
            case .replaced: "replaced by a newSingleton" + (ended.location.map { " at \($0)" } ?? "")
            case .released: "released (nothing held it)"
            }
            return LoggedEvent(number: number, time: time, kind: "instanceEnded",
                               text: "instance of \(ended.service) (\(ended.scope)) \(how)",
                               service: ended.service, scope: ended.scope)
        case .resolvedToNil(let missing):
            return LoggedEvent(number: number, time: time, kind: "resolvedToNil",
                               text: "nil \(missing.requested.qualifiedDescription) (optional, nothing registered)",
                               service: missing.requesterChain.last)
        case .lazyResolved(let lazy):
            return LoggedEvent(number: number, time: time, kind: "lazyResolved",
                               text: "lazy \(lazy.owner?.description ?? "app code") ⇢ \(lazy.service) at \(lazy.location)",
                               service: lazy.service)
        }
    }
}

extension LoggedEvent {
    /// A line's words: written when logged, or kept as the resolve they describe until read.
    private enum Wording: Sendable, Hashable {
        case written(String)
        case resolved(Resolved)
        case aggregate(ResolutionAggregate)

        var text: String {
            switch self {
            case .written(let text):
                return text
            case .resolved(let resolved):
                let from = resolved.requester.map(\.description) ?? "app code"
                let source = resolved.source == .factory ? "" : ", \(resolved.source.rawValue)"
                return "resolved \(resolved.service) ← \(from) (\(resolved.outcome.rawValue)\(source), \(Format.duration(resolved.durationNanoseconds)))"
            case .aggregate(let aggregate):
                let from = aggregate.requester.map(\.description) ?? "app code"
                return "resolved \(aggregate.service) ← \(from) ×\(aggregate.count) (\(aggregate.outcome.rawValue), \(Format.duration(aggregate.totalNanoseconds)) total)"
            }
        }
    }
}
