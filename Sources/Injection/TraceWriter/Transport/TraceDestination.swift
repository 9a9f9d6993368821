/// Where a recorder writes its trace: the value of `DI_INSPECT`.
///
/// ```swift
/// let destination = try TraceDestination(parsing: "tcp:127.0.0.1:7777")
/// let recorder = TraceRecorder(sink: destination.makeSink())
/// ```
///
/// | value | destination |
/// |---|---|
/// | `file:PATH` | a file, created or truncated; or a FIFO, written once a process reads it (the app never waits for one) |
/// | `unix:PATH` | a live `di-inspect` listening on a unix socket |
/// | `unix` | the same, at ``defaultSocketPath()`` (where `di-inspect listen` listens by default) |
/// | `tcp:HOST:PORT` | a live `di-inspect` listening on TCP (`tcp:[::1]:7777` for IPv6), with the token it printed in `DI_INSPECT_TOKEN` |
/// | `tcp:TOKEN@HOST:PORT` | the same, the token inline |
public enum TraceDestination: Hashable, Sendable, CustomStringConvertible {
    case file(path: String)
    /// A live inspector's socket, with the token a TCP listener asks for.
    case socket(TraceSocketAddress, token: String? = nil)

    /// Parses `file:PATH`, `unix:PATH`, `unix` or `tcp:HOST:PORT`.
    public init(parsing value: String) throws(TraceDestinationError) {
        if value == "unix" {
            self = .socket(.unix(path: TraceDestination.defaultSocketPath()))
            return
        }
        guard let colon = value.firstIndex(of: ":") else { throw .unknownScheme(value) }
        let scheme = value[..<colon]
        let rest = String(value[value.index(after: colon)...])
        switch scheme {
        case "file":
            guard !rest.isEmpty else { throw .emptyPath(value) }
            self = .file(path: rest)
        case "unix":
            guard !rest.isEmpty else { throw .emptyPath(value) }
            guard rest.utf8.count <= TraceDestination.maximumSocketPathLength else {
                throw .socketPathTooLong(value, length: rest.utf8.count)
            }
            self = .socket(.unix(path: rest))
        case "tcp":
            var rest = rest
            var token: String?
            if let at = rest.firstIndex(of: "@") {
                token = String(rest[..<at])
                rest = String(rest[rest.index(after: at)...])
                guard token?.isEmpty == false else { throw .emptyToken(value) }
            }
            guard let portColon = rest.lastIndex(of: ":") else { throw .badPort(value) }
            var host = String(rest[..<portColon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty else { throw .emptyHost(value) }
            guard let port = UInt16(rest[rest.index(after: portColon)...]), port > 0 else { throw .badPort(value) }
            self = .socket(.tcp(host: host, port: port), token: token)
        default:
            throw .unknownScheme(value)
        }
    }

    /// The longest path a unix socket address holds (`sun_path` less its terminating zero).
    public static let maximumSocketPathLength = 107

    /// Where a live inspector listens when no path is given: `$XDG_RUNTIME_DIR/di-inspect/live.sock`,
    /// else `/tmp/di-inspect-<uid>/live.sock` on Linux and `$TMPDIR/di-inspect/live.sock` on Apple
    /// platforms (the app's sandbox on iOS). The folder is private to the user (0700).
    public static func defaultSocketPath() -> String {
        defaultSocketDirectory() + "/live.sock"
    }

    /// The private folder that holds ``defaultSocketPath()``.
    public static func defaultSocketDirectory() -> String {
        if let runtime = PosixIO.environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
            return runtime + "/di-inspect"
        }
        return PosixIO.userTemporaryDirectory(named: "di-inspect")
    }

    #if Tracing
    /// A sink that writes to this destination.
    public func makeSink() -> any TraceSink {
        switch self {
        case .file(let path): FileTraceSink(path: path)
        case .socket(let address, let token): SocketTraceSink(address: address, token: token)
        }
    }
    #endif

    /// `file:/tmp/app.ndjson`, `unix:/run/user/1000/di-inspect/live.sock`, `tcp:127.0.0.1:7777`.
    public var description: String {
        switch self {
        case .file(let path): "file:\(path)"
        case .socket(let address, _): address.description
        }
    }
}

/// Why a `DI_INSPECT` value is not a ``TraceDestination``.
public enum TraceDestinationError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownScheme(String)
    case emptyPath(String)
    case socketPathTooLong(String, length: Int)
    case emptyHost(String)
    case badPort(String)
    case emptyToken(String)

    /// What is wrong and what a valid value looks like.
    public var description: String {
        switch self {
        case .unknownScheme(let value):
            "\"\(value)\" is not a trace destination; expected file:PATH, unix:PATH or tcp:HOST:PORT"
        case .emptyPath(let value):
            "\"\(value)\" has no path; expected file:PATH or unix:PATH"
        case .socketPathTooLong(let value, let length):
            "\"\(value)\": the socket path is \(length) bytes, longer than the \(TraceDestination.maximumSocketPathLength) a unix socket allows"
        case .emptyHost(let value):
            "\"\(value)\" has no host; expected tcp:HOST:PORT, e.g. tcp:127.0.0.1:7777"
        case .emptyToken(let value):
            "\"\(value)\" has an empty token before '@'; expected tcp:TOKEN@HOST:PORT or DI_INSPECT_TOKEN"
        case .badPort(let value):
            "\"\(value)\" has no valid port (1-65535); expected tcp:HOST:PORT, e.g. tcp:127.0.0.1:7777"
        }
    }
}
