#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension sigaction {
    /// An action that calls `handler` with no other signal blocked while it runs, spelled for
    /// the platform (glibc and Darwin name the handler's field differently).
    ///
    /// ```swift
    /// var action = sigaction(calling: noteResize, flags: SA_RESTART)
    /// sigaction(SIGWINCH, &action, &previous)
    /// ```
    init(calling handler: @convention(c) (Int32) -> Void, flags: Int32) {
        self.init()
        #if canImport(Glibc)
        __sigaction_handler.sa_handler = handler
        #else
        __sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&sa_mask)
        sa_flags = flags
    }
}
