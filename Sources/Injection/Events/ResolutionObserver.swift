/// Receives every ``ResolutionEvent`` from every container in the process.
///
/// Observers are called synchronously on the thread that produced the event, so they must be
/// quick and must not block: hand the event to a buffer and return (the trace writer does).
///
/// ```swift
/// struct PrintingObserver: ResolutionObserver {
///     func observe(_ event: ResolutionEvent) { print(event.kind) }
/// }
///
/// let token = ResolutionEvents.addObserver(PrintingObserver())
/// // … resolve …
/// token.cancel()
/// ```
public protocol ResolutionObserver: Sendable {
    func observe(_ event: ResolutionEvent)

    /// Whether the observer only needs repeated identical resolutions (same service, requester,
    /// scope, outcome and source) as counts. While every attached observer says so, each
    /// resolving thread delivers only the first occurrence of such a resolution as an event and
    /// counts the repeats itself; they arrive through ``observeRepeats(_:)``. False by default.
    /// Read once, when the observer is attached.
    var foldsRepeatedResolutions: Bool { get }

    /// Receives repeats counted at the source (``foldsRepeatedResolutions``): exact counts,
    /// each after its key's first occurrence was delivered to ``observe(_:)`` (on the thread
    /// that counted it). Called from any thread, whenever counts are collected
    /// (``ResolutionEvents/collectRepeats()``, a ``TraceRecorder``'s interval or flush, and
    /// whenever an observer is attached or detached).
    func observeRepeats(_ aggregates: [ResolutionAggregate])
}

extension ResolutionObserver {
    public var foldsRepeatedResolutions: Bool { false }
    public func observeRepeats(_ aggregates: [ResolutionAggregate]) {}
}

/// An observer made from a closure.
struct ClosureObserver: ResolutionObserver {
    let body: @Sendable (ResolutionEvent) -> Void
    func observe(_ event: ResolutionEvent) { body(event) }
}

/// Keeps an observer attached until ``cancel()`` is called.
public final class ObservationToken: Sendable {
    private let id: Int

    init(id: Int) { self.id = id }

    /// Detaches the observer; later events are not delivered to it. When it returns, a folding
    /// observer has been handed every repeat counted while it was attached (a collection in
    /// flight on another thread is waited for), so a recorder can write its last aggregates.
    public func cancel() { EventHub.shared.remove(id) }
}
