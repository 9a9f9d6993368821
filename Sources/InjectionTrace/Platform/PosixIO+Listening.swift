#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// The socket calls of the listening end (bind, accept, the peer's identity, the socket file and
/// its private folder): only the tools link them, never an app.
extension PosixIO {
    /// Binds and listens; 0, or -1 with `errno` set.
    package static func bindAndListen(
        _ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t, backlog: Int32
    ) -> (status: Int32, failedCall: String) {
        if Int32(address.pointee.sa_family) != AF_UNIX {
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        guard bind(fd, address, length) == 0 else { return (-1, "bind") }
        guard listen(fd, backlog) == 0 else { return (-1, "listen on") }
        return (0, "")
    }

    /// What ``acceptConnection(_:)`` got.
    package enum Accepted {
        /// A connection, with its peer (`unix (pid 4242)`, `tcp 127.0.0.1:51234`) and, for a
        /// unix socket, the peer's process.
        case connection(fd: Int32, peer: String, processID: Int32?, isLoopback: Bool)
        /// Nothing pending (or a peer that left before it was accepted).
        case none
        /// No descriptor left for it (`EMFILE`, `ENFILE`, `ENOBUFS`, `ENOMEM`): the connection
        /// stays pending, so the listening socket stays readable; the caller must free a
        /// descriptor or wait rather than poll again at once.
        case outOfDescriptors(errno: Int32)
    }

    /// Accepts one pending connection (non-blocking, close-on-exec) and describes its peer.
    package static func acceptConnection(_ listening: Int32) -> Accepted {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listening, $0, &length) }
        }
        guard fd >= 0 else {
            let code = errno
            switch code {
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors(errno: code)
            // EAGAIN, a peer that reset first (ECONNABORTED), a signal: nothing to take now.
            default: return .none
            }
        }
        makeNonBlocking(fd)
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let (peer, loopback) = describePeer(fd, storage)
        let process = Int32(storage.ss_family) == AF_UNIX ? peerProcessID(fd) : nil
        return .connection(fd: fd, peer: peer, processID: process, isLoopback: loopback)
    }

    /// The pid of the process at the other end of a unix socket. Linux: `SO_PEERCRED`
    /// (`struct ucred`); Darwin: `LOCAL_PEERPID`.
    package static func peerProcessID(_ fd: Int32) -> Int32? {
        #if canImport(Darwin)
        var pid: pid_t = 0
        var size = socklen_t(MemoryLayout<pid_t>.size)
        guard getsockopt(fd, SOL_LOCAL, LOCAL_PEERPID, &pid, &size) == 0 else { return nil }
        return pid
        #else
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (a GNU extension Swift does not import).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return nil }
        return credentials.pid
        #endif
    }

    private static func describePeer(_ fd: Int32, _ storage: sockaddr_storage) -> (String, Bool) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_UNIX:
            return (peerProcessID(fd).map { "unix (pid \($0))" } ?? "unix", true)
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    let host = numericHost(AF_INET, &ip, Int(INET_ADDRSTRLEN))
                    return ("tcp \(host):\(UInt16(bigEndian: address.pointee.sin_port))", host.hasPrefix("127."))
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    let host = numericHost(AF_INET6, &ip, Int(INET6_ADDRSTRLEN))
                    return ("tcp [\(host)]:\(UInt16(bigEndian: address.pointee.sin6_port))", host == "::1")
                }
            }
        default:
            return ("unknown peer", false)
        }
    }

    private static func numericHost(_ family: Int32, _ address: UnsafeRawPointer, _ capacity: Int) -> String {
        var text = [CChar](repeating: 0, count: capacity)
        inet_ntop(family, address, &text, socklen_t(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
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

    /// Removes a stale unix socket file at `path` (only if it is a socket): nil when the path
    /// is free, else why it cannot be used.
    package static func removeStaleSocket(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else { return "\(path) exists and is not a socket; not replacing it" }
        unlink(path)
        return nil
    }

    package static func removeFile(_ path: String) {
        unlink(path)
    }

    /// Makes a file private to its owner (mode 0600).
    package static func makePrivate(_ path: String) {
        chmod(path, 0o600)
    }

    /// Makes `directory` the user's private folder: created with mode 0700, or, when it exists,
    /// checked to be a real directory owned by the user that nobody else can enter. Nil when
    /// it is fine, else the problem.
    package static func preparePrivateDirectory(_ directory: String) -> String? {
        if mkdir(directory, 0o700) == 0 { return nil }
        guard errno == EEXIST else { return "cannot create \(directory): \(errorDescription(errno))" }
        var info = stat()
        guard lstat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            return "\(directory) exists and is not a directory; remove it or pick another socket path"
        }
        guard info.st_uid == getuid() else { return "\(directory) belongs to another user; pick another socket path" }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            return "\(directory) is not private (mode \(String(mode, radix: 8))); run chmod 700 on it or pick another socket path"
        }
        return nil
    }
}
