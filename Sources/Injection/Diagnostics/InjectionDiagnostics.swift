import Synchronization

/// Hooks around the moment a resolve stops the program.
///
/// The trace writer registers a handler so the cause of a crash is on disk before the process
/// dies:
///
/// ```swift
/// InjectionDiagnostics.addTrapHandler { writer.flush() }
/// ```
public enum InjectionDiagnostics {
    private static let handlers = Mutex<[@Sendable () -> Void]>([])

    /// Runs `handler` right before a failed resolve stops the program.
    public static func addTrapHandler(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// Stops the program with `error`'s message, after running the trap handlers.
    static func trap(_ error: ResolutionError, file: StaticString, line: UInt) -> Never {
        if let validation = ResolutionContext.current.validation {
            validation.abandonThread(after: error)
        }
        for handler in handlers.withLock({ $0 }) { handler() }
        fatalError(error.message, file: file, line: line)
    }
}
