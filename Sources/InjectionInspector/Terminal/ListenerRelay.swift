import Injection
import InjectionGraph
import InjectionTrace
import Synchronization

/// Passes a ``TraceListener``'s events to a ``LiveFeed`` as the inspector's updates: a session
/// per connection, its records, its first diagnostic as a message, its end, and the refusals
/// counted by kind. `di-inspect run` and `listen` route their listener through it, and so do the
/// tests that attack a listener, so both see what the screen sees.
///
/// ```swift
/// let relay = ListenerRelay(feed: feed)
/// let listener = try TraceListener(address: .defaultUnix) { relay.relay($0) }   // listener's thread
/// ```
public final class ListenerRelay: Sendable {
    private let feed: LiveFeed
    private let refusals = Mutex<[String: Int]>([:])
    /// Each connection's children made at one site, folded before the feed's intake: its
    /// resolution fold then sees one key where a child per request sends one per child
    /// (``ContainerFold``), and the registrations each child repeats are left out (the graph
    /// would change nothing for them; a history would keep each whole). A disconnect forgets
    /// the connection's fold.
    private let folds = Mutex<[Int: ContainerFold]>([:])

    public init(feed: LiveFeed) {
        self.feed = feed
    }

    /// Queues what `event` means for the screen. Called on the listener's thread.
    public func relay(_ event: TraceListenerEvent) {
        if case .refused(_, let reason) = event {
            let counts = refusals.withLock { counts in
                counts[Self.refusalKind(reason), default: 0] += 1
                return counts
            }
            feed.send(.refusals(counts))
        }
        feed.send(Self.updates(for: foldingContainers(event)))
    }

    /// `event` with its records' container names folded by its connection's fold.
    private func foldingContainers(_ event: TraceListenerEvent) -> TraceListenerEvent {
        switch event {
        case .records(let session, let records):
            return folds.withLock { folds in
                var fold = folds.removeValue(forKey: session.number) ?? ContainerFold()
                defer { folds[session.number] = fold }
                return .records(session, fold.foldDroppingRepeats(records))
            }
        case .disconnected(let session, _):
            _ = folds.withLock { $0.removeValue(forKey: session.number) }
            return event
        case .connected, .diagnostics, .refused:
            return event
        }
    }

    /// What the inspector should show for a listener event: everything names its connection.
    public static func updates(for event: TraceListenerEvent) -> [LiveUpdate] {
        switch event {
        case .connected(let session):
            return [.session(connection: session.number, name: session.description, processID: session.processID),
                    .connection(session.number, .live)]
        case .records(let session, let records):
            return [.records(connection: session.number, records)]
        case .diagnostics(_, let diagnostics):
            return diagnostics.prefix(1).map { .message("Trace: \($0.description.escapingControlCharacters)") }
        case .refused(let session, let reason):
            return [.message("Refused connection \(session): \(reason)")]
        case .disconnected(let session, let diagnostics):
            return [.connection(session.number, .disconnected(closedReason(session.number, cutMidLine: !diagnostics.isEmpty)))]
        }
    }

    /// Why a connection's session ended, when the app's own `end` line did not say (an app that
    /// sends it shows "app exited" or the trap that stopped it instead): it closed without one,
    /// so it was killed, crashed outside the container or left through `_exit`.
    public static func closedReason(_ connection: Int, cutMidLine: Bool) -> String {
        cutMidLine
            ? "connection \(connection) cut mid-line: the app stopped without ending its trace"
            : "connection \(connection) closed without the app's end: killed, crashed or _exit"
    }

    /// The header counts refusals by kind: the reason without its details.
    public static func refusalKind(_ reason: String) -> String {
        if reason.hasPrefix("no token within") { return "timed out" }
        if reason.hasPrefix("too many peers") { return "over the cap" }
        if reason.hasPrefix("out of descriptors") { return "out of descriptors" }
        if reason == "wrong token" { return "wrong token" }
        return "no token"
    }
}
