import Injection

/// What a live source (a socket listener, a launched app) tells the inspector, from any thread,
/// through a ``LiveFeed``. Everything about one app carries its connection's number, so that
/// several apps on one listener each keep their own session.
///
/// ```swift
/// feed.send(.session(connection: 1, name: "#1 unix (pid 4242)", processID: 4242))
/// feed.send(.records(connection: 1, batch))
/// feed.send(.connection(1, .disconnected("connection 1 closed")))
/// ```
public enum LiveUpdate: Sendable {
    /// An app connected: it gets a session of its own (earlier ones stay browsable).
    case session(connection: Int, name: String, processID: Int32?)
    /// Records from one connection.
    case records(connection: Int, [TraceRecord])
    /// A connection's state changed (nil: the session waiting for the first app).
    case connection(Int?, ConnectionState)
    /// The app the inspector launched ended: how (`exited with status 64`), and the last lines it
    /// wrote (its error, when it could not start).
    case launchedAppEnded(processID: Int32, ending: String, failed: Bool, output: [String])
    /// Connections refused so far, by reason (replaces the previous counts).
    case refusals([String: Int])
    /// A line for the key bar (where a socket listens, why a launch failed).
    case message(String)

    /// The connection number of the inspector's first session (a replayed file): listener
    /// connections are numbered from 1.
    public static let firstSession = 0
}
