import Injection

/// What a live source (a socket listener, a launched app) tells the inspector, from any thread,
/// through a ``LiveFeed``.
///
/// ```swift
/// feed.send([.session(name: "sample-app #1")])
/// feed.send([.records(batch)])
/// feed.send([.connection(.disconnected("app exited with status 0"))])
/// ```
public enum LiveUpdate: Sendable {
    /// A new app connected: start a new session (earlier ones stay browsable).
    case session(name: String)
    /// Records for the current session.
    case records([TraceRecord])
    /// The connection changed (waiting, live, disconnected).
    case connection(ConnectionState)
    /// A line for the key bar (where a socket listens, why a launch failed).
    case message(String)
}
