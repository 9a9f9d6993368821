/// Receives every ``ResolutionEvent`` from every container in the process.
///
/// Observers are called synchronously on the thread that produced the event, so they must be
/// quick and must not block: hand the event to a buffer and return (the trace writer does).
///
/// ```swift
/// struct PrintingObserver: ResolutionObserver {
///     func observe(_ event: ResolutionEvent) { print(event.kind) }
/// }
/// let token = ResolutionEvents.addObserver(PrintingObserver())
/// ```
public protocol ResolutionObserver: Sendable {
    func observe(_ event: ResolutionEvent)
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

    /// Detaches the observer; later events are not delivered to it.
    public func cancel() { EventHub.shared.remove(id) }
}
