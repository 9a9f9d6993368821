import Injection
import Synchronization

/// Plays a server (`sample-app --server`): for every request a child container of the app,
/// named after the request, registers a handful of request-scoped services, builds the
/// request's handler through it (a graph of ten services: the request's own and the app's
/// singletons) and is dropped when the request is answered. As fast as it goes, unless
/// `intervalMilliseconds` paces it.
///
/// What a live inspector must take for as long as the server runs: containers that come and go
/// at a few thousand a second (`Scripts/bench-child-per-request.sh`).
struct RequestSimulation {
    let app: Container
    let intervalMilliseconds: Int

    /// Serves requests until `deadline` (monotonic ns) or a stop is requested; returns how many.
    func run(until deadline: UInt64?, stop: borrowing Atomic<Bool>) -> Int {
        var served = 0
        while !stop.load(ordering: .relaxed) {
            // The clock is read once every 64 requests: a request is a few microseconds.
            if served % 64 == 0, let deadline, ResolutionEvents.now() >= deadline { break }
            served += 1
            serve(number: served)
            if intervalMilliseconds > 0 { sleepMilliseconds(intervalMilliseconds) }
        }
        return served
    }

    /// One request: its container, its services, its answer; the container goes at the end.
    private func serve(number: Int) {
        let request = app.makeChild(name: "request-\(number)")
        request.register(scope: .cached) { IncomingRequest(number: number) }
        request.register(scope: .cached) { c in RequestUser(request: c.resolve()) }
        request.register(scope: .cached) { c in RequestLog(request: c.resolve(), logger: c.resolve()) }
        request.register { c in OrderQuery(database: c.resolve(), user: c.resolve()) }
        request.register { c in ResponseWriter(coder: c.resolve(), log: c.resolve(), clock: c.resolve()) }
        request.register { c in
            RequestHandler(query: c.resolve(), writer: c.resolve(), flags: c.resolve(), log: c.resolve())
        }
        let handler: RequestHandler = request.resolve()
        handler.answer()
    }
}

// The request's own services: one set per child container.

final class IncomingRequest: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

final class RequestUser: Sendable {
    let id: Int
    init(request: IncomingRequest) { id = request.number % 97 }
}

final class RequestLog: Sendable {
    let request: IncomingRequest
    let logger: Logger
    init(request: IncomingRequest, logger: Logger) {
        self.request = request
        self.logger = logger
    }
}

final class OrderQuery: Sendable {
    let database: Database
    let user: RequestUser
    init(database: Database, user: RequestUser) {
        self.database = database
        self.user = user
    }
}

final class ResponseWriter: Sendable {
    let coder: JSONCoder
    let log: RequestLog
    let clock: Clock
    init(coder: JSONCoder, log: RequestLog, clock: Clock) {
        self.coder = coder
        self.log = log
        self.clock = clock
    }
}

final class RequestHandler: Sendable {
    let query: OrderQuery
    let writer: ResponseWriter
    let flags: FeatureFlags
    let log: RequestLog
    init(query: OrderQuery, writer: ResponseWriter, flags: FeatureFlags, log: RequestLog) {
        self.query = query
        self.writer = writer
        self.flags = flags
        self.log = log
    }

    func answer() {
        log.logger.log("request \(log.request.number) for user \(query.user.id)")
        _ = writer.coder.decode([query.database.path])
    }
}
