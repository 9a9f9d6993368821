/// Hooks around the moment the library stops the program: every trap goes through here, so the
/// trace writer can put the cause on disk first.
///
/// ```swift
/// InjectionDiagnostics.addTrapHandler { reason in recorder.stop(reason: reason) }
/// ```
public enum InjectionDiagnostics {
    private static let handlers = Lock<[@Sendable (String) -> Void]>([])

    /// Runs `handler` right before the library stops the program.
    public static func addTrapHandler(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append { _ in handler() } }
    }

    /// Runs `handler` with the message the program is about to stop with.
    public static func addTrapHandler(_ handler: @escaping @Sendable (_ reason: String) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// Stops the program with `error`'s message, after running the trap handlers.
    /// (`@usableFromInline`: a provider call, inlined into the app, calls it.)
    @usableFromInline
    static func trap(_ error: ResolutionError, file: StaticString, line: UInt) -> Never {
        if let validation = ResolutionContext.current.validation {
            validation.abandonThread(after: error)
        }
        trap(error.message, file: file, line: line)
    }

    /// Stops the program with `message` (a fault that is not a failed resolve: a wrong argument,
    /// a missing assembly, a mapping loop), after running the trap handlers.
    static func trap(_ message: String, file: StaticString, line: UInt) -> Never {
        // Inside `validate()`, a factory's fault is a finding about that factory, not the end.
        let context = ResolutionContext.current
        if let validation = context.validation, let building = context.frames.last {
            validation.abandonThread(after: .factoryFailed(service: building.registration.identity, reason: message))
        }
        for handler in handlers.withLock({ $0 }) { handler(message) }
        fatalError(message, file: file, line: line)
    }
}
