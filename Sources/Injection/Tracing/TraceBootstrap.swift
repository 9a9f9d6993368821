// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
import Synchronization

/// Starts recording without a code change: set `DI_INSPECT` and run the app.
///
/// ```
/// $ DI_INSPECT=file:/tmp/app.ndjson ./app        # a trace file for `di-inspect open`
/// $ DI_INSPECT=unix ./app                        # live, to `di-inspect listen` (default socket)
/// $ DI_INSPECT=tcp:127.0.0.1:7777 DI_INSPECT_TOKEN=… ./app   # live over TCP, with the listener's token
/// $ DI_INSPECT=ftp:x ./app
/// di-inspect: DI_INSPECT="ftp:x" is not a trace destination; expected file:PATH, unix:PATH or tcp:HOST:PORT; recording is off.
/// ```
///
/// The first ``Container`` created calls ``startIfRequested()``: it reads `DI_INSPECT` once,
/// starts a ``TraceRecorder`` (named by `DI_INSPECT_APP`, else the executable), and arranges for
/// an `end` record at normal exit (`atexit`) and before a failed resolve stops the program.
public enum TraceBootstrap {
    /// Whether `DI_INSPECT` was read: one atomic load per container after the first.
    private static let checked = Atomic<Bool>(false)
    /// The recorder `DI_INSPECT` started; concurrent first calls wait until it is attached.
    private static let started = Lock<TraceRecorder?>(nil)

    /// Starts the recorder `DI_INSPECT` asks for, once per process; later calls return at once.
    @inline(__always)
    public static func startIfRequested() {
        guard !checked.load(ordering: .acquiring) else { return }
        startOnce()
    }

    @inline(never)
    private static func startOnce() {
        let recorder: TraceRecorder? = started.withLock { started in
            guard !checked.load(ordering: .acquiring) else { return nil }
            defer { checked.store(true, ordering: .releasing) }
            guard let value = PosixIO.environment("DI_INSPECT") else { return nil }
            switch destination(forEnvironmentValue: value) {
            case .success(nil):
                return nil
            case .success(var destination?):
                // A TCP listener asks for the token it printed: inline, or DI_INSPECT_TOKEN.
                if case .socket(let address, nil) = destination, case .tcp = address,
                   let token = PosixIO.environment(TraceConnectionToken.environmentVariable), !token.isEmpty {
                    destination = .socket(address, token: token)
                }
                if let warning = missingTokenWarning(for: destination) { warn(warning) }
                let recorder = TraceRecorder(destination: destination)
                recorder.start()
                started = recorder
                return recorder
            case .failure(let error):
                warn(message(for: error))
                return nil
            }
        }
        guard recorder != nil else { return }
        PosixIO.atExit { _ = TraceBootstrap.recorder?.stop(reason: "exit") }
    }

    /// The recorder `DI_INSPECT` started, if any.
    public static var recorder: TraceRecorder? { started.withLock { $0 } }

    /// What a `DI_INSPECT` value asks for: nil when empty (recording off), a destination, or
    /// why the value is wrong.
    ///
    /// ```swift
    /// let file = TraceBootstrap.destination(forEnvironmentValue: "file:/tmp/t.ndjson")  // .success(.file(path: "/tmp/t.ndjson"))
    /// let none = TraceBootstrap.destination(forEnvironmentValue: "")                    // .success(nil)
    /// ```
    public static func destination(forEnvironmentValue value: String) -> Result<TraceDestination?, TraceDestinationError> {
        if value.isEmpty { return .success(nil) }
        do {
            return .success(try TraceDestination(parsing: value))
        } catch {
            return .failure(error)
        }
    }

    /// Printed when a TCP destination has no token: every TCP listener refuses a tokenless app.
    static func missingTokenWarning(for destination: TraceDestination) -> String? {
        guard case .socket(let address, nil) = destination, case .tcp = address else { return nil }
        return "DI_INSPECT=\(destination) has no token; the listener will refuse it. "
            + "Set \(TraceConnectionToken.environmentVariable) to the token `di-inspect listen --tcp` printed, "
            + "or write it as tcp:TOKEN@HOST:PORT."
    }

    /// The one line printed to stderr for an invalid `DI_INSPECT`.
    public static func message(for error: TraceDestinationError) -> String {
        "DI_INSPECT=\(error.description); recording is off."
    }

    /// Prints `di-inspect: <message>` to stderr in one write.
    static func warn(_ message: String) {
        PosixIO.printError("di-inspect: \(message)")
    }
}
#endif
