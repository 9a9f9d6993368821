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

    /// Whether the observer takes repeated identical resolutions as counts: while every attached
    /// observer does, only a resolution's first occurrence is an event and the repeats arrive through
    /// ``observeRepeats(_:)``. False by default; read when the observer is attached.
    var foldsRepeatedResolutions: Bool { get }

    /// Repeats counted at the source, each after its first occurrence reached ``observe(_:)``.
    /// Called from any thread whenever counts are collected (``ResolutionEvents/collectRepeats()``,
    /// a recorder's interval or flush, an observer attached or detached).
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

    /// Detaches the observer. On return a folding observer has been handed every repeat counted while
    /// it was attached.
    public func cancel() { EventHub.shared.remove(id) }
}
