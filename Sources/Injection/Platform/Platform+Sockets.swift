#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the trace transport, with their Darwin branches.
extension PosixIO {
    /// A stream socket that is non-blocking, close-on-exec and never raises `SIGPIPE`.
    /// Linux sets the first two atomically with the socket (`SOCK_NONBLOCK | SOCK_CLOEXEC`) and
    /// sends with `MSG_NOSIGNAL`; Darwin has neither, so `fcntl` and `SO_NOSIGPIPE` do it.
    package static func streamSocket(family: Int32) -> Int32 {
        #if canImport(Darwin)
        let fd = socket(family, SOCK_STREAM, 0)
        guard fd >= 0 else { return fd }
        makeNonBlocking(fd)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        return fd
        #else
        return socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    #if Tracing
    /// Connects a non-blocking socket, waiting at most `timeoutMilliseconds`; 0, or -1 with
    /// `errno` set (`ETIMEDOUT` when the wait ran out).
    package static func connectSocket(
        _ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t, timeoutMilliseconds: Int32
    ) -> Int32 {
        guard connect(fd, address, length) != 0 else { return 0 }
        guard errno == EINPROGRESS else { return -1 }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) == 1 else {
            errno = ETIMEDOUT
            return -1
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        guard error == 0 else {
            errno = error
            return -1
        }
        return 0
    }
    #endif

    /// Every address `host`:`port` resolves to (numeric service), for `body` to try in turn
    /// until it returns a descriptor; the last failure otherwise.
    package static func withResolvedAddresses(
        host: String, port: UInt16,
        _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Result<Int32, TraceSocketAddress.Failure>
    ) -> Result<Int32, TraceSocketAddress.Failure> {
        var hints = addrinfo()
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            return .failure(.init(message: "tcp:\(host):\(port): cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(list) }
        var result: Result<Int32, TraceSocketAddress.Failure> = .failure(.init(message: "tcp:\(host):\(port): no address"))
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

    /// Calls `body` with the `sockaddr_un` for `path`, or fails when the path is too long.
    package static func withUnixAddress(
        _ path: String, _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Result<Int32, TraceSocketAddress.Failure>
    ) -> Result<Int32, TraceSocketAddress.Failure> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            return .failure(.init(message: "unix:\(path): the path is longer than a unix socket allows"))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: path.utf8) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body(AF_UNIX, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
