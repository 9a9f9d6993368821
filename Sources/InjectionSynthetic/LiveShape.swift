import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Traffic of other shapes than the sample app's, for soaking the live inspector over its socket
/// (`GraphBenchmarks --live-shape`, `Scripts/bench-live-shapes.sh`, the end-to-end tests):
///
/// - ``churn``: one app whose thousands of services are registered again and again (each
///   registration replaces the last one of the same service) and resolved through each other,
///   with new service names arriving all along;
/// - ``reconnects``: one app whose stream breaks and reconnects over and over (the same app, pid
///   and start time: one run, one session);
/// - ``shortLived``: app after app connecting, sending a burst and exiting;
/// - ``newNames``: one app whose every resolve names a service never seen before (generated
///   keys), through a requester also new every 16 resolves: the graph's service limit.
/// - ``childPerRequest``: a server making a child container per request (`request-N`, one
///   creating line), registering its request-scoped services, resolving through it and
///   releasing it, as `sample-app --server` does: containers that come and go.
///
/// ```swift
/// var driver = LiveShapeDriver(shape: .shortLived, socketPath: "/tmp/live.sock")
/// let sent = driver.run(seconds: 10)
/// print(sent.connections, sent.records)
/// ```
public enum LiveShape: String, CaseIterable, Sendable {
    case churn
    case reconnects
    case shortLived = "short-lived"
    case newNames = "new-names"
    case childPerRequest = "child-per-request"
}

/// Sends one ``LiveShape`` to a listening inspector as fast as the socket takes it.
public struct LiveShapeDriver: Sendable {
    public let shape: LiveShape
    public let socketPath: String
    /// Distinct services the churn cycles through (a new name replaces one every
    /// ``renamingInterval`` records, so names keep arriving).
    public let services: Int
    /// Records each connection of ``LiveShape/reconnects`` and ``LiveShape/shortLived`` sends.
    public let recordsPerConnection: Int
    static let renamingInterval = 64

    /// What a run sent.
    public struct Sent: Sendable, Hashable {
        public var connections = 0
        public var records = 0
        /// Connections that could not be made or broke while sending.
        public var failures = 0

        public init() {}
    }

    public init(shape: LiveShape, socketPath: String, services: Int = 5_000, recordsPerConnection: Int = 400) {
        self.shape = shape
        self.socketPath = socketPath
        self.services = max(2, services)
        self.recordsPerConnection = max(1, recordsPerConnection)
    }

    /// Sends for `seconds` (or until `connections` connections were made, when given).
    public func run(seconds: Double, connections limit: Int? = nil) -> Sent {
        let deadline = PosixIO.monotonicNanoseconds() + UInt64(max(0, seconds) * 1e9)
        var sent = Sent()
        var clock: UInt64 = 1
        var step = 0
        // The app's identity: the churn and the reconnecting app keep theirs, each short-lived
        // app has its own.
        var app = 0
        var connection: Int32?
        defer { if let connection { close(connection) } }
        while PosixIO.monotonicNanoseconds() < deadline, limit.map({ sent.connections < $0 }) ?? true {
            if connection == nil {
                guard case .success(let fd) = TraceSocketAddress.unix(path: socketPath).connect(timeoutMilliseconds: 1_000)
                else {
                    sent.failures += 1
                    sleepMilliseconds(50)
                    continue
                }
                connection = fd
                sent.connections += 1
                if shape == .shortLived { app += 1 }
                var header: [UInt8] = []
                TraceEncoder.encode(.header(TraceHeader(
                    app: "\(shape.rawValue)-app\(shape == .shortLived ? "-\(app)" : "")", pid: Int32(40_000 + app % 20_000),
                    startTime: "2026-11-25T08:00:00Z")), into: &header)
                guard write(header, to: fd, deadline: deadline) else {
                    close(fd)
                    connection = nil
                    sent.failures += 1
                    continue
                }
            }
            guard let fd = connection else { continue }
            var bytes: [UInt8] = []
            let streams = shape == .churn || shape == .newNames || shape == .childPerRequest
            let batch = streams ? 1_000 : recordsPerConnection
            for _ in 0..<batch {
                clock += 1_000
                step += 1
                TraceEncoder.encode(record(step: step, time: clock), into: &bytes)
            }
            sent.records += batch
            var ended = !streams
            if shape == .shortLived {
                TraceEncoder.encode(.end(time: clock + 1, reason: "exit"), into: &bytes)
            }
            if !write(bytes, to: fd, deadline: deadline) {
                sent.failures += 1
                ended = true
            }
            if ended {
                close(fd)
                connection = nil
            }
        }
        return sent
    }

    /// The `step`th record of the shape, as ``run(seconds:connections:)`` sends it (numbered
    /// from 1), at `time`: for measuring what the inspector does with a shape without a socket.
    ///
    /// ```swift
    /// let driver = LiveShapeDriver(shape: .churn, socketPath: "")
    /// var graph = DependencyGraph()
    /// for step in 1...1_000 { graph.apply(driver.record(step: step, time: UInt64(step) * 1_000)) }
    /// ```
    public func record(step: Int, time: UInt64) -> TraceRecord {
        switch shape {
        case .churn:
            // Every 4th record registers a service again (replacing its earlier registration);
            // the others resolve one through its neighbour.
            let generation = step / Self.renamingInterval
            let index = step % services
            // One name in `services` is replaced by a new one every renamingInterval steps.
            let renamed = generation % services
            let service = identity(index, generation: index == renamed ? generation : 0)
            if step % 4 == 0 {
                return .event(ResolutionEvent(sequence: UInt64(step), time: time, thread: 1, kind: .registered(Registered(
                    service: service, scope: .singleton, location: SourceLocation(fileID: "Churn/Assembly.swift", line: 10 + index % 50),
                    replaced: Registered.Replaced(service: service, location: SourceLocation(fileID: "Churn/Assembly.swift", line: 10 + index % 50))))))
            }
            return resolve(service, by: identity((index + 1) % services, generation: 0), step: step, time: time)
        case .newNames:
            let service = ServiceIdentity(type: "Generated\(step)", container: "module\(step % 8)")
            return resolve(service, by: identity(step / 16, generation: 0), step: step, time: time)
        case .childPerRequest:
            return requestRecord(step: step, time: time)
        case .reconnects, .shortLived:
            let service = identity(step % 40, generation: 0)
            return resolve(service, by: step % 3 == 0 ? nil : identity((step + 1) % 40, generation: 0), step: step, time: time)
        }
    }

    /// Records each request of ``LiveShape/childPerRequest`` sends.
    static let recordsPerRequest = 9

    /// The `step`th record of ``LiveShape/childPerRequest``: request `step / 9` makes its child,
    /// registers three services, resolves a handler through them and the app's database, and
    /// releases the child.
    private func requestRecord(step: Int, time: UInt64) -> TraceRecord {
        let number = (step - 1) / Self.recordsPerRequest + 1
        let container = "request-\(number)"
        let id = { (type: String) in ServiceIdentity(type: type, container: container) }
        let handler = id("RequestHandler"), user = id("RequestUser"), log = id("RequestLog")
        let database = ServiceIdentity(type: "Database", container: "app")
        let at = { (line: Int) in SourceLocation(fileID: "Server/Requests.swift", line: line) }
        let kind: ResolutionEvent.Kind
        switch (step - 1) % Self.recordsPerRequest {
        case 0: kind = .containerCreated(ContainerCreated(container: container, parent: "app", location: at(30)))
        case 1: kind = .registered(Registered(service: user, scope: .cached, location: at(31), replaced: nil))
        case 2: kind = .registered(Registered(service: log, scope: .cached, location: at(32), replaced: nil))
        case 3: kind = .registered(Registered(service: handler, scope: .unique, location: at(33), replaced: nil))
        case 4: return resolve(database, by: handler, step: step, time: time)
        case 5: return resolve(user, by: handler, step: step, time: time)
        case 6: return resolve(log, by: handler, step: step, time: time)
        case 7: return resolve(handler, by: nil, step: step, time: time)
        default: kind = .containerReleased(ContainerReleased(container: container))
        }
        return .event(ResolutionEvent(sequence: UInt64(step), time: time, thread: 1, kind: kind))
    }

    private func identity(_ index: Int, generation: Int) -> ServiceIdentity {
        ServiceIdentity(type: "Service\(index)" + (generation > 0 ? "v\(generation)" : ""), container: "module\(index % 8)")
    }

    private func resolve(_ service: ServiceIdentity, by requester: ServiceIdentity?, step: Int, time: UInt64) -> TraceRecord {
        .event(ResolutionEvent(sequence: UInt64(step), time: time, thread: 1, kind: .resolved(Resolved(
            service: service, requester: requester, scope: .singleton, outcome: step % 7 == 0 ? .created : .cached,
            source: .factory, durationNanoseconds: 100, depth: requester == nil ? 1 : 2))))
    }

    private func write(_ bytes: [UInt8], to fd: Int32, deadline: UInt64) -> Bool {
        // The app's own sink gives up on a reader stalled for 100 ms; this driver waits up to
        // 5 s (it measures the inspector, not the app's patience).
        bytes.withUnsafeBytes { PosixIO.writeAll(fd, $0, send: true, deadline: PosixIO.monotonicNanoseconds() + 5_000_000_000) }
    }

    private func sleepMilliseconds(_ milliseconds: Int) {
        var pause = timespec(tv_sec: 0, tv_nsec: milliseconds * 1_000_000)
        nanosleep(&pause, nil)
    }
}
