import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live inspector's last step: the process ends at once, and the kernel's unmapping of its
/// memory happens after its exit was reported, not before.
///
/// A process's exit is reported (to the shell's `waitpid`, a pidfd) only after the kernel has
/// unmapped all its memory, and after a long flood the inspector holds 130–250 MB: 45–140 ms of
/// unmapping on a loaded 2-core machine (load 10–12), most of an exit that must fit in 200 ms.
/// On Linux a helper process is started that shares the memory (`clone(CLONE_VM)`): it closes
/// every descriptor, blocks every signal and waits only for its death signal, which the kernel
/// sends when this process ends. The exit then only drops a reference to the memory; the helper
/// unmaps it when it ends, a moment later, with nobody waiting. Standard output and error are
/// flushed first; nothing else runs (no `atexit` handler has work left by then).
///
/// ```swift
/// let status = try LiveInspection(…).run()   // the terminal is restored, the app ended
/// ProcessEnd.exit(status)
/// ```
package enum ProcessEnd {
    /// Ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        fflush(nil)
        #if os(Linux)
        // Without the helper (it could not start) the exit waits for the unmapping, as usual.
        _ = cn_start_teardown_helper()
        #endif
        _exit(status)
    }
}
