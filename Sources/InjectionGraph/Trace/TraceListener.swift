import InjectionTrace
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The inspector's end of a live trace: listens on a unix socket or TCP, reads each connecting
/// app's records on its own thread, and reports them as ``TraceListenerEvent``s.
///
/// ```swift
/// let listener = try TraceListener(address: .defaultUnix) { event in
///     if case .records(_, let records) = event { model.apply(records) }
/// }
/// print("DI_INSPECT=\(listener.destination)")   // what the app should be started with
/// // …
/// listener.stop()
/// ```
///
/// The default unix socket lives in a private folder (mode 0700, created if needed; an existing
/// one must be the user's and private), and the socket itself is mode 0600. TCP binds to
/// 127.0.0.1 unless another address is given explicitly. The handler is called on the
/// listener's thread, one event at a time.
public final class TraceListener: Sendable {
    /// Where to listen.
    public enum Address: Sendable, Hashable, CustomStringConvertible {
        case unix(path: String)
        /// Port 0 picks a free port: read it back from ``TraceListener/address``.
        case tcp(host: String, port: UInt16)

        /// ``TraceDestination/defaultSocketPath()``, where `DI_INSPECT=unix` connects.
        public static var defaultUnix: Address { .unix(path: TraceDestination.defaultSocketPath()) }

        /// TCP on the loopback interface only.
        public static func loopback(port: UInt16) -> Address { .tcp(host: "127.0.0.1", port: port) }

        public var description: String {
            switch self {
            case .unix(let path): "unix:\(path)"
            case .tcp(let host, let port): host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
            }
        }
    }

    /// Where the listener is listening (with the actual port when port 0 was asked for).
    public let address: Address
    private let listenDescriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let handler: @Sendable (TraceListenerEvent) -> Void
    private let thread = Mutex<pthread_t?>(nil)
    private let stopped = Atomic<Bool>(false)

    /// Starts listening at once (so an error is thrown here) and reading on a new thread.
    ///
    /// - Parameters:
    ///   - address: A unix socket path or a TCP host and port.
    ///   - maximumLineLength: Lines longer than this are skipped with an error.
    ///   - handler: Called on the listener's thread with every event.
    public init(
        address: Address = .defaultUnix, maximumLineLength: Int = 1 << 20,
        handler: @escaping @Sendable (TraceListenerEvent) -> Void
    ) throws(TraceListenerError) {
        let endpoint: SocketEndpoint
        switch address {
        case .unix(let path):
            if address == .defaultUnix { try Self.preparePrivateDirectory(TraceDestination.defaultSocketDirectory()) }
            endpoint = .unix(path: path)
        case .tcp(let host, let port):
            endpoint = .tcp(host: host, port: port)
        }
        let fd: Int32
        switch endpoint.listen() {
        case .success(let descriptor): fd = descriptor
        case .failure(let failure): throw TraceListenerError(failure.description)
        }
        if case .tcp(let host, 0) = address, let port = SocketEndpoint.localPort(of: fd) {
            self.address = .tcp(host: host, port: port)
        } else {
            self.address = address
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            PosixIO.close(fd)
            throw TraceListenerError("cannot create the listener's wake-up pipe: \(PosixIO.errorDescription(errno))")
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        listenDescriptor = fd
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        self.handler = handler
        let maximum = maximumLineLength
        try thread.withLock { (thread: inout pthread_t?) throws(TraceListenerError) in
            var id = pthread_t()
            let context = Unmanaged.passRetained(ListenerContext(listener: self, maximumLineLength: maximum)).toOpaque()
            let status = pthread_create(&id, nil, { raw in
                // The retained context passed below; the thread owns it until it returns.
                let context = Unmanaged<ListenerContext>.fromOpaque(raw!).takeRetainedValue()
                context.listener.run(maximumLineLength: context.maximumLineLength)
                return nil
            }, context)
            guard status == 0 else {
                Unmanaged<ListenerContext>.fromOpaque(context).release()
                throw TraceListenerError("cannot start the listener thread (pthread_create: \(status))")
            }
            thread = id
        }
    }

    /// A listener whose events arrive as an `AsyncStream`; ending the stream's iteration (or
    /// dropping it) stops the listener.
    ///
    /// ```swift
    /// let (listener, events) = try TraceListener.stream(address: .loopback(port: 7777))
    /// for await event in events { … }
    /// ```
    public static func stream(
        address: Address = .defaultUnix, maximumLineLength: Int = 1 << 20
    ) throws(TraceListenerError) -> (TraceListener, AsyncStream<TraceListenerEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(of: TraceListenerEvent.self, bufferingPolicy: .unbounded)
        let listener = try TraceListener(address: address, maximumLineLength: maximumLineLength) { event in
            continuation.yield(event)
        }
        continuation.onTermination = { _ in listener.stop() }
        return (listener, stream)
    }

    /// The `DI_INSPECT` value that makes an app connect here (`unix:/…/live.sock`, `tcp:127.0.0.1:7777`).
    public var destination: String { address.description }

    /// Stops listening: open sessions are reported as disconnected, the thread is joined and a
    /// unix socket file is removed. Safe to call more than once, from any thread but the
    /// handler's.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        if let id = thread.withLock({ $0 }), pthread_self() != id { pthread_join(id, nil) }
    }

    deinit {
        PosixIO.close(wakeRead)
        PosixIO.close(wakeWrite)
    }

    /// Makes `directory` the user's private folder: created with mode 0700, or, when it exists,
    /// checked to be a real directory owned by the user that nobody else can enter.
    public static func preparePrivateDirectory(_ directory: String) throws(TraceListenerError) {
        if mkdir(directory, 0o700) == 0 { return }
        guard errno == EEXIST else {
            throw TraceListenerError("cannot create \(directory): \(PosixIO.errorDescription(errno))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw TraceListenerError("\(directory) exists and is not a directory; remove it or pick another socket path")
        }
        guard info.st_uid == getuid() else {
            throw TraceListenerError("\(directory) belongs to another user; pick another socket path")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw TraceListenerError(
                "\(directory) is not private (mode \(String(mode, radix: 8))); run chmod 700 on it or pick another socket path")
        }
    }

    // MARK: - The listener's thread

    /// One connected app: its descriptor, its session and its reader.
    private struct Connection {
        let fd: Int32
        let session: TraceSession
        var reader: TraceReader
    }

    private func run(maximumLineLength: Int) {
        var connections: [Connection] = []
        var sessions = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var polls: [pollfd] = []
        loop: while true {
            polls.removeAll(keepingCapacity: true)
            polls.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            polls.append(pollfd(fd: listenDescriptor, events: Int16(POLLIN), revents: 0))
            for connection in connections { polls.append(pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&polls, nfds_t(polls.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if polls[0].revents != 0 { break loop }
            // Only the connections that were polled (accepting below appends new ones).
            let polled = connections.count
            if polls[1].revents != 0 {
                while let (fd, peer) = accept(listenDescriptor) {
                    sessions += 1
                    let session = TraceSession(number: sessions, peer: peer)
                    connections.append(Connection(fd: fd, session: session, reader: TraceReader(maximumLineLength: maximumLineLength)))
                    handler(.connected(session))
                }
            }
            var closed: [Int] = []
            for index in 0..<polled where polls[index + 2].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(connections[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    let records = chunk.withUnsafeBytes { connections[index].reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    let session = connections[index].session
                    if !records.isEmpty { handler(.records(session, records)) }
                    let diagnostics = connections[index].reader.takeDiagnostics()
                    if !diagnostics.isEmpty { handler(.diagnostics(session, diagnostics)) }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    closed.append(index)
                }
            }
            for index in closed.reversed() {
                disconnect(&connections[index])
                connections.remove(at: index)
            }
        }
        for index in connections.indices { disconnect(&connections[index]) }
        PosixIO.close(listenDescriptor)
        if case .unix(let path) = address { unlink(path) }
    }

    private func disconnect(_ connection: inout Connection) {
        PosixIO.close(connection.fd)
        _ = connection.reader.finish()
        handler(.disconnected(connection.session, diagnostics: connection.reader.takeDiagnostics()))
    }

    /// Accepts one pending connection (non-blocking), describing its peer.
    private func accept(_ listening: Int32) -> (Int32, String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.accept(listening, $0, &length)
            }
        }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return (fd, Self.describePeer(fd, storage))
    }

    private static func describePeer(_ fd: Int32, _ storage: sockaddr_storage) -> String {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_UNIX:
            // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (a GNU extension Swift does not import).
            var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            var size = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return "unix" }
            return "unix (pid \(credentials.pid))"
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                    inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                    let host = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
                    return "tcp \(host):\(UInt16(bigEndian: address.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                    inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    let host = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
                    return "tcp [\(host)]:\(UInt16(bigEndian: address.pointee.sin6_port))"
                }
            }
        default:
            return "unknown peer"
        }
    }
}

/// What the listener's thread is started with.
private final class ListenerContext: Sendable {
    let listener: TraceListener
    let maximumLineLength: Int

    init(listener: TraceListener, maximumLineLength: Int) {
        self.listener = listener
        self.maximumLineLength = maximumLineLength
    }
}
