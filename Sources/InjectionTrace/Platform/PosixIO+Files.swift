#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// The reader's file call: only the tools link it, never an app.
extension PosixIO {
    /// Opens a file for reading (close-on-exec); -1 with `errno` set on failure.
    package static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }
}

/// Real parallel threads for tests and benchmarks (not tasks); apps never need it.
extension BackgroundThread {
    /// Runs `body(index)` on `count` new threads at once and waits for all of them.
    package static func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let threads = (0..<count).map { index in
            do {
                return try BackgroundThread { body(index) }
            } catch {
                preconditionFailure("cannot start a thread: \(error)")
            }
        }
        for thread in threads { thread.join() }
    }
}
