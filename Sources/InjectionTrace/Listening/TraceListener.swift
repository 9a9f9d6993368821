import Injection
import Synchronization


/// The inspector's end of a live trace: listens on a unix socket or TCP, reads each connecting
/// app's records on its own thread, and reports them as ``TraceListenerEvent``s.
///
/// ```swift
/// let graph = Mutex(DependencyGraph())
/// let listener = try TraceListener(address: .defaultUnix) { event in   // on the listener's thread
///     if case .records(_, let records) = event {
///         graph.withLock { graph in records.forEach { graph.apply($0) } }
///     }
/// }
/// print("DI_INSPECT=\(listener.destination)")   // what the app should be started with
/// // …
/// listener.stop()
/// ```
///
/// The default unix socket lives in a private folder (mode 0700, created if needed; an existing
/// one must be the user's and private), and the socket itself is mode 0600. TCP binds to
/// 127.0.0.1 unless another address is given explicitly, and a non-loopback address needs
/// `allowingRemote: true`. A TCP listener makes a random ``token`` that an app must present
/// first (`TraceConnectionToken`, in Injection); a connection with a wrong or missing token is refused and
/// reported (``TraceListenerEvent/refused(_:reason:)``) before anything it sent is shown.
///
/// No peer can wedge it: a TCP peer has ``handshakeTimeout`` to present the token, at most
/// ``maximumWaitingForToken`` wait at once (a new one drops the oldest), and when the process is
/// out of descriptors the oldest waiting peer is dropped or accepting pauses for a moment rather
/// than spinning; every such refusal is reported with its reason. At most
/// ``maximumConnections`` are open at once: past it new apps wait in the socket's backlog (their
/// own sink retries) until one ends, so a flood of short-lived apps costs the listener a bounded
/// amount of memory and bookkeeping. The handler is called on the listener's thread, one event
/// at a time.
public final class TraceListener: Sendable {
    /// Where to listen: the transport's one address type.
    public typealias Address = TraceSocketAddress

    /// Where the listener is listening (with the actual port when port 0 was asked for).
    public let address: Address
    /// What an app must present on a TCP connection (nil for a unix socket, whose folder and
    /// mode already restrict it to this user).
    public let token: String?
    private let listenDescriptor: Int32
    private let wake: WakePipe
    private let handler: @Sendable (TraceListenerEvent) -> Void
    private let thread = Mutex<BackgroundThread?>(nil)
    private let stopped = Atomic<Bool>(false)
    /// Sessions to close at the listener's next turn (``close(session:)``).
    private let closing = Mutex<Set<Int>>([])
    /// What the open connections' readers keep of decoded values, in bytes (each at most
    /// ``decodedValueLimit``).
    private let decodedBytes = Atomic<Int>(0)

    /// Starts listening at once (so an error is thrown here) and reading on a new thread.
    ///
    /// - Parameters:
    ///   - address: A unix socket path or a TCP host and port.
    ///   - maximumLineLength: Lines longer than this are skipped with an error.
    ///   - maximumNameLength: A line with a longer name is skipped with an error that counts
    ///     them (``TraceReader/init(maximumLineLength:sequenceWindow:maximumNameLength:decodedValueLimit:)``).
    ///   - allowingRemote: Whether a TCP address other than loopback may be used (every
    ///     interface, a LAN address): other machines can then connect, with the token.
    ///   - token: The token TCP clients must present; by default a new random one.
    ///   - handler: Called on the listener's thread with every event.
    public init(
        address: Address = .defaultUnix, maximumLineLength: Int = 1 << 20,
        maximumNameLength: Int = TraceListener.maximumNameLength, allowingRemote: Bool = false,
        token: String? = nil, handler: @escaping @Sendable (TraceListenerEvent) -> Void
    ) throws(TraceListenerError) {
        if case .tcp(let host, let port) = address, !address.isLocalOnly, !allowingRemote {
            throw TraceListenerError(
                "refusing to listen on \(address) (\(host == "0.0.0.0" || host == "::" ? "every interface" : "not loopback")): "
                    + "other machines could connect; pass --allow-remote (apps must then present the printed "
                    + "token), or listen on 127.0.0.1:\(port)")
        }
        if address == .defaultUnix { try Self.preparePrivateDirectory(TraceDestination.defaultSocketDirectory()) }
        if case .tcp = address { self.token = token ?? TraceConnectionToken.random() } else { self.token = nil }
        let fd: Int32
        // A deep backlog: a burst of peers (an app and its extensions, or stalled ones) must not
        // overflow it while this thread is busy, or their SYNs are dropped and retried a second later.
        switch address.listen(backlog: 256) {
        case .success(let descriptor): fd = descriptor
        case .failure(let failure): throw TraceListenerError(failure.description)
        }
        if case .tcp(let host, 0) = address, let port = PosixIO.localPort(of: fd) {
            self.address = .tcp(host: host, port: port)
        } else {
            self.address = address
        }
        do {
            wake = try WakePipe()
        } catch {
            PosixIO.closeDescriptor(fd)
            throw TraceListenerError("cannot create the listener's wake-up pipe: \(error)")
        }
        listenDescriptor = fd
        self.handler = handler
        let maximum = maximumLineLength
        try thread.withLock { (thread: inout BackgroundThread?) throws(TraceListenerError) in
            do {
                thread = try BackgroundThread { [self] in run(maximumLineLength: maximum, maximumNameLength: maximumNameLength) }
            } catch {
                throw TraceListenerError("cannot start the listener thread (\(error))")
            }
        }
    }

    /// A listener whose events arrive as an `AsyncStream`; ending the stream's iteration (or
    /// dropping it) stops the listener.
    ///
    /// ```swift
    /// let (listener, events) = try TraceListener.stream(address: .loopback(port: 7777))
    /// for await event in events { print(event) }
    /// ```
    public static func stream(
        address: Address = .defaultUnix, maximumLineLength: Int = 1 << 20, allowingRemote: Bool = false,
        token: String? = nil
    ) throws(TraceListenerError) -> (TraceListener, AsyncStream<TraceListenerEvent>) {
        let (stream, continuation) = AsyncStream.makeStream(of: TraceListenerEvent.self, bufferingPolicy: .unbounded)
        let listener = try TraceListener(
            address: address, maximumLineLength: maximumLineLength, allowingRemote: allowingRemote, token: token
        ) { event in
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
        wake.wake()
        thread.withLock { $0 }?.join()
    }

    /// Closes a session's connection at the listener's next turn, reading nothing more of it:
    /// the inspector shed it, and what it sends would only be decoded to be dropped. Its end is
    /// reported as ``TraceListenerEvent/disconnected(_:diagnostics:)``, with no diagnostics (a
    /// line the close cut is not the app's fault); the app's sink sees its connection end and
    /// connects again later, as after any disconnect. Safe from any thread, the handler's too.
    public func close(session number: Int) {
        closing.withLock { _ = $0.insert(number) }
        wake.wake()
    }

    /// What the open connections keep of the values they decoded, to share them with later
    /// lines (identities, locations), in bytes: part of what the listener holds for an
    /// inspector's memory budget. Any thread.
    public var decodedValueBytes: Int { decodedBytes.load(ordering: .relaxed) }

    /// Makes `directory` the user's private folder: created with mode 0700, or, when it exists,
    /// checked to be a real directory owned by the user that nobody else can enter.
    public static func preparePrivateDirectory(_ directory: String) throws(TraceListenerError) {
        if let problem = PosixIO.preparePrivateDirectory(directory) { throw TraceListenerError(problem) }
    }

    // MARK: - The listener's thread

    /// One connected app: its descriptor, its session and its reader; and, until it presented
    /// the token, the bytes of its first line.
    private struct Connection {
        let fd: Int32
        let session: TraceSession
        var reader: TraceReader
        var authenticated: Bool
        /// When it must have presented its token (monotonic nanoseconds).
        var deadline: UInt64
        var tokenLine: [UInt8] = []
        /// Its reader's decoded values, as last added to ``decodedBytes``.
        var decodedBytes = 0
    }

    /// What a connection's bytes mean before it is authenticated.
    private enum Admission {
        case waiting
        case admitted(rest: ArraySlice<UInt8>)
        case refused(String)
    }

    /// Reads the token line from `bytes`; the bytes after it belong to the trace.
    private func admit(_ connection: inout Connection, _ bytes: UnsafeRawBufferPointer) -> Admission {
        guard let token else { return .admitted(rest: ArraySlice(bytes)) }
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
        connection.tokenLine.append(contentsOf: bytes[..<(newline ?? bytes.count)])
        guard connection.tokenLine.count <= TraceConnectionToken.maximumLineLength else {
            return .refused("no token (the first line is not a token line)")
        }
        guard let newline else { return .waiting }
        guard TraceConnectionToken.matches(connection.tokenLine, expected: token) else {
            let presented = connection.tokenLine.starts(with: Array(#"{"token":"#.utf8))
            return .refused(presented ? "wrong token" : "no token (the first line is not a token line)")
        }
        connection.authenticated = true
        connection.tokenLine = []
        return .admitted(rest: ArraySlice(bytes[(newline + 1)...]))
    }

    /// How long a TCP peer may take to present its token before it is dropped.
    public static let handshakeTimeout: Duration = .seconds(2)
    /// The most TCP peers waiting to present their token; a new one drops the oldest.
    public static let maximumWaitingForToken = 64
    /// The most connections open at once (reading, or waiting for a token).
    public static let maximumConnections = 256
    /// The `seq` numbers each connection checks for duplicates (a bit each: 8 KB per connection,
    /// 2 MB for ``maximumConnections``, whatever seq an app has reached).
    public static let sequenceWindow = 1 << 16
    /// The longest name a peer's lines may carry by default, in bytes; a line with a longer one
    /// is skipped with an error that counts them. Generic type names run to a few kilobytes; a
    /// peer that sends names of a megabyte would otherwise make the inspector hash, escape and
    /// keep every byte of each, long after it sent them. (A trace file's reader takes any
    /// length up to its line's.)
    public static let maximumNameLength = 64 << 10
    /// The most a connection's reader keeps of the values it decoded (``decodedValueBytes``):
    /// an app's few hundred names take a fraction of it; a peer's 64 KB names would otherwise
    /// keep over a hundred megabytes per connection.
    public static let decodedValueLimit = 4 << 20
    /// How long accepting pauses when the process is out of descriptors.
    static let descriptorBackOff: Duration = .milliseconds(100)

    private func run(maximumLineLength: Int, maximumNameLength: Int) {
        var connections: [Connection] = []
        var sessions = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var descriptors: [Int32] = []
        /// While out of descriptors, the listening socket is not polled until then (monotonic ns).
        var acceptPausedUntil: UInt64 = 0
        let handshakeNanoseconds = Self.handshakeTimeout.nanoseconds
        loop: while true {
            closeRequested(&connections)
            let now = PosixIO.monotonicNanoseconds()
            // Peers that did not present the token in time are dropped: a stalled handshake
            // never holds a descriptor for long.
            var expired: [Int] = []
            for index in connections.indices where !connections[index].authenticated && connections[index].deadline <= now {
                expired.append(index)
            }
            for index in expired.reversed() {
                refuse(connections.remove(at: index), reason: "no token within \(Self.handshakeTimeout)")
            }
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(wake.readDescriptor)
            // Full: new apps wait in the backlog until a connection ends.
            let accepts = now >= acceptPausedUntil && connections.count < Self.maximumConnections
            descriptors.append(accepts ? listenDescriptor : -1)
            for connection in connections { descriptors.append(connection.fd) }
            // Wake for the nearest handshake deadline or the end of a back-off; otherwise sleep.
            var wakeAt = connections.lazy.filter { !$0.authenticated }.map(\.deadline).min() ?? .max
            if acceptPausedUntil > now { wakeAt = min(wakeAt, acceptPausedUntil) }
            let timeout = wakeAt == .max ? -1 : Int32(clamping: (wakeAt &- min(wakeAt, now)) / 1_000_000 + 1)
            guard let readable = PosixIO.waitUntilReadable(descriptors, milliseconds: timeout) else { break }
            if readable[0] {
                // A stop, or a close (``close(session:)``), taken at the next turn.
                wake.drain()
                if stopped.load(ordering: .acquiring) { break loop }
                continue loop
            }
            // Only the connections that were polled (accepting below appends new ones).
            let polled = connections.count
            // Waiting peers dropped while accepting: closed now, removed with the others below
            // (so the polled indices stay valid).
            var refused: [Int] = []
            func waitingIndices() -> [Int] {
                // (A unix socket has no handshake: nobody waits.)
                token == nil ? [] : connections.indices.filter { !connections[$0].authenticated && !refused.contains($0) }
            }
            if readable[1] {
                accepting: while connections.count < Self.maximumConnections {
                    switch PosixIO.acceptConnection(listenDescriptor) {
                    case .none:
                        break accepting
                    case .outOfDescriptors(let code):
                        // Free a descriptor from the oldest peer still owing its token, if any;
                        // otherwise pause accepting instead of spinning on a readable socket.
                        if let oldest = waitingIndices().first {
                            refuse(connections[oldest], reason: "out of descriptors (\(PosixIO.errorDescription(code)))")
                            refused.append(oldest)
                            continue accepting
                        }
                        acceptPausedUntil = PosixIO.monotonicNanoseconds() &+ Self.descriptorBackOff.nanoseconds
                        handler(.refused(TraceSession(number: 0, peer: "a pending peer"),
                                         reason: "out of descriptors (\(PosixIO.errorDescription(code)))"))
                        break accepting
                    case .connection(let fd, let peer, let processID, _):
                        sessions += 1
                        let session = TraceSession(number: sessions, peer: peer, processID: processID)
                        connections.append(Connection(
                            fd: fd, session: session, reader: TraceReader(
                                maximumLineLength: maximumLineLength, sequenceWindow: Self.sequenceWindow,
                                maximumNameLength: maximumNameLength, decodedValueLimit: Self.decodedValueLimit),
                            authenticated: token == nil, deadline: PosixIO.monotonicNanoseconds() &+ handshakeNanoseconds))
                        // A TCP peer is announced once it presented the token.
                        if token == nil { handler(.connected(session)) }
                        // Too many waiting for their token: the oldest waiting goes first.
                        let waiting = waitingIndices()
                        if waiting.count > Self.maximumWaitingForToken, let oldest = waiting.first {
                            refuse(connections[oldest], reason: "too many peers waiting for a token")
                            refused.append(oldest)
                        }
                    }
                }
            }
            var closed: [Int] = []
            for index in 0..<polled where readable[index + 2] && !refused.contains(index) {
                // Stopping: the connections not read yet are not decoded (up to 256 reads of
                // 64 KB each would stand between ``stop()`` and its join).
                if stopped.load(ordering: .relaxed) { break }
                let count = chunk.withUnsafeMutableBytes { PosixIO.readSome(connections[index].fd, into: $0) }
                if count > 0, !connections[index].authenticated {
                    let admission = chunk.withUnsafeBytes { admit(&connections[index], UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    switch admission {
                    case .waiting:
                        continue
                    case .refused(let reason):
                        handler(.refused(connections[index].session, reason: reason))
                        PosixIO.closeDescriptor(connections[index].fd)
                        refused.append(index)
                        continue
                    case .admitted(let rest):
                        let session = connections[index].session
                        handler(.connected(session))
                        let records = rest.withUnsafeBytes { connections[index].reader.feed($0) }
                        countDecodedValues(of: &connections[index])
                        if !records.isEmpty { handler(.records(session, records)) }
                        let diagnostics = connections[index].reader.takeDiagnostics()
                        if !diagnostics.isEmpty { handler(.diagnostics(session, diagnostics)) }
                    }
                } else if count > 0 {
                    let records = chunk.withUnsafeBytes { connections[index].reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    countDecodedValues(of: &connections[index])
                    let session = connections[index].session
                    if !records.isEmpty { handler(.records(session, records)) }
                    let diagnostics = connections[index].reader.takeDiagnostics()
                    if !diagnostics.isEmpty { handler(.diagnostics(session, diagnostics)) }
                } else if count == 0 || !PosixIO.wouldBlock(PosixIO.lastError) {
                    if connections[index].authenticated {
                        closed.append(index)
                    } else {
                        // Gone before presenting the token: nothing of it was shown.
                        handler(.refused(connections[index].session, reason: "no token (closed before sending one)"))
                        PosixIO.closeDescriptor(connections[index].fd)
                        refused.append(index)
                    }
                }
            }
            for index in closed.reversed() {
                disconnect(&connections[index])
            }
            for index in Set(closed + refused).sorted().reversed() {
                connections.remove(at: index)
            }
        }
        for index in connections.indices {
            if connections[index].authenticated {
                disconnect(&connections[index])
            } else {
                PosixIO.closeDescriptor(connections[index].fd)
            }
        }
        PosixIO.closeDescriptor(listenDescriptor)
        if case .unix(let path) = address { PosixIO.removeFile(path) }
    }

    /// Closes a peer that never presented its token and says why.
    private func refuse(_ connection: Connection, reason: String) {
        PosixIO.closeDescriptor(connection.fd)
        handler(.refused(connection.session, reason: reason))
    }

    private func disconnect(_ connection: inout Connection) {
        PosixIO.closeDescriptor(connection.fd)
        decodedBytes.subtract(connection.decodedBytes, ordering: .relaxed)
        _ = connection.reader.finish()
        handler(.disconnected(connection.session, diagnostics: connection.reader.takeDiagnostics()))
    }

    /// Closes the connections ``close(session:)`` asked for, reading nothing more of them.
    private func closeRequested(_ connections: inout [Connection]) {
        let requested = closing.withLock { requested -> Set<Int> in
            defer { requested.removeAll() }
            return requested
        }
        guard !requested.isEmpty else { return }
        for index in connections.indices.reversed() where requested.contains(connections[index].session.number) {
            let connection = connections.remove(at: index)
            PosixIO.closeDescriptor(connection.fd)
            decodedBytes.subtract(connection.decodedBytes, ordering: .relaxed)
            if connection.authenticated { handler(.disconnected(connection.session, diagnostics: [])) }
        }
    }

    /// Brings ``decodedBytes`` up to date with what `connection`'s reader keeps now.
    private func countDecodedValues(of connection: inout Connection) {
        let now = connection.reader.decodedValueBytes
        guard now != connection.decodedBytes else { return }
        decodedBytes.add(now - connection.decodedBytes, ordering: .relaxed)
        connection.decodedBytes = now
    }
}

