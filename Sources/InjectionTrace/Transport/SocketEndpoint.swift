#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A unix-socket or TCP address, and the POSIX calls to connect to it (the recorder's live sink)
/// or listen on it (the inspector's ``TraceListener``, in InjectionGraph).
package enum SocketEndpoint: Sendable, Hashable, CustomStringConvertible {
    case unix(path: String)
    case tcp(host: String, port: UInt16)

    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
        init(_ operation: String, _ endpoint: SocketEndpoint, _ code: Int32) {
            description = "\(operation) \(endpoint): \(PosixIO.errorDescription(code))"
        }
        init(message: String) { description = message }
    }

    package var description: String {
        switch self {
        case .unix(let path): "unix:\(path)"
        case .tcp(let host, let port): host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
        }
    }

    /// Connects, giving up after `timeoutMilliseconds` (a connect never hangs the caller), and
    /// returns a blocking descriptor whose sends time out after `sendTimeoutMilliseconds`.
    package func connect(timeoutMilliseconds: Int32, sendTimeoutMilliseconds: Int) -> Result<Int32, Failure> {
        withAddresses { family, address, length in
            let fd = socket(family, SocketEndpoint.streamType | SocketEndpoint.nonBlocking, 0)
            guard fd >= 0 else { return .failure(Failure("socket for", self, errno)) }
            var status = Glibc.connect(fd, address, length)
            if status != 0 && errno == EINPROGRESS {
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                status = poll(&poller, 1, timeoutMilliseconds) == 1 ? 0 : -1
                var error: Int32 = 0
                var size = socklen_t(MemoryLayout<Int32>.size)
                if status == 0 {
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
                    if error != 0 { status = -1; errno = error } else { status = 0 }
                } else {
                    errno = ETIMEDOUT
                }
            }
            guard status == 0 else {
                let code = errno
                PosixIO.close(fd)
                return .failure(Failure("connect to", self, code))
            }
            // Back to blocking, bounded by a send timeout: only the recorder's thread writes, and a
            // peer that stops reading for that long is treated as gone.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: sendTimeoutMilliseconds / 1000, tv_usec: (sendTimeoutMilliseconds % 1000) * 1000)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return .success(fd)
        }
    }

    /// Binds and listens (non-blocking, close-on-exec). A unix socket's stale file is removed
    /// first (only if it is a socket) and the new one is made private (mode 0600).
    package func listen(backlog: Int32 = 16) -> Result<Int32, Failure> {
        if case .unix(let path) = self {
            var info = stat()
            if lstat(path, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                    return .failure(Failure(message: "\(path) exists and is not a socket; not replacing it"))
                }
                unlink(path)
            }
        }
        return withAddresses { family, address, length in
            let fd = socket(family, SocketEndpoint.streamType | SocketEndpoint.nonBlocking, 0)
            guard fd >= 0 else { return .failure(Failure("socket for", self, errno)) }
            var yes: Int32 = 1
            if family != AF_UNIX {
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            }
            guard bind(fd, address, length) == 0 else {
                let code = errno
                PosixIO.close(fd)
                return .failure(Failure("bind", self, code))
            }
            if case .unix(let path) = self { chmod(path, 0o600) }
            guard Glibc.listen(fd, backlog) == 0 else {
                let code = errno
                PosixIO.close(fd)
                return .failure(Failure("listen on", self, code))
            }
            return .success(fd)
        }
    }

    /// The port a TCP socket is bound to (to learn the one the kernel picked for port 0).
    package static func localPort(of fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        default:
            return nil
        }
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let nonBlocking = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    private static let nonBlocking: Int32 = 0
    #endif

    /// Calls `body` with each address the endpoint resolves to until one succeeds.
    private func withAddresses(
        _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Result<Int32, Failure>
    ) -> Result<Int32, Failure> {
        switch self {
        case .unix(let path):
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard path.utf8.count < capacity else {
                return .failure(Failure(message: "\(self): the path is longer than a unix socket allows"))
            }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: path.utf8)
            }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body(AF_UNIX, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        case .tcp(let host, let port):
            var hints = addrinfo()
            hints.ai_socktype = SocketEndpoint.streamType
            hints.ai_flags = AI_NUMERICSERV
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0, let list else {
                return .failure(Failure(message: "\(self): cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
            }
            defer { freeaddrinfo(list) }
            var result: Result<Int32, Failure> = .failure(Failure(message: "\(self): no address"))
            var entry: UnsafeMutablePointer<addrinfo>? = list
            while let current = entry {
                if let address = current.pointee.ai_addr {
                    result = body(current.pointee.ai_family, address, current.pointee.ai_addrlen)
                    if case .success = result { return result }
                }
                entry = current.pointee.ai_next
            }
            return result
        }
    }
}
