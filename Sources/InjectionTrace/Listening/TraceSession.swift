import Injection

/// One connection from a traced app to a ``TraceListener``: an app run, or one reconnect of it.
///
/// ```swift
/// case .connected(let session): print("#\(session.number) \(session.peer)")   // #1 unix (pid 4242)
/// ```
public struct TraceSession: Sendable, Hashable, CustomStringConvertible {
    /// 1 for the listener's first connection, then 2, 3, …
    public var number: Int
    /// Who connected: `unix (pid 4242)` or `tcp 127.0.0.1:51234`.
    public var peer: String
    /// The app's process, when the transport tells (a unix socket's peer credentials).
    public var processID: Int32?

    public init(number: Int, peer: String, processID: Int32? = nil) {
        self.number = number
        self.peer = peer
        self.processID = processID
    }

    public var description: String { "#\(number) \(peer)" }
}

/// What a ``TraceListener`` reports, in order per session.
public enum TraceListenerEvent: Sendable {
    /// An app connected; its header arrives with the first ``records(_:_:)``.
    case connected(TraceSession)
    /// Records parsed from what the app sent so far (the header first).
    case records(TraceSession, [TraceRecord])
    /// Problems with lines the app sent (each names its line in the session's stream).
    case diagnostics(TraceSession, [TraceDiagnostic])
    /// The app went away (exited, crashed, or the listener stopped). A line it had not finished
    /// is reported as truncated in `diagnostics`; every complete line was delivered before.
    case disconnected(TraceSession, diagnostics: [TraceDiagnostic])
    /// A TCP peer did not present the listener's token (wrong, missing, or it left first): it
    /// was disconnected and nothing it sent was read.
    case refused(TraceSession, reason: String)
}
