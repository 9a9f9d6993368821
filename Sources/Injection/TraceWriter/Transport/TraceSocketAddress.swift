#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a live trace travels: a unix socket or a TCP address; the app's ``SocketTraceSink``
/// connects to it, the inspector's listener (in `InjectionTrace`) listens on it.
///
/// ```swift
/// let sink = SocketTraceSink(address: .unix(path: "/tmp/di.sock"))
/// let local = TraceSocketAddress.loopback(port: 7777)   // tcp:127.0.0.1:7777
/// ```
public enum TraceSocketAddress: Sendable, Hashable, CustomStringConvertible {
    case unix(path: String)
    /// Port 0 asks a listener for a free port.
    case tcp(host: String, port: UInt16)

    /// ``TraceDestination/defaultSocketPath()``, where `DI_INSPECT=unix` connects.
    public static var defaultUnix: TraceSocketAddress { .unix(path: TraceDestination.defaultSocketPath()) }

    /// TCP on the loopback interface only.
    public static func loopback(port: UInt16) -> TraceSocketAddress { .tcp(host: "127.0.0.1", port: port) }

    /// `unix:/tmp/di.sock`, `tcp:127.0.0.1:7777`, `tcp:[::1]:7777`.
    public var description: String {
        switch self {
        case .unix(let path): "unix:\(path)"
        case .tcp(let host, let port): host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
        }
    }

    /// Whether only this machine can reach it: a unix socket, or TCP on a loopback host.
    public var isLocalOnly: Bool {
        switch self {
        case .unix: true
        case .tcp(let host, _): host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }

    /// Why a connect or listen failed, worded for the user.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
        package init(_ operation: String, _ address: TraceSocketAddress, _ code: Int32) {
            description = "\(operation) \(address): \(PosixIO.errorDescription(code))"
        }
        package init(message: String) { description = message }
    }

    #if Tracing
    /// Connects within `timeoutMilliseconds` and returns a non-blocking descriptor (every send has a deadline).
    package func connect(timeoutMilliseconds: Int32) -> Result<Int32, Failure> {
        withAddresses { family, address, length in
            let fd = PosixIO.streamSocket(family: family)
            guard fd >= 0 else { return .failure(Failure("socket for", self, PosixIO.lastError)) }
            guard PosixIO.connectSocket(fd, address, length, timeoutMilliseconds: timeoutMilliseconds) == 0 else {
                let code = PosixIO.lastError
                PosixIO.closeDescriptor(fd)
                return .failure(Failure("connect to", self, code))
            }
            return .success(fd)
        }
    }
    #endif

    package func withAddresses(
        _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Result<Int32, Failure>
    ) -> Result<Int32, Failure> {
        switch self {
        case .unix(let path):
            PosixIO.withUnixAddress(path, body)
        case .tcp(let host, let port):
            PosixIO.withResolvedAddresses(host: host, port: port, body)
        }
    }
}
