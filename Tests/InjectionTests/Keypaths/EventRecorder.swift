import Injection
import Synchronization

/// Collects the events of one container (observers are process-wide; tests run in parallel).
final class EventRecorder: Sendable {
    let container: String
    private let events = Mutex<[ResolutionEvent]>([])

    init(container: String) {
        self.container = container
    }

    /// Starts recording; returns a token to cancel.
    func start() -> ObservationToken {
        ResolutionEvents.addObserver { [self] event in
            if event.concerns(self.container) { events.withLock { $0.append(event) } }
        }
    }

    var all: [ResolutionEvent] { events.withLock { $0 } }
}

extension ResolutionEvent {
    func concerns(_ container: String) -> Bool {
        switch kind {
        case .containerCreated(let e): e.container == container
        case .registered(let e): e.service.container == container
        case .resolved(let e): e.service.container == container
        case .missing(let e): e.requested.container == container
        case .cycle(let e): e.path.first?.container == container
        case .scopeMismatch(let e): e.holder.container == container
        case .mappingChanged(let e): e.container == container
        case .staleOverride(let e): e.replaced.container == container
        case .scopeReset(let e): e.container == container
        }
    }
}
